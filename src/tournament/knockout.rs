//! Knockout finals for the best N after the rounds: seeding from the standings (1 meets N,
//! and 1 and 2 can meet only in the final), progression as results come in, and a match for
//! third place between the semi-final losers.

use super::standings::Row;
use crate::rules::Side;
use serde::Serialize;
use std::fmt;

/// A stage of the finals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    RoundOf16,
    QuarterFinal,
    SemiFinal,
    ThirdPlace,
    Final,
}

/// Why a bracket cannot be made or a result not recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KnockoutError {
    /// The finals take 2, 4, 8 or 16.
    Size(usize),
    /// Fewer entrants in the standings than places in the finals.
    TooFew(usize),
    /// Entrants of equal rank straddle the cut: a play-off or the organiser decides.
    TieAtCut(u32),
    /// No such match, or it does not have both entrants yet.
    NotReady(Stage, usize),
    /// A later match already has a result that depends on this one.
    AlreadyDecided(Stage, usize),
}

impl fmt::Display for KnockoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnockoutError::Size(n) => write!(f, "finals take 2, 4, 8 or 16, not {n}"),
            KnockoutError::TooFew(n) => write!(f, "only {n} entrants in the standings"),
            KnockoutError::TieAtCut(r) => write!(
                f,
                "entrants of rank {r} are equal across the cut: decide who goes on first"
            ),
            KnockoutError::NotReady(s, i) => write!(f, "{s:?} {i} has no two entrants yet"),
            KnockoutError::AlreadyDecided(s, i) => {
                write!(f, "{s:?} {i} leads to a match that already has a result")
            }
        }
    }
}

impl std::error::Error for KnockoutError {}

/// A match of the finals: side `A` is the better seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Match {
    pub stage: Stage,
    pub index: usize,
    pub a: Option<String>,
    pub b: Option<String>,
    pub winner: Option<Side>,
}

/// The bracket: seeds and the results so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bracket {
    seeds: Vec<String>,
    /// `results[k][i]`: the winner of match i of round k (round 0 is the first).
    results: Vec<Vec<Option<Side>>>,
    third: Option<Side>,
}

/// The seed numbers (from 1) in bracket order: 1 8 4 5 2 7 3 6 for eight.
pub fn seed_order(n: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < n {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m + 1 - s]).collect();
    }
    order
}

impl Bracket {
    /// A bracket of `seeds` (best first); 2, 4, 8 or 16 of them.
    pub fn new(seeds: Vec<String>) -> Result<Bracket, KnockoutError> {
        let n = seeds.len();
        if ![2, 4, 8, 16].contains(&n) {
            return Err(KnockoutError::Size(n));
        }
        let rounds = n.trailing_zeros() as usize;
        Ok(Bracket {
            seeds,
            results: (0..rounds).map(|k| vec![None; n >> (k + 1)]).collect(),
            third: None,
        })
    }

    /// The best `n` of the standings; refused when the cut falls inside a tie.
    pub fn from_standings(rows: &[Row], n: usize) -> Result<Bracket, KnockoutError> {
        if rows.len() < n {
            return Err(KnockoutError::TooFew(rows.len()));
        }
        if let (Some(last), Some(next)) = (n.checked_sub(1).and_then(|i| rows.get(i)), rows.get(n))
            && last.rank == next.rank
        {
            return Err(KnockoutError::TieAtCut(last.rank));
        }
        Bracket::new(rows.iter().take(n).map(|r| r.id.clone()).collect())
    }

    fn stage(&self, round: usize) -> Stage {
        match self.results.len() - round {
            1 => Stage::Final,
            2 => Stage::SemiFinal,
            3 => Stage::QuarterFinal,
            _ => Stage::RoundOf16,
        }
    }

    fn round_of(&self, stage: Stage) -> Option<usize> {
        (0..self.results.len()).find(|&k| self.stage(k) == stage)
    }

    /// Who plays in match `i` of round `k` (winner of the feeding matches, or the seeds).
    fn entrants(&self, k: usize, i: usize) -> (Option<String>, Option<String>) {
        if k == 0 {
            let order = seed_order(self.seeds.len());
            let seed = |j: usize| self.seeds.get(order[j] - 1).cloned();
            return (seed(2 * i), seed(2 * i + 1));
        }
        let from = |j: usize| self.winner(k - 1, j);
        (from(2 * i), from(2 * i + 1))
    }

    fn winner(&self, k: usize, i: usize) -> Option<String> {
        let (a, b) = self.entrants(k, i);
        match self.results[k][i]? {
            Side::A => a,
            Side::B => b,
        }
    }

    fn loser(&self, k: usize, i: usize) -> Option<String> {
        let (a, b) = self.entrants(k, i);
        match self.results[k][i]? {
            Side::A => b,
            Side::B => a,
        }
    }

