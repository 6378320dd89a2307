//! The card-level referee's state: the deal as it is played, action by action. Each action
//! is checked against the cards (who holds what, whose turn, the duty to follow) and turned
//! into the fact-level events of contract 3.1 (bets, answers, the Spiel at the third trick,
//! the show's outcome, failed shows), which the fact-level engine (`deal.rs`) applies, so
//! the deal's result is exactly the one its facts would get.

use super::super::cards::{Card, Shown, Suit};
use super::super::record::card_deal::{Action, CardDeal, Verb};
use super::super::record::{Event, Figure, Figures};
use super::super::state::{Ctx, DealState, Decider, err};
use super::decider;
use super::naming;
use super::setup;
use super::showing::{self, ShowTurn};
use super::tricks::{check_follow, winner};
use crate::rules::common::{ErrorCode, Lang, RuleError, Side};

/// One trick as played: who led, the cards in order (seat, card), the winner's seat.
#[derive(Debug, Clone)]
pub struct TrickPlay {
    pub leader: usize,
    pub cards: Vec<(usize, Shown)>,
    pub winner: Option<usize>,
}

/// The deal so far.
#[derive(Debug, Clone)]
pub struct Play {
    pub ctx: Ctx,
    pub seats: Vec<Side>,
    pub trump: Suit,
    /// The cards each seat still holds (neither played nor shown).
    pub held: Vec<Vec<Card>>,
    /// Each seat's row of cards played, left to right.
    pub played: Vec<Vec<Shown>>,
    /// The cards each seat put down in the show.
    pub revealed: Vec<Vec<Shown>>,
    /// The permanent Perlaggen the cutter took at the cut and showed (still in its hand
    /// until played).
    pub cut: Vec<Card>,
    /// The cards face up beside the stack: the acorns turned aside (Eichelperlaggen), then
    /// the turned card; an exchange puts the card given in place of the one taken.
    pub stack: Vec<Card>,
    /// The cards each seat showed for the decider (contract 5.4); they stay in the hand,
    /// a Perlagg with the baptism it was shown with.
    pub decider_shown: Vec<Vec<Shown>>,
    pub tricks: Vec<TrickPlay>,
    pub facts: DealState,
    /// The fact-level events derived so far, in order.
    pub events: Vec<Event>,
    /// Seats that bet on, raised or held the Gleich or Hanger (they must show an example).
    pub involved: Vec<(Figure, usize)>,
    pub show: Option<ShowTurn>,
    /// Actions ruled legal so far.
    pub legal: usize,
    /// The first illegal action and the rule it breaks, or a fault of the deal itself
    /// (`None` as the index: the dealt cards).
    pub broken: Option<(Option<usize>, RuleError)>,
}

impl Play {
    /// The deal as dealt: the trump named, a Perlagg exchanged, nothing played yet.
    pub fn start(ctx: Ctx, deal: &CardDeal) -> Play {
        let n = deal.seats.len();
        let mut play = Play {
            ctx,
            seats: deal.seats.clone(),
            trump: deal.turned.0.suit,
            held: deal
                .hands
                .iter()
                .map(|h| h.iter().map(|c| c.0).collect())
                .collect(),
            played: vec![Vec::new(); n],
            revealed: vec![Vec::new(); n],
            cut: Vec::new(),
            stack: Vec::new(),
            decider_shown: vec![Vec::new(); n],
            tricks: Vec::new(),
            facts: DealState::default(),
            events: Vec::new(),
            involved: Vec::new(),
            show: None,
            legal: 0,
            broken: None,
        };
        if let Err(e) = setup::deal(&mut play, deal) {
            play.broken = Some((None, e));
        } else if let Err(e) = play.fact(Event::Trump(play.trump)) {
            play.broken = Some((None, e));
        }
        play
    }

    /// Plays every action; stops at the first illegal one.
    pub fn run(ctx: Ctx, deal: &CardDeal) -> Play {
        let mut play = Play::start(ctx, deal);
        if play.broken.is_some() {
            return play;
        }
        for (i, action) in deal.actions.iter().enumerate() {
            if let Err(e) = play.act(action) {
                // The illegal action may have changed the state halfway; the state before it
                // is the deal replayed up to it. Replaying once, only for a broken deal, costs
                // less than a copy of the state before every action (a third of a legal
                // deal's refereeing; docs/reference/performance.md, "Streitfall").
                play = Play::replayed(ctx, deal, i);
                let e = naming::named(&play, action, e);
                play.broken = Some((Some(i), e));
                break;
            }
            play.legal += 1;
        }
        play
    }

    /// The state after the first `n` actions, each of them known to be legal.
    fn replayed(ctx: Ctx, deal: &CardDeal, n: usize) -> Play {
        let mut play = Play::start(ctx, deal);
        for action in &deal.actions[..n] {
            if play.act(action).is_err() {
                break;
            }
            play.legal += 1;
        }
        play
    }

