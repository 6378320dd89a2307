//! The Gaigel pad (rules texts `rules/002_...txt`, `rules/003_...txt`; contract 3.3, 7):
//! facts by the number pad, the last player's from the pack, `done` only when the referee
//! accepts the deal.

use super::{Pad, pad};
use crate::rules::gaigel::DealReport;
use crate::rules::{Lang, Report};
use serde_json::{Value, json};

fn at(record: &Value, list: &[String]) -> Pad {
    pad(
        &crate::rules::Record::from_json(&record.to_string()).unwrap(),
        list,
        Lang::De,
    )
    .unwrap()
}

/// A typed deal read back as JSON, to look at its parts.
fn written(deal: &crate::rules::match_record::Deal) -> Value {
    serde_json::from_str(&deal.to_json()).unwrap()
}

/// The first deal of a Gaigel result.
fn first_deal(report: &Report) -> &DealReport {
    match report {
        Report::Gaigel(r) => &r.deals[0],
        other => panic!("a Gaigel result: {other:?}"),
    }
}

fn offered(p: &Pad) -> Vec<&str> {
    p.actions.iter().map(|a| a.code.as_str()).collect()
}

fn taps(spec: &[(&str, usize)]) -> Vec<String> {
    spec.iter()
        .flat_map(|(code, n)| std::iter::repeat_n(code.to_string(), *n))
        .collect()
}

fn four() -> Value {
    json!({"game": "gaigel", "deals": []})
}

/// The codes of one player's card points by digits and tricks in one tap.
fn player(side: &str, points: u32, tricks: u32) -> Vec<String> {
    let mut out: Vec<String> = (points.to_string().chars())
        .map(|d| format!("aug:{side}:{d}"))
        .collect();
    out.push(format!("st:{side}:{tricks}"));
    out
}

fn three() -> Value {
    json!({"game": "gaigel", "variant": "three", "options": {"scoring": "rutesheim"}, "deals": []})
}

#[test]
fn the_number_pad_takes_one_player_after_the_other_and_says_nothing_before_the_first_tap() {
    let p = at(&four(), &[]);
    let got = offered(&p);
    for code in [
        "aug:A:1",
        "aug:A:0",
        "st:A:0",
        "st:A:12",
        "meld:A:40",
        "out:B",
    ] {
        assert!(got.contains(&code), "{code} in {got:?}");
    }
    // B's numbers follow A's; the steppers are no longer offered; four players: 12 tricks.
    for code in [
        "aug:B:1",
        "st:B:3",
        "pts:A:+10",
        "st:A:+1",
        "st:A:13",
        "done",
    ] {
        assert!(!got.contains(&code), "{code} in {got:?}");
    }
    // No complaint before the first tap ("Nur 0 von 16 Stichen" greeted the scorer).
    assert_eq!(p.hint, None);
    assert!(p.problem.is_none());
    assert_eq!(p.headings[0].0, "digits");
    assert_eq!(p.headings[0].1.args, [("side", "A".to_string())]);
    // Rules text 002: 240 card points in the pack: 24 takes a 0 (240), not a 1 (241).
    let p = at(&four(), &["aug:A:2".into(), "aug:A:4".into()]);
    assert!(offered(&p).contains(&"aug:A:0") && !offered(&p).contains(&"aug:A:1"));
    let too_many = ["aug:A:2", "aug:A:4", "aug:A:1"].map(String::from);
    assert!(at(&four(), &too_many).problem.is_some());
}

#[test]
fn a_deal_played_to_the_end_goes_to_the_higher_count() {
    // Contract 7.1 (rules text 002: 240 points in the pack): "Played to the end with no
    // `out`: the side with the higher count wins". B's 110 and 5 tricks are the rest of the
    // pack: filled in, not typed.
    let mut list = player("A", 130, 7);
    let p = at(&four(), &list);
    assert!(offered(&p).contains(&"done"), "{:?}", p.hint);
    assert!(
        offered(&p).contains(&"aug:B:1"),
        "B's numbers may still be typed"
    );
    assert_eq!(p.transcript[1].args[1], ("points", "110".to_string()));
    assert_eq!(p.transcript[2].id, "padr-g-said-filled");
    list.push("done".into());
    let p = at(&four(), &list);
    let (deal, report) = p.complete.expect("complete");
    let deal = written(&deal);
    assert_eq!(deal["points"], json!({"A": 130, "B": 110}));
    assert_eq!(deal["tricks"], json!({"A": 7, "B": 5}));
    assert_eq!(first_deal(&report).winner, Some("A"));
    assert!(p.actions.is_empty());
    // The transcript sums the facts up, a sentence a side.
    assert_eq!(p.transcript[0].id, "padr-g-said-side");
    assert_eq!(p.transcript[0].args[1], ("points", "130".to_string()));
    // Nothing may follow `done`.
    list.push("st:A:1".into());
    let p = at(&four(), &list);
    assert_eq!(p.problem.expect("problem").code, "unknown_action");
}

