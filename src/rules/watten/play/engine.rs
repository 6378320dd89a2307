//! The card-level referee of one deal: applies the actions in order, rules on each, and
//! derives the fact-level events (`bet`, `see`, `give_up`, `play`, `farbe` with `card_ok`,
//! `machine`, `tricks`) that the fact-level state machine (`deal::step`) referees, so the
//! deal's result is exactly the fact-level one.
//!
//! Checks (rules text `004`), each with the text's words in its message (`breach.rs`):
//! whose turn ("Forehand ... leads to the first trick", "The winner of a trick leads to the
//! next"), the card held, the trump duty (Bavarian "Trumpf oder Kritisch"; Tyrolean "When one
//! of these trumps is led, any other players who hold a trump must play a either trump or a
//! Linke"), the last-trick bet and the "Farbe" answer decided from the bettor's card, the
//! machine, and every betting rule of the fact-level engine.

use super::breach::{self, Breach};
use super::input::{Action, Verb};
use super::naming;
use super::order::{Cards, bit};
use super::setup::Setup;
use crate::rules::common::{ErrorCode, Pair, Side};
use crate::rules::figures::cards::Card;
use crate::rules::watten::deal::{DealState, Event, Phase, step};
use crate::rules::watten::ruleset::Family;

/// Where a card-level deal stands after some actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// The cards each seat still holds.
    pub hands: [Cards; 4],
    /// The fact-level state, fed with the derived events.
    pub fact: DealState,
    /// The derived fact-level events so far.
    pub derived: Vec<Event>,
    /// The tricks played or begun: (seat, card) in playing order.
    pub tricks: Vec<Vec<(usize, Card)>>,
    /// The winner of each complete trick.
    pub winners: Vec<usize>,
    /// Tricks taken per side.
    pub won: Pair<u8>,
    /// The seat whose card comes next.
    pub to_act: usize,
    /// The open bet was made in the last trick at two tricks each with no bet before:
    /// whether the bettor's last card was of the suit led, a trump or a Schlag.
    pub last_trick_bet: Option<bool>,
    /// Actions applied.
    pub actions: usize,
}

impl Play {
    pub fn start(setup: &Setup) -> Play {
        let mut hands = [0; 4];
        hands[..setup.dealt.len()].copy_from_slice(&setup.dealt);
        Play {
            hands,
            fact: DealState::start(&setup.table),
            derived: Vec::with_capacity(8),
            tricks: Vec::with_capacity(5),
            winners: Vec::with_capacity(5),
            won: Pair::default(),
            to_act: 0,
            last_trick_bet: None,
            actions: 0,
        }
    }

    /// The deal's outcome once decided: (scorer, points).
    pub fn outcome(&self) -> Option<(Side, u32)> {
        self.fact.outcome()
    }

    /// The trick being played (begun and not complete), if any.
    pub fn current(&self, n: usize) -> Option<&[(usize, Card)]> {
        self.tricks.last().filter(|t| t.len() < n).map(|t| &t[..])
    }

    /// Applies one action; on a breach the play is untouched, and the breach names the seat
    /// and its act (`naming`).
    pub fn apply(&mut self, setup: &Setup, action: Action) -> Result<(), Breach> {
        self.act(setup, action)
            .map_err(|b| naming::named(setup, action, b))
    }

