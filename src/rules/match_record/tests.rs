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

/// The record as the scoring entry assembled it before it was typed: the frozen rule set
/// parsed, its engine taken off, the stored deals put in, written by `serde_json::Value`.
fn assembled_as_values(frozen: &str, deals: &[&str]) -> String {
    let mut frame: Value = serde_json::from_str(frozen).unwrap();
    let map = frame.as_object_mut().unwrap();
    map.remove("engine");
    let deals = deals.iter().map(|d| serde_json::from_str(d).unwrap());
    map.insert("deals".into(), Value::Array(deals.collect()));
    frame.to_string()
}

/// A table's record built from the frozen rule set and each stored deal's text writes the
/// bytes the value-built record wrote, for every family.
#[test]
fn a_frozen_rule_set_and_stored_deals_make_the_record_the_values_made() {
    let tables: [(&str, &[&str]); 3] = [
        (
            r#"{"engine":"kartl-rules/1","game":"watten","options":{"gespannt_from":12},"target":15,"variant":"bavarian"}"#,
            &[
                r#"{"points":2,"winner":"A"}"#,
                r#"{"events":[{"bet":"A"},{"see":"B"},{"tricks":"B"}]}"#,
            ],
        ),
        (
            r#"{"engine":"kartl-rules/1","game":"gaigel","variant":"four"}"#,
            &[r#"{"melds":{"A":[40],"B":[]},"points":{"A":61,"B":60},"tricks":{"A":5,"B":4}}"#],
        ),
        (
            r#"{"engine":"kartl-rules/1","game":"giltspiel","target":18,"variant":"standard"}"#,
            &[r#"{"events":[{"bet":"gleich","by":"A"},{"good":"gleich"},{"tricks":"A"}]}"#],
        ),
    ];
    for (frozen, deals) in tables {
        let mut record = Record::from_rules(frozen).unwrap();
        assert!(record.deals.is_empty(), "{frozen}");
        for d in deals {
            let deal = Deal::from_json(record.game, d).unwrap();
            assert_eq!(deal.to_json(), *d);
            assert!(record.push(deal));
        }
        assert_eq!(
            record.to_json(),
            assembled_as_values(frozen, deals),
            "{frozen}"
        );
        let mut read = Record::from_rules(frozen).unwrap();
        for d in deals {
            read.push_read(&serde_json::from_str::<Value>(d).unwrap())
                .unwrap();
        }
        assert_eq!(
            read, record,
            "a deal read from a value is the deal read from text"
        );
    }
}

/// A frozen rule set with a key no frame knows is refused, not read past.
#[test]
fn a_frozen_rule_set_with_an_unknown_key_is_refused() {
    let text = r#"{"engine":"kartl-rules/1","game":"watten","stake":3,"variant":"bavarian"}"#;
    assert!(Record::from_rules(text).is_err());
}

/// A deal is read by its game and goes only onto a record of its family.
#[test]
fn a_deal_goes_onto_a_record_of_its_family_only() {
    let watten = r#"{"points":2,"winner":"A"}"#;
    assert!(Deal::from_json(Game::Giltspiel, watten).is_err());
    assert!(Deal::from_json(Game::Watten, &format!("{watten} 1")).is_err());
    let deal = Deal::from_json(Game::Watten, watten).unwrap();
    let mut figures = Record::new(Game::Perlaggen);
    assert!(!figures.push(deal.clone()));
    assert!(figures.deals.is_empty());
    let mut record = Record::new(Game::Watten);
    assert!(record.push(deal));
    assert_eq!(record.deals.len(), 1);
}

/// A deal the types do not read makes the record malformed in the referee's own words (the
/// message the record as written gets); deals that read come back typed.
#[test]
fn deals_read_into_a_record_or_refused_in_the_referees_words() {
    let frame = Record::from_rules(r#"{"game":"watten","variant":"bavarian"}"#).unwrap();
    let good: Value = serde_json::from_str(r#"{"points":2,"winner":"A"}"#).unwrap();
    let bad: Value = serde_json::from_str(r#"{"points":2,"winner":"C"}"#).unwrap();
    let read = frame.clone().read_deals([&good, &good], Lang::De).unwrap();
    assert_eq!(read.deals.len(), 2);
    let refused = frame.read_deals([&good, &bad], Lang::De).unwrap_err();
    let written = r#"{"deals":[{"points":2,"winner":"A"},{"points":2,"winner":"C"}],"game":"watten","variant":"bavarian"}"#;
    assert_eq!(refused, referee(written, Lang::De).unwrap_err());
    assert!(refused.path.starts_with("deals[1]"), "{refused}");
}

/// A written deal that does not read is refused in the words the same deal gets as a value
/// (the record as written, with the deals after it), and typed deals go on as they are; a
/// typed deal of another family is read again from its JSON.
#[test]
fn written_deals_are_refused_as_the_values_are() {
    let frame = Record::from_rules(r#"{"game":"watten","variant":"bavarian"}"#).unwrap();
    let good = r#"{"points":2,"winner":"A"}"#;
    let bad = r#"{"points":2,"winner":"C"}"#;
    let values: Vec<Value> = [good, bad, good]
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .collect();
    let written = [good, bad, good].map(|t| Written::read(Game::Watten, t));
    assert!(written[0].deal().is_some() && written[1].deal().is_none());
    let as_values = frame.clone().read_deals(&values, Lang::De).unwrap_err();
    let as_written = frame.clone().read_written(written, Lang::De).unwrap_err();
    assert_eq!(as_written, as_values);
    assert!(as_written.path.starts_with("deals[1]"), "{as_written}");

    let read = frame
        .clone()
        .read_written([Written::read(Game::Watten, good)], Lang::De);
    assert_eq!(
        read.unwrap().to_json(),
        frame
            .clone()
            .read_deals(&values[..1], Lang::De)
            .unwrap()
            .to_json()
    );
    // Gaigel's reading of a Watten short form does not exist; a figure deal read as Watten's
    // family is read again by the record's game.
    let tricks = r#"{"events":[{"tricks":"A"}]}"#;
    let figures = Deal::from_json(Game::Giltspiel, tricks).unwrap();
    let again = frame
        .read_written([Written::Deal(figures)], Lang::De)
        .unwrap();
    assert_eq!(
        again.deal(0),
        Some(Deal::from_json(Game::Watten, tricks).unwrap())
    );
    assert_eq!(Written::Unread(bad.into()).to_json(), bad);
}
