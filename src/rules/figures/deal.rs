//! The state of one deal and the one place events are applied to it
//! (`apply(state, event) -> Result<state, RuleError>`, the state untouched on error).
//!
//! Implements contract 3.1 (what each event does, when a deal is complete, the trump event)
//! and the order of checks of contract 9; the betting rules live in `betting.rs`, showing in
//! `show.rs`, and the ordered scoring that reads the final state in `scoring.rs`.

use super::betting;
use super::cards::{Card, Suit, Variant};
use super::record::{Event, Figure};
use super::show;
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

    /// Applies one event; on a broken rule the state is left as it was.
    pub fn apply(&self, ctx: &Ctx, event: &Event) -> Result<DealState, RuleError> {
        if let Decider::Won(side, _) = self.decider {
            let (de, en) = side_names(side);
            return Err(err(
                ErrorCode::GameOver,
                format!(
                    "Die Partie ist durch den Entscheid schon gewonnen ({de}); nach ihm gibt es in diesem Geben nichts mehr."
                ),
                format!(
                    "The decider has already won the game ({en}); nothing follows it in this deal."
                ),
            ));
        }
        let mut next = *self;
        next.seq += 1;
        match event {
            Event::Trump(suit) => next.trump(ctx, *suit)?,
            Event::Bet(figures, by) => betting::bet(&mut next, ctx, *figures, *by)?,
            Event::Hold(f, by) => betting::hold(&mut next, ctx, *f, *by)?,
            Event::Raise(f, by) => betting::raise(&mut next, ctx, *f, *by)?,
            Event::Good(f, by) => betting::good(&mut next, ctx, *f, *by)?,
            Event::Tricks(side) => next.tricks(ctx, *side)?,
            Event::Show(s) => show::show(&mut next, ctx, s)?,
            Event::Unshown {
                figure,
                by,
                seat,
                other_can_show,
            } => show::unshown(&mut next, *figure, (*by, *seat), *other_can_show)?,
            Event::Decider(outcome) => show::decider(&mut next, ctx, outcome)?,
        }
        Ok(next)
    }

    fn trump(&mut self, ctx: &Ctx, suit: Suit) -> Result<(), RuleError> {
        if self.trump.is_some() {
            return Err(err(
                ErrorCode::InvalidTrump,
                "Die Trumpffarbe ist in diesem Geben schon genannt.",
                "The trump suit of this deal has already been named.",
            ));
        }
        if suit == Suit::E && !ctx.variant.acorns_may_be_trumps() {
            return Err(err(
                ErrorCode::InvalidTrump,
                "Beim Eichelperlaggen ist Eichel nie Trumpf.",
                "In Eichelperlaggen acorns are never trumps.",
            ));
        }
        self.trump = Some(suit);
        Ok(())
    }

    fn tricks(&mut self, ctx: &Ctx, side: Side) -> Result<(), RuleError> {
        betting::no_open_bet_stops_play(self)?;
        let spiel = self.fig(Figure::Spiel);
        if spiel.decided {
            return Err(betting::closed(Figure::Spiel));
        }
        betting::decision_first(self, ctx)?;
        let spiel = self.fig_mut(Figure::Spiel);
        spiel.decided = true;
        spiel.winner = Some(side);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::figures::record::Figures;

    const CTX: Ctx = Ctx {
        variant: Variant::GiltStandard,
        target: 11,
        score: Pair { a: 0, b: 0 },
    };

    fn one(f: Figure) -> Figures {
        let mut set = [false; 3];
        set[f.index()] = true;
        Figures(set)
    }

    fn play(events: &[Event]) -> Result<DealState, RuleError> {
        events
            .iter()
            .try_fold(DealState::default(), |s, e| s.apply(&CTX, e))
    }

    #[test]
    fn hold_and_raise_move_the_value_and_the_turn() {
        let s = play(&[
            Event::Bet(one(Figure::Gleich), Side::A),
            Event::Raise(Figure::Gleich, Side::B),
            Event::Hold(Figure::Gleich, Side::A),
        ])
        .unwrap();
        let g = s.fig(Figure::Gleich);
        assert_eq!(
            (g.value, g.pending, g.last_bettor),
            (3, None, Some(Side::B))
        );
        assert_eq!(g.involved, [true, true]);
    }

    #[test]
    fn good_answering_a_bet_gives_the_old_value() {
        let s = play(&[
            Event::Bet(one(Figure::Spiel), Side::A),
            Event::Good(Figure::Spiel, Side::B),
        ])
        .unwrap();
        let sp = s.fig(Figure::Spiel);
        assert_eq!((sp.value, sp.winner, sp.decided), (1, Some(Side::A), true));
    }

    #[test]
    fn a_broken_rule_leaves_the_state_as_it_was() {
        let s = play(&[Event::Bet(one(Figure::Gleich), Side::A)]).unwrap();
        let before = s;
        let e = s
            .apply(&CTX, &Event::Bet(Figures([true, true, false]), Side::B))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BetOpen);
        assert_eq!(s, before);
    }

    #[test]
    fn messages_read_as_sentences() {
        let s = play(&[
            Event::Bet(one(Figure::Hanger), Side::A),
            Event::Hold(Figure::Hanger, Side::B),
        ])
        .unwrap();
        let e = s
            .apply(&CTX, &Event::Bet(one(Figure::Hanger), Side::A))
            .unwrap_err();
        assert_eq!(
            e.text.en,
            "Side A made the last bet on the Hanger: it is the other side's turn."
        );
        let s = play(&[Event::Good(Figure::Hanger, Side::B)]).unwrap();
        let e = s
            .apply(&CTX, &Event::Bet(one(Figure::Hanger), Side::A))
            .unwrap_err();
        assert!(
            e.text.en.starts_with("The Hanger takes no more bets"),
            "{}",
            e.text.en
        );
    }

    #[test]
    fn a_multi_figure_bet_is_all_or_nothing() {
        let s = play(&[
            Event::Bet(one(Figure::Hanger), Side::A),
            Event::Hold(Figure::Hanger, Side::B),
        ])
        .unwrap();
        let e = s
            .apply(&CTX, &Event::Bet(Figures([true, true, false]), Side::A))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NotYourTurn);
        assert_eq!(s.fig(Figure::Gleich).pending, None);
    }
}
