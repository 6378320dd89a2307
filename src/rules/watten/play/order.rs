//! The trick order of one deal: which cards are Kritische, the Guate, the Rechte
//! (Hauptschlag), the Linken (Blinde), trumps, and which card wins a trick (rules text
//! `004`, Bavarian "Players and cards" and "The play"; Tyrolean "Choosing trumps" and "The
//! play"; "WELI is always a bell"; "Der Guate"; "Watten with 36 cards"; the Kritischen
//! section).
//!
//! A card's strength is one number; the highest wins the trick, and of equal strengths (the
//! Linken or Blinde, "all equal in value") the first played wins.

use super::super::input::{KritischeSet, Variant};
use super::super::ruleset::{Family, RuleSet};
use super::input::Schlag;
use crate::rules::figures::cards::{Card, Rank, Suit};

use Rank::*;
use Suit::*;

/// The WELI, the six of bells.
pub const WELI: Card = Card::new(S, Six);

/// A set of physical cards as bits of [`Card::id`].
pub type Cards = u64;

pub fn bit(c: Card) -> Cards {
    1u64 << c.id()
}

/// Whether the rule set's pack holds the card: every suit Ass to 7; the WELI in the Tyrolean
/// 33; all four sixes at Toblach (`pack: 36`, "the sixes of hearts, acorns and leaves").
pub fn in_pack(rules: &RuleSet, c: Card) -> bool {
    c.rank != Six || rules.pack == 36 || (c == WELI && rules.family == Family::Tyrolean)
}

/// The pack of the rule set, in pack order (suits E, L, H, S; ranks Ass down to 6, so the
/// WELI comes last): Bavarian 32 cards, Tyrolean 33, Toblach 36.
pub fn pack(rules: &RuleSet) -> Vec<Card> {
    Suit::ALL
        .into_iter()
        .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(s, r)))
        .filter(|&c| in_pack(rules, c))
        .collect()
}

/// The Kritische of the rule set, highest first: Bavarian Maxi, Belli, Spritzer; variant
/// `kritische` by its set; none elsewhere.
pub fn kritische(rules: &RuleSet) -> &'static [Card] {
    const BAVARIAN: [Card; 3] = [Card::new(H, K), Card::new(S, Seven), Card::new(E, Seven)];
    const THREE: [Card; 3] = [Card::new(H, K), WELI, Card::new(E, Seven)];
    const FOUR: [Card; 4] = [
        Card::new(H, K),
        WELI,
        Card::new(S, Seven),
        Card::new(E, Seven),
    ];
    const NO_SPITZ: [Card; 3] = [Card::new(H, K), WELI, Card::new(S, Seven)];
    const TWO: [Card; 2] = [Card::new(H, K), Card::new(S, O)];
    match (rules.variant, rules.kritische) {
        (Variant::Bavarian, _) => &BAVARIAN,
        (Variant::Kritische, Some(KritischeSet::Four)) => &FOUR,
        (Variant::Kritische, Some(KritischeSet::ThreeWithoutSpitz)) => &NO_SPITZ,
        (Variant::Kritische, Some(KritischeSet::Two)) => &TWO,
        (Variant::Kritische, _) => &THREE,
        _ => &[],
    }
}

/// The Schlag choices: Bavarian Ass to 7 ("ace, king, over, under, 10, 9, 8 or 7");
/// Tyrolean Ass to 6 ("any rank from ace down to six"); with Kritischen not the six ("six
/// cannot be chosen as the Schlag"), except the set of two ("six as a possible Schlag"); the
/// WELI apart from the six only at Toblach ("the Schlag can be either the WELI or an ordinary
/// six").
pub fn schlag_allowed(rules: &RuleSet, schlag: Schlag) -> bool {
    match schlag {
        Schlag::Weli => rules.pack == 36,
        Schlag::Rank(Six) => {
            rules.family == Family::Tyrolean
                && (rules.variant != Variant::Kritische
                    || rules.kritische == Some(KritischeSet::Two))
        }
        Schlag::Rank(_) => true,
    }
}