#[test]
fn the_last_players_typed_numbers_replace_the_rest_of_the_pack() {
    // Contract 7.5's example table: P2 went out with 104 before the pack was played out, so
    // P3's 61 card points and 4 tricks are typed over the filled-in rest (91 and 7).
    let mut list = [player("P1", 45, 3), player("P2", 104, 6)].concat();
    let p = at(&three(), &list);
    assert_eq!(p.transcript[2].args[1], ("points", "91".to_string()));
    list.extend(player("P3", 61, 4));
    list.extend(["out:P2", "done"].map(String::from));
    let p = at(&three(), &list);
    let (deal, _) = p.complete.expect("complete");
    let deal = written(&deal);
    assert_eq!(deal["points"], json!({"P1": 45, "P2": 104, "P3": 61}));
    assert_eq!(deal["tricks"], json!({"P1": 3, "P2": 6, "P3": 4}));
    assert!(p.transcript.iter().all(|m| m.id != "padr-g-said-filled"));
}

#[test]
fn the_steppers_of_a_deal_kept_on_a_phone_are_still_read() {
    // A deal tapped before the number pad waits in a phone's queue: its codes still convert.
    let list = taps(&[("pts:A:+50", 2), ("pts:A:+10", 3), ("st:A:+1", 7)]);
    let mut list = [
        list,
        taps(&[("pts:B:+10", 11), ("st:B:+1", 5), ("done", 1)]),
    ]
    .concat();
    let deal = super::convert(
        &crate::rules::Record::from_json(&four().to_string()).unwrap(),
        &list,
        Lang::De,
    )
    .unwrap()
    .unwrap();
    let deal = written(&deal);
    assert_eq!(deal["points"], json!({"A": 130, "B": 110}));
    list.pop();
    assert!(at(&four(), &list).problem.is_none());
}

#[test]
fn rutesheim_ties_take_the_cut_and_only_ties() {
    // Contract 7.5: "Tied counts are ordered by `cut` (missing: tie_needs_cut)".
    let mut list = player("P1", 90, 5);
    let p = at(&three(), &list);
    assert!(
        !offered(&p).iter().any(|c| c.starts_with("cut:")),
        "no tie yet"
    );
    // P1 and P2 have 80, the rest of the pack gives P3 80 too: a three-way tie.
    list = [player("P1", 80, 5), player("P2", 80, 5)].concat();
    let p = at(&three(), &list);
    assert!(!offered(&p).contains(&"done"));
    assert!(offered(&p).contains(&"cut:P2"), "{:?}", offered(&p));
    // Why the deal waits, in German words only (it read "das Abheben (cut)").
    let hint = p.hint.clone().unwrap_or_default();
    assert!(hint.contains("das Abheben muss"), "{hint}");
    assert!(!hint.contains("cut"), "{hint}");
    list.extend(["cut:P2", "cut:P3", "cut:P1", "done"].map(String::from));
    let p = at(&three(), &list);
    let (deal, report) = p.complete.expect("complete");
    let deal = written(&deal);
    assert_eq!(deal["cut"], json!(["P2", "P3", "P1"]));
    let game_points = first_deal(&report).game_points.expect("Rutesheim scoring");
    assert_eq!(game_points.values[1], 5, "P2");
}

#[test]
fn the_score_before_a_deal_is_the_strokes_and_erasing_is_a_notice() {
    // Contract 7.3: "`options.strokes` (default 10) strokes start in the pool. Marking phase:
    // the losers of each game mark 1 stroke"; rules text 002: "after the agreed number of
    // losses have been recorded, the winners of each game erase one stroke".
    let a_wins = json!({"points": {"A": 130, "B": 110}, "tricks": {"A": 7, "B": 5}});
    let b_wins = json!({"points": {"A": 110, "B": 130}, "tricks": {"A": 5, "B": 7}});
    let record = |deals: Value| json!({"game": "gaigel", "variant": "four", "options": {"strokes": 2}, "deals": deals});
    let p = at(&record(json!([a_wins])), &[]);
    assert_eq!(p.score.as_deref(), Some("0:1"), "B lost and marks a stroke");
    assert!(p.notices.is_empty(), "{:?}", p.notices);
    let p = at(&record(json!([a_wins, b_wins])), &[]);
    assert_eq!(p.score.as_deref(), Some("1:1"), "the pool of 2 is marked");
    let ids: Vec<&str> = p.notices.iter().map(|m| m.id).collect();
    assert_eq!(ids, ["padr-g-erase"]);
}

#[test]
fn under_rutesheim_scoring_the_score_is_each_players_game_points() {
    // Contract 7.5: "Each deal shares 9 game points: the winner (who went out ...) 5, second
    // 3, third 1" and "there is no stroke tally": P2 went out, P3 has the second count.
    let record = json!({"game": "gaigel", "variant": "three", "options": {"scoring": "rutesheim"},
        "deals": [{"points": {"P1": 45, "P2": 104, "P3": 61}, "melds": {"P2": [20]},
                   "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"}]});
    let p = at(&record, &[]);
    assert_eq!(p.score.as_deref(), Some("1:5:3"));
    assert!(p.notices.is_empty(), "{:?}", p.notices);
}
