//! Who wins a Gaigel deal, and how high (contract 7.1; rules 002 "End of the Play",
//! 003 "End of the game").
//!
//! A side's count is its card points plus its melds. "Aus!" with 101 or more wins a single
//! game, a double (Gigackel) when the others took no trick; "Aus!" below 101 is untergaigeln
//! and the others win double; a side caught übergaigeln loses double; five Sevens win a single
//! game (002 "Five Sevens"), and so do five of a suit (002 "Five of a Suit"); a Dissle lost by
//! a trick loses a single game (003 "Auf Dissle"); a deal played to the end goes to the higher
//! count (003: "the winner is the player with the most points"), and in `three` the lowest
//! count loses. A side with no trick is *bare* (003: "A player who has not taken any tricks
//! and has not played auf Dissle, also gets Gigackel"): the side on Sevens never is.
//! When several of `five_sevens`, `overgaigel` and `out` are written, the first in that order
//! decides (each one ends the deal where it happens; kartl's reading, see docs/rules/gaigel.md);
//! a lost Dissle and five of a suit admit no second ending (`ending_invalid`).
//! Who marks on the stroke tally: [`super::strokes`].

use super::super::common::{ErrorCode, RuleError};
use super::input::{Deal, Rules, Sevens};
use super::options::name;

/// A side's count: card points plus melds (contract 7.1).
pub fn count(deal: &Deal, s: usize) -> u32 {
    deal.points[s].saturating_add(deal.melds[s].iter().fold(0u32, |a, m| a.saturating_add(*m)))
}

/// How the deal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The side showed five Sevens (or completed auf Dissle / auf Siebener).
    FiveSevens(usize),
    /// The side was caught übergaigeln: playing on with 101 or more.
    Overgaigel(usize),
    /// The side called "Aus!" below 101: untergaigeln.
    Untergaigel(usize),
    /// The side called "Aus!" with 101 or more.
    Out(usize),
    /// All tricks were played and no one called "Aus!".
    PlayedOut,
    /// The side showed five cards of one suit (option `auf_farbe`).
    Farbe(usize),
    /// The side's Dissle player took a trick: the Dissle is lost.
    DissleLost(usize),
}

impl End {
    /// The side that won by showing its cards (five Sevens or five of a suit): a single game,
    /// and nobody is bare for want of a trick (the cards were not played out).
    pub fn shown(self) -> Option<usize> {
        match self {
            End::FiveSevens(x) | End::Farbe(x) => Some(x),
            _ => None,
        }
    }

    /// The side that lost by its own fault: über-, untergaigeln or a lost Dissle.
    pub fn offender(self) -> Option<usize> {
        match self {
            End::Overgaigel(x) | End::Untergaigel(x) | End::DissleLost(x) => Some(x),
            _ => None,
        }
    }
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
    /// Each side took no trick and did not play on Sevens (003: it "also gets Gigackel").
    pub bare: [bool; 3],
}

impl Deal71 {
    /// The error for a tie that matters, naming the tied sides.
    pub fn tie_error(&self, k: usize) -> RuleError {
        self.tie_error_between(self.order[k], self.order[k + 1])
    }

    /// Whether sides `x` and `y` stand equal: same group, same count, both bare or neither,
    /// and not both in the cut.
    pub fn tied_between(&self, x: usize, y: usize) -> bool {
        self.groups[x] == self.groups[y]
            && self.bare[x] == self.bare[y]
            && self.counts[x] == self.counts[y]
            && !(self.cut[x].is_some() && self.cut[y].is_some())
    }

    /// The error for a tie between sides `x` and `y`.
    pub fn tie_error_between(&self, x: usize, y: usize) -> RuleError {
        let (a, b) = (name(self.sides, x), name(self.sides, y));
        let c = self.counts[x];
        RuleError::new(
            ErrorCode::TieNeedsCut,
            format!("{a} und {b} haben beide {c}: das Abheben muss die Reihenfolge entscheiden."),
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

/// How a (validated) deal ended; endings written together decide in this order (the
/// validation refuses a lost Dissle or five of a suit beside another ending).
fn ending(rules: &Rules, deal: &Deal, counts: &[u32; 3]) -> End {
    if let Some(s) = deal.five_sevens.filter(|_| rules.sevens != Sevens::None) {
        return End::FiveSevens(s);
    }
    if let Some(s) = deal.farbe {
        return End::Farbe(s);
    }
    if let Some(s) = deal.dissle.filter(|_| deal.dissle_trick) {
        return End::DissleLost(s);
    }
    match (deal.overgaigel, deal.out) {
        (Some(s), _) => End::Overgaigel(s),
        (_, Some(s)) if counts[s] >= 101 => End::Out(s),
        (_, Some(s)) => End::Untergaigel(s),
        _ => End::PlayedOut,
    }
}

/// Reads how a (validated) deal ended and orders its sides.
pub fn read(rules: &Rules, deal: &Deal) -> Deal71 {
    let sides = rules.variant.sides();
    let mut counts = [0; 3];
    for (s, c) in counts.iter_mut().enumerate().take(sides) {
        *c = count(deal, s);
    }
    let end = ending(rules, deal, &counts);
    let group = |s: usize| match end {
        End::Out(x) if x == s => 0,
        _ if end.shown() == Some(s) => 0,
        _ if end.offender() == Some(s) => 2,
        _ => 1,
    };
    let groups = [group(0), group(1), group(2)];
    let mut bare = [false; 3];
    for (s, b) in bare.iter_mut().enumerate().take(sides) {
        *b = deal.tricks[s] == 0 && deal.dissle != Some(s);
    }
    let mut order = [0, 1, 2];
    // A bare side finishes below one with a trick of equal count (a trick worth 0).
    let key = |s: usize| {
        (
            groups[s],
            u32::MAX - counts[s],
            bare[s],
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
        bare,
    };
    for k in 0..sides - 1 {
        d.tied[k] = d.tied_between(order[k], order[k + 1]);
    }
    d
}
