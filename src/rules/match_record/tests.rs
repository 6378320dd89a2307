//! The typed record reads every record the contract's conformance cases hold and writes it
//! back equal: byte for byte in kartl's stored form (compact, keys sorted, as a
//! `serde_json::Value` writes it), and as the same JSON value from the hand-written form.

use super::*;
use crate::rules::{Lang, referee};
use serde_json::Value;

#[derive(Deserialize)]
struct Case<'a> {
    #[serde(borrow)]
    record: Option<&'a RawValue>,
}

fn cases() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");
    let mut out = Vec::new();
    for family in std::fs::read_dir(root).unwrap() {
        let family = family.unwrap().path();
        if !family.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&family).unwrap() {
            let path = f.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                let name = path.display().to_string();
                out.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out
}

/// Every conformance case the referee takes as well-formed reads into a [`Record`] and
/// writes back byte for byte from the stored form, and as the same value from the file's
/// own text; a malformed one that the types still read writes back as the same value.
#[test]
fn every_conformance_record_reads_and_writes_back_equal() {
    let (mut well_formed, mut read_malformed) = (0, 0);
    let mut unread = Vec::new();
    for (name, text) in cases() {
        let Ok(Case {
            record: Some(written),
        }) = serde_json::from_str::<Case>(&text)
        else {
            continue;
        };
        let value: Value = serde_json::from_str(written.get()).unwrap();
        let stored = value.to_string();
        let typed = Record::from_json(&stored);
        if referee(&stored, Lang::De).is_ok() {
            let typed = match typed {
                Ok(t) => t,
                Err(e) => {
                    unread.push(format!("{name}: {e}"));
                    continue;
                }
            };
            assert_eq!(typed.to_json(), stored, "{name}");
            let own = Record::from_json(written.get()).unwrap();
            assert_eq!(serde_json::to_value(&own).unwrap(), value, "{name}");
            well_formed += 1;
        } else if let Ok(typed) = typed {
            assert_eq!(typed.to_json(), stored, "{name}");
            read_malformed += 1;
        }
    }
    assert!(unread.is_empty(), "{}", unread.join("\n"));
    assert!(well_formed >= 600, "only {well_formed} well-formed cases");
    assert!(
        read_malformed < 120,
        "{read_malformed} malformed cases read"
    );
}

/// `null` for an optional part is refused (contract 2.1), not dropped on the way back.
#[test]
fn null_is_refused_not_dropped() {
    let text = r#"{"deals":[{"events":[{"bet":null,"see":"A"}]}],"game":"watten"}"#;
    assert!(Record::from_json(text).is_err());
    let text = r#"{"deals":[],"game":"watten","options":{"farbe":null}}"#;
    assert!(Record::from_json(text).is_err());
}

/// The game decides how a deal reads: a Watten event is no figure event.
#[test]
fn deals_read_by_the_game() {
    let text = r#"{"deals":[{"events":[{"bet":"A"}]}],"game":"giltspiel"}"#;
    assert!(Record::from_json(text).is_err());
    let text = r#"{"deals":[{"events":[{"bet":"A"}]}],"game":"watten"}"#;
    let r = Record::from_json(text).unwrap();
    assert_eq!(
        r.deals,
        Deals::Watten(vec![watten::Deal::events(vec![watten::Event {
            bet: Some(Who::A),
            ..Default::default()
        }])])
    );
    assert_eq!(r.to_json(), text);
}
