//! The view of each family's result, read from the referee's answer to a small record.

use super::*;
use crate::rules::{Lang, referee};

fn report(record: &str) -> Report {
    referee(record, Lang::En).unwrap()
}

fn cols(values: &[(Who, i64)]) -> Columns {
    values.to_vec()
}

/// Watten, two sides: five deals of 3 for A take it to the target of 15 at 15:0, a Schneider
/// (rules text 004: "A team that has 15 or more points has won"; `rules::watten::game`:
/// "Schneider, the losers have 0 points: 2 marks"), then a deal of a new game.
#[test]
fn watten_deals_are_points_to_a_running_score_and_marks_are_bummerl() {
    let r = report(
        r#"{"game":"watten","deals":[{"winner":"A","points":3},{"winner":"A","points":3},
        {"winner":"A","points":3},{"winner":"A","points":3},{"winner":"A","points":3},
        {"winner":"B","points":2}]}"#,
    );
    assert_eq!(r.deal_count(), 6);
    assert_eq!(r.players(), 2);
    assert!(r.marks_are_bummerl());
    assert!(!r.deals_are_games());
    let first = r.deal_view(0).unwrap();
    assert_eq!(first.points, cols(&[(Who::A, 3), (Who::B, 0)]));
    assert_eq!(first.score(), Some(&cols(&[(Who::A, 3), (Who::B, 0)])));
    assert!(!first.ends_game());
    assert_eq!(first.figures, None);
    let fifth = r.deal_view(4).unwrap();
    assert_eq!(fifth.score(), Some(&cols(&[(Who::A, 15), (Who::B, 0)])));
    let end = fifth.game_over.unwrap();
    assert_eq!((end.winners, end.marks), (vec![Who::A], 2));
    // The next game starts at nothing each.
    let last = r.last_deal_view().unwrap();
    assert_eq!(last.score(), Some(&cols(&[(Who::A, 0), (Who::B, 2)])));
    assert_eq!(r.deal_view(6), None);
    let games = r.game_views();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].side(), Some(Side::A));
    assert_eq!(games[0].score, cols(&[(Who::A, 15), (Who::B, 0)]));
    assert_eq!((games[0].marks, games[0].received.clone()), (2, None));
    // The tally: the Bummerl each side received.
    assert_eq!(r.tally_view(), cols(&[(Who::A, 0), (Who::B, 2)]));
    assert_eq!(r.match_winner(), None);
}

/// Watten of three: every column is a player (`P1`..`P3`), the team's two write alike, and
/// a game's Bummerl are counted per player (docs/rules/watten.md, "Three players").
#[test]
fn watten_of_three_names_players_and_counts_bummerl_per_player() {
    let r = report(
        r#"{"game":"watten","options":{"players":3},"deals":[
        {"alone":"P1","winner":"P1","points":3},{"alone":"P1","winner":"P1","points":3},
        {"alone":"P1","winner":"P1","points":3},{"alone":"P1","winner":"P1","points":3},
        {"alone":"P1","winner":"P1","points":3},
        {"alone":"P2","winner":"P3","points":2}]}"#,
    );
    assert_eq!(r.players(), 3);
    assert!(r.marks_are_bummerl());
    let first = r.deal_view(0).unwrap();
    assert_eq!(
        first.points,
        cols(&[(Who::P1, 3), (Who::P2, 0), (Who::P3, 0)])
    );
    let end = r.deal_view(4).unwrap().game_over.unwrap();
    assert_eq!(end.winners, vec![Who::P1]);
    let games = r.game_views();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].side(), None, "a player of three is no side");
    let received = games[0].received.clone().unwrap();
    assert_eq!(received[0], (Who::P1, 0), "the winner receives none");
    assert_eq!(
        i64::from(end.marks),
        received.iter().map(|(_, m)| *m).max().unwrap()
    );
    // The team (P1 + P3 against P2 alone) writes alike.
    let team = r.deal_view(5).unwrap();
    assert_eq!(
        team.points,
        cols(&[(Who::P1, 2), (Who::P2, 0), (Who::P3, 2)])
    );
    let tally = r.tally_view();
    assert_eq!(tally.len(), 3);
    assert_eq!(&tally[1..], &received[1..]);
}

/// Giltspiel: each deal's figures with their winners, written as points to a running score
/// (texts 000 and 001: "On the scoresheet the target score is written at the top").
#[test]
fn figure_deals_carry_their_figures_by_side() {
    let r = report(
        r#"{"game": "giltspiel", "deals": [
        {"events": [{"bet": "spiel", "by": "B"}, {"hold": "spiel", "by": "A"}, {"tricks": "B"},
                    {"show": {"gleich": "B", "hanger": "B"}}]}]}"#,
    );
    assert_eq!(r.players(), 2);
    assert!(!r.marks_are_bummerl());
    assert!(!r.deals_are_games());
    let d = r.deal_view(0).unwrap();
    let figures = d.figures.unwrap();
    assert_eq!(figures.spiel.winner, Some(Who::B));
    assert_eq!(figures.gleich.winner, Some(Who::B));
    assert_eq!(figures.hanger.winner, Some(Who::B));
    assert_eq!(d.points[0], (Who::A, 0));
    assert!(d.points[1].1 > 0);
    assert_eq!(
        d.score(),
        Some(&d.points),
        "the first deal's score is its points"
    );
    assert!(!d.ends_game());
    // The tally: games won.
    assert_eq!(r.tally_view(), cols(&[(Who::A, 0), (Who::B, 0)]));
}