    /// Rules on one action; an illegal one leaves the state as it was (the Streitfall table
    /// tries each possible next action this way).
    pub fn step(&mut self, i: usize, action: &Action) {
        let before = self.clone();
        match self.act(action) {
            Ok(()) => self.legal += 1,
            Err(e) => {
                *self = before;
                self.broken = Some((Some(i), naming::named(self, action, e)));
            }
        }
    }

    /// The deal's facts once the actions are done: the show's outcome from the cards on the
    /// table, then failed shows. Only for a deal with no illegal action.
    pub fn finish(&mut self) -> Result<(), RuleError> {
        if self.facts.decider_due(&self.ctx) {
            decider::settle(self)?;
        }
        // A decider that won the game ends the deal: nothing is shown after it.
        if matches!(self.facts.decider, Decider::Won(..)) {
            return Ok(());
        }
        showing::finish(self)
    }

    pub fn side(&self, seat: usize) -> Side {
        self.seats[seat]
    }

    /// Applies a derived fact-level event.
    pub fn fact(&mut self, e: Event) -> Result<(), RuleError> {
        self.facts = self.facts.apply(&self.ctx, &e)?;
        self.events.push(e);
        Ok(())
    }

    fn act(&mut self, a: &Action) -> Result<(), RuleError> {
        let side = self.side(a.seat);
        if self.facts.decider_due(&self.ctx) {
            if let Verb::Show(cards) = &a.verb {
                return decider::show(self, a.seat, cards);
            }
            decider::settle(self)?;
        }
        match &a.verb {
            Verb::Card(card) => self.card(a.seat, *card),
            Verb::Bet(figures) => {
                showing::may_act(self, side)?;
                if figures.iter().any(|f| f == Figure::Spiel) {
                    self.fifth_trick(a.seat)?;
                }
                self.fact(Event::Bet(*figures, side))?;
                self.involve(*figures, a.seat);
                Ok(())
            }
            Verb::Hold(f) => {
                self.fact(Event::Hold(*f, side))?;
                self.involve(one(*f), a.seat);
                Ok(())
            }
            Verb::Raise(f) => {
                self.fact(Event::Raise(*f, side))?;
                self.involve(one(*f), a.seat);
                Ok(())
            }
            Verb::Good(f) => {
                let answers = self.facts.fig(*f).pending == Some(side.other());
                if answers {
                } else {
                    showing::may_act(self, side)?;
                }
                self.fact(Event::Good(*f, side))?;
                self.after_spiel();
                Ok(())
            }
            Verb::Show(cards) => showing::show(self, a.seat, cards),
        }
    }

    fn involve(&mut self, figures: Figures, seat: usize) {
        for f in figures.iter().filter(|f| *f != Figure::Spiel) {
            if !self.involved.contains(&(f, seat)) {
                self.involved.push((f, seat));
            }
        }
    }

    /// The seat whose card comes next.
    pub fn to_play(&self) -> usize {
        let n = self.seats.len();
        match self.tricks.last() {
            None => 0,
            Some(t) => match t.winner {
                Some(w) => w,
                None => (t.leader + t.cards.len()) % n,
            },
        }
    }

    fn card(&mut self, seat: usize, card: Shown) -> Result<(), RuleError> {
        decider::over(self, card)?;
        if self.facts.fig(Figure::Spiel).decided {
            return Err(err(
                ErrorCode::PlayOutOfTurn,
                format!(
                    "{card}: sobald das Spiel entschieden ist, ruht das Spiel sofort; es wird keine Karte mehr gespielt."
                ),
                format!(
                    "{card}: \"When the Spiel figure is decided, the play stops immediately\"; no more cards are played."
                ),
            ));
        }
        if self.facts.open_bettor().is_some() {
            return Err(err(
                ErrorCode::BetOpen,
                format!(
                    "{card}: wenn geboten wird, ruht das Spiel; keine Karte, bis die Gegenseite geantwortet hat."
                ),
                format!(
                    "{card}: \"When a player bets, the play is suspended: no further cards can be played until the bet is answered by the opposing team.\""
                ),
            ));
        }
        let to = self.to_play();
        if seat != to {
            let (de_to, en_to) = (
                naming::seat(Lang::De, to, self.side(to)),
                naming::seat(Lang::En, to, self.side(to)),
            );
            return Err(err(
                ErrorCode::PlayOutOfTurn,
                format!(
                    "{card}: jetzt spielt {de_to}; zum ersten Stich spielt der Spieler links vom Geber aus, zu jedem weiteren, wer den letzten Stich gemacht hat."
                ),
                format!(
                    "{card}: {en_to} plays now; \"the player to dealer's left leads to the first trick\" and \"the winner of each trick leads to the next\"."
                ),
            ));
        }
        self.holds(seat, card)?;
        self.baptism(seat, card)?;
        let trick = match self.tricks.last() {
            Some(t) if t.winner.is_none() => Some(t.cards[0].1.counts_as()),
            _ => None,
        };
        if let Some(led) = trick {
            check_follow(self.ctx.variant, self.trump, &self.held[seat], led, card)?;
        } else {
            self.tricks.push(TrickPlay {
                leader: seat,
                cards: Vec::new(),
                winner: None,
            });
        }
        self.held[seat].retain(|c| *c != card.card);
        self.played[seat].push(card);
        let n = self.seats.len();
        let Some(t) = self.tricks.last_mut() else {
            return Ok(());
        };
        t.cards.push((seat, card));
        if t.cards.len() < n {
            return Ok(());
        }
        let shown: Vec<Shown> = t.cards.iter().map(|c| c.1).collect();
        let w = t.cards[winner(self.ctx.variant, self.trump, &shown)].0;
        t.winner = Some(w);
        let side = self.side(w);
        let taken = self.tricks_of(side);
        if taken == 3 {
            self.fact(Event::Tricks(side))?;
            self.after_spiel();
        }
        Ok(())
    }

