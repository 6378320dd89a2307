//! Who wins a Gaigel deal and who marks on the stroke tally (contract 7.1, 7.3 and 7.4
//! `three_player_strokes`; rules 002 "End of the Play" and "Three players", 003 "End of the
//! game").
//!
//! Two sides: the loser marks 1, 2 for a double: über- or untergaigeln, or a bare loser (no
//! trick, not on Sevens); five Sevens, five of a suit and a lost Dissle are single games.
//! Three players (003: "A player who has not taken any tricks and has not played auf Dissle,
//! also gets Gigackel. Otherwise the loser of the game is the player who has scored the fewest
//! points"): every bare player marks 2; with none, the lowest count marks (or, option `both`,
//! both non-winners). A player who über- or untergaigelt (2) or lost the Dissle (1) marks, and
//! so does every bare player beside it, unless both others are bare (then both win). After
//! five Sevens or five of a suit nobody is bare: the cards were not played out.

use super::super::common::RuleError;
use super::input::{Rules, ThreeStrokes};
use super::options::DissleLost;
use super::outcome::{Deal71, End};

/// A deal's result on the stroke tally (7.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrokeResult {
    /// The deal's winner; `None` for a drawn deal, or in `three` when two players win
    /// because the third über- or untergaigelt or lost the Dissle.
    pub winner: Option<usize>,
    /// The sides that won the game (each erases in the erasing phase).
    pub winners: Vec<usize>,
    /// A double game (Gigackel): some loser loses double.
    pub double: bool,
    /// The sides that mark, worst first, with the strokes each marks (1, or 2 for a double).
    pub losers: Vec<(usize, u32)>,
    /// Two losers tied with no cut between them: which marks first matters when the pool
    /// cannot take both.
    pub losers_tied: bool,
}

/// Strokes for a loser: 2 when it lost double.
fn loss(rules: &Rules, d: &Deal71, s: usize) -> u32 {
    match d.end {
        _ if d.end.shown().is_some() => 1,
        End::DissleLost(x) if x == s => match rules.dissle_lost {
            DissleLost::Single => 1,
            DissleLost::Double => 2,
        },
        End::Overgaigel(x) | End::Untergaigel(x) if x == s => 2,
        _ if d.bare[s] => 2,
        _ => 1,
    }
}

fn result(winners: Vec<usize>, losers: Vec<(usize, u32)>, losers_tied: bool) -> StrokeResult {
    StrokeResult {
        winner: (winners.len() == 1).then(|| winners[0]),
        winners,
        double: losers.iter().any(|l| l.1 == 2),
        losers,
        losers_tied,
    }
}

