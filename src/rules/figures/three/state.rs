//! The state of a three-player deal (docs/rules/figures.md, "Three players each for
//! themselves"): per figure its value, the open bet and who still owes it an answer, the
//! players who conceded it, and what the show found; per deal the trump, the shown cards and
//! the decider. Applying an event copies the state; on a broken rule it stays as it was.

use crate::rules::common::{ErrorCode, RuleError};
use crate::rules::figures::cards::{Card, Suit, Variant};
use crate::rules::figures::figure::Figure;
use crate::rules::figures::shapes::Strength;
use crate::rules::figures::state::{AUS, Value, err};
use crate::rules::players::Seat;

/// What the engine knows when a deal starts.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    pub variant: Variant,
    pub target: u32,
    /// Each player's score before this deal.
    pub score: [i64; 3],
}

impl Ctx {
    pub fn target(&self) -> i64 {
        i64::from(self.target)
    }
}

/// One figure during a three-player deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fig {
    /// The accepted value (1 unseen .. 7, [`AUS`]).
    pub value: Value,
    /// The open bet's bettor; it proposes `value + 1` until someone holds it.
    pub pending: Option<Seat>,
    /// Players who still owe the open bet an answer.
    pub awaiting: [bool; 3],
    /// Someone held the open bet: `value` already counts it.
    pub accepted: bool,
    pub last_bettor: Option<Seat>,
    /// When it was first bet on, for the ordered scoring.
    pub first_bet: Option<u32>,
    /// When concessions left one player in it (that player won it), for the ordered scoring.
    pub conceded: Option<u32>,
    /// Players who conceded it (gut): they cannot win it.
    pub out: [bool; 3],
    pub decided: bool,
    /// Who won it on the table; `None` when it stands.
    pub winner: Option<Seat>,
    /// Players who bet on, held or raised it (and so must show an example).
    pub involved: [bool; 3],
    /// Players who failed to show an example.
    pub unshown: [bool; 3],
    /// Each player's best instance, where the show gave cards.
    pub shown: [Option<Strength>; 3],
}

impl Fig {
    /// Never bet on, conceded by no one, not settled (ungesehen).
    pub fn unseen(&self) -> bool {
        self.first_bet.is_none() && !self.decided && self.out == [false; 3]
    }

    /// The players still in it (not conceded).
    pub fn players_in(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|p| !self.out[p.index()])
    }
}

/// The decider rule in this deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    NotApplied,
    Nothing,
    Won(Seat),
}

/// The deal so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    pub figures: [Fig; 3],
    pub trump: Option<Suit>,
    pub seq: u32,
    /// Every physical card shown, by card id: who showed it and its baptism.
    pub shown: [Option<(Seat, Option<Card>)>; 36],
    pub decider: Decider,
}

impl Default for State {
    fn default() -> Self {
        State {
            figures: [Fig {
                value: 1,
                ..Fig::default()
            }; 3],
            trump: None,
            seq: 0,
            shown: [None; 36],
            decider: Decider::NotApplied,
        }
    }
}

impl State {
    pub fn fig(&self, f: Figure) -> &Fig {
        &self.figures[f.index()]
    }

    pub fn fig_mut(&mut self, f: Figure) -> &mut Fig {
        &mut self.figures[f.index()]
    }

    fn won_where(&self, ctx: &Ctx, p: Seat, keep: fn(&Fig) -> bool) -> i64 {
        self.figures
            .iter()
            .filter(|f| f.decided && f.winner == Some(p) && keep(f))
            .map(|f| match f.value {
                AUS => ctx.target(),
                v => i64::from(v),
            })
            .sum()
    }

    /// The player's score counting what it has won in this deal.
    pub fn counting(&self, ctx: &Ctx, p: Seat) -> i64 {
        ctx.score[p.index()] + self.won_where(ctx, p, |_| true)
    }

    /// One point short of the target, counting this deal.
    pub fn gestrichen(&self, ctx: &Ctx, p: Seat) -> bool {
        self.counting(ctx, p) == ctx.target() - 1
    }

    /// The decider is due: every player one point short counting what scores before the
    /// unseen Gleich and Hanger (conceded, or bet and held), Gleich and Hanger unseen.
    pub fn decider_due(&self, ctx: &Ctx) -> bool {
        let before = |f: &Fig| f.conceded.is_some() || f.first_bet.is_some();
        self.decider == Decider::NotApplied
            && Seat::ALL
                .into_iter()
                .all(|p| ctx.score[p.index()] + self.won_where(ctx, p, before) == ctx.target() - 1)
            && self.fig(Figure::Gleich).unseen()
            && self.fig(Figure::Hanger).unseen()
    }

    /// A player who owes an answer to an open bet.
    pub fn owes(&self, p: Seat) -> bool {
        self.figures.iter().any(|f| f.awaiting[p.index()])
    }

    /// The open bet's bettor, if any bet is open.
    pub fn open_bettor(&self) -> Option<Seat> {
        self.figures.iter().find_map(|f| f.pending)
    }

    pub fn complete(&self) -> bool {
        matches!(self.decider, Decider::Won(_)) || self.figures.iter().all(|f| f.decided)
    }

    /// `bet_open` for play, the show and the decider: no bet may be open.
    pub fn no_open_bet(&self) -> Result<(), RuleError> {
        match self.open_bettor() {
            Some(p) => Err(err(
                ErrorCode::BetOpen,
                format!(
                    "Ein Gebot von {} ist offen: zuerst müssen die anderen antworten (gut, halten oder mehr bieten).",
                    p.name()
                ),
                format!(
                    "A bet by {} is open: the others must answer it first (good, hold or raise).",
                    p.name()
                ),
            )),
            None => Ok(()),
        }
    }

    /// `decision_required`: the decider comes first.
    pub fn decision_first(&self, ctx: &Ctx) -> Result<(), RuleError> {
        if self.decider_due(ctx) {
            return Err(err(
                ErrorCode::DecisionRequired,
                "Alle drei Spieler sind gestrichen und Gleich und Hanger ungesehen: zuerst kommt der Entscheid.",
                "All three players are gestrichen with Gleich and Hanger unseen: the decider comes first.",
            ));
        }
        Ok(())
    }

    /// Settles a figure that concessions left to one player: that player wins it.
    pub fn settle_if_one_left(&mut self, f: Figure) {
        let seq = self.seq;
        let fs = self.fig_mut(f);
        let left: Vec<Seat> = fs.players_in().collect();
        if let [p] = left[..] {
            fs.pending = None;
            fs.awaiting = [false; 3];
            fs.decided = true;
            fs.winner = Some(p);
            fs.conceded = Some(seq);
        }
    }
}
