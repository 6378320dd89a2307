//! Who wins a Gaigel deal, and how high (contract 7.1; rules 002 "End of the Play",
//! 003 "End of the game").
//!
//! A side's count is its card points plus its melds. "Aus!" with 101 or more wins a single
//! game, a double (Gigackel) when the others took no trick; "Aus!" below 101 is untergaigeln
//! and the others win double; a side caught übergaigeln loses double; five Sevens win a single
//! game (002 "Five Sevens"); a deal played to the end goes to the higher count (003: "the
//! winner is the player with the most points"), and in `three` the lowest count loses.
//! When several of `five_sevens`, `overgaigel` and `out` are written, the first in that order
//! decides (each one ends the deal where it happens; kartl's reading, see docs/rules/gaigel.md).

use super::super::common::{ErrorCode, RuleError};
use super::input::{Deal, Rules, Sevens, ThreeStrokes};
use super::validate::{count, name};

/// How the deal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The side showed five Sevens (or completed Auf Dissle).
    FiveSevens(usize),
    /// The side was caught übergaigeln: playing on with 101 or more.
    Overgaigel(usize),
    /// The side called "Aus!" below 101: untergaigeln.
    Untergaigel(usize),
    /// The side called "Aus!" with 101 or more.
    Out(usize),
    /// All tricks were played and no one called "Aus!".
    PlayedOut,
}

/// What every scoring needs from a deal: the counts, how it ended and the finishing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deal71 {
    /// Sides at the table (2, or 3 in `three`).
    pub sides: usize,
    /// Each side's count: card points plus melds.
    pub counts: [u32; 3],
    pub end: End,
    /// The sides best first: who went out or showed five Sevens, then by count, then by the
    /// cut; a side caught über- or untergaigeln last. Only the first `sides` entries count.
    pub order: [usize; 3],
    /// `tied[k]`: `order[k]` and `order[k + 1]` have equal counts and no cut between them.
    pub tied: [bool; 2],
    /// Each side's group in the order: 0 went out or showed five Sevens, 2 über- or
    /// untergaigelt, 1 the rest.
    pub groups: [u8; 3],
    /// Each side's place in the cut, if it cut.
    pub cut: [Option<usize>; 3],
}

impl Deal71 {
    /// The error for a tie that matters, naming the tied sides.
    pub fn tie_error(&self, k: usize) -> RuleError {
        self.tie_error_between(self.order[k], self.order[k + 1])
    }

    /// Whether sides `x` and `y` stand equal: same group, same count, and not both in the cut.
    pub fn tied_between(&self, x: usize, y: usize) -> bool {
        self.groups[x] == self.groups[y]
            && self.counts[x] == self.counts[y]
            && !(self.cut[x].is_some() && self.cut[y].is_some())
    }

    /// The error for a tie between sides `x` and `y`.
    pub fn tie_error_between(&self, x: usize, y: usize) -> RuleError {
        let (a, b) = (name(self.sides, x), name(self.sides, y));
        let c = self.counts[x];
        RuleError::new(
            ErrorCode::TieNeedsCut,
            format!(
                "{a} und {b} haben beide {c}: das Abheben (cut) muss die Reihenfolge entscheiden."
            ),
            format!("{a} and {b} both count {c}: the cut must decide their order."),
        )
    }

    /// Where side `s` finished, 0 best.
    pub fn place(&self, s: usize) -> usize {
        self.order[..self.sides]
            .iter()
            .position(|&x| x == s)
            .unwrap_or(self.sides)
    }
}

