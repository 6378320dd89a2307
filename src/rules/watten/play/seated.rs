//! A checked deal (`Setup`): who sits where, the hands as dealt, the trick order; built by
//! `setup::check` and read by every part of the card-level engine.

use super::order::{Cards, Order};
use super::words;
use crate::rules::common::{Lang, Side};
use crate::rules::watten::deal::Table;

/// A checked deal: who sits where, the hands as dealt, the trick order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Each seat's side in this deal (three players: forehand `A`, the team `B`).
    pub seats: Vec<Side>,
    /// Each seat's name as written (`A`, `B`, or the player `P1`..`P3`), for the words.
    pub names: Vec<&'static str>,
    pub dealer: usize,
    pub dealt: Vec<Cards>,
    pub order: Order,
    /// Bavarian option `machine`: the seat holding all three Kritische, who must declare it.
    pub machine_holder: Option<usize>,
    /// Blind Watten: only forehand and the dealer are bound by the trump duty and the
    /// last-trick betting restriction.
    pub blind: bool,
    pub table: Table,
}

impl Setup {
    /// Whether `seat` is bound by the trump duty and the last-trick restriction (Blind
    /// Watten: "Forehand and the dealer are bound by the usual Austrian rule ... The other
    /// two players are not bound by this rule").
    pub fn bound(&self, seat: usize) -> bool {
        !self.blind || seat == 0 || seat == self.dealer
    }

    /// The seat that cuts: the player to the dealer's right (with two players, the other).
    pub fn cutter(&self) -> usize {
        let n = self.seats.len();
        (self.dealer + n - 1) % n
    }

    /// "Platz 1 (P2)": a seat in the players' words.
    pub fn who(&self, lang: Lang, seat: usize) -> String {
        words::seat(lang, seat, self.names[seat % self.names.len()])
    }

    /// The side of a seat.
    pub fn side(&self, seat: usize) -> Side {
        self.seats[seat % self.seats.len()]
    }
}
