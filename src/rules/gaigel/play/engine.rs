//! The card-level Gaigel table: the state after each action, and whether an action keeps the
//! rules (rules 002 "First Trick", "Subsequent Tricks", "Declaring King-Ober Pairs",
//! "Exchanging the Seven of Trumps", "End of the Play"; 003 "Playing", "Melding", "Robbing",
//! "Game after talon is used up", "End of the game"). The checks themselves live in
//! [`super::checks`]; this module moves the cards.

use super::super::super::common::{ErrorCode, Text};
use super::super::input::{Rules, Sevens};
use super::super::options::{Overgaigel, PairCard};
use super::cards::{Card, Rank, Suit, index};
use super::parse::{Action, Opening, Setup, Verb};

/// What follows a broken rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remedy {
    /// The side loses the deal double (the derived facts: über- or untergaigeln).
    Loses(usize),
    /// The deal was already decided; the action counts for nothing.
    Stands,
    /// The record cannot be right (a card not held, a draw out of order): no result.
    NoResult,
}

/// A broken rule: its code, the rule in the text's words, and the remedy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    pub code: ErrorCode,
    pub rule: Text,
    pub remedy: Remedy,
}

impl Breach {
    pub fn new(
        code: ErrorCode,
        de: impl Into<String>,
        en: impl Into<String>,
        remedy: Remedy,
    ) -> Self {
        Breach {
            code,
            rule: Text::new(de, en),
            remedy,
        }
    }
}

/// How the deal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// All tricks played.
    PlayedOut,
    /// The side called "Aus!" with 101 or more.
    Out(usize),
    /// The side called "Aus!" below 101 (untergaigeln).
    Under(usize),
    /// The side played on with 101 or more (übergaigeln).
    Over(usize),
    /// The side broke another rule.
    Breach(usize),
    /// The side showed five Sevens (option `sevens`).
    FiveSevens(usize),
    /// The side showed five cards of one suit (option `auf_farbe`).
    Farbe(usize),
    /// The auf-Dissle player's side took a trick: the Dissle is lost.
    DissleLost(usize),
}

/// A trick: the cards with their seats, and the winner once complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trick {
    pub cards: Vec<(usize, Card)>,
    pub winner: Option<usize>,
}

/// The table after some actions.
#[derive(Debug, Clone)]
pub struct State {
    pub n: usize,
    pub seats: Vec<usize>,
    pub sides: usize,
    pub trump: Suit,
    pub hands: Vec<Vec<Card>>,
    /// The card under the talon (the turned card, or the Seven exchanged for it).
    pub indicator: Option<Card>,
    /// The talon as given, and how far it is drawn; `None`: the draws are actions.
    pub talon: Option<Vec<Card>>,
    pub talon_pos: usize,
    /// Cards of the talon proper (without the indicator) not yet drawn.
    pub talon_left: usize,
    /// The seats still to draw after the last trick, in order.
    pub draws_due: Vec<usize>,
    /// The given talon ran out before the draws did.
    pub talon_short: bool,
    /// Copies seen of each card (hands, indicator, draws).
    pub copies: [u8; 24],
    /// The draw round (completed tricks) and position in it at which a seat drew a Seven of
    /// trumps.
    pub drew_seven: Vec<Option<(usize, usize)>>,
    pub opening: Option<Opening>,
    pub tricks: Vec<Trick>,
    /// Tricks in a deal played to the end.
    pub total: usize,
    pub won: [u32; 3],
    pub points: [u32; 3],
    pub melds: [Vec<u32>; 3],
    /// Melds declared by each seat in each suit.
    pub melded: Vec<[u8; 4]>,
    /// The seat that exchanged the Seven of trumps, and the turned card it took.
    pub exchanged: Option<(usize, Card)>,
    /// The trick from which on a side that reached 101 may play no card (übergaigeln).
    pub reached: [Option<usize>; 3],
    pub end: Option<End>,
    /// The house rules on Sevens and auf Farbe (card-level claims, [`super::sevens`]).
    pub sevens: Sevens,
    pub auf_farbe: bool,
    /// The seat that announced auf Dissle or auf Siebener.
    pub dissle: Option<usize>,
    /// When übergaigeln is caught (`options.overgaigel`).
    pub overgaigel: Overgaigel,
    /// The sides that played on with 101 unnoticed (under `on_accusation`).
    pub overgaigelt: [bool; 3],
    /// Whether a melded pair's card goes to the next trick (`options.pair_card`), and the
    /// suits each seat melded since its last card.
    pub pair_card: PairCard,
    pub owes: Vec<Vec<Suit>>,
}