/// Reads how a (validated) deal ended and orders its sides.
pub fn read(rules: &Rules, deal: &Deal) -> Deal71 {
    let sides = rules.variant.sides();
    let mut counts = [0; 3];
    for (s, c) in counts.iter_mut().enumerate().take(sides) {
        *c = count(deal, s);
    }
    let end = match (deal.five_sevens, deal.overgaigel, deal.out) {
        (Some(s), _, _) if rules.sevens != Sevens::None => End::FiveSevens(s),
        (_, Some(s), _) => End::Overgaigel(s),
        (_, _, Some(s)) if counts[s] >= 101 => End::Out(s),
        (_, _, Some(s)) => End::Untergaigel(s),
        _ => End::PlayedOut,
    };
    let group = |s: usize| match end {
        End::FiveSevens(x) | End::Out(x) if x == s => 0,
        End::Overgaigel(x) | End::Untergaigel(x) if x == s => 2,
        _ => 1,
    };
    let groups = [group(0), group(1), group(2)];
    let mut order = [0, 1, 2];
    let key = |s: usize| {
        (
            groups[s],
            u32::MAX - counts[s],
            deal.cut[s].unwrap_or(usize::MAX),
        )
    };
    order[..sides].sort_by_key(|&s| key(s));
    let mut d = Deal71 {
        sides,
        counts,
        end,
        order,
        tied: [false; 2],
        groups,
        cut: deal.cut,
    };
    for k in 0..sides - 1 {
        d.tied[k] = d.tied_between(order[k], order[k + 1]);
    }
    d
}

/// A deal's result on the stroke tally (7.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrokeResult {
    /// The deal's winner; `None` for a drawn deal, or in `three` when two players win
    /// because the third über- or untergaigelt.
    pub winner: Option<usize>,
    /// The sides that won the game (each erases in the erasing phase).
    pub winners: Vec<usize>,
    /// A double game (Gigackel): the (principal) loser loses double.
    pub double: bool,
    /// The sides that mark, worst first, with the strokes each marks (1, or 2 for a double).
    pub losers: Vec<(usize, u32)>,
    /// Under `three_player_strokes: both`: the two losers tied with no cut between them.
    pub losers_tied: bool,
}

/// Strokes for a loser: 2 when it lost double.
fn loss(d: &Deal71, deal: &Deal, s: usize) -> u32 {
    match d.end {
        End::FiveSevens(_) => 1,
        End::Overgaigel(x) | End::Untergaigel(x) if x == s => 2,
        _ if deal.tricks[s] == 0 => 2,
        _ => 1,
    }
}

/// Who wins and who marks on the stroke tally.
pub fn strokes(rules: &Rules, deal: &Deal, d: &Deal71) -> Result<StrokeResult, RuleError> {
    if d.sides == 2 {
        let winner = match d.end {
            End::FiveSevens(x) | End::Out(x) => Some(x),
            End::Overgaigel(x) | End::Untergaigel(x) => Some(1 - x),
            End::PlayedOut if d.tied[0] => None,
            End::PlayedOut => Some(d.order[0]),
        };
        return Ok(match winner {
            None => StrokeResult {
                winner: None,
                winners: vec![],
                double: false,
                losers: vec![],
                losers_tied: false,
            },
            Some(w) => {
                let strokes = loss(d, deal, 1 - w);
                StrokeResult {
                    winner: Some(w),
                    winners: vec![w],
                    double: strokes == 2,
                    losers: vec![(1 - w, strokes)],
                    losers_tied: false,
                }
            }
        });
    }
    let o = d.order;
    if let End::Overgaigel(x) | End::Untergaigel(x) = d.end {
        return Ok(StrokeResult {
            winner: None,
            winners: vec![o[0], o[1]],
            double: true,
            losers: vec![(x, 2)],
            losers_tied: false,
        });
    }
    if d.tied[0] {
        return Err(d.tie_error(0));
    }
    let losers = match rules.three_player_strokes {
        ThreeStrokes::Loser if d.tied[1] => return Err(d.tie_error(1)),
        ThreeStrokes::Loser => vec![(o[2], loss(d, deal, o[2]))],
        ThreeStrokes::Both => vec![(o[2], loss(d, deal, o[2])), (o[1], loss(d, deal, o[1]))],
    };
    Ok(StrokeResult {
        winner: Some(o[0]),
        winners: vec![o[0]],
        double: losers[0].1 == 2,
        losers,
        losers_tied: rules.three_player_strokes == ThreeStrokes::Both && d.tied[1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gaigel::input::Variant;

    fn two(points: [u32; 2], tricks: [u32; 2], out: Option<usize>) -> Deal {
        Deal {
            points: [points[0], points[1], 0],
            tricks: [tricks[0], tricks[1], 0],
            out,
            ..Deal::default()
        }
    }

    fn result(rules: &Rules, deal: &Deal) -> Result<StrokeResult, RuleError> {
        strokes(rules, deal, &read(rules, deal))
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
}
