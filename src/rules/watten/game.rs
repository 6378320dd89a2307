//! A Watten game across deals: the running score, the end of a game, and the Bummerl
//! (contract 6.4; rules text, Tyrolean "scoresheet with Bummerle" section).
//!
//! - A side that reaches the target (15 "or more") wins; points beyond the target are kept
//!   ("possible to win ... by scoring more than 2 points in the last hand").
//! - The losers receive a Bummerl (1 mark); Schneider, the losers have 0 points: 2 marks;
//!   reverse Schneider, "a team which has scored nothing when their opponents are gestrichen
//!   subsequently goes on to win": 4 marks (Tyrolean only).
//! - Bavarian: 1 per game, Schneider (2) only with option `schneider` (contract 6.4).
//! - The next deal starts a new game at 0:0 (contract 3).

use super::ruleset::{Family, RuleSet};
use crate::rules::common::{Pair, Side};

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub winner: Side,
    pub score: Pair<u32>,
    /// Bummerl drawn over the losers' column.
    pub marks: u32,
}

/// The game in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    pub score: Pair<u32>,
    /// Reverse Schneider: the side had 0 points at a moment its opponents were gestrichen.
    zero_against_gestrichen: Pair<bool>,
}

impl Game {
    pub fn new(rules: &RuleSet, score: Pair<u32>) -> Game {
        let mut game = Game {
            score,
            zero_against_gestrichen: Pair::default(),
        };
        game.note(rules);
        game
    }

    /// Remembers the reverse Schneider situation; scores change only between deals, so
    /// noting it at the start of every deal sees every moment of the game.
    fn note(&mut self, rules: &RuleSet) {
        if rules.family != Family::Tyrolean {
            return;
        }
        for side in Side::BOTH {
            if *self.score.get(side) == 0 && rules.is_marked(*self.score.get(side.other())) {
                *self.zero_against_gestrichen.get_mut(side) = true;
            }
        }
    }

    /// Scores one deal; when it ends the game, returns how, and starts the next at 0:0.
    pub fn score_deal(&mut self, rules: &RuleSet, scorer: Side, points: u32) -> Option<GameEnd> {
        let total = self.score.get_mut(scorer);
        *total = total.saturating_add(points);
        if *self.score.get(scorer) < rules.target {
            self.note(rules);
            return None;
        }
        let loser = scorer.other();
        let marks = if !rules.schneider {
            1
        } else if rules.family == Family::Tyrolean && *self.zero_against_gestrichen.get(scorer) {
            4
        } else if *self.score.get(loser) == 0 {
            2
        } else {
            1
        };
        let end = GameEnd {
            winner: scorer,
            score: self.score,
            marks,
        };
        *self = Game::new(rules, Pair::default());
        Some(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::watten::input::{RawOptions, Variant};

    fn rules(variant: Variant, schneider: Option<bool>) -> RuleSet {
        let o = RawOptions {
            schneider,
            ..RawOptions::default()
        };
        RuleSet::new(variant, None, o).unwrap()
    }

    #[test]
    fn a_game_ends_at_the_target_and_keeps_the_overshoot() {
        let r = rules(Variant::Tyrolean, None);
        let mut g = Game::new(&r, Pair::new(13, 2));
        let end = g.score_deal(&r, Side::A, 3).unwrap();
        assert_eq!(
            (end.winner, end.score, end.marks),
            (Side::A, Pair::new(16, 2), 1)
        );
        assert_eq!(g.score, Pair::new(0, 0));
    }

    #[test]
    fn schneider_and_reverse_schneider() {
        let r = rules(Variant::Tyrolean, None);
        let mut g = Game::new(&r, Pair::new(12, 0));
        assert_eq!(g.score_deal(&r, Side::A, 3).unwrap().marks, 2);
        let mut g = Game::new(&r, Pair::new(0, 13));
        assert_eq!(g.score_deal(&r, Side::A, 3), None);
        assert_eq!(g.score_deal(&r, Side::A, 12).unwrap().marks, 4);
        // 0 against 12 is not gestrichen: no reverse Schneider.
        let mut g = Game::new(&r, Pair::new(0, 12));
        assert_eq!(g.score_deal(&r, Side::A, 15).unwrap().marks, 1);
    }

    #[test]
    fn bavarian_counts_one_unless_schneider_is_chosen() {
        let r = rules(Variant::Bavarian, None);
        let mut g = Game::new(&r, Pair::new(10, 0));
        assert_eq!(g.score_deal(&r, Side::A, 2).unwrap().marks, 1);
        let r = rules(Variant::Bavarian, Some(true));
        let mut g = Game::new(&r, Pair::new(0, 10));
        g.score_deal(&r, Side::A, 2);
        assert_eq!(g.score_deal(&r, Side::B, 2).unwrap().marks, 1);
        let mut g = Game::new(&r, Pair::new(10, 0));
        assert_eq!(g.score_deal(&r, Side::A, 2).unwrap().marks, 2);
    }
}
