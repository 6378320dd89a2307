//! Gleich and Hanger: recognising them in shown cards and comparing them (contract 5.5).
//!
//! Sources: both texts, "Gleich, Hanger, Spiel": a Gleich is 2 or more equal ranks, more
//! cards beat fewer, then the higher rank (Perlaggen: up to 5 with Perlaggen); a Hanger is 2
//! or more consecutive cards of a suit (A K O U 10 9 8 7), longer beats shorter, then the
//! higher cards. "Dealing with ties": suits are equal, a baptised Perlagg equals the card it
//! represents, and equal best figures stand.

use super::cards::{Rank, Shown, Suit};
use crate::rules::common::Side;
use std::cmp::Ordering;

/// A Gleich: equal ranks (einfaches 2, dritziges 3, viertiges 4, fünftiges 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gleich {
    pub size: u8,
    pub rank: Rank,
}

/// A Hanger: consecutive cards of one suit; `top` is its highest card's rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hanger {
    pub len: u8,
    pub top: Rank,
}

/// How strong an instance is: more cards first, then the higher rank. Suits never count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Strength {
    pub cards: u8,
    /// 8 for the Ass down to 0 for the 6, so that higher is better.
    pub height: u8,
}

impl Gleich {
    pub fn strength(self) -> Strength {
        Strength {
            cards: self.size,
            height: 8 - self.rank.index(),
        }
    }
}

impl Hanger {
    pub fn strength(self) -> Strength {
        Strength {
            cards: self.len,
            height: 8 - self.top.index(),
        }
    }
}

/// The shown cards form exactly one Gleich: 2 to 5 cards counting as one rank
/// (5 only with a Perlagg, which follows since the pack has at most four of a rank).
pub fn as_gleich(cards: &[Shown]) -> Option<Gleich> {
    let first = cards.first()?.counts_as().rank;
    if !(2..=5).contains(&cards.len()) || cards.iter().any(|c| c.counts_as().rank != first) {
        return None;
    }
    Some(Gleich {
        size: cards.len() as u8,
        rank: first,
    })
}

/// The shown cards form exactly one Hanger: 2 to 5 cards counting as one suit whose ranks
/// are consecutive in the order A K O U 10 9 8 7 (the 6 is in no Hanger).
pub fn as_hanger(cards: &[Shown]) -> Option<Hanger> {
    let suit = cards.first()?.counts_as().suit;
    if !(2..=5).contains(&cards.len()) {
        return None;
    }
    let mut ranks = 0u16;
    for c in cards {
        let c = c.counts_as();
        if c.suit != suit || c.rank == Rank::Six || ranks & (1 << c.rank.index()) != 0 {
            return None;
        }
        ranks |= 1 << c.rank.index();
    }
    let top = ranks.trailing_zeros() as u8;
    let run = ranks >> top;
    // consecutive: the bits form one block starting at the top
    if run & (run + 1) != 0 {
        return None;
    }
    Some(Hanger {
        len: cards.len() as u8,
        top: Rank::ALL[top as usize],
    })
}

/// The best Gleich among a player's cards, if any.
pub fn best_gleich(cards: &[Shown]) -> Option<Gleich> {
    let mut count = [0u8; 9];
    for c in cards {
        count[c.counts_as().rank.index() as usize] += 1;
    }
    Rank::ALL
        .iter()
        .filter(|r| count[r.index() as usize] >= 2)
        .map(|&r| Gleich {
            size: count[r.index() as usize].min(5),
            rank: r,
        })
        .max_by_key(|g| g.strength())
}

/// The best Hanger among a player's cards, if any.
pub fn best_hanger(cards: &[Shown]) -> Option<Hanger> {
    let mut best: Option<Hanger> = None;
    for suit in Suit::ALL {
        let mut ranks = 0u16;
        for c in cards {
            let c = c.counts_as();
            if c.suit == suit && c.rank != Rank::Six {
                ranks |= 1 << c.rank.index();
            }
        }
        let mut i = 0u8;
        while i < 8 {
            if ranks & (1 << i) == 0 {
                i += 1;
                continue;
            }
            let start = i;
            while i < 8 && ranks & (1 << i) != 0 {
                i += 1;
            }
            let h = Hanger {
                len: i - start,
                top: Rank::ALL[start as usize],
            };
            if h.len >= 2 && best.is_none_or(|b| h.strength() > b.strength()) {
                best = Some(h);
            }
        }
    }
    best
}

