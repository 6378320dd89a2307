//! Property tests for the figures referee: random event streams never panic and
//! either validate or name exactly one broken rule; a valid record replayed (whole, or its
//! first deals) gives the same answer; the points of a deal never exceed the values of the
//! figures its side won, and penalties are the only negative points.

// A test binary: its helpers may panic on a broken fixture (clippy's test allowance covers
// only #[test] functions).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

const SIDES: [&str; 2] = ["A", "B"];
const FIGURES: [&str; 3] = ["gleich", "hanger", "spiel"];
const CARDS: [&str; 16] = [
    "EA", "LA", "HA", "EK", "EO", "EU", "H10", "H9", "H8", "S6", "S7", "E7=HA", "HK=LO", "LU=L9",
    "E6", "L7=L10",
];

fn side() -> impl Strategy<Value = &'static str> {
    prop::sample::select(SIDES.to_vec())
}

fn figure() -> impl Strategy<Value = &'static str> {
    prop::sample::select(FIGURES.to_vec())
}

fn cards() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(prop::sample::select(CARDS.to_vec()), 0..4)
}

fn outcome() -> impl Strategy<Value = Value> {
    prop_oneof![
        side().prop_map(|s| json!(s)),
        Just(json!("stands")),
        (cards(), cards()).prop_map(|(a, b)| json!({"A": a, "B": b})),
        // Cards by seat (docs/rules/figures.md, "Whose cards").
        (cards(), cards(), cards())
            .prop_map(|(a1, a2, b)| json!({"A": {"1": a1, "2": a2}, "B": b})),
    ]
}

/// Any well-formed event, with no regard for the rules.
fn event() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec!["E", "L", "H", "S"]).prop_map(|s| json!({"trump": s})),
        (figure(), side()).prop_map(|(f, s)| json!({"bet": f, "by": s})),
        (prop::sample::subsequence(FIGURES.to_vec(), 1..=3), side())
            .prop_map(|(f, s)| json!({"bet": f, "by": s})),
        (figure(), side()).prop_map(|(f, s)| json!({"hold": f, "by": s})),
        (figure(), side()).prop_map(|(f, s)| json!({"raise": f, "by": s})),
        (figure(), side()).prop_map(|(f, s)| json!({"good": f, "by": s})),
        side().prop_map(|s| json!({"tricks": s})),
        (outcome(), outcome()).prop_map(|(g, h)| json!({"show": {"gleich": g, "hanger": h}})),
        outcome().prop_map(|g| json!({"show": {"gleich": g}})),
        (figure(), side(), any::<bool>())
            .prop_map(|(f, s, o)| json!({"unshown": f, "by": s, "other_can_show": o})),
        prop_oneof![
            side().prop_map(|s| json!(s)),
            Just(json!("none")),
            (cards(), cards()).prop_map(|(a, b)| json!({"A": {"gleich": a}, "B": {"hanger": b}})),
        ]
        .prop_map(|o| json!({"decider": o})),
    ]
}

/// A deal that mostly keeps the rules: a few bets each answered, the Spiel, then the show.
fn plausible_deal() -> impl Strategy<Value = Value> {
    let round = (figure(), side(), 0u8..4);
    (
        prop::collection::vec(round, 0..4),
        side(),
        any::<bool>(),
        outcome(),
        outcome(),
    )
        .prop_map(|(rounds, spiel, by_tricks, g, h)| {
            let mut events = vec![json!({"trump": "H"})];
            for (f, s, answer) in rounds {
                let other = if s == "A" { "B" } else { "A" };
                events.push(json!({"bet": f, "by": s}));
                match answer {
                    0 => events.push(json!({"hold": f, "by": other})),
                    1 => events.push(json!({"good": f, "by": other})),
                    2 => {
                        events.push(json!({"raise": f, "by": other}));
                        events.push(json!({"hold": f, "by": s}));
                    }
                    _ => {
                        events.push(json!({"raise": f, "by": other}));
                        events.push(json!({"good": f, "by": s}));
                    }
                }
            }
            if by_tricks {
                events.push(json!({"tricks": spiel}));
            } else {
                events.push(json!({"good": "spiel", "by": spiel}));
            }
            events.push(json!({"show": {"gleich": g, "hanger": h}}));
            json!({"events": events})
        })
}

fn record() -> impl Strategy<Value = Value> {
    let game = prop_oneof![
        Just(("giltspiel", "standard")),
        Just(("giltspiel", "perlique")),
        Just(("perlaggen", "innsbruck")),
        Just(("perlaggen", "eichel")),
        Just(("perlaggen", "schlanders")),
        Just(("perlaggen", "deutschnofen")),
        Just(("perlaggen", "trump_four")),
        Just(("perlaggen", "schello_bello")),
        Just(("perlaggen", "radetzky")),
        Just(("perlaggen", "schello_bello_trumps")),
        Just(("perlaggen", "radetzky_trumps")),
    ];
    let random_deal =
        prop::collection::vec(event(), 0..12).prop_map(|events| json!({"events": events}));
    let deal = prop_oneof![1 => random_deal, 3 => plausible_deal()];
    (
        game,
        prop_oneof![8 => 5u32..16, 1 => 2u32..5, 1 => Just(u32::MAX)],
        0u32..16,
        0u32..16,
        prop::collection::vec(deal, 0..6),
    )
        .prop_map(|((game, variant), target, a, b, deals)| {
            json!({
                "game": game, "variant": variant, "target": target,
                "start": {"A": a % target, "B": b % target}, "deals": deals
            })
        })
}