    /// Every match, stage by stage, the final last (third place just before it).
    pub fn matches(&self) -> Vec<Match> {
        let mut out = Vec::new();
        let last = self.results.len() - 1;
        for (k, round) in self.results.iter().enumerate() {
            if k == last && last > 0 {
                out.push(Match {
                    stage: Stage::ThirdPlace,
                    index: 0,
                    a: self.loser(k - 1, 0),
                    b: self.loser(k - 1, 1),
                    winner: self.third,
                });
            }
            for (i, w) in round.iter().enumerate() {
                let (a, b) = self.entrants(k, i);
                out.push(Match {
                    stage: self.stage(k),
                    index: i,
                    a,
                    b,
                    winner: *w,
                });
            }
        }
        out
    }

    /// Records who won a match. A result may be corrected while the match it leads to has
    /// none yet.
    pub fn record(
        &mut self,
        stage: Stage,
        index: usize,
        winner: Side,
    ) -> Result<(), KnockoutError> {
        let ready = self
            .matches()
            .iter()
            .any(|m| m.stage == stage && m.index == index && m.a.is_some() && m.b.is_some());
        if !ready {
            return Err(KnockoutError::NotReady(stage, index));
        }
        if stage == Stage::ThirdPlace {
            self.third = Some(winner);
            return Ok(());
        }
        let k = self
            .round_of(stage)
            .ok_or(KnockoutError::NotReady(stage, index))?;
        let later = self
            .results
            .get(k + 1)
            .is_some_and(|r| r[index / 2].is_some())
            || (stage == Stage::SemiFinal && self.third.is_some());
        if later {
            return Err(KnockoutError::AlreadyDecided(stage, index));
        }
        self.results[k][index] = Some(winner);
        Ok(())
    }

    /// The final placings known so far: (1, winner), (2, finalist), (3, ...), (4, ...).
    pub fn placings(&self) -> Vec<(u32, String)> {
        let last = self.results.len() - 1;
        let mut out = Vec::new();
        out.extend(self.winner(last, 0).map(|w| (1, w)));
        out.extend(self.loser(last, 0).map(|l| (2, l)));
        if last > 0 {
            let a = self.loser(last - 1, 0);
            let b = self.loser(last - 1, 1);
            let (third, fourth) = match self.third {
                Some(Side::A) => (a, b),
                Some(Side::B) => (b, a),
                None => (None, None),
            };
            out.extend(third.map(|t| (3, t)));
            out.extend(fourth.map(|t| (4, t)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::standings::Column;

    fn ids(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("s{i}")).collect()
    }

    #[test]
    fn the_best_seed_meets_the_last_and_one_and_two_meet_only_in_the_final() {
        assert_eq!(seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(seed_order(4), [1, 4, 2, 3]);
        let b = Bracket::new(ids(8)).unwrap();
        let m = b.matches();
        assert_eq!(m[0].stage, Stage::QuarterFinal);
        assert_eq!(
            (m[0].a.as_deref(), m[0].b.as_deref()),
            (Some("s1"), Some("s8"))
        );
        assert_eq!(m.len(), 4 + 2 + 1 + 1);
        assert_eq!(Bracket::new(ids(6)).unwrap_err(), KnockoutError::Size(6));
    }

    #[test]
    fn winners_move_on_and_semi_final_losers_play_for_third_place() {
        let mut b = Bracket::new(ids(4)).unwrap();
        assert_eq!(
            b.record(Stage::Final, 0, Side::A),
            Err(KnockoutError::NotReady(Stage::Final, 0))
        );
        b.record(Stage::SemiFinal, 0, Side::A).unwrap(); // s1 beats s4
        b.record(Stage::SemiFinal, 1, Side::B).unwrap(); // s3 beats s2
        b.record(Stage::Final, 0, Side::B).unwrap(); // s3 wins
        b.record(Stage::ThirdPlace, 0, Side::B).unwrap(); // s2 beats s4
        let placings = b.placings();
        let p: Vec<(u32, &str)> = placings.iter().map(|(r, s)| (*r, s.as_str())).collect();
        assert_eq!(p, [(1, "s3"), (2, "s1"), (3, "s2"), (4, "s4")]);
        assert_eq!(
            b.record(Stage::SemiFinal, 0, Side::B),
            Err(KnockoutError::AlreadyDecided(Stage::SemiFinal, 0))
        );
    }

    #[test]
    fn the_cut_may_not_split_equal_ranks() {
        let row = |id: &str, rank: u32| Row {
            rank,
            id: id.into(),
            name: id.into(),
            points: 0,
            tiebreaks: vec![(Column::DealsWon, 0)],
        };
        let rows = [row("a", 1), row("b", 2), row("c", 2), row("d", 4)];
        assert_eq!(
            Bracket::from_standings(&rows, 2),
            Err(KnockoutError::TieAtCut(2))
        );
        assert!(Bracket::from_standings(&rows, 4).is_ok());
        assert_eq!(
            Bracket::from_standings(&rows, 8),
            Err(KnockoutError::TooFew(4))
        );
    }
}
