//! The one place events are applied to a deal's state (`state.rs`)
//! (`apply(state, event) -> Result<state, RuleError>`, the state untouched on error).
//!
//! Implements contract 3.1 (what each event does, the trump event) and the order of checks
//! of contract 9; the betting rules live in `betting.rs`, showing in `show.rs`, and the
//! ordered scoring that reads the final state in `scoring.rs`.

use super::betting;
use super::cards::Suit;
use super::record::{Event, Figure};
use super::show;
use super::state::{Ctx, DealState, Decider, err, side_names};
use crate::rules::common::{ErrorCode, RuleError, Side};

impl DealState {
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
    use crate::rules::common::Pair;
    use crate::rules::figures::cards::Variant;
    use crate::rules::figures::record::Figures;

    const CTX: Ctx = Ctx {
        variant: Variant::GiltStandard,
        target: 11,
        score: Pair { a: 0, b: 0 },
        opponents_exchange: false,
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