    fn act(&mut self, setup: &Setup, action: Action) -> Result<(), Breach> {
        let side = setup.side(action.seat);
        if self.outcome().is_some() {
            return Err(self.fact_breach(setup, ErrorCode::DealOver, fact_event(action, side)));
        }
        if let Some(holder) = setup.machine_holder
            && self.actions == 0
            && !(action.verb == Verb::Machine && action.seat == holder)
        {
            return Err(breach::machine_not_declared(setup, holder));
        }
        match action.verb {
            Verb::Card(card) => self.card(setup, action.seat, card)?,
            Verb::Farbe => {
                let card_ok = self.last_trick_bet.unwrap_or(true);
                let event = Event::Farbe { side, card_ok };
                let next = self.step(setup, event)?;
                if self.last_trick_bet.is_none() {
                    return Err(breach::farbe_not_last_trick(setup, self, action.seat));
                }
                self.commit(event, next);
            }
            Verb::Machine => {
                let event = Event::Machine(side);
                let next = self.step(setup, event)?;
                if setup.machine_holder != Some(action.seat) || self.actions > 0 {
                    return Err(breach::machine_not_held(setup, self, action.seat));
                }
                self.commit(event, next);
            }
            Verb::Bet { four } => {
                let event = Event::Bet {
                    side,
                    to_four: four,
                };
                let next = self.step(setup, event)?;
                let check = self.last_trick_check(setup, action.seat);
                if let Some((false, card)) = check
                    && !setup.table.rules.farbe
                {
                    return Err(breach::last_trick_bet(setup, self, action.seat, card));
                }
                self.commit(event, next);
                self.last_trick_bet = check.map(|(ok, _)| ok);
            }
            Verb::See | Verb::GiveUp | Verb::Play => {
                let event = fact_event(action, side);
                let next = self.step(setup, event)?;
                self.commit(event, next);
            }
        }
        self.actions += 1;
        Ok(())
    }

    fn step(&self, setup: &Setup, event: Event) -> Result<DealState, Breach> {
        step(&setup.table, &self.fact, event).map_err(|code| self.fact_breach(setup, code, event))
    }

    fn fact_breach(&self, setup: &Setup, code: ErrorCode, event: Event) -> Breach {
        breach::fact(setup, self, code, event)
    }

    fn commit(&mut self, event: Event, next: DealState) {
        self.derived.push(event);
        self.fact = next;
        if !matches!(event, Event::Bet { .. }) {
            self.last_trick_bet = None;
        }
    }

    /// A card played: whose turn, held, the trump duty; an answer to an open bet by playing on
    /// counts as seeing it ("If the opponents of the betting team continue by playing the next
    /// card without responding to the bet, this is considered equivalent to seeing").
    fn card(&mut self, setup: &Setup, seat: usize, card: Card) -> Result<(), Breach> {
        let side = setup.side(seat);
        if self.fact.phase == Phase::Deciding {
            return Err(self.fact_breach(setup, ErrorCode::DecisionRequired, Event::Tricks(side)));
        }
        let see = match self.fact.open {
            Some(bettor) if bettor == side => {
                return Err(self.fact_breach(setup, ErrorCode::BetOpen, Event::Tricks(side)));
            }
            Some(_) => Some(self.step(setup, Event::See(side))?),
            None => None,
        };
        if seat != self.to_act {
            return Err(breach::not_your_turn(setup, self, seat));
        }
        if self.hands[seat] & bit(card) == 0 {
            return Err(breach::card_not_held(setup, self, seat, card));
        }
        if let Some(duty) = self.duty(setup, seat)
            && duty & bit(card) == 0
        {
            return Err(breach::must_play_trump(setup, self, seat, card));
        }
        if let Some(next) = see {
            self.commit(Event::See(side), next);
        }
        let n = setup.seats.len();
        self.hands[seat] &= !bit(card);
        match self.tricks.last_mut() {
            Some(trick) if trick.len() < n => trick.push((seat, card)),
            _ => self.tricks.push(vec![(seat, card)]),
        }
        self.to_act = (seat + 1) % n;
        let trick = &self.tricks[self.tricks.len() - 1];
        if trick.len() == n {
            let mut cards = [card; 4];
            for (k, &(_, c)) in trick.iter().enumerate() {
                cards[k] = c;
            }
            let winner = trick[setup.order.winner(&cards[..n])].0;
            self.winners.push(winner);
            self.to_act = winner;
            let side = setup.side(winner);
            *self.won.get_mut(side) += 1;
            if *self.won.get(side) == 3 {
                let event = Event::Tricks(side);
                let next = self.step(setup, event)?;
                self.commit(event, next);
            }
        }
        Ok(())
    }

