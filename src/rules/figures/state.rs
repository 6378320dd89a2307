//! The state of one deal: each figure's value, bets and winner, the trump, the cards shown
//! and the decider, with what the rules read from it (points won, gestrichen, an open bet,
//! complete). Events change it only in `deal.rs` (`apply`), which calls `betting.rs` and
//! `show.rs`; they and `scoring.rs` read it from here, so none of them imports `deal.rs`.
//!
//! Implements the state side of contract 3.1 (figure values, when a deal is complete) and
//! 5.4 (gestrichen, when the decider is due).

use super::cards::{Card, Suit, Variant};
use super::figure::Figure;
use crate::rules::common::{ErrorCode, Pair, RuleError, Side};

/// A figure's value: 1 to 7, and [`AUS`] for Spiel aus (the bet after 7).
pub type Value = u8;
/// Spiel aus: whoever wins a held Spiel aus wins the game.
pub const AUS: Value = 8;

/// What the engine knows about the game when a deal starts.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    pub variant: Variant,
    pub target: u32,
    /// The game's score before this deal.
    pub score: Pair<i64>,
    /// `options.opponents_exchange` (Eichelperlaggen only): the Imst and Tarrenz variant, in
    /// which the dealer's opponents exchange once the dealer's team cannot.
    pub opponents_exchange: bool,
}

impl Ctx {
    pub fn target(&self) -> i64 {
        i64::from(self.target)
    }
}

/// One figure during a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FigureState {
    /// The accepted value (1 unseen .. 7, [`AUS`]).
    pub value: Value,
    /// A bet by this side awaits its answer; it proposes `value + 1`.
    pub pending: Option<Side>,
    /// The side that made the last bet (or raise) on this figure.
    pub last_bettor: Option<Side>,
    /// When the figure was first bet on (event sequence number), for ordered scoring.
    pub first_bet: Option<u32>,
    /// When it was called good (gut), for ordered scoring.
    pub conceded: Option<u32>,
    /// Settled: by a good, three tricks, the show or the decider.
    pub decided: bool,
    /// Who won it on the table; `None` when it stands or no one has one.
    pub winner: Option<Side>,
    /// Sides of which a player bet on, held or raised it (and so must show an example).
    pub involved: [bool; 2],
    /// Sides of which that player failed to show an example (unshown), and whether the
    /// other side could show one.
    pub unshown: [Option<bool>; 2],
    /// Per side, the seats named by its failed shows (bit 1: seat 1, bit 2: seat 2); 0 where
    /// the record named no seat (docs/rules/figures.md, "Whose cards").
    pub unshown_seats: [u8; 2],
    /// Per side, the seats whose own cards formed the figure in the show (same bits).
    pub shown_seats: [u8; 2],
    /// Sides the show proves to have an example of the figure: the side it went to, both
    /// sides when it stood (equal best figures), any side that showed cards forming it.
    pub can_show: [bool; 2],
}

impl FigureState {
    fn new() -> Self {
        FigureState {
            value: 1,
            ..Default::default()
        }
    }

    /// Never bet on and not settled (ungesehen).
    pub fn unseen(&self) -> bool {
        self.first_bet.is_none() && !self.decided
    }
}

/// How the decider rule (contract 5.4) stands in this deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    /// Not applied (yet).
    NotApplied,
    /// Applied and found nothing: the Spiel decides, Gleich and Hanger score nothing.
    Nothing,
    /// Won the game for this side, by this figure when the record says which.
    Won(Side, Option<Figure>),
}

/// A shown physical card: who showed it (the side, and the seat where the record names
/// one) and what it was baptised as.
pub type ShownMark = Option<(Side, Option<u8>, Option<Card>)>;

/// The deal so far. Small and `Copy`: applying an event copies it, nothing is allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealState {
    pub figures: [FigureState; 3],
    pub trump: Option<Suit>,
    /// Events applied so far (sequence numbers for the ordered scoring).
    pub seq: u32,
    /// Every physical card shown in this deal, by card id.
    pub shown: [ShownMark; 36],
    pub decider: Decider,
}

