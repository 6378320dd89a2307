//! The Gaigel pad (rules texts `rules/002_...txt`, `rules/003_...txt`; contract 3.3, 7):
//! facts by steppers, `done` only when the referee accepts the deal.

use super::{Pad, pad};
use crate::rules::gaigel::DealReport;
use crate::rules::{Lang, Report};
use serde_json::{Value, json};

fn at(record: &Value, list: &[String]) -> Pad {
    pad(record, list, Lang::De).unwrap()
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

#[test]
fn steppers_keep_counts_possible_and_done_waits_for_the_referee() {
    let p = at(&four(), &[]);
    let got = offered(&p);
    for code in ["pts:A:+10", "pts:A:+1", "st:B:+1", "meld:A:40", "out:B"] {
        assert!(got.contains(&code), "{code} in {got:?}");
    }
    // No negative count.
    assert!(!got.contains(&"pts:A:-1") && !got.contains(&"st:A:-1"));
    // Contract 7.2: fewer tricks than the deal has with no `out` is tricks_invalid; the pad
    // does not offer `done` and says why, in the referee's words.
    assert!(!got.contains(&"done"));
    assert!(p.hint.as_deref().is_some_and(|h| !h.is_empty()), "{p:?}");
    assert!(p.problem.is_none());
}

#[test]
fn fifties_take_big_counts_in_few_taps_and_stay_within_the_pack() {
    // Rules text 002: 240 card points in the pack. 104 is 50 + 50 + 4 ones: six taps.
    let p = at(&four(), &taps(&[("pts:A:+50", 2), ("pts:A:+1", 4)]));
    assert!(p.problem.is_none(), "{p:?}");
    let got = offered(&p);
    assert!(
        got.contains(&"pts:A:-50") && got.contains(&"pts:B:+50"),
        "{got:?}"
    );
    // At 200 of 240 points a fifty more is no longer offered, and a tapped one is refused.
    let list = taps(&[("pts:A:+50", 2), ("pts:B:+50", 2)]);
    let p = at(&four(), &list);
    assert!(!offered(&p).contains(&"pts:A:+50"), "{:?}", offered(&p));
    assert!(offered(&p).contains(&"pts:A:+10"));
    let mut over = list.clone();
    over.push("pts:A:+50".into());
    assert!(at(&four(), &over).problem.is_some());
}

#[test]
fn a_deal_played_to_the_end_goes_to_the_higher_count() {
    // Contract 7.1 (rules text 002: 240 points in the pack): "Played to the end with no
    // `out`: the side with the higher count wins".
    let mut list = taps(&[
        ("pts:A:+10", 13),
        ("st:A:+1", 7),
        ("pts:B:+10", 11),
        ("st:B:+1", 5),
    ]);
    let p = at(&four(), &list);
    assert!(offered(&p).contains(&"done"), "{:?}", p.hint);
    assert!(!offered(&p).contains(&"pts:A:+1"), "240 card points in all");
    list.push("done".into());
    let p = at(&four(), &list);
    let (deal, report) = p.complete.expect("complete");
    assert_eq!(deal["points"], json!({"A": 130, "B": 110}));
    assert_eq!(deal["tricks"], json!({"A": 7, "B": 5}));
    assert_eq!(first_deal(&report).winner, Some("A"));
    assert!(p.actions.is_empty());
    // The transcript sums the facts up, a sentence a side.
    assert_eq!(p.transcript[0].id, "padr-g-said-side");
    assert_eq!(p.transcript[0].args[1], ("points", "130".to_string()));
    // Nothing may follow `done`.
    list.push("st:A:+1".into());
    let p = at(&four(), &list);
    assert_eq!(p.problem.expect("problem").code, "unknown_action");
}

#[test]
fn rutesheim_ties_take_the_cut() {
    // Contract 7.5: "Tied counts are ordered by `cut` (missing: tie_needs_cut)".
    let record = json!({"game": "gaigel", "variant": "three",
        "options": {"scoring": "rutesheim"}, "deals": []});
    let mut list = taps(&[
        ("pts:P1:+10", 8),
        ("st:P1:+1", 5),
        ("pts:P2:+10", 8),
        ("st:P2:+1", 5),
        ("pts:P3:+10", 8),
        ("st:P3:+1", 6),
    ]);
    let p = at(&record, &list);
    assert!(!offered(&p).contains(&"done"));
    assert!(offered(&p).contains(&"cut:P2"));
    list.extend(["cut:P2", "cut:P3", "cut:P1", "done"].map(String::from));
    let p = at(&record, &list);
    let (deal, report) = p.complete.expect("complete");
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
