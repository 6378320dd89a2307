//! The fast path (plain serde) and the path-tracking pass read a card-level deal alike: the
//! same setup from a well-formed deal, and the field named on a malformed one (contract 2.1:
//! "a malformed record ... names the field").

use super::*;

fn raw(text: &str) -> Box<RawValue> {
    RawValue::from_string(text.to_string()).unwrap()
}

/// A four-player deal's `cards` with one action, into which the cases below write faults.
const CARDS: &str = r#"{"seats":["A","B","A","B"],"dealer":3,
    "hands":[["EA","E7","L7","S7","SU"],["EA","L10","LA","S10","SK"],
             ["E10","LK","LO","HK","HO"],["E10","LA","SA","HA","H10"]],
    "trump":"H7","actions":[{"seat":0,"open":"ge_elfen"}]}"#;

/// Every Gaigel conformance case of one card-level deal gives the same setup, or the same
/// error, whether plain serde read its cards or the path-tracking pass did.
#[test]
fn the_fast_path_reads_every_conformance_deal_as_the_tracking_pass_does() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/gaigel");
    let mut fast = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let case: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Some(deals) = case["record"]["deals"].as_array() else {
            continue;
        };
        for (i, deal) in deals.iter().enumerate() {
            let deal = raw(&deal.to_string());
            if let Form::Cards(Some(read)) = form(&deal) {
                fast += 1;
                for variant in [Variant::Two, Variant::Three, Variant::Four, Variant::Six] {
                    let tracked = setup(variant, i, &deal, None);
                    let plain = setup(variant, i, &deal, Some(read.clone()));
                    assert_eq!(plain, tracked, "{}", path.display());
                }
            }
        }
    }
    assert!(fast > 50, "only {fast} card-level deals read");
}

/// What plain serde refuses is named by the tracking pass, field and serde's words.
#[test]
fn a_malformed_deal_is_named_by_its_field() {
    let cases = [
        (
            CARDS.replace(r#""open":"ge_elfen""#, r#""open":"ge_elfen","bogus":1"#),
            "deals[2].cards.actions[0].bogus",
            "unknown field `bogus`",
        ),
        (
            CARDS.replace(r#""E7""#, "7"),
            "deals[2].cards.hands[0][1]",
            "invalid type: integer `7`, expected a string",
        ),
        (
            CARDS.replace(r#""trump":"H7","#, ""),
            "deals[2].cards",
            "missing field `trump`",
        ),
        (
            CARDS.replace(r#""dealer":3"#, r#""dealer":"3""#),
            "deals[2].cards.dealer",
            "invalid type: string \"3\"",
        ),
    ];
    for (cards, path, message) in cases {
        let deal = raw(&format!(r#"{{"cards":{cards}}}"#));
        assert!(matches!(form(&deal), Form::Cards(None)), "{path}");
        let e = setup(Variant::Four, 2, &deal, None).unwrap_err();
        assert_eq!(e.path, path);
        assert!(e.message.starts_with(message), "{path}: {}", e.message);
    }
    let beside = raw(&format!(r#"{{"cards":{CARDS},"extra":1}}"#));
    assert!(matches!(form(&beside), Form::Cards(None)));
    let e = setup(Variant::Four, 0, &beside, None).unwrap_err();
    assert_eq!(e.path, "deals[0].extra");
    assert!(
        e.message.starts_with("unknown field `extra`"),
        "{}",
        e.message
    );
}

/// A well-formed deal is read by plain serde, and a fact-level one is not card-level.
#[test]
fn deals_are_sorted_by_their_form() {
    let deal = raw(&format!(r#"{{"cards":{CARDS}}}"#));
    let Form::Cards(Some(read)) = form(&deal) else {
        panic!("a well-formed card-level deal is read by plain serde");
    };
    let s = setup(Variant::Four, 0, &deal, Some(read)).unwrap();
    assert_eq!(s.seats, [0, 1, 0, 1]);
    assert_eq!(s.actions[0].verb, Verb::Open(Opening::GeElfen));
    let facts = raw(r#"{"points":{"A":120,"B":120},"tricks":{"A":6,"B":6}}"#);
    assert!(matches!(form(&facts), Form::Facts));
}
