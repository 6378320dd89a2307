//! Tests of the standings: competition ranking, tie-break order and direction, the contract's
//! JSON shape, and each format's and scheme's totals.

use super::format::Scheme;
use super::standings::*;
use crate::rules::{Game, Pair, Side};

fn names(ids: &[&str]) -> Vec<(String, String)> {
    ids.iter()
        .map(|i| (i.to_string(), i.to_uppercase()))
        .collect()
}

fn seat(id: &str, gp: u32, won: u32, counts: u32) -> SeatResult {
    SeatResult {
        id: id.into(),
        game_points: gp,
        deals_won: won,
        counts,
    }
}

fn entry(id: &str, points: i64, tb: &[i64]) -> Entry {
    Entry {
        id: id.into(),
        name: id.into(),
        points,
        tiebreaks: tb.to_vec(),
    }
}

#[test]
fn equal_on_every_key_is_equal_rank_and_the_next_rank_counts_everyone_above() {
    let rows = rank(
        vec![
            entry("c", 5, &[1]),
            entry("a", 9, &[2]),
            entry("b", 9, &[2]),
            entry("d", 5, &[0]),
        ],
        &[Column::DealsWon],
    );
    let got: Vec<(u32, &str)> = rows.iter().map(|r| (r.rank, r.id.as_str())).collect();
    assert_eq!(got, [(1, "a"), (1, "b"), (3, "c"), (4, "d")]);
}

#[test]
fn fewer_points_conceded_rank_higher() {
    let rows = rank(
        vec![entry("a", 10, &[30]), entry("b", 10, &[20])],
        &[Column::PointsConceded],
    );
    assert_eq!(
        (rows[0].id.as_str(), rows[0].rank, rows[1].rank),
        ("b", 1, 2)
    );
}

#[test]
fn a_row_prints_its_columns_in_the_contract_order() {
    let s = sessions(
        &names(&["p1"]),
        &[SessionResults {
            seats: vec![seat("p1", 5, 1, 104)],
            byes: vec![],
            bye_points: 0,
        }],
    );
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        json,
        r#"{"standings":[{"rank":1,"id":"p1","name":"P1","points":5,"deals_won":1,"counts":104}]}"#
    );
}

#[test]
fn sessions_rank_by_game_points_then_deals_won_then_counts() {
    let r1 = SessionResults {
        seats: vec![
            seat("a", 30, 3, 900),
            seat("b", 30, 4, 800),
            seat("c", 30, 4, 850),
        ],
        byes: vec!["d".into()],
        bye_points: 30,
    };
    let s = sessions(&names(&["a", "b", "c", "d"]), &[r1]);
    let got: Vec<(&str, u32)> = s
        .standings
        .iter()
        .map(|r| (r.id.as_str(), r.rank))
        .collect();
    assert_eq!(got, [("c", 1), ("b", 2), ("a", 3), ("d", 4)]);
    assert_eq!(s.standings[3].points, 30);
}

#[test]
fn overall_is_the_sum_of_the_rounds_and_each_round_is_ranked_alone() {
    let r1 = SessionResults {
        seats: vec![seat("a", 20, 2, 500), seat("b", 10, 1, 400)],
        byes: vec![],
        bye_points: 0,
    };
    let r2 = SessionResults {
        seats: vec![seat("a", 5, 0, 300), seat("b", 25, 3, 600)],
        byes: vec![],
        bye_points: 0,
    };
    let s = sessions(&names(&["a", "b"]), &[r1, r2]);
    assert_eq!(s.rounds.len(), 2);
    assert_eq!(s.rounds[0][0].id, "a");
    assert_eq!(s.rounds[1][0].id, "b");
    assert_eq!(s.standings[0].id, "b");
    assert_eq!(s.standings[0].points, 35);
    assert_eq!(
        s.standings[0].tiebreaks,
        [(Column::DealsWon, 4), (Column::Counts, 1000)]
    );
}

