//! The stroke tally (Strich; contract 7.3; rules 002, the score-keeping paragraphs, and
//! 003 "Scoring").
//!
//! `options.strokes` strokes (default 10) start in the pool. Marking phase: each game's losers
//! mark 1 stroke (Strich), 2 for a double (a V, Gigackel), never more than the pool still holds
//! (002: "if 9 strokes [are] marked, the next deal cannot be a double game": such a deal reads
//! `"double": false`). When the pool is empty the erasing phase begins: each game's winners
//! erase 1 stroke, 2 for a double. The first side to clear its line wins the match; a side
//! that holds no stroke when the erasing phase begins has won at once (kartl's reading). A
//! deal after the match is `game_over`.
//! With three players (`three`), several losers mark worst first, and when several lines clear
//! at once the one placed best in that deal wins (kartl's readings, docs/rules/gaigel.md).

use super::super::common::{ErrorCode, RuleError};
use super::outcome::Deal71;
use super::strokes::StrokeResult;
use serde::Serialize;

/// The two phases of a stroke match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Losers mark strokes until the pool is empty.
    Mark,
    /// Winners erase their strokes until one line is clear.
    Erase,
}

/// The score sheet: the strokes standing on each line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Sides with a line (2, or 3 in `three`).
    pub sides: usize,
    /// Strokes in the pool at the start of the match.
    pub pool: u32,
    /// Strokes standing on each line.
    pub lines: [u32; 3],
    pub phase: Phase,
    /// The side that cleared its line and won the match.
    pub winner: Option<usize>,
}

impl Tally {
    /// An empty sheet with `pool` strokes in the pool.
    pub fn new(sides: usize, pool: u32) -> Tally {
        Tally {
            sides,
            pool,
            lines: [0; 3],
            phase: Phase::Mark,
            winner: None,
        }
    }

    /// Strokes still in the pool during the marking phase.
    pub fn left(&self) -> u32 {
        match self.phase {
            Phase::Mark => self.pool.saturating_sub(self.lines.iter().sum()),
            Phase::Erase => 0,
        }
    }

    /// `game_over` once a line is cleared: the match is won and no deal may follow.
    pub fn check_open(&self) -> Result<(), RuleError> {
        match self.winner {
            Some(_) => Err(RuleError::new(
                ErrorCode::GameOver,
                "Die Partie ist schon gewonnen (eine Linie ist sauber): hier zählt kein Spiel mehr.",
                "The match is already won (a line has been cleared): no further deal counts.",
            )),
            None => Ok(()),
        }
    }

    /// The strokes each loser marks in the marking phase, worst first: what the result wants,
    /// but never more than the pool still holds (002: "if 9 tokens have been given or 9
    /// strokes marked, the next deal cannot be a double game"). Empty in the erasing phase.
    pub fn marked(&self, r: &StrokeResult) -> Vec<(usize, u32)> {
        if self.phase == Phase::Erase {
            return Vec::new();
        }
        let mut left = self.left();
        r.losers
            .iter()
            .map(|&(s, n)| {
                let n = n.min(left);
                left -= n;
                (s, n)
            })
            .collect()
    }

    /// Whether the deal is a double game on this sheet: in the marking phase only when some
    /// loser really marks 2 (a capped Gigackel is a single game), in the erasing phase as
    /// the result says (the winners erase 2).
    pub fn double(&self, r: &StrokeResult) -> bool {
        match self.phase {
            Phase::Mark => self.marked(r).iter().any(|&(_, n)| n == 2),
            Phase::Erase => r.double,
        }
    }