impl State {
    pub fn new(setup: &Setup, rules: &Rules) -> State {
        let n = setup.seats.len();
        let sides = rules.variant.sides();
        let mut copies = [0u8; 24];
        for c in setup
            .hands
            .iter()
            .flatten()
            .chain(std::iter::once(&setup.trump))
        {
            copies[index(*c)] = copies[index(*c)].saturating_add(1);
        }
        State {
            n,
            seats: setup.seats.clone(),
            sides,
            trump: setup.trump.suit,
            hands: setup.hands.clone(),
            indicator: Some(setup.trump),
            talon: setup.talon.clone(),
            talon_pos: 0,
            talon_left: 48 - 5 * n - 1,
            draws_due: Vec::new(),
            talon_short: false,
            copies,
            drew_seven: vec![None; n],
            opening: None,
            tricks: Vec::new(),
            total: 48 / n,
            won: [0; 3],
            points: [0; 3],
            melds: Default::default(),
            melded: vec![[0; 4]; n],
            exchanged: None,
            reached: [None; 3],
            end: None,
            sevens: rules.sevens,
            auf_farbe: rules.auf_farbe,
            dissle: None,
            overgaigel: rules.overgaigel,
            overgaigelt: [false; 3],
            pair_card: rules.pair_card,
            owes: vec![Vec::new(); n],
        }
    }

    pub fn is_trump(&self, c: Card) -> bool {
        c.suit == self.trump
    }

    /// A side's count: card points plus melds.
    pub fn count(&self, side: usize) -> u32 {
        self.points[side] + self.melds[side].iter().sum::<u32>()
    }

    /// The trick being played, if one is begun.
    pub fn current(&self) -> Option<&Trick> {
        self.tricks.last().filter(|t| t.winner.is_none())
    }

    /// The index of the trick the next card goes to.
    pub fn trick_index(&self) -> usize {
        match self.current() {
            Some(_) => self.tricks.len() - 1,
            None => self.tricks.len(),
        }
    }

    /// Who plays the next card.
    pub fn to_play(&self) -> usize {
        match self.current() {
            Some(t) => (t.cards[0].0 + t.cards.len()) % self.n,
            None => self.tricks.last().and_then(|t| t.winner).unwrap_or(0),
        }
    }

    /// The talon and the turned card are all drawn: Stichzwang (002 "Subsequent Tricks").
    pub fn talon_empty(&self) -> bool {
        self.indicator.is_none() && self.talon_left == 0 && self.draws_due.is_empty()
    }

    /// Whether `seat` playing a card now is übergaigeln: its side has 101 or more and the
    /// card goes to a trick begun after it got there (002 "End of the Play": "plays a card to
    /// the next trick").
    pub fn plays_on(&self, seat: usize) -> bool {
        self.reached[self.seats[seat]].is_some_and(|t| self.trick_index() >= t)
    }

    /// The side an accusation by `side` catches: another side that played on with 101.
    pub fn accused(&self, side: usize) -> Option<usize> {
        (0..self.sides).find(|&s| s != side && self.overgaigelt[s])
    }

    /// Applies an action the checks allowed.
    pub fn apply(&mut self, a: Action) {
        let side = self.seats[a.seat];
        match a.verb {
            Verb::Open(o) => self.opening = Some(o),
            // Übergaigeln is a scored ending, not a forbidden act (002: "the overgaiglers lose
            // a double game"): caught at once, the card ends the deal; else it is played.
            Verb::Card(_) if self.plays_on(a.seat) && self.overgaigel == Overgaigel::AtOnce => {
                self.end = Some(End::Over(side));
            }
            Verb::Card(c) => {
                if self.plays_on(a.seat) {
                    self.overgaigelt[side] = true;
                }
                self.owes[a.seat].clear();
                self.play(a.seat, c)
            }
            Verb::Accuse => {
                if let Some(s) = self.accused(side) {
                    self.end = Some(End::Over(s));
                }
            }
            Verb::Draw(c) => {
                self.draws_due.remove(0);
                self.take(a.seat, c);
                self.talon_left -= 1;
                self.settle_draws();
            }
            Verb::Meld(suit) => {
                self.melds[side].push(if suit == self.trump { 40 } else { 20 });
                self.melded[a.seat][suit as usize] += 1;
                self.owes[a.seat].push(suit);
                self.note_reached(side);
            }
            // The partner's second Seven (002: "the first player can take back the first
            // Seven and allow the partner to take the trump indicator"): the turned card goes
            // from the first exchanger to the partner, the first Seven back to its hand.
            Verb::Exchange if self.exchanged.is_some_and(|(p, _)| p != a.seat) => {
                let seven = Card::new(self.trump, Rank::Seven);
                if let Some((p, turned)) = self.exchanged
                    && let (Some(k), Some(j)) = (
                        self.hands[a.seat].iter().position(|c| *c == seven),
                        self.hands[p].iter().position(|c| *c == turned),
                    )
                {
                    self.hands[a.seat][k] = turned;
                    self.hands[p][j] = seven;
                    self.exchanged = Some((a.seat, turned));
                }
            }
            Verb::Exchange => {
                let seven = Card::new(self.trump, Rank::Seven);
                if let (Some(k), Some(turned)) = (
                    self.hands[a.seat].iter().position(|c| *c == seven),
                    self.indicator,
                ) {
                    self.hands[a.seat][k] = turned;
                    self.indicator = Some(seven);
                    self.exchanged = Some((a.seat, turned));
                }
            }
            Verb::FiveSevens => self.end = Some(End::FiveSevens(self.seats[a.seat])),
            Verb::Farbe => self.end = Some(End::Farbe(self.seats[a.seat])),
            Verb::Dissle => self.dissle = Some(a.seat),
            Verb::Out => {
                self.end = Some(if self.count(side) >= 101 {
                    End::Out(side)
                } else {
                    End::Under(side)
                });
            }
        }
    }

