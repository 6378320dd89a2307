//! Tests of reading the referee's typed answers (contract 4 shapes) into standings inputs,
//! and of a whole tournament file's standings.

use super::file::TournamentFile;
use super::results::*;
use crate::rules::gaigel::tally::Tally;
use crate::rules::gaigel::{self, Phase, Seats, TallyReport};
use crate::rules::watten::{self, Sides};
use crate::rules::{Pair, Report, Side};
use serde_json::json;

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

fn seats(sides: usize, values: [u32; 3]) -> Seats<u32> {
    Seats { sides, values }
}

/// A Gaigel deal as the result prints it: the winner, the strokes (stroke tally) or the game
/// points (Rutesheim).
fn gaigel_deal(
    winner: Option<&'static str>,
    strokes: Option<[u32; 2]>,
    game_points: Option<[u32; 3]>,
) -> gaigel::DealReport {
    gaigel::DealReport {
        points: seats(2, [0; 3]),
        winner,
        double: false,
        strokes: strokes.map(|[a, b]| seats(2, [a, b, 0])),
        game_points: game_points.map(|gp| seats(3, gp)),
        game_over: None,
    }
}

fn gaigel_report(deals: Vec<gaigel::DealReport>, tally: TallyReport) -> Report {
    Report::Gaigel(gaigel::Report {
        valid: true,
        errors: vec![],
        deals,
        games: vec![],
        tally,
        rulings: vec![],
    })
}

/// A Rutesheim result: each deal's game points and counts (card points plus melds).
fn rutesheim(deals: &[([u32; 3], [u32; 3])]) -> Report {
    let deals = deals.iter().map(|(gp, counts)| gaigel::DealReport {
        points: seats(3, *counts),
        ..gaigel_deal(None, None, Some(*gp))
    });
    gaigel_report(deals.collect(), TallyReport::GamePoints(seats(3, [0; 3])))
}

/// A Watten deal: its running score, and the game it ended (winner, marks).
fn watten_deal(score: [u32; 2], over: Option<(Side, u32)>) -> watten::DealResult {
    watten::DealResult {
        points: Pair::new(0, 0),
        score: Pair::new(score[0], score[1]),
        stake: 2,
        gestrichen: Sides::default(),
        game_over: over.map(|(winner, marks)| watten::GameOver {
            winner,
            marks,
            decided_by: None,
        }),
    }
}

fn watten_game(winner: Side, score: [u32; 2], marks: u32) -> watten::GameResult {
    watten::GameResult {
        winner,
        score: Pair::new(score[0], score[1]),
        marks,
        decided_by: None,
    }
}

fn watten_report(
    deals: Vec<watten::DealResult>,
    games: Vec<watten::GameResult>,
    tally: [u32; 2],
) -> Report {
    Report::Watten(watten::Report {
        valid: true,
        errors: vec![],
        deals,
        games,
        tally: Pair::new(tally[0], tally[1]),
        rulings: vec![],
    })
}

#[test]
fn a_rutesheim_table_gives_game_points_deals_won_and_counts() {
    // Deal 0: 45, 104 + a 20 meld, 61; deal 1: 120, 60, 60.
    let result = rutesheim(&[([1, 5, 3], [45, 124, 61]), ([5, 1, 3], [120, 60, 60])]);
    let got = session_seats(&s(&["a", "b", "c"]), &result);
    let row = |i: usize| (got[i].game_points, got[i].deals_won, got[i].counts);
    assert_eq!(row(0), (6, 1, 165));
    assert_eq!(row(1), (6, 1, 184));
    assert_eq!(row(2), (6, 0, 121));
}

#[test]
fn at_a_four_player_table_the_dealer_sits_out() {
    let deal = ([5, 3, 1], [110, 70, 60]);
    let result = rutesheim(&[deal, deal]);
    let got = session_seats(&s(&["a", "b", "c", "d"]), &result);
    // Deal 0: a deals, b c d play; deal 1: b deals, c d a play.
    let gps: Vec<u32> = got.iter().map(|r| r.game_points).collect();
    assert_eq!(gps, [1, 5, 8, 4]);
}

#[test]
fn a_watten_table_gives_games_bummerl_and_the_open_game() {
    let result = watten_report(
        vec![
            watten_deal([15, 0], Some((Side::A, 2))),
            watten_deal([0, 3], None),
        ],
        vec![watten_game(Side::A, [15, 0], 2)],
        [0, 2],
    );
    let m = meeting(&s(&["t1", "t2"]), &result);
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
    let deal = |winner, strokes| gaigel_deal(Some(winner), Some(strokes), None);
    let tally = Tally {
        sides: 2,
        pool: 0,
        lines: [0, 9, 0],
        phase: Phase::Erase,
        winner: None,
    };
    let result = gaigel_report(
        vec![
            deal("A", [0, 9]),
            deal("B", [1, 9]),
            deal("A", [1, 9]),
            deal("A", [0, 9]),
        ],
        TallyReport::Strokes(tally),
    );
    let m = meeting(&s(&["t1", "t2"]), &result);
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
    let answer = rutesheim(&[([5, 1, 3], [104, 60, 76])]);
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
    let answer = watten_report(
        vec![watten_deal([0, 2], None)],
        vec![
            watten_game(Side::A, [15, 4], 1),
            watten_game(Side::B, [0, 15], 2),
        ],
        [1, 2],
    );
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