fn meeting(a: &str, b: &str, games: &[(Side, u32, u32)]) -> Meeting {
    Meeting {
        entrants: Pair::new(a.into(), b.into()),
        games: games
            .iter()
            .map(|&(w, x, y)| GameResult {
                winner: w,
                score: Pair::new(x, y),
                marks: 1,
            })
            .collect(),
        ..Meeting::default()
    }
}

#[test]
fn watten_rounds_rank_by_games_won_then_the_bummerl_difference() {
    let mut m1 = meeting("t1", "t2", &[(Side::A, 15, 3)]);
    m1.bummerl = Pair::new(0, 2);
    let mut m2 = meeting("t3", "t4", &[(Side::A, 15, 13)]);
    m2.bummerl = Pair::new(0, 1);
    let r = RoundResults {
        meetings: vec![m1, m2],
        byes: vec![],
    };
    let s = rounds(
        &names(&["t1", "t2", "t3", "t4"]),
        &[r],
        Game::Watten,
        Scheme::Games,
        15,
    );
    let got: Vec<(&str, i64, i64)> = s
        .standings
        .iter()
        .map(|r| (r.id.as_str(), r.points, r.tiebreaks[0].1))
        .collect();
    assert_eq!(
        got,
        [("t1", 1, 2), ("t3", 1, 1), ("t4", 0, -1), ("t2", 0, -2)]
    );
    assert_eq!(s.standings[0].tiebreaks[0].0, Column::BummerlDifference);
}

#[test]
fn figure_rounds_use_the_score_difference_including_an_open_game() {
    let mut m = meeting("t1", "t2", &[(Side::B, 4, 11)]);
    m.open = Pair::new(6, 2);
    let r = RoundResults {
        meetings: vec![m],
        byes: vec!["t3".into()],
    };
    let s = rounds(
        &names(&["t1", "t2", "t3"]),
        &[r],
        Game::Giltspiel,
        Scheme::Games,
        11,
    );
    let got: Vec<(&str, u32, i64, i64)> = s
        .standings
        .iter()
        .map(|r| (r.id.as_str(), r.rank, r.points, r.tiebreaks[0].1))
        .collect();
    assert_eq!(got, [("t2", 1, 1, 3), ("t3", 2, 1, 0), ("t1", 3, 0, -3)]);
}

#[test]
fn gaigel_rounds_use_strokes_cleared() {
    let mut m = meeting("t1", "t2", &[(Side::A, 0, 0)]);
    m.strokes_cleared = Pair::new(10, 4);
    let r = RoundResults {
        meetings: vec![m],
        byes: vec![],
    };
    let s = rounds(&names(&["t1", "t2"]), &[r], Game::Gaigel, Scheme::Games, 0);
    assert_eq!(s.standings[0].tiebreaks, [(Column::StrokesDifference, 6)]);
}

#[test]
fn wattkoenig_scores_target_plus_ten_for_a_win_and_points_made_for_a_loss() {
    let m = meeting("t1", "t2", &[(Side::A, 15, 9), (Side::B, 12, 15)]);
    let r = RoundResults {
        meetings: vec![m],
        byes: vec![],
    };
    let s = rounds(
        &names(&["t1", "t2"]),
        &[r],
        Game::Watten,
        Scheme::Wattkoenig { bonus: 10 },
        15,
    );
    // t1: 25 + 12 = 37, conceded 9 + 25 = 34; t2: 9 + 25 = 34, conceded 37.
    let got: Vec<(&str, i64, i64)> = s
        .standings
        .iter()
        .map(|r| (r.id.as_str(), r.points, r.tiebreaks[0].1))
        .collect();
    assert_eq!(got, [("t1", 37, 34), ("t2", 34, 37)]);
}

#[test]
fn an_entrant_without_results_is_listed_with_zero() {
    let s = sessions(&names(&["a", "b"]), &[]);
    assert_eq!(s.standings.len(), 2);
    assert!(s.standings.iter().all(|r| r.rank == 1 && r.points == 0));
}