/// Every Schlag choice of the rule set, in the order the players name them (Ass down to six,
/// then the WELI).
pub fn schlag_choices(rules: &RuleSet) -> impl Iterator<Item = Schlag> + '_ {
    Rank::ALL
        .into_iter()
        .map(Schlag::Rank)
        .chain([Schlag::Weli])
        .filter(|&s| schlag_allowed(rules, s))
}

/// The natural order inside a suit: Ass 8 down to the 6 at 0.
fn natural(r: Rank) -> u16 {
    8 - u16::from(r.index())
}

/// The rank next above the Schlag in the natural order, whose trump is the Guate ("If ace
/// is the Schlag then the seven is the Guate. If six is the Schlag there is no Guate").
fn above(r: Rank) -> Option<Rank> {
    Some(match r {
        A => Seven,
        K => A,
        O => K,
        U => O,
        Ten => U,
        Nine => Ten,
        Eight => Nine,
        Seven => Eight,
        Six => return None,
    })
}

/// The trick order of one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Order {
    pub trump: Suit,
    pub schlag: Rank,
    /// Kritische highest first (bits and list).
    pub kritische: &'static [Card],
    kritisch_bits: Cards,
    pub guate: Option<Card>,
    /// The Rechte (Hauptschlag); none when the Schlag of the trump suit is a Kritisch.
    pub rechte: Option<Card>,
    /// The Linken (Blinde): the other cards of the Schlag rank, no Kritisch.
    pub linke: Cards,
    /// The WELI is a trump whatever the suit (the wild lowest trump).
    weli_wild: bool,
    pub family: Family,
}

impl Order {
    /// The order for the Schlag and trump suit announced. The WELI is the only Schlag (the
    /// Rechte, no Linken) when six is the Schlag in the 33-card pack, or `WELI` at Toblach;
    /// at Toblach the six makes all four sixes Schlag cards, the WELI "an ordinary six of
    /// bells", and "The seven of trumps is the Guate" in every variant (docs/rules/watten.md).
    pub fn new(rules: &RuleSet, trump: Suit, schlag: Schlag) -> Order {
        let kritische = kritische(rules);
        let kritisch_bits = kritische.iter().fold(0, |m, &c| m | bit(c));
        let not_kritisch = |c: Card| kritisch_bits & bit(c) == 0;
        let rank = schlag.rank();
        let toblach_six = rules.pack == 36 && schlag == Schlag::Rank(Six);
        let weli_alone = schlag == Schlag::Weli || (rank == Six && !toblach_six);
        let (rechte, linke) = if weli_alone {
            // "the WELI will be the only Schlag and counts as the Rechte; there are no Linken"
            (
                Some(WELI).filter(|&c| not_kritisch(c) && in_pack(rules, c)),
                0,
            )
        } else {
            let rechte = Some(Card::new(trump, rank)).filter(|&c| not_kritisch(c));
            let linke = Suit::ALL
                .into_iter()
                .map(|s| Card::new(s, rank))
                .filter(|&c| c.suit != trump && not_kritisch(c))
                .fold(0, |m, c| m | bit(c));
            (rechte, linke)
        };
        let guate = if toblach_six {
            Some(Card::new(trump, Seven))
        } else if rules.variant == Variant::Guate && !weli_alone {
            above(rank).map(|r| Card::new(trump, r))
        } else {
            None
        };
        // At Toblach with six as Schlag the WELI is a six like the others, no wild trump.
        let weli_wild = rules.family == Family::Tyrolean && !rules.weli_bell && !toblach_six;
        Order {
            trump,
            schlag: rank,
            kritische,
            kritisch_bits,
            guate,
            rechte,
            linke,
            weli_wild,
            family: rules.family,
        }
    }

    /// Whether the WELI is the wild lowest trump in this deal (no suit of its own).
    pub fn weli_is_wild(&self) -> bool {
        self.weli_wild
    }

    pub fn is_kritisch(&self, c: Card) -> bool {
        self.kritisch_bits & bit(c) != 0
    }

    pub fn is_linke(&self, c: Card) -> bool {
        self.linke & bit(c) != 0
    }

    /// A Schlag card: the Rechte or a Linke.
    pub fn is_schlag(&self, c: Card) -> bool {
        self.rechte == Some(c) || self.is_linke(c)
    }