    /// Tricks a side has taken.
    pub fn tricks_of(&self, side: Side) -> usize {
        self.tricks
            .iter()
            .filter(|t| t.winner.is_some_and(|w| self.side(w) == side))
            .count()
    }

    /// `card_not_held`: the card is not in the seat's hand.
    pub fn holds(&self, seat: usize, card: Shown) -> Result<(), RuleError> {
        if self.held[seat].contains(&card.card) {
            return Ok(());
        }
        let was = if self.played[seat].iter().any(|c| c.card == card.card) {
            ("schon gespielt", "already played")
        } else if self.revealed[seat].iter().any(|c| c.card == card.card) {
            ("schon gezeigt", "already shown")
        } else {
            ("nicht in dieser Hand", "not in this hand")
        };
        Err(err(
            ErrorCode::CardNotHeld,
            format!("{}: die Karte ist {}.", card.card, was.0),
            format!("{}: the card is {}.", card.card, was.1),
        ))
    }

    /// `baptism_invalid`: only a Perlagg is baptised, as a card of the pack; a Perlagg shown
    /// for the decider keeps the baptism it was shown with.
    pub fn baptism(&self, seat: usize, card: Shown) -> Result<(), RuleError> {
        decider::same_baptism(self, seat, card)?;
        super::super::baptism::check_card(self.ctx.variant, Some(self.trump), &card).map_err(|e| {
            RuleError {
                code: ErrorCode::BaptismInvalid,
                ..e
            }
        })
    }

    /// The Spiel is decided: the show begins if the Gleich or Hanger is open.
    fn after_spiel(&mut self) {
        let spiel = self.facts.fig(Figure::Spiel);
        if self.show.is_some() || !spiel.decided {
            return;
        }
        if let Some(w) = spiel.winner {
            self.show = Some(ShowTurn::new(w));
        }
    }

    /// Giltspiel text: "If the teams have won two tricks each and a card has been led to
    /// the fifth trick ... a player is only allowed to bet on the Spiel if his or her fifth
    /// card is a card of the suit that was led or a trump" (Perlaggen: "or a Perlagg").
    fn fifth_trick(&self, seat: usize) -> Result<(), RuleError> {
        let Some(t) = self.tricks.get(4) else {
            return Ok(());
        };
        if t.winner.is_some() || self.tricks_of(Side::A) != 2 || self.tricks_of(Side::B) != 2 {
            return Ok(());
        }
        let led = t.cards[0].1.counts_as().suit;
        let (physical, last) = match t.cards.iter().find(|c| c.0 == seat) {
            Some(c) => (c.1.card, c.1.counts_as()),
            None => match self.held[seat].first() {
                Some(c) => (*c, *c),
                None => return Ok(()),
            },
        };
        let wild =
            self.ctx.variant.is_perlaggen() && self.ctx.variant.is_wild(physical, self.trump);
        if last.suit == led || last.suit == self.trump || wild {
            return Ok(());
        }
        let perlagg = self.ctx.variant.is_perlaggen();
        Err(err(
            ErrorCode::FifthTrickBet,
            format!(
                "Im fünften Stich bei zwei Stichen je Seite darf nur aufs Spiel bieten, wessen letzte Karte die ausgespielte Farbe oder Trumpf{} ist (\"gut bei Farbe\"); {last} ist es nicht.",
                if perlagg { " oder ein Perlagg" } else { "" }
            ),
            format!(
                "\"a player is only allowed to bet on the Spiel if his or her fifth card is a card of the suit that was led or a trump{}\" (\"gut bei Farbe\"); {last} is not.",
                if perlagg { " or a Perlagg" } else { "" }
            ),
        ))
    }
}

/// One figure as a set.
pub fn one(f: Figure) -> Figures {
    let mut set = [false; 3];
    set[f.index()] = true;
    Figures(set)
}