/// Who has the better of two sides' instances: `Some(side)`, or `None` when they are equal
/// (the figure stands) or neither side has one.
pub fn better(a: Option<Strength>, b: Option<Strength>) -> Option<Side> {
    match (a, b) {
        (Some(_), None) => Some(Side::A),
        (None, Some(_)) => Some(Side::B),
        (Some(x), Some(y)) => match x.cmp(&y) {
            Ordering::Greater => Some(Side::A),
            Ordering::Less => Some(Side::B),
            Ordering::Equal => None,
        },
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(list: &[&str]) -> Vec<Shown> {
        list.iter().map(|s| Shown::parse(s).unwrap()).collect()
    }

    #[test]
    fn a_gleich_is_two_to_five_equal_ranks() {
        assert_eq!(
            as_gleich(&cards(&["L10", "H10", "L7=L10"])),
            Some(Gleich {
                size: 3,
                rank: Rank::Ten
            })
        );
        assert!(as_gleich(&cards(&["L10"])).is_none());
        assert!(as_gleich(&cards(&["L10", "H9"])).is_none());
        assert_eq!(
            as_gleich(&cards(&["EK", "LK", "HK", "SK", "E7=HK"]))
                .unwrap()
                .size,
            5
        );
    }

    #[test]
    fn a_hanger_is_consecutive_in_one_suit() {
        assert_eq!(
            as_hanger(&cards(&["EK", "EO", "EU"])),
            Some(Hanger {
                len: 3,
                top: Rank::K
            })
        );
        assert_eq!(as_hanger(&cards(&["EU", "EK", "EO"])).unwrap().top, Rank::K);
        assert!(as_hanger(&cards(&["EK", "EU"])).is_none());
        assert!(as_hanger(&cards(&["EK", "LO"])).is_none());
        assert!(as_hanger(&cards(&["E7", "S6=E6"])).is_none());
        assert!(as_hanger(&cards(&["EK", "EK"])).is_none());
        assert_eq!(
            as_hanger(&cards(&["HU", "H10", "E7=H9", "H8"]))
                .unwrap()
                .len,
            4
        );
    }

    #[test]
    fn more_cards_beat_higher_cards() {
        let three_sevens = as_gleich(&cards(&["E7", "L7", "H7"])).unwrap();
        let two_aces = as_gleich(&cards(&["EA", "LA"])).unwrap();
        assert!(three_sevens.strength() > two_aces.strength());
        let aces = as_gleich(&cards(&["EA", "HA"])).unwrap();
        let kings = as_gleich(&cards(&["EK", "HK"])).unwrap();
        assert!(aces.strength() > kings.strength());
        let nine_eight_seven = as_hanger(&cards(&["E9", "E8", "E7"])).unwrap();
        let ace_king = as_hanger(&cards(&["EA", "EK"])).unwrap();
        assert!(nine_eight_seven.strength() > ace_king.strength());
    }

    #[test]
    fn equal_figures_stand_whatever_the_suits_or_perlaggen() {
        let natural = as_gleich(&cards(&["EK", "LK", "SK"])).unwrap();
        let wild = as_gleich(&cards(&["HK", "S6=EK", "E7=EK"])).unwrap();
        assert_eq!(
            better(Some(natural.strength()), Some(wild.strength())),
            None
        );
        let h = as_hanger(&cards(&["H10", "H9", "H8"])).unwrap();
        let e = as_hanger(&cards(&["E10", "E9", "E8"])).unwrap();
        assert_eq!(better(Some(h.strength()), Some(e.strength())), None);
        assert_eq!(better(Some(h.strength()), None), Some(Side::A));
        assert_eq!(better(None, None), None);
    }

    #[test]
    fn the_best_figures_in_a_hand() {
        // Giltspiel text: S9, E9, L9 and L10 hold a three-card Gleich and a two-card Hanger.
        let hand = cards(&["S9", "E9", "L9", "L10"]);
        assert_eq!(best_gleich(&hand).unwrap().size, 3);
        let h = best_hanger(&hand).unwrap();
        assert_eq!((h.len, h.top), (2, Rank::Ten));
        let hand = cards(&["EA", "EK", "E9", "E8", "E7"]);
        let h = best_hanger(&hand).unwrap();
        assert_eq!((h.len, h.top), (3, Rank::Nine));
        assert!(best_gleich(&hand).is_none());
    }
}