    /// A trump of the suit: the trump suit's cards (the Rechte and the Guate among them), and
    /// the WELI where it is a trump (wild, or the Rechte when six is the Schlag). Neither the
    /// Kritische nor the Linken.
    pub fn is_suit_trump(&self, c: Card) -> bool {
        if self.is_kritisch(c) || self.is_linke(c) {
            return false;
        }
        self.rechte == Some(c) || (c == WELI && self.weli_wild) || c.suit == self.trump
    }

    /// Any trump: a Kritisch, a Schlag card or a trump of the suit (Bavarian "a trump (i.e.
    /// a Kritsch, a Blinde or a card of the trump suit)"; Tyrolean "a trump or Schlag").
    pub fn is_trump(&self, c: Card) -> bool {
        self.is_kritisch(c) || self.is_linke(c) || self.is_suit_trump(c)
    }

    /// The card's strength in a trick led by `led`.
    pub fn strength(&self, c: Card, led: Card) -> u16 {
        if let Some(i) = self.kritische.iter().position(|&k| k == c) {
            return 400 - i as u16;
        }
        if self.guate == Some(c) {
            return 300;
        }
        if self.rechte == Some(c) {
            return 250;
        }
        if self.is_linke(c) {
            return 200;
        }
        // "Finally, the lowest trump is the WELI": below every card of the trump suit, the
        // six of trumps too (36 cards).
        if c == WELI && self.weli_wild {
            return 100;
        }
        if self.is_suit_trump(c) {
            return 101 + natural(c.rank);
        }
        if !self.is_trump(led) && c.suit == led.suit {
            return 50 + natural(c.rank);
        }
        0
    }

    /// The position (in playing order) of the card that wins a trick: the strongest, and of
    /// equal ones the first played.
    pub fn winner(&self, cards: &[Card]) -> usize {
        let Some(&led) = cards.first() else { return 0 };
        let mut best = (0, self.strength(led, led));
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let s = self.strength(c, led);
            if s > best.1 {
                best = (i, s);
            }
        }
        best.0
    }
}