impl Default for DealState {
    fn default() -> Self {
        DealState {
            figures: [FigureState::new(); 3],
            trump: None,
            seq: 0,
            shown: [None; 36],
            decider: Decider::NotApplied,
        }
    }
}

pub fn err(code: ErrorCode, de: impl Into<String>, en: impl Into<String>) -> RuleError {
    RuleError::new(code, de, en)
}

/// "Seite A" / "side A".
pub fn side_names(s: Side) -> (String, String) {
    (format!("Seite {s}"), format!("side {s}"))
}

impl DealState {
    pub fn fig(&self, f: Figure) -> &FigureState {
        &self.figures[f.index()]
    }

    pub fn fig_mut(&mut self, f: Figure) -> &mut FigureState {
        &mut self.figures[f.index()]
    }

    /// Points a side has already won in this deal (conceded to it, three tricks, the show);
    /// a won Spiel aus counts as the whole target.
    pub fn won(&self, ctx: &Ctx, side: Side) -> i64 {
        self.won_where(ctx, side, |_| true)
    }

    /// Points of the figures the side has won in this deal that pass `keep`.
    fn won_where(&self, ctx: &Ctx, side: Side, keep: fn(&FigureState) -> bool) -> i64 {
        self.figures
            .iter()
            .filter(|f| f.decided && f.winner == Some(side) && keep(f))
            .map(|f| {
                if f.value == AUS {
                    ctx.target()
                } else {
                    i64::from(f.value)
                }
            })
            .sum()
    }

    /// The side's score counting what it has won in this deal.
    pub fn counting(&self, ctx: &Ctx, side: Side) -> i64 {
        *ctx.score.get(side) + self.won(ctx, side)
    }

    /// Gestrichen: exactly one point short of the target, counting this deal's won figures
    /// (contract 5.4). A side that already has the target counting this deal is not
    /// gestrichen: its bets break the endgame rule as `bet_would_reach_target` (5.2).
    pub fn gestrichen(&self, ctx: &Ctx, side: Side) -> bool {
        self.counting(ctx, side) == ctx.target() - 1
    }

    /// Points a side has won in this deal by figures that score before the unseen Gleich
    /// and Hanger in the ordered scoring (contract 5.3): conceded figures and figures bet
    /// and held. An unseen Spiel taken with three tricks scores after them, so it is left
    /// out (contract 5.4 as amended).
    fn won_before_unseen(&self, ctx: &Ctx, side: Side) -> i64 {
        self.won_where(ctx, side, |f| f.conceded.is_some() || f.first_bet.is_some())
    }

    /// Gestrichen for the decider: one point short counting only what scores before the
    /// unseen Gleich and Hanger (contract 5.4).
    fn gestrichen_for_decider(&self, ctx: &Ctx, side: Side) -> bool {
        *ctx.score.get(side) + self.won_before_unseen(ctx, side) == ctx.target() - 1
    }

    /// The decider rule is due: both sides gestrichen, counting what scores before the
    /// unseen Gleich and Hanger (a conceded figure, a Spiel bet and held; not an unseen
    /// Spiel taken with three tricks), Gleich and Hanger both unseen (contract 5.4).
    pub fn decider_due(&self, ctx: &Ctx) -> bool {
        self.decider == Decider::NotApplied
            && self.gestrichen_for_decider(ctx, Side::A)
            && self.gestrichen_for_decider(ctx, Side::B)
            && self.fig(Figure::Gleich).unseen()
            && self.fig(Figure::Hanger).unseen()
    }

    /// Whether a bet by this side awaits its answer.
    pub fn pending_by(&self, side: Side) -> bool {
        self.figures.iter().any(|f| f.pending == Some(side))
    }

    /// The open bet, if any: the side that made it.
    pub fn open_bettor(&self) -> Option<Side> {
        self.figures.iter().find_map(|f| f.pending)
    }

    /// Every figure settled, or the decider ended the deal (contract 3.1).
    pub fn complete(&self) -> bool {
        matches!(self.decider, Decider::Won(..)) || self.figures.iter().all(|f| f.decided)
    }
}
