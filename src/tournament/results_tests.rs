//! Tests of reading the referee's answers (contract 4 shapes) into standings inputs, and of a
//! whole tournament file's standings.

use super::file::TournamentFile;
use super::results::*;
use crate::rules::{Game, Pair, Side};
use serde_json::json;

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

#[test]
fn a_rutesheim_table_gives_game_points_deals_won_and_counts() {
    let deals = vec![
        json!({"points": {"P1": 45, "P2": 104, "P3": 61}, "melds": {"P2": [20]}, "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"}),
        json!({"points": {"P1": 120, "P2": 60, "P3": 60}, "tricks": {"P1": 8, "P2": 4, "P3": 4}, "cut": ["P3", "P2"]}),
    ];
    let result = json!({"valid": true, "errors": [], "deals": [
        {"game_points": {"P1": 1, "P2": 5, "P3": 3}},
        {"game_points": {"P1": 5, "P2": 1, "P3": 3}}
    ], "games": [], "tally": {"P1": 6, "P2": 6, "P3": 6}});
    let got = session_seats(&s(&["a", "b", "c"]), &deals, &result);
    let row = |i: usize| (got[i].game_points, got[i].deals_won, got[i].counts);
    assert_eq!(row(0), (6, 1, 165));
    assert_eq!(row(1), (6, 1, 184));
    assert_eq!(row(2), (6, 0, 121));
}

#[test]
fn at_a_four_player_table_the_dealer_sits_out() {
    let deal = json!({"points": {"P1": 110, "P2": 70, "P3": 60}});
    let gp = json!({"game_points": {"P1": 5, "P2": 3, "P3": 1}});
    let result = json!({"deals": [gp, gp]});
    let got = session_seats(&s(&["a", "b", "c", "d"]), &[deal.clone(), deal], &result);
    // Deal 0: a deals, b c d play; deal 1: b deals, c d a play.
    let gps: Vec<u32> = got.iter().map(|r| r.game_points).collect();
    assert_eq!(gps, [1, 5, 8, 4]);
}

#[test]
fn a_watten_table_gives_games_bummerl_and_the_open_game() {
    let result = json!({"valid": true, "deals": [
        {"points": {"A": 2, "B": 0}, "score": {"A": 15, "B": 0}, "game_over": {"winner": "A", "marks": 2}},
        {"points": {"A": 0, "B": 3}, "score": {"A": 0, "B": 3}, "game_over": null}
    ], "games": [{"winner": "A", "score": {"A": 15, "B": 0}, "marks": 2, "decided_by": null}],
       "tally": {"A": 0, "B": 2}});
    let m = meeting(&s(&["t1", "t2"]), Game::Watten, &result);
    assert_eq!(
        m.games,
        [super::standings::GameResult {
            winner: Side::A,
            score: Pair::new(15, 0),
            marks: 2
        }]
    );
    assert_eq!(m.bummerl, Pair::new(0, 2));
    assert_eq!(m.open, Pair::new(0, 3));
}

#[test]
fn a_gaigel_table_counts_deals_won_and_strokes_cleared() {
    let result = json!({"deals": [
        {"winner": "A", "strokes": {"A": 0, "B": 9}},
        {"winner": "B", "strokes": {"A": 1, "B": 9}},
        {"winner": "A", "strokes": {"A": 1, "B": 9}},
        {"winner": "A", "strokes": {"A": 0, "B": 9}}
    ], "tally": {"A": 0, "B": 9, "phase": "erase"}});
    let m = meeting(&s(&["t1", "t2"]), Game::Gaigel, &result);
    assert_eq!(m.games.len(), 4);
    assert_eq!(m.strokes_cleared, Pair::new(1, 0));
}

#[test]
fn a_whole_file_is_ranked_from_the_answers() {
    let file = TournamentFile::parse(
        &json!({
            "name": "t", "game": "gaigel", "variant": "three", "format": "sessions",
            "options": {"scoring": "rutesheim"},
            "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"},
                        {"id": "c", "name": "C"}, {"id": "d", "name": "D"}],
            "rounds": [{"tables": [{"seats": ["a", "b", "c"], "deals": [{"points": {"P1": 104, "P2": 60, "P3": 76}}]}],
                        "byes": ["d"]}]
        })
        .to_string(),
    )
    .unwrap();
    let answer = json!({"deals": [{"game_points": {"P1": 5, "P2": 1, "P3": 3}}]});
    let st = compute(&file, &[vec![answer]]);
    let got: Vec<(&str, u32, i64)> = st
        .standings
        .iter()
        .map(|r| (r.id.as_str(), r.rank, r.points))
        .collect();
    // d's bye is worth 3 game points for each deal played so far (one), and c is ahead on counts.
    assert_eq!(got, [("a", 1, 5), ("c", 2, 3), ("d", 3, 3), ("b", 4, 1)]);
}

#[test]
fn games_beyond_the_fixed_number_do_not_count() {
    let file = TournamentFile::parse(
        &json!({
            "name": "t", "game": "watten", "format": "rounds", "settings": {"games": 1},
            "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"},
                        {"id": "c", "name": "C"}, {"id": "d", "name": "D"}],
            "teams": [{"id": "t1", "name": "T1", "players": ["a", "b"]},
                      {"id": "t2", "name": "T2", "players": ["c", "d"]}],
            "rounds": [{"tables": [{"seats": ["t1", "t2"], "deals": []}]}]
        })
        .to_string(),
    )
    .unwrap();
    let answer = json!({"deals": [{"score": {"A": 0, "B": 2}, "game_over": null}],
        "games": [{"winner": "A", "score": {"A": 15, "B": 4}, "marks": 1}, {"winner": "B", "score": {"A": 0, "B": 15}, "marks": 2}],
        "tally": {"A": 1, "B": 2}});
    let st = compute(&file, &[vec![answer]]);
    let got: Vec<(&str, i64)> = st
        .standings
        .iter()
        .map(|r| (r.id.as_str(), r.points))
        .collect();
    assert_eq!(got, [("t1", 1), ("t2", 0)]);
    // The Bummerl of the second game do not count either.
    assert_eq!(st.standings[0].tiebreaks[0].1, 1);
}