fn run(record: &Value) -> Value {
    let report = referee(&record.to_string(), Lang::En).expect("a well-formed record");
    serde_json::to_value(report).expect("a result serializes")
}

fn value_of(v: &Value, target: i64) -> i64 {
    v.as_i64().unwrap_or(target)
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(400)))]

    #[test]
    fn random_streams_validate_or_name_one_rule(record in record()) {
        let result = run(&record);
        let errors = result["errors"].as_array().expect("errors");
        if result["valid"] == json!(true) {
            prop_assert!(errors.is_empty());
        } else {
            prop_assert_eq!(errors.len(), 1);
            prop_assert!(errors[0]["code"].as_str().is_some_and(|c| !c.is_empty()));
            prop_assert!(errors[0]["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }

    #[test]
    fn a_valid_record_replayed_gives_the_same_answer(record in record()) {
        let result = run(&record);
        prop_assert_eq!(&run(&record), &result);
        let deals = result["deals"].as_array().expect("deals").clone();
        if result["valid"] == json!(true) && !deals.is_empty() {
            let mut prefix = record.clone();
            let k = deals.len() / 2;
            prefix["deals"] = json!(record["deals"].as_array().expect("deals")[..k].to_vec());
            let again = run(&prefix);
            prop_assert_eq!(again["valid"].clone(), json!(true));
            prop_assert_eq!(again["deals"].clone(), json!(deals[..k].to_vec()));
        }
    }

    #[test]
    fn points_stay_within_the_figures_and_only_penalties_are_negative(record in record()) {
        let result = run(&record);
        let target = record["target"].as_i64().expect("target");
        for deal in result["deals"].as_array().expect("deals") {
            for side in SIDES {
                let points = deal["points"][side].as_i64().expect("points");
                let penalty = deal["penalty"][side].as_i64().expect("penalty");
                prop_assert!(penalty >= 0 && penalty % 2 == 0);
                prop_assert!(points >= -penalty, "only penalties are negative: {deal}");
                if deal["game_over"]["decided_by"].is_null() && !deal["game_over"].is_null() {
                    continue; // a decider recorded only as its winner names no figure
                }
                let won: i64 = FIGURES
                    .iter()
                    .filter(|f| deal["figures"][**f]["winner"] == json!(side))
                    .map(|f| value_of(&deal["figures"][*f]["value"], target))
                    .sum();
                // A held Spiel aus credits what was still needed, which a penalty raises.
                let aus = FIGURES.iter().any(|f| deal["figures"][*f]["value"] == json!("aus"));
                let limit = if aus { won } else { won - penalty };
                prop_assert!(points <= limit, "{side} scores more than it won: {deal}");
            }
        }
    }
}

/// A deal at 0:0 whose show gives side A's Gleich cards as `a` (a list or by seat) against
/// B's pair of Sevens.
fn show_deal(variant: &str, a: Value) -> Value {
    json!({"game": "perlaggen", "variant": variant, "deals": [{"events": [
        {"trump": "H"}, {"tricks": "A"},
        {"show": {"gleich": {"A": a, "B": ["L7", "H7"]}, "hanger": "stands"}}]}]})
}

const RANKS: [&str; 6] = ["A", "K", "O", "U", "10", "9"];
const SUITS: [&str; 4] = ["E", "L", "H", "S"];

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(200)))]

    /// A side's cards without seats mean what the same cards in one seat mean: the record's
    /// old form keeps its meaning (docs/rules/figures.md, "Whose cards").
    #[test]
    fn cards_without_seats_read_as_one_hand(
        variant in prop::sample::select(vec!["innsbruck", "eichel", "radetzky_trumps"]),
        list in cards(),
        seat in prop::sample::select(vec!["1", "2"]),
    ) {
        let unseated = run(&show_deal(variant, json!(list)));
        let seated = run(&show_deal(variant, json!({ seat: list })));
        // The same verdict; only a message may name the seat.
        for key in ["valid", "deals", "games", "tally"] {
            prop_assert_eq!(&unseated[key], &seated[key]);
        }
        for key in ["code", "deal", "event"] {
            prop_assert_eq!(&unseated["errors"][0][key], &seated["errors"][0][key]);
        }
    }

    /// A Gleich of one rank split over both seats with a lone card in one of them is refused
    /// (invalid_show): a figure is held by one player.
    #[test]
    fn a_gleich_spread_over_two_hands_is_refused(
        rank in prop::sample::select(RANKS.to_vec()),
        suits in prop::sample::subsequence(SUITS.to_vec(), 2..=4),
        lone_in_seat_one in any::<bool>(),
    ) {
        let cards: Vec<String> = suits.iter().map(|s| format!("{s}{rank}")).collect();
        let (lone, rest) = cards.split_at(1);
        let hands = if lone_in_seat_one {
            json!({"1": lone, "2": rest})
        } else {
            json!({"1": rest, "2": lone})
        };
        let result = run(&show_deal("innsbruck", hands));
        prop_assert_eq!(&result["valid"], &json!(false));
        prop_assert_eq!(&result["errors"][0]["code"], &json!("invalid_show"));
        // Together the same cards are one player's Gleich, and it beats two Sevens.
        let together = run(&show_deal("innsbruck", json!(cards)));
        prop_assert_eq!(&together["deals"][0]["figures"]["gleich"]["winner"], &json!("A"));
    }
}