/// Perlaggen of three: a decider at 17 each wins the game for its player (docs/rules/
/// figures.md, "Three players each for themselves").
#[test]
fn figures_of_three_name_players() {
    let r = report(
        r#"{"game": "perlaggen", "options": {"players": 3}, "start": {"P1": 17, "P2": 17, "P3": 17},
        "deals": [{"events": [{"decider": "P2"}]}]}"#,
    );
    assert_eq!(r.players(), 3);
    let d = r.deal_view(0).unwrap();
    assert!(d.figures.is_some());
    assert_eq!(d.score().map(Vec::len), Some(3));
    assert_eq!(d.game_over.unwrap().winners, vec![Who::P2]);
    let games = r.game_views();
    assert_eq!(games[0].winners, vec![Who::P2]);
    assert_eq!(games[0].side(), None);
    assert_eq!(
        r.tally_view(),
        cols(&[(Who::P1, 0), (Who::P2, 1), (Who::P3, 0)])
    );
}

/// Gaigel, 4 strokes: A marks a V (Gigackel), B two I; the erasing phase; A clears its line
/// (the score sheet's sample).
const GAIGEL_ERASE: &str = r#"{"game":"gaigel","variant":"four","options":{"strokes":4},"deals":[
  {"points":{"A":0,"B":121},"tricks":{"A":0,"B":8},"out":"B"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"},
  {"points":{"A":64,"B":88},"melds":{"B":[20]},"tricks":{"A":4,"B":6},"out":"B"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"}
  ]}"#;

/// Gaigel of four, stroke tally of 4: every deal is a game won as a whole, the first a
/// Gigackel (002 "End of the Play": double "when the other side took no trick"); A clears
/// its line in the erasing phase and wins the match (003 "Scoring").
#[test]
fn gaigel_deals_are_games_won_on_the_stroke_sheet() {
    let r = report(GAIGEL_ERASE);
    assert_eq!(r.players(), 2);
    assert!(r.deals_are_games());
    assert!(!r.marks_are_bummerl());
    let first = r.deal_view(0).unwrap();
    assert_eq!(first.points, cols(&[(Who::A, 0), (Who::B, 121)]));
    assert_eq!(first.score(), None, "a Gaigel deal keeps no running score");
    let Scored::Won {
        winner,
        double,
        strokes,
        game_points,
    } = first.scored
    else {
        panic!("a Gaigel deal is won as a whole")
    };
    assert_eq!((winner, double), (Some(Who::B), true));
    assert_eq!(strokes, Some(cols(&[(Who::A, 2), (Who::B, 0)])));
    assert_eq!(game_points, None);
    assert_eq!(r.match_winner(), Some(Who::A));
    let last = r.last_deal_view().unwrap();
    assert_eq!(last.game_over.unwrap().winners, vec![Who::A]);
    let games = r.game_views();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].side(), Some(Side::A));
    assert_eq!(r.tally_view()[0], (Who::A, 0), "A's line is cleared");
}

/// Gaigel of three under SKV Rutesheim: each deal's game points per player, 9 shared (002,
/// last paragraph; docs/rules/gaigel.md, section 6), and no stroke sheet to win.
#[test]
fn rutesheim_deals_carry_game_points_per_player() {
    let r = report(
        r#"{"game": "gaigel", "variant": "three", "options": {"scoring": "rutesheim"},
        "deals": [{"points": {"P1": 45, "P2": 104, "P3": 61}, "tricks": {"P1": 3, "P2": 6, "P3": 4},
        "out": "P2"}]}"#,
    );
    assert_eq!(r.players(), 3);
    let d = r.deal_view(0).unwrap();
    assert_eq!(
        d.points,
        cols(&[(Who::P1, 45), (Who::P2, 104), (Who::P3, 61)])
    );
    let Scored::Won {
        winner,
        strokes,
        game_points: Some(game_points),
        ..
    } = d.scored
    else {
        panic!("Rutesheim deals carry game points")
    };
    assert_eq!((winner, strokes), (Some(Who::P2), None));
    assert_eq!(game_points.iter().map(|(_, p)| p).sum::<i64>(), 9);
    assert_eq!(
        r.tally_view(),
        game_points,
        "the tally sums the game points"
    );
    assert_eq!(r.match_winner(), None);
}

#[test]
fn names_read_as_sides_or_players() {
    assert_eq!(Who::A.side(), Some(Side::A));
    assert_eq!(Who::P2.side(), None);
    assert_eq!(Who::named("P3"), Some(Who::P3));
    assert_eq!(Who::named("C"), None);
    assert_eq!(as_pair(&pair(&Pair::new(3_u32, 4))), Some(Pair::new(3, 4)));
    assert_eq!(as_pair(&trio(&Trio::from_array([1_u32, 2, 3]))), None);
}
