//! The figure games' pad (rules texts `rules/000_...txt` Giltspiel, `rules/001_...txt`
//! Perlaggen; contract 3.1, 5): what it offers is what the referee allows.

use super::{Pad, pad};
use crate::rules::figures::DealReport;
use crate::rules::{Lang, Pair, Report, Side};
use serde_json::{Value, json};

fn at(record: &Value, list: &[&str]) -> Pad {
    let codes: Vec<String> = list.iter().map(|c| c.to_string()).collect();
    pad(
        &crate::rules::Record::from_json(&record.to_string()).unwrap(),
        &codes,
        Lang::De,
    )
    .unwrap()
}

/// A typed deal read back as JSON, to look at its parts.
fn written(deal: &crate::rules::match_record::Deal) -> Value {
    serde_json::from_str(&deal.to_json()).unwrap()
}

/// The first deal of a figure game's result.
fn first_deal(report: &Report) -> &DealReport {
    match report {
        Report::Figures(r) => &r.deals[0],
        other => panic!("a figure game's result: {other:?}"),
    }
}

fn offered(p: &Pad) -> Vec<&str> {
    p.actions.iter().map(|a| a.code.as_str()).collect()
}

fn perlaggen() -> Value {
    json!({"game": "perlaggen", "deals": []})
}

#[test]
fn an_open_bet_takes_an_answer_or_more_bets_by_the_bettors() {
    // Contract 5.1: "While a bet is open, only the other side's answers (hold, raise, good)
    // and further bets by the betting side on other figures are allowed".
    let p = at(&perlaggen(), &["trump:H", "bet:gleich:A"]);
    let got = offered(&p);
    for code in [
        "hold:gleich:B",
        "raise:gleich:B",
        "good:gleich:B",
        "bet:hanger:A",
    ] {
        assert!(got.contains(&code), "{code} in {got:?}");
    }
    for code in ["tricks:A", "bet:gleich:B", "bet:gleich:A", "trump:L"] {
        assert!(!got.contains(&code), "{code} in {got:?}");
    }
}

#[test]
fn the_show_comes_once_the_spiel_is_decided() {
    // Giltspiel text, "The Showdown": "When the Spiel figure is decided, the play stops";
    // then "the Gleich or the Hanger ... must now be decided by a showdown".
    let p = at(&perlaggen(), &[]);
    assert!(!offered(&p).contains(&"show:gleich:A"));
    let p = at(&perlaggen(), &["tricks:A"]);
    let got = offered(&p);
    assert!(got.contains(&"show:gleich:A") && got.contains(&"cards:hanger"));
    let p = at(
        &perlaggen(),
        &["tricks:A", "show:gleich:A", "show:hanger:stands"],
    );
    let (deal, report) = p.complete.clone().expect("complete");
    let deal = written(&deal);
    assert_eq!(
        deal["events"][1],
        json!({"show": {"gleich": "A"}}),
        "one show per figure"
    );
    // Spiel 1 and Gleich 1 to A; the Hanger stands.
    assert_eq!(first_deal(&report).points, Pair::new(2, 0));
}

#[test]
fn cards_are_picked_by_name_and_a_wild_card_is_baptised_by_a_second_tap() {
    // Perlaggen text, "Players and Cards": "the player should baptise it by stating what rank
    // and suit it represents". The Martl (HK) is wild whatever the trump (contract 5.6).
    let start = ["trump:L", "tricks:A", "show:hanger:stands", "cards:gleich"];
    let p = at(&perlaggen(), &start);
    let got = offered(&p);
    assert!(got.contains(&"card:A:EA") && got.contains(&"card:B:S6"));
    assert!(!got.contains(&"done") || p.complete.is_none());
    let label = &p
        .actions
        .iter()
        .find(|a| a.code == "card:A:S6")
        .unwrap()
        .label;
    assert_eq!(label.args[1], ("card", "♦ Weli".to_string()));
    let mut taps = start.to_vec();
    taps.extend(["card:A:EA", "card:A:HK"]);
    let p = at(&perlaggen(), &taps);
    assert!(offered(&p).contains(&"bap:LA"), "the Martl takes a baptism");
    assert!(!offered(&p).contains(&"card:B:EA"), "a card is shown once");
    // Two Asses, one of them the Martl baptised: A's Gleich; B shows a pair of Kings.
    taps.extend(["bap:LA", "card:B:EK", "card:B:LK"]);
    let p = at(&perlaggen(), &taps);
    assert!(p.complete.is_none(), "still picking");
    assert_eq!(p.actions[0].code, "done");
    taps.push("done");
    let p = at(&perlaggen(), &taps);
    let (deal, report) = p.complete.expect("complete");
    let deal = written(&deal);
    assert_eq!(
        deal["events"][3],
        json!({"show": {"gleich": {"A": ["EA", "HK=LA"], "B": ["EK", "LK"]}}})
    );
    assert_eq!(first_deal(&report).figures.gleich.winner, Some(Side::A));
}

#[test]
fn cards_that_form_no_figure_are_no_show() {
    // Contract 5.5: "together the cards must form the figure (invalid_show)".
    let taps = [
        "tricks:A",
        "show:hanger:stands",
        "cards:gleich",
        "card:A:EA",
        "card:A:LK",
    ];
    let p = at(&perlaggen(), &taps);
    assert!(!offered(&p).contains(&"done"), "{:?}", offered(&p));
    let mut more = taps.to_vec();
    more.push("done");
    let p = at(&perlaggen(), &more);
    let problem = p.problem.expect("problem");
    assert_eq!((problem.code.as_str(), problem.at), ("invalid_show", 5));
}

#[test]
fn giltspiel_has_no_trump_tap_and_no_baptism() {
    // Giltspiel text: the standard game has no wild cards (Perlique is the variant with them).
    let record = json!({"game": "giltspiel", "deals": []});
    let p = at(&record, &[]);
    assert!(!offered(&p).iter().any(|c| c.starts_with("trump:")));
    let p = at(&record, &["tricks:B", "cards:gleich", "card:A:H7"]);
    assert!(!offered(&p).iter().any(|c| c.starts_with("bap:")));
}
