//! Who takes a trick (002 "First Trick" and "Subsequent Tricks"; 003 "Card precedence"), for
//! the table moving card by card ([`super::engine`]) and the meld on a partner's certain win
//! ([`super::sure`]).

use super::super::input::Sevens;
use super::cards::Card;
use super::engine::State;
use super::parse::Opening;

impl State {
    /// Who takes a trick of these cards: the first trick by its opening, any other by 002
    /// "Subsequent Tricks"; an auf-Siebener player's card has no power.
    pub fn taker(&self, cards: &[(usize, Card)], first: bool) -> usize {
        let w = if first {
            self.first_winner(cards)
        } else {
            self.winner(cards)
        };
        self.with_power(cards, w)
    }

    /// The winner of a trick after the first: the highest trump, else the highest card of
    /// the suit led; of two equal cards the earlier (002 "Subsequent Tricks").
    pub fn winner(&self, cards: &[(usize, Card)]) -> usize {
        let mut best = cards[0];
        for &(s, c) in &cards[1..] {
            let b = best.1;
            let better = if self.is_trump(c) && !self.is_trump(b) {
                true
            } else {
                c.beats_in_suit(b)
            };
            if better {
                best = (s, c);
            }
        }
        best.0
    }

    /// The winner of the first trick (002 "First Trick").
    pub(super) fn first_winner(&self, cards: &[(usize, Card)]) -> usize {
        let (lead_seat, lead) = cards[0];
        match self.opening {
            Some(Opening::ZweiteAlte) => cards[1..]
                .iter()
                .find(|(_, c)| *c == lead)
                .map_or(lead_seat, |(s, _)| *s),
            Some(Opening::HoeherHat) | Some(Opening::FuenfTrumpf) => {
                let mut best = cards[0];
                for &(s, c) in &cards[1..] {
                    if c.beats_in_suit(best.1) {
                        best = (s, c);
                    }
                }
                best.0
            }
            _ => lead_seat,
        }
    }

    /// The trick's winner `w`, unless it is the auf-Siebener player, whose "cards have no
    /// trick-taking power even if they are trumps" (002): then the best of the other cards, read
    /// as a trick led by the first of them (kartl's reading, docs/rules/gaigel.md 12.4).
    pub(super) fn with_power(&self, cards: &[(usize, Card)], w: usize) -> usize {
        if self.sevens != Sevens::AufSiebener || self.dissle != Some(w) {
            return w;
        }
        let others: Vec<(usize, Card)> = cards.iter().copied().filter(|(s, _)| *s != w).collect();
        if others.is_empty() {
            return w;
        }
        self.winner(&others)
    }
}
