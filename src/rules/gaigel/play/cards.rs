//! The Gaigel cards one by one (contract 1; rules 002 "Players and Cards"): four suits, the
//! ranks Ass, Zehn, König, Ober, Unter, Sieben from high to low, each card twice, 48 cards.
//! Card points: A 11, 10 10, K 4, O 3, U 2, 7 0.

use super::super::super::common::{ErrorCode, Lang, RuleError};
use super::super::super::record::Malformed;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::borrow::Cow;
use std::fmt;

/// A suit, in the contract's letters: `E` Eichel, `L` Laub (input also `G`), `H` Herz,
/// `S` Schell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    E,
    L,
    H,
    S,
}

/// A rank, highest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    A,
    Ten,
    K,
    O,
    U,
    Seven,
}

pub const SUITS: [Suit; 4] = [Suit::E, Suit::L, Suit::H, Suit::S];
pub const RANKS: [Rank; 6] = [Rank::A, Rank::Ten, Rank::K, Rank::O, Rank::U, Rank::Seven];

/// One card (the two copies of a card are equal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

/// Why a card string is not a Gaigel card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardError {
    /// Not a card at all (contract 2.1: malformed).
    NotACard,
    /// A card of contract 1 that the Gaigel pack lacks (the 9, 8 and 6).
    NotInPack,
}

impl Suit {
    pub fn letter(self) -> &'static str {
        match self {
            Suit::E => "E",
            Suit::L => "L",
            Suit::H => "H",
            Suit::S => "S",
        }
    }

    /// The suit as players say it: "Eichel"; in English "acorns".
    pub fn name(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::De, Suit::E) => "Eichel",
            (Lang::De, Suit::L) => "Laub",
            (Lang::De, Suit::H) => "Herz",
            (Lang::De, Suit::S) => "Schell",
            (Lang::En, Suit::E) => "acorns",
            (Lang::En, Suit::L) => "leaves",
            (Lang::En, Suit::H) => "hearts",
            (Lang::En, Suit::S) => "bells",
        }
    }

    /// Reads a suit letter (case-insensitive, `G` for leaves).
    pub fn parse(s: &str) -> Option<Suit> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c),
            _ => None,
        }
    }

    /// The suit of one letter; without allocating: a card-level deal reads every card.
    fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'E' => Some(Suit::E),
            'L' | 'G' => Some(Suit::L),
            'H' => Some(Suit::H),
            'S' => Some(Suit::S),
            _ => None,
        }
    }
}

impl Rank {
    fn text(self) -> &'static str {
        match self {
            Rank::A => "A",
            Rank::Ten => "10",
            Rank::K => "K",
            Rank::O => "O",
            Rank::U => "U",
            Rank::Seven => "7",
        }
    }

    fn name(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::De, Rank::A) => "Ass",
            (Lang::De, Rank::Ten) => "Zehn",
            (Lang::De, Rank::K) => "König",
            (Lang::De, Rank::O) => "Ober",
            (Lang::De, Rank::U) => "Unter",
            (Lang::De, Rank::Seven) => "Sieben",
            (Lang::En, Rank::A) => "Ace",
            (Lang::En, Rank::Ten) => "Ten",
            (Lang::En, Rank::K) => "King",
            (Lang::En, Rank::O) => "Ober",
            (Lang::En, Rank::U) => "Unter",
            (Lang::En, Rank::Seven) => "Seven",
        }
    }

    /// Card points (002: Ace 11, Ten 10, King 4, Ober 3, Unter 2, Seven 0).
    pub fn points(self) -> u32 {
        match self {
            Rank::A => 11,
            Rank::Ten => 10,
            Rank::K => 4,
            Rank::O => 3,
            Rank::U => 2,
            Rank::Seven => 0,
        }
    }
}

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// Reads a card string of contract 1 (case-insensitive).
    pub fn parse(s: &str) -> Result<Card, CardError> {
        let s = s.trim();
        let mut chars = s.chars();
        let suit = chars
            .next()
            .and_then(Suit::from_letter)
            .ok_or(CardError::NotACard)?;
        let rank = match chars.as_str() {
            "A" | "a" => Rank::A,
            "10" => Rank::Ten,
            "K" | "k" => Rank::K,
            "O" | "o" => Rank::O,
            "U" | "u" => Rank::U,
            "7" => Rank::Seven,
            "9" | "8" | "6" => return Err(CardError::NotInPack),
            _ => return Err(CardError::NotACard),
        };
        Ok(Card { suit, rank })
    }

    /// The canonical string: `EA`, `H10`.
    pub fn code(self) -> String {
        format!("{}{}", self.suit.letter(), self.rank.text())
    }

    /// The card as players say it: "Eichel Ass"; in English "Ace of acorns".
    pub fn name(self, lang: Lang) -> String {
        match lang {
            Lang::De => format!("{} {}", self.suit.name(lang), self.rank.name(lang)),
            Lang::En => format!("{} of {}", self.rank.name(lang), self.suit.name(lang)),
        }
    }

    pub fn points(self) -> u32 {
        self.rank.points()
    }

    /// Whether `self` beats `other` of the same suit (higher rank; an equal card does not:
    /// the card played earlier wins).
    pub fn beats_in_suit(self, other: Card) -> bool {
        self.suit == other.suit && self.rank < other.rank
    }
}