/// Who wins and who marks on the stroke tally.
pub fn strokes(rules: &Rules, d: &Deal71) -> Result<StrokeResult, RuleError> {
    if d.sides == 2 {
        let winner = match d.end {
            End::FiveSevens(x) | End::Farbe(x) | End::Out(x) => Some(x),
            End::Overgaigel(x) | End::Untergaigel(x) | End::DissleLost(x) => Some(1 - x),
            End::PlayedOut if d.tied[0] => None,
            End::PlayedOut => Some(d.order[0]),
        };
        return Ok(match winner {
            None => result(vec![], vec![], false),
            Some(w) => result(vec![w], vec![(1 - w, loss(rules, d, 1 - w))], false),
        });
    }
    let o = d.order;
    if let Some(x) = d.end.offender() {
        // The offender finishes last; of the two others, the bare ones get a Gigackel too,
        // unless both are bare (someone must win the game).
        let mut bare: Vec<usize> = [o[1], o[0]].into_iter().filter(|&s| d.bare[s]).collect();
        if bare.len() == 2 {
            bare.clear();
        }
        let winners = [o[0], o[1]]
            .into_iter()
            .filter(|s| !bare.contains(s))
            .collect();
        let mut losers = vec![(x, loss(rules, d, x))];
        losers.extend(bare.into_iter().map(|s| (s, 2)));
        return Ok(result(winners, losers, false));
    }
    if d.tied[0] {
        return Err(d.tie_error(0));
    }
    let bare: Vec<usize> = match d.end.shown() {
        Some(_) => vec![],
        None => [o[2], o[1]].into_iter().filter(|&s| d.bare[s]).collect(),
    };
    let losers = match rules.three_player_strokes {
        ThreeStrokes::Both => vec![(o[2], loss(rules, d, o[2])), (o[1], loss(rules, d, o[1]))],
        ThreeStrokes::Loser if !bare.is_empty() => bare.into_iter().map(|s| (s, 2)).collect(),
        ThreeStrokes::Loser if d.tied[1] => return Err(d.tie_error(1)),
        ThreeStrokes::Loser => vec![(o[2], loss(rules, d, o[2]))],
    };
    let tied = losers.len() == 2 && d.tied[1];
    Ok(result(vec![o[0]], losers, tied))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::common::ErrorCode;
    use crate::rules::gaigel::input::{Deal, Sevens, Variant};
    use crate::rules::gaigel::outcome::read;

    fn two(points: [u32; 2], tricks: [u32; 2], out: Option<usize>) -> Deal {
        Deal {
            points: [points[0], points[1], 0],
            tricks: [tricks[0], tricks[1], 0],
            out,
            ..Deal::default()
        }
    }

    fn result(rules: &Rules, deal: &Deal) -> Result<StrokeResult, RuleError> {
        strokes(rules, &read(rules, deal))
    }

    #[test]
    fn aus_with_101_wins_single_and_gigackel_when_the_others_took_nothing() {
        let r = Rules::default();
        let s = result(&r, &two([110, 50], [7, 3], Some(0))).unwrap();
        assert_eq!(
            (s.winner, s.double, s.losers.clone()),
            (Some(0), false, vec![(1, 1)])
        );
        let s = result(&r, &two([0, 121], [0, 8], Some(1))).unwrap();
        assert_eq!((s.winner, s.double), (Some(1), true));
    }

    #[test]
    fn untergaigeln_and_overgaigeln_lose_double() {
        let r = Rules::default();
        let s = result(&r, &two([97, 70], [6, 4], Some(0))).unwrap();
        assert_eq!(
            (s.winner, s.double, s.losers.clone()),
            (Some(1), true, vec![(0, 2)])
        );
        let mut d = two([105, 70], [6, 4], None);
        d.overgaigel = Some(0);
        let s = result(&r, &d).unwrap();
        assert_eq!((s.winner, s.double), (Some(1), true));
    }

    #[test]
    fn played_to_the_end_the_higher_count_wins_and_a_tie_is_a_draw() {
        let r = Rules::default();
        let s = result(&r, &two([100, 140], [5, 7], None)).unwrap();
        assert_eq!((s.winner, s.double), (Some(1), false));
        let s = result(&r, &two([120, 120], [6, 6], None)).unwrap();
        assert_eq!(s.winner, None);
        assert!(s.losers.is_empty());
    }

    #[test]
    fn in_three_the_lowest_count_marks_and_a_tie_for_it_needs_the_cut() {
        let r = Rules {
            variant: Variant::Three,
            ..Rules::default()
        };
        let mut d = Deal {
            points: [40, 110, 40],
            tricks: [3, 9, 4],
            ..Deal::default()
        };
        assert_eq!(result(&r, &d).unwrap_err().code, ErrorCode::TieNeedsCut);
        d.cut = [Some(1), None, Some(0)];
        let s = result(&r, &d).unwrap();
        assert_eq!((s.winner, s.losers.clone()), (Some(1), vec![(0, 1)]));
        let both = Rules {
            three_player_strokes: ThreeStrokes::Both,
            ..r
        };
        let s = result(&both, &d).unwrap();
        assert_eq!(s.losers, vec![(0, 1), (2, 1)]);
    }

    fn three(points: [u32; 3], tricks: [u32; 3], out: Option<usize>) -> Deal {
        Deal {
            points,
            tricks,
            out,
            ..Deal::default()
        }
    }

    #[test]
    fn in_three_a_bare_player_marks_a_gigackel_beside_the_untergaigler() {
        // 003 "End of the game": "A player who has not taken any tricks and has not played
        // auf Dissle, also gets Gigackel." P2 calls Aus with 90, P3 took no trick: P1 wins.
        let r = Rules {
            variant: Variant::Three,
            ..Rules::default()
        };
        let s = result(&r, &three([60, 90, 0], [4, 6, 0], Some(1))).unwrap();
        assert_eq!(
            (s.winner, s.winners.clone(), s.losers.clone(), s.double),
            (Some(0), vec![0], vec![(1, 2), (2, 2)], true)
        );
        // Both others bare (Aus at once): nobody else can win, so both win and only P2 marks.
        let s = result(&r, &three([11, 0, 0], [1, 0, 0], Some(0))).unwrap();
        assert_eq!((s.winner, s.losers.clone()), (None, vec![(0, 2)]));
    }

    #[test]
    fn in_three_two_bare_players_both_mark_two_without_a_cut() {
        let r = Rules {
            variant: Variant::Three,
            ..Rules::default()
        };
        let s = result(&r, &three([121, 0, 0], [9, 0, 0], Some(0))).unwrap();
        assert_eq!(s.losers, vec![(2, 2), (1, 2)]);
        assert!(
            s.losers_tied,
            "the cut matters only when the pool runs short"
        );
    }

    #[test]
    fn a_side_on_sevens_is_never_bare() {
        let r = Rules {
            sevens: Sevens::AufDissle,
            ..Rules::default()
        };
        let mut d = two([0, 121], [0, 8], Some(1));
        d.dissle = Some(0);
        let s = result(&r, &d).unwrap();
        assert_eq!(
            (s.winner, s.double, s.losers),
            (Some(1), false, vec![(0, 1)])
        );
        // A Dissle lost by a trick loses a single game.
        let mut d = two([0, 11], [1, 1], None);
        d.dissle = Some(1);
        d.dissle_trick = true;
        let s = result(&r, &d).unwrap();
        assert_eq!(
            (s.winner, s.double, s.losers),
            (Some(0), false, vec![(1, 1)])
        );
    }
}