    fn play(&mut self, seat: usize, c: Card) {
        if let Some(k) = self.hands[seat].iter().position(|h| *h == c) {
            self.hands[seat].remove(k);
        }
        match self.tricks.last_mut() {
            Some(t) if t.winner.is_none() => t.cards.push((seat, c)),
            _ => self.tricks.push(Trick {
                cards: vec![(seat, c)],
                winner: None,
            }),
        }
        let first = self.tricks.len() == 1;
        let Some(t) = self.tricks.last() else { return };
        if t.cards.len() < self.n {
            return;
        }
        let w = self.taker(&t.cards, first);
        let pts: u32 = t.cards.iter().map(|(_, c)| c.points()).sum();
        let side = self.seats[w];
        if let Some(t) = self.tricks.last_mut() {
            t.winner = Some(w);
        }
        self.won[side] += 1;
        self.points[side] += pts;
        self.note_reached(side);
        if self.dissle_lost(w) {
            self.end = Some(End::DissleLost(side));
        } else if self.tricks.len() == self.total {
            self.end = Some(End::PlayedOut);
        } else if self.talon_left > 0 || self.indicator.is_some() {
            self.draws_due = (0..self.n).map(|k| (w + k) % self.n).collect();
            self.settle_draws();
        }
    }

    /// Draws what can be drawn without an action: from the given talon, and the turned card
    /// for the last drawer (002: "the last being the face up trump indicator card").
    fn settle_draws(&mut self) {
        while let Some(&seat) = self.draws_due.first() {
            let card = if self.talon_left == 0 {
                match self.indicator.take() {
                    Some(c) => {
                        self.hands[seat].push(c);
                        self.draws_due.remove(0);
                        continue;
                    }
                    None => return,
                }
            } else {
                match &self.talon {
                    None => return,
                    Some(t) => match t.get(self.talon_pos) {
                        Some(c) => *c,
                        None => {
                            self.talon_short = true;
                            return;
                        }
                    },
                }
            };
            self.talon_pos += 1;
            self.talon_left -= 1;
            self.draws_due.remove(0);
            self.take(seat, card);
        }
    }

    fn take(&mut self, seat: usize, c: Card) {
        let pos = self.n - 1 - self.draws_due.len();
        if c == Card::new(self.trump, Rank::Seven) {
            self.drew_seven[seat] = Some((self.tricks.len(), pos));
        }
        if self.talon.is_none() {
            self.copies[index(c)] = self.copies[index(c)].saturating_add(1);
        }
        self.hands[seat].push(c);
    }

    fn note_reached(&mut self, side: usize) {
        if self.reached[side].is_none() && self.count(side) >= 101 {
            // The next trick begun after this moment: a card of the trick in play is still
            // allowed (002: "plays a card to the next trick").
            self.reached[side] = Some(self.tricks.len());
        }
    }

    /// Auf Dissle: the announcing seat took the trick, so its side "has immediately lost the game"
    /// (002; 003 "As soon as he has to make a trick, he has lost").
    fn dissle_lost(&self, w: usize) -> bool {
        self.sevens == Sevens::AufDissle && self.dissle == Some(w)
    }
}