/// The 48 cards in the pack's order (suits E L H S, ranks high to low, each twice).
pub fn pack() -> Vec<Card> {
    let mut out = Vec::with_capacity(48);
    for suit in SUITS {
        for rank in RANKS {
            out.push(Card::new(suit, rank));
            out.push(Card::new(suit, rank));
        }
    }
    out
}

/// The index of a card among the 24 distinct cards, for counting copies.
pub fn index(c: Card) -> usize {
    c.suit as usize * 6 + c.rank as usize
}

/// Reads the deal's cards; the first card the Gaigel pack lacks is kept as the deal's fault
/// (a rule error, not a malformed record), and the deal goes on with a stand-in.
#[derive(Default)]
pub struct CardReader {
    pub fault: Option<RuleError>,
}

impl CardReader {
    /// `path` is built only for an error: a deal reads about a hundred cards.
    pub fn read(&mut self, s: &str, path: impl FnOnce() -> String) -> Result<Card, Malformed> {
        match Card::parse(s) {
            Ok(c) => Ok(c),
            Err(CardError::NotACard) => Err(Malformed::new(path(), format!("{s:?} is not a card"))),
            Err(CardError::NotInPack) => {
                self.fault.get_or_insert_with(|| {
                    RuleError::new(
                        ErrorCode::CardsInvalid,
                        format!("{s} gibt es im Gaigel-Blatt nicht (Ass, Zehn, König, Ober, Unter, Sieben)."),
                        format!("{s} is not in the Gaigel pack (Ace, Ten, King, Ober, Unter, Seven)."),
                    )
                });
                Ok(Card::new(Suit::E, Rank::Seven))
            }
        }
    }
}

/// A card as written, borrowed from the record's text when it holds no escape: a long deal
/// reads about a hundred cards, each an allocation if read into a `String`. Checked later, in
/// the deal's order, by [`CardReader`].
#[derive(Clone, Debug)]
pub struct CardText<'a>(pub Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for CardText<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CardText<'de>;
            // The wording of a `String` field, which these fields were: a malformed record's
            // message stays the same.
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
                Ok(CardText(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(CardText(Cow::Owned(s.to_owned())))
            }
        }
        d.deserialize_str(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_print_as_the_contract_writes_them() {
        assert_eq!(Card::parse("g10").unwrap().code(), "L10");
        assert_eq!(Card::parse("EA").unwrap().name(Lang::De), "Eichel Ass");
        assert_eq!(Card::parse("h7").unwrap().name(Lang::En), "Seven of hearts");
        assert_eq!(Card::parse("E9"), Err(CardError::NotInPack));
        assert_eq!(Card::parse("X1"), Err(CardError::NotACard));
        assert_eq!(Card::parse("E"), Err(CardError::NotACard));
        assert_eq!(Card::parse(" su ").unwrap().code(), "SU");
        assert_eq!(Card::parse("ÄA"), Err(CardError::NotACard));
        assert_eq!(Suit::parse("g"), Some(Suit::L));
        assert_eq!(Suit::parse("EH"), None);
        assert_eq!(Suit::parse(""), None);
        assert_eq!(pack().iter().map(|c| c.points()).sum::<u32>(), 240);
    }

    #[test]
    fn an_equal_card_does_not_beat_the_earlier_one() {
        let a = Card::parse("EA").unwrap();
        assert!(!a.beats_in_suit(a));
        assert!(a.beats_in_suit(Card::parse("E10").unwrap()));
        assert!(!a.beats_in_suit(Card::parse("H10").unwrap()));
    }
}