    /// The sheet after one deal; `self` stays as it was when the deal breaks a rule.
    pub fn apply(&self, d: &Deal71, r: &StrokeResult) -> Result<Tally, RuleError> {
        self.check_open()?;
        let mut next = *self;
        match self.phase {
            Phase::Mark => {
                let wanted: u32 = r.losers.iter().map(|l| l.1).sum();
                if r.losers_tied && wanted > self.left() {
                    // The pool cannot take both losers' strokes: which marks first matters.
                    return Err(d.tie_error(1));
                }
                for (s, n) in self.marked(r) {
                    next.lines[s] += n;
                }
                if next.left() == 0 {
                    next.phase = Phase::Erase;
                    next.winner = best(d, (0..self.sides).filter(|&s| next.lines[s] == 0))?;
                }
            }
            Phase::Erase => {
                let erase = if r.double { 2 } else { 1 };
                for &w in &r.winners {
                    next.lines[w] = next.lines[w].saturating_sub(erase);
                }
                let cleared = r.winners.iter().copied().filter(|&w| next.lines[w] == 0);
                next.winner = best(d, cleared)?;
            }
        }
        Ok(next)
    }

    /// The strokes still standing on the losers' lines once the match is won.
    pub fn marks(&self) -> u32 {
        (0..self.sides)
            .filter(|&s| Some(s) != self.winner)
            .map(|s| self.lines[s])
            .sum()
    }
}

/// Of several sides, the one placed best in the deal; a tie between the best two needs the cut.
fn best(d: &Deal71, sides: impl Iterator<Item = usize>) -> Result<Option<usize>, RuleError> {
    let mut found: Vec<usize> = sides.collect();
    found.sort_by_key(|&s| d.place(s));
    if found.len() > 1 && d.tied_between(found[0], found[1]) {
        return Err(d.tie_error_between(found[0], found[1]));
    }
    Ok(found.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gaigel::outcome::End;

    fn two_sided(winner: usize, double: bool) -> (Deal71, StrokeResult) {
        let d = Deal71 {
            sides: 2,
            counts: [0; 3],
            end: End::PlayedOut,
            order: [winner, 1 - winner, 2],
            tied: [false; 2],
            groups: [1; 3],
            cut: [None; 3],
            bare: [false; 3],
        };
        let r = StrokeResult {
            winner: Some(winner),
            winners: vec![winner],
            double,
            losers: vec![(1 - winner, if double { 2 } else { 1 })],
            losers_tied: false,
        };
        (d, r)
    }

    fn play(t: Tally, winner: usize, double: bool) -> Result<Tally, RuleError> {
        let (d, r) = two_sided(winner, double);
        t.apply(&d, &r)
    }

    #[test]
    fn with_nine_marked_a_double_marks_one_and_erasing_begins() {
        let mut t = Tally::new(2, 10);
        for _ in 0..4 {
            t = play(t, 1, true).unwrap();
        }
        t = play(t, 0, false).unwrap();
        assert_eq!((t.lines, t.phase), ([8, 1, 0], Phase::Mark));
        // 9 marked: a Gigackel marks only the one stroke left, and the pool is empty.
        t = play(t, 1, true).unwrap();
        assert_eq!(
            (t.lines, t.phase, t.winner),
            ([9, 1, 0], Phase::Erase, None)
        );
        // Erasing: the winners erase, 2 for a double.
        t = play(t, 0, true).unwrap();
        assert_eq!(t.lines, [7, 1, 0]);
        t = play(t, 1, false).unwrap();
        assert_eq!((t.lines, t.winner), ([7, 0, 0], Some(1)));
    }

    #[test]
    fn the_first_side_to_clear_its_line_wins_and_then_the_match_is_over() {
        let mut t = Tally::new(2, 3);
        t = play(t, 0, false).unwrap();
        t = play(t, 1, true).unwrap();
        assert_eq!(
            (t.lines, t.phase, t.winner),
            ([2, 1, 0], Phase::Erase, None)
        );
        t = play(t, 1, false).unwrap();
        assert_eq!((t.lines, t.winner), ([2, 0, 0], Some(1)));
        assert_eq!(t.marks(), 2);
        assert_eq!(play(t, 0, false).unwrap_err().code, ErrorCode::GameOver);
    }

    #[test]
    fn a_clean_sheet_when_erasing_begins_wins_at_once() {
        let mut t = Tally::new(2, 5);
        for _ in 0..3 {
            t = play(t, 0, false).unwrap();
        }
        t = play(t, 0, true).unwrap();
        assert_eq!(
            (t.lines, t.phase, t.winner),
            ([0, 5, 0], Phase::Erase, Some(0))
        );
    }
}