    /// The cards `seat` may play under a trump duty now, or `None` when it is free.
    /// Bavarian: the Hauptschlag led to the first trick, until a Kritisch beats it: "a
    /// trump (i.e. a Kritsch, a Blinde or a card of the trump suit) if they have any".
    /// Tyrolean: a trump of the suit (or the WELI as a trump) led: who holds one "must play
    /// a either trump or a Linke"; a Kritisch or a Linke led forces nothing ("Kritischen can
    /// be played to any trick"; "The Linken ... cannot be forced out"), and Kritische count
    /// as an answer but do not oblige (kartl's reading, docs/rules/watten.md), unless the
    /// club plays option `kritische_forced` (a Kritische held obliges like a trump).
    pub fn duty(&self, setup: &Setup, seat: usize) -> Option<Cards> {
        let o = &setup.order;
        let trick = self.current(setup.seats.len())?;
        let &(_, led) = trick.first()?;
        if !setup.bound(seat) {
            return None;
        }
        let hand = self.hands[seat];
        let held = |f: &dyn Fn(Card) -> bool| {
            super::setup::listed(hand)
                .filter(|&c| f(c))
                .fold(0, |m, c| m | bit(c))
        };
        match o.family {
            Family::Bavarian => {
                let first = self.tricks.len() == 1;
                let beaten = trick.iter().skip(1).any(|&(_, c)| o.is_kritisch(c));
                if !first || o.rechte != Some(led) || beaten {
                    return None;
                }
                let trumps = held(&|c| o.is_trump(c));
                (trumps != 0).then_some(trumps)
            }
            Family::Tyrolean => {
                if o.is_kritisch(led) || o.is_linke(led) || !o.is_suit_trump(led) {
                    return None;
                }
                // Option `kritische_forced` (kritische only): a Kritische held obliges too.
                let forced = setup.table.rules.kritische_forced && held(&|c| o.is_kritisch(c)) != 0;
                if held(&|c| o.is_suit_trump(c)) == 0 && !forced {
                    return None;
                }
                Some(held(&|c| o.is_trump(c)))
            }
        }
    }

    /// The last-trick restriction (Tyrolean "Betting and scoring"): "only applies if there
    /// has been no betting up to this point, and the teams have two tricks each ... after the
    /// first card has been played to the last trick". `Some((ok, card))`: the bettor's last
    /// card and whether it is "the same suit as the card led to the trick, or is a trump or
    /// Schlag"; Blind Watten: a seat that is not bound is always ok.
    pub fn last_trick_check(&self, setup: &Setup, seat: usize) -> Option<(bool, Card)> {
        let n = setup.seats.len();
        if setup.table.rules.family != Family::Tyrolean
            || self.fact.bets > 0
            || self.won != Pair::new(2, 2)
        {
            return None;
        }
        let trick = self.current(n)?;
        let &(_, led) = trick.first()?;
        let card = trick
            .iter()
            .find(|&&(s, _)| s == seat)
            .map(|&(_, c)| c)
            .or_else(|| super::setup::listed(self.hands[seat]).next())?;
        if !setup.bound(seat) {
            return Some((true, card));
        }
        let o = &setup.order;
        let suit = |c: Card| {
            if c == super::order::WELI && o.is_suit_trump(c) {
                o.trump
            } else {
                c.suit
            }
        };
        Some((o.is_trump(card) || suit(card) == suit(led), card))
    }
}

/// The fact-level event an action that is no card stands for.
fn fact_event(action: Action, side: Side) -> Event {
    match action.verb {
        Verb::Bet { four } => Event::Bet {
            side,
            to_four: four,
        },
        Verb::See => Event::See(side),
        Verb::GiveUp => Event::GiveUp(side),
        Verb::Play => Event::Play(side),
        Verb::Farbe => Event::Farbe {
            side,
            card_ok: true,
        },
        Verb::Machine => Event::Machine(side),
        Verb::Card(_) => Event::Tricks(side),
    }
}
