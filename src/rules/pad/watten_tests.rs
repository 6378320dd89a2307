//! The Watten pad: what it offers next is what the referee allows (rules text
//! `rules/004_2fc18fce1097242d.txt`, "Betting and scoring" and the Tyrolean scoresheet).

use super::{Pad, count, pad};
use crate::rules::{Lang, Pair, Report};
use serde_json::{Value, json};

fn codes(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| c.to_string()).collect()
}

fn at(record: Value, list: &[&str]) -> Pad {
    pad(
        &crate::rules::Record::from_json(&record.to_string()).unwrap(),
        &codes(list),
        Lang::De,
    )
    .unwrap()
}

fn offered(p: &Pad) -> Vec<&str> {
    p.actions.iter().map(|a| a.code.as_str()).collect()
}

fn tyrolean(start: Value) -> Value {
    json!({"game": "watten", "start": start, "deals": []})
}

#[test]
fn a_fresh_deal_offers_tricks_and_bets_and_no_answer() {
    // "If there is no betting, the team that wins three tricks scores 2 points"; "At any time
    // ... a team may bet". Nothing is open, so no see, give up or Farbe.
    let p = at(tyrolean(json!({})), &[]);
    assert_eq!(
        offered(&p),
        ["tricks:A", "bet:A", "tricks:B", "bet:B"],
        "{p:?}"
    );
    assert!(p.problem.is_none() && p.complete.is_none() && p.transcript.is_empty());
}

#[test]
fn an_open_bet_is_answered_first() {
    // "The play pauses while the opposing team decide whether to give up ... or see";
    // Tyrolean: "Farbe" answers the first bet (the rules text's 4th answer).
    let p = at(tyrolean(json!({})), &["bet:A"]);
    assert_eq!(
        offered(&p),
        ["see:B", "give_up:B", "farbe:B:no", "farbe:B:ok"]
    );
    assert_eq!(p.actions[0].group, "answer");
    assert!(p.actions[0].primary, "seeing is the likely answer");
    assert_eq!(p.actions[1].label.id, "padr-w-fold");
}

#[test]
fn a_whole_deal_is_the_contract_deal_and_its_score() {
    // A bet seen is played for 3: "the winning team will now score three points".
    let p = at(tyrolean(json!({})), &["bet:A", "see:B", "tricks:A"]);
    let (deal, report) = p.complete.expect("complete");
    // The typed deal writes the bytes the contract's JSON writes.
    assert_eq!(
        deal.to_json(),
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]}).to_string()
    );
    let Report::Watten(report) = report else {
        panic!("a Watten result: {report:?}")
    };
    assert_eq!(report.deals[0].points, Pair::new(3, 0));
    assert!(p.actions.is_empty(), "nothing follows a decided deal");
    let ids: Vec<&str> = p.transcript.iter().map(|m| m.id).collect();
    assert_eq!(ids, ["padr-w-bet", "padr-w-see", "padr-w-said-tricks"]);
}

#[test]
fn one_side_gestrichen_decides_first_and_nothing_else_is_offered() {
    // "If just one team is gestrichen, that team must decide ... whether to play the hand for 3
    // points or to give up and allow the other team to score two points."
    let p = at(tyrolean(json!({"A": 13, "B": 5})), &[]);
    assert_eq!(offered(&p), ["play:A", "give_up:A"]);
    let notices: Vec<&str> = p.notices.iter().map(|m| m.id).collect();
    assert!(
        notices.is_empty(),
        "a start score has no deal to read marks from"
    );
    // "If they decide to play there is no betting."
    let p = at(tyrolean(json!({"A": 13, "B": 5})), &["play:A"]);
    assert_eq!(offered(&p), ["tricks:A", "tricks:B"]);
}

#[test]
fn the_marks_after_the_last_deal_are_notices() {
    // Tyrolean scoresheet: "A team that has 13 or 14 points is gestrichen".
    let record = json!({"game": "watten", "deals": [{"winner": "A", "points": 13}]});
    let p = at(record, &[]);
    let notices: Vec<(&str, &str)> = p
        .notices
        .iter()
        .map(|m| (m.id, m.args[0].1.as_str()))
        .collect();
    assert_eq!(
        notices,
        [("padr-w-gestrichen", "A"), ("padr-w-decide", "A")]
    );
}

#[test]
fn a_broken_rule_names_its_tap_and_offers_what_was_allowed_before_it() {
    // Seeing needs an open bet by the others (contract 3.2, `no_open_bet`).
    let p = at(tyrolean(json!({})), &["bet:A", "see:B", "see:A"]);
    let problem = p.problem.clone().expect("problem");
    assert_eq!((problem.code.as_str(), problem.at), ("no_open_bet", 2));
    assert_eq!(p.transcript.len(), 2);
    assert_eq!(offered(&p), ["tricks:A", "tricks:B", "bet:B"]);
    // A code the table does not know is named as such.
    let p = at(tyrolean(json!({})), &["bet:A", "fly:B"]);
    let problem = p.problem.expect("problem");
    assert_eq!((problem.code.as_str(), problem.at), ("unknown_action", 1));
}

#[test]
fn three_players_name_who_plays_alone_first() {
    // Rules text 004, two or three players: "forehand ... plays alone. The other two players
    // play as a team."
    let record = json!({"game": "watten", "options": {"players": 3}, "deals": []});
    let p = at(record.clone(), &[]);
    assert_eq!(offered(&p), ["alone:P1", "alone:P2", "alone:P3"]);
    let p = at(record.clone(), &["alone:P2", "bet:P1"]);
    // The team answers through its first player, named as the team.
    assert_eq!(offered(&p)[0], "see:P2");
    assert_eq!(
        p.actions[0].label.args,
        [("side", "P2".into()), ("n", count(1).into())]
    );
    let p = at(record, &["alone:P2", "tricks:P1"]);
    assert_eq!(
        p.complete.unwrap().0.to_json(),
        json!({"alone": "P2", "events": [{"tricks": "P1"}]}).to_string()
    );
}

#[test]
fn a_gespannt_side_is_offered_no_bet_in_bavarian_watten() {
    // Rules text 004, Bavarian "Betting and scoring": a team that is gespannt (9 or 10 of 11)
    // may not bet; the other side still may (contract 6.1, gespannt_cannot_bet).
    let record = json!({"game": "watten", "variant": "bavarian",
        "deals": [{"winner": "A", "points": 9}]});
    let p = at(record, &[]);
    assert_eq!(offered(&p), ["tricks:A", "tricks:B", "bet:B"]);
    assert_eq!(p.notices[0].id, "padr-w-gespannt");
}