/// Sorts cards strongest first in a trick led by the first; equal cards keep their order
/// (the trick-order tests here and in `order_toblach.rs`).
#[cfg(test)]
pub(super) fn ranked(order: &Order, cards: &[&str]) -> Vec<String> {
    let parsed: Option<Vec<Card>> = cards.iter().map(|s| Card::parse(s)).collect();
    let mut v = parsed.expect("test cards parse");
    let led = v[0];
    v.sort_by_key(|&x| std::cmp::Reverse(order.strength(x, led)));
    v.iter().map(|x| x.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::watten::input::RawOptions;

    fn c(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    fn rules(variant: Variant) -> RuleSet {
        RuleSet::new(variant, None, RawOptions::default()).unwrap()
    }

    /// Rules text 004, Bavarian "Examples of trumps", 1: "If the Schlag is 10, and trump suit
    /// is hearts, the trumps rank from high to low: Maxi (heart K), Belli (bell 7), Spritzer
    /// (acorn 7), heart 10, the other three tens (equal), heart ace, over, under, 9, 8, 7."
    #[test]
    fn bavarian_example_1_schlag_ten_hearts() {
        let o = Order::new(&rules(Variant::Bavarian), H, Schlag::Rank(Ten));
        let order = [
            "HK", "S7", "E7", "H10", "E10", "HA", "HO", "HU", "H9", "H8", "H7",
        ];
        for w in order.windows(2) {
            let led = c("LA");
            assert!(
                o.strength(c(w[0]), led) > o.strength(c(w[1]), led),
                "{} above {}",
                w[0],
                w[1]
            );
        }
        let led = c("LA");
        assert_eq!(o.strength(c("E10"), led), o.strength(c("S10"), led));
        assert_eq!(o.strength(c("L10"), led), o.strength(c("S10"), led));
    }

    /// Example 2: "If the Schlag is 7 and the trump suit is acorns ... Maxi, Belli, Spritzer,
    /// sevens of hearts and leaves (equal), acorn ace, king, over, under, 10, 9, 8. Note that
    /// in this case there is no Hauptschlag ... and only one Blinde" (two equal sevens).
    #[test]
    fn bavarian_example_2_schlag_seven_acorns() {
        let o = Order::new(&rules(Variant::Bavarian), E, Schlag::Rank(Seven));
        assert_eq!(o.rechte, None);
        assert_eq!(o.linke, bit(c("H7")) | bit(c("L7")));
        assert_eq!(
            ranked(&o, &["E8", "EA", "H7", "S7", "HK", "E7", "EK", "L7"]),
            ["HK", "S7", "E7", "H7", "L7", "EA", "EK", "E8"]
        );
    }

    /// Tyrolean "Choosing trumps": "The Schlag of the trump suit is the highest card ... Then
    /// come the other three cards of the same rank ... the remaining cards of the trump suit
    /// ... Finally, the lowest trump is the WELI".
    #[test]
    fn tyrolean_order_ends_with_the_weli() {
        let o = Order::new(&rules(Variant::Tyrolean), L, Schlag::Rank(O));
        assert_eq!(
            ranked(&o, &["E9", "S6", "L7", "LA", "HO", "LO", "EA", "L8"]),
            ["LO", "HO", "LA", "L8", "L7", "S6", "EA", "E9"]
        );
        // "It is possible to choose six as the Schlag, in which case the WELI will be the
        // only Schlag and counts as the Rechte; there are no Linken in this case."
        let six = Order::new(&rules(Variant::Tyrolean), H, Schlag::Rank(Six));
        assert_eq!((six.rechte, six.linke), (Some(WELI), 0));
        assert_eq!(ranked(&six, &["HA", "S6"]), ["S6", "HA"]);
    }

    /// "Der Guate": "if 10 is the Schlag and leaves are trumps, the highest card is the Leaf
    /// Under (der Guate) followed by the Leaf Ten (der Rechte), the other tens (die Linken),
    /// and then the remaining leaves from the ace downward. If ace is the Schlag then the
    /// seven is the Guate."
    #[test]
    fn guate_beats_the_rechte() {
        let o = Order::new(&rules(Variant::Guate), L, Schlag::Rank(Ten));
        assert_eq!(
            ranked(&o, &["LA", "H10", "L10", "LU", "L9"]),
            ["LU", "L10", "H10", "LA", "L9"]
        );
        let ace = Order::new(&rules(Variant::Guate), H, Schlag::Rank(A));
        assert_eq!(ace.guate, Some(c("H7")));
        assert_eq!(
            Order::new(&rules(Variant::Guate), H, Schlag::Rank(Six)).guate,
            None
        );
    }

    /// Guate: "In this game the WELI is usually counted as a bell whatever suit is trump".
    #[test]
    fn in_guate_the_weli_is_a_bell() {
        let o = Order::new(&rules(Variant::Guate), H, Schlag::Rank(Ten));
        assert!(!o.is_trump(WELI));
        assert_eq!(o.winner(&[c("S7"), WELI]), 0);
        assert_eq!(o.winner(&[WELI, c("S7")]), 1);
    }

    /// "If two or more Blinde are played to the same trick, the first played beats the
    /// others."
    #[test]
    fn the_first_of_equal_blinde_wins() {
        let o = Order::new(&rules(Variant::Bavarian), H, Schlag::Rank(Ten));
        assert_eq!(o.winner(&[c("E9"), c("L10"), c("S10"), c("E10")]), 1);
        // "Each trick is won by the highest trump in it, or if it contains no trump by the
        // highest card played of the suit that was led."
        assert_eq!(o.winner(&[c("E9"), c("LA"), c("EA"), c("E8")]), 2);
    }

    #[test]
    fn kritische_sets_by_option() {
        let mut r = rules(Variant::Kritische);
        assert_eq!(kritische(&r), [c("HK"), WELI, c("E7")]);
        r.kritische = Some(KritischeSet::Two);
        assert_eq!(kritische(&r), [c("HK"), c("SO")]);
        let o = Order::new(&r, E, Schlag::Rank(Ten));
        assert!(o.is_suit_trump(WELI), "the WELI as the lowest trump");
        assert!(schlag_allowed(&r, Schlag::Rank(Six)));
        assert!(!schlag_allowed(
            &rules(Variant::Kritische),
            Schlag::Rank(Six)
        ));
        assert!(!schlag_allowed(
            &rules(Variant::Bavarian),
            Schlag::Rank(Six)
        ));
    }
}
