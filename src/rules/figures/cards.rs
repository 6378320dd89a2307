//! Cards and their notation (contract section 1), the packs of each figure-game variant and
//! which cards are wild (Perlaggen) under each variant and trump (contract 5.6).
//!
//! Sources: Giltspiel text "Players and Cards" (32 cards) and its last paragraph
//! ("Giltspiel mit 3 Perlique": trump 7, Ober, Unter); Perlaggen text "Players and Cards"
//! (33 cards with the Weli; the four permanent and the trump Perlaggen), "Eichelperlaggen",
//! and "Variations" (Schlanders: 32 cards, E8 for the Weli; Deutschnofen: ten Perlaggen).

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::fmt;

/// A suit: `E` Eichel (acorns), `L` Laub/Grün (leaves), `H` Herz (hearts), `S` Schell (bells).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    E,
    L,
    H,
    S,
}

/// A suit letter as in the card notation: case-insensitive, `G` for leaves (contract 1).
impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Suit;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a suit: E, L (or G), H or S")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Suit, E> {
                match s.as_bytes() {
                    [c] => Suit::from_letter(*c),
                    _ => None,
                }
                .ok_or_else(|| E::invalid_value(de::Unexpected::Str(s), &self))
            }
        }
        d.deserialize_str(V)
    }
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::E, Suit::L, Suit::H, Suit::S];

    fn letter(self) -> char {
        match self {
            Suit::E => 'E',
            Suit::L => 'L',
            Suit::H => 'H',
            Suit::S => 'S',
        }
    }

    fn from_letter(c: u8) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            b'E' => Some(Suit::E),
            b'L' | b'G' => Some(Suit::L),
            b'H' => Some(Suit::H),
            b'S' => Some(Suit::S),
            _ => None,
        }
    }
}

/// A rank, highest first: Ass (Sau, Daus), König, Ober, Unter, 10 ... 7, and the 6 (the Weli).
/// The declaration order is the Hanger order (A K O U 10 9 8 7); the 6 is in no Hanger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    A,
    K,
    O,
    U,
    Ten,
    Nine,
    Eight,
    Seven,
    Six,
}

impl Rank {
    pub const ALL: [Rank; 9] = [
        Rank::A,
        Rank::K,
        Rank::O,
        Rank::U,
        Rank::Ten,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
        Rank::Six,
    ];

    /// 0 for the Ass down to 8 for the 6: lower is higher.
    pub fn index(self) -> u8 {
        self as u8
    }

    fn text(self) -> &'static str {
        match self {
            Rank::A => "A",
            Rank::K => "K",
            Rank::O => "O",
            Rank::U => "U",
            Rank::Ten => "10",
            Rank::Nine => "9",
            Rank::Eight => "8",
            Rank::Seven => "7",
            Rank::Six => "6",
        }
    }

    fn parse(s: &[u8]) -> Option<Rank> {
        Some(match s {
            [b'A' | b'a'] => Rank::A,
            [b'K' | b'k'] => Rank::K,
            [b'O' | b'o'] => Rank::O,
            [b'U' | b'u'] => Rank::U,
            [b'1', b'0'] => Rank::Ten,
            [b'9'] => Rank::Nine,
            [b'8'] => Rank::Eight,
            [b'7'] => Rank::Seven,
            [b'6'] => Rank::Six,
            _ => return None,
        })
    }
}

/// A card: suit and rank, written `EA`, `H10`, `S6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// A number 0..36 naming the physical card, for bit sets.
    pub fn id(self) -> usize {
        self.suit as usize * 9 + self.rank as usize
    }

    /// Parses `EA`, `h10`, `G7` (leaves); `None` when it is no card.
    pub fn parse(s: &str) -> Option<Card> {
        let b = s.as_bytes();
        let (&first, rest) = b.split_first()?;
        Some(Card::new(Suit::from_letter(first)?, Rank::parse(rest)?))
    }
}

/// Every card of the four suits, suit by suit, Ass down to 6.
pub fn all_cards() -> impl Iterator<Item = Card> {
    Suit::ALL
        .into_iter()
        .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(s, r)))
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.text())
    }
}

/// A card as shown: the physical card and, for a wild card, its baptism (`E7=L10`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shown {
    pub card: Card,
    /// The card a Perlagg was baptised (getauft) as.
    pub baptism: Option<Card>,
}

impl Shown {
    /// The card it counts as: the baptism, or the card itself (an unbaptised Perlagg counts
    /// as itself, Perlaggen text "Players and Cards").
    pub fn counts_as(self) -> Card {
        self.baptism.unwrap_or(self.card)
    }

    pub fn parse(s: &str) -> Option<Shown> {
        // Most cards are written plainly (`EA`); a card that reads so holds no `=` and no
        // space, so the search and the trims below would give the same.
        if let Some(card) = Card::parse(s) {
            return Some(Shown {
                card,
                baptism: None,
            });
        }
        match s.split_once('=') {
            Some((card, baptism)) => Some(Shown {
                card: Card::parse(card.trim())?,
                baptism: Some(Card::parse(baptism.trim())?),
            }),
            None => Some(Shown {
                card: Card::parse(s.trim())?,
                baptism: None,
            }),
        }
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.baptism {
            Some(b) => write!(f, "{}={}", self.card, b),
            None => write!(f, "{}", self.card),
        }
    }
}

impl<'de> Deserialize<'de> for Shown {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Shown;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card such as \"EA\", \"H10\" or \"E7=L10\"")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Shown, E> {
                Shown::parse(s).ok_or_else(|| {
                    E::custom(format!(
                        "{s:?} is not a card (suit E, L/G, H, S then rank A, K, O, U, 10-6; a Perlagg as \"E7=L10\")"
                    ))
                })
            }
        }
        d.deserialize_str(V)
    }
}

/// The variants of the figure games (contract 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Giltspiel without wild cards.
    GiltStandard,
    /// Giltspiel mit 3 Perlique: trump 7, Ober, Unter wild.
    GiltPerlique,
    /// Perlaggen, Innsbruck style (innspruggerisch).
    Innsbruck,
    /// Eichelperlaggen (Imst).
    Eichel,
    /// Eichelperlaggen as played in Schlanders: 32 cards, E8 for the Weli.
    Schlanders,
    /// Perlaggen in Deutschnofen: ten Perlaggen.
    Deutschnofen,
    /// The historical sets of the 1853 book (Perlaggen text, last section), 32 cards:
    /// trump K, 7, O, U.
    TrumpFour,
    /// "Schello bello": the Seven of bells alone.
    SchelloBello,
    /// "Radetzky": the King of hearts alone.
    Radetzky,
    /// "Schello bello", then trump 7, O, U.
    SchelloBelloTrumps,
    /// "Radetzky", then trump 7, O, U.
    RadetzkyTrumps,
}

use Rank::*;
use Suit::*;

impl Variant {
    /// Whether the pack holds the card: every suit A to 7, plus the Weli (S6) in the 33-card
    /// packs. The historical sets are played with 32: no set of the 1853 book names the Weli,
    /// and the 33rd card is there only as a wild card (Perlaggen text, "Players and Cards").
    pub fn has_card(self, c: Card) -> bool {
        c.rank != Six
            || (c.suit == S
                && matches!(
                    self,
                    Variant::Innsbruck | Variant::Eichel | Variant::Deutschnofen
                ))
    }

    /// Whether acorns may be trumps (never in Eichelperlaggen, contract 5.6).
    pub fn acorns_may_be_trumps(self) -> bool {
        !matches!(self, Variant::Eichel | Variant::Schlanders)
    }

    /// Each wild card (Perlagg) under this trump, highest first (contract 5.6), handed to
    /// `emit`: the one list of the variants' Perlaggen. A trump card that is already a
    /// permanent Perlagg (the Martl when hearts are trumps) comes twice; the callers keep its
    /// higher place. No list is built: `is_wild` runs for every card the referee looks at.
    fn each_wild(self, trump: Suit, mut emit: impl FnMut(Card)) {
        let t = |r| Card::new(trump, r);
        let mut all = |cards: &[Card]| cards.iter().for_each(|c| emit(*c));
        match self {
            Variant::GiltStandard => {}
            Variant::GiltPerlique => all(&[t(Seven), t(O), t(U)]),
            Variant::Innsbruck => {
                all(&[
                    Card::new(H, K),
                    Card::new(S, Six),
                    Card::new(S, Seven),
                    Card::new(E, Seven),
                ]);
                if matches!(trump, H | L) {
                    all(&[t(Seven)]);
                }
                all(&[t(U), t(O)]);
            }
            Variant::Eichel => all(&[
                Card::new(H, K),
                Card::new(S, Six),
                t(Seven),
                t(U),
                t(O),
                Card::new(E, Seven),
                Card::new(E, U),
                Card::new(E, O),
            ]),
            Variant::Schlanders => all(&[
                Card::new(H, K),
                Card::new(E, Eight),
                t(Seven),
                t(O),
                t(U),
                Card::new(E, Seven),
                Card::new(E, O),
                Card::new(E, U),
            ]),
            Variant::Deutschnofen => all(&[
                Card::new(S, Six),
                Card::new(H, K),
                Card::new(S, K),
                Card::new(H, Seven),
                Card::new(S, Seven),
                Card::new(L, Seven),
                Card::new(E, Seven),
                t(K),
                t(O),
                t(U),
            ]),
            Variant::TrumpFour => all(&[t(K), t(Seven), t(O), t(U)]),
            Variant::SchelloBello => all(&[Card::new(S, Seven)]),
            Variant::Radetzky => all(&[Card::new(H, K)]),
            Variant::SchelloBelloTrumps => all(&[Card::new(S, Seven), t(Seven), t(O), t(U)]),
            Variant::RadetzkyTrumps => all(&[Card::new(H, K), t(Seven), t(O), t(U)]),
        }
    }

    /// The wild cards (Perlaggen) under this trump, highest first (contract 5.6).
    pub fn wild_cards(self, trump: Suit) -> Vec<Card> {
        let mut v = Vec::with_capacity(10);
        // A trump card that is already a permanent Perlagg is listed once, at its higher
        // place.
        let mut seen = 0u64;
        self.each_wild(trump, |c| {
            let bit = 1u64 << c.id();
            if seen & bit == 0 {
                seen |= bit;
                v.push(c);
            }
        });
        v
    }

    /// Whether `card` is wild under `trump`.
    pub fn is_wild(self, card: Card, trump: Suit) -> bool {
        let mut wild = false;
        self.each_wild(trump, |c| wild |= c == card);
        wild
    }

    /// Cards a Gleich or Hanger needs in the decider when both sides are gestrichen
    /// (contract 5.4: 3; Eichelperlaggen, `eichel` and `schlanders`: 4).
    pub fn decider_min(self) -> usize {
        match self {
            Variant::Eichel | Variant::Schlanders => 4,
            _ => 3,
        }
    }

    /// The target when the record gives none (contract 3).
    pub fn default_target(self) -> u32 {
        match self {
            Variant::GiltStandard | Variant::GiltPerlique => 11,
            // The historical sets: the Perlaggen text's "normally 18 points" (none is given).
            Variant::Innsbruck
            | Variant::Deutschnofen
            | Variant::TrumpFour
            | Variant::SchelloBello
            | Variant::Radetzky
            | Variant::SchelloBelloTrumps
            | Variant::RadetzkyTrumps => 18,
            Variant::Eichel => 15,
            Variant::Schlanders => 24,
        }
    }

    /// Perlaggen (as against Giltspiel): a failed show costs the whole deal (contract 5.5).
    pub fn is_perlaggen(self) -> bool {
        !matches!(self, Variant::GiltStandard | Variant::GiltPerlique)
    }
}

impl Suit {
    /// The suit as players name it: "Eichel", "Laub", "Herz", "Schell" (game terms stay
    /// German in both languages).
    pub fn german(self) -> &'static str {
        match self {
            Suit::E => "Eichel",
            Suit::L => "Laub",
            Suit::H => "Herz",
            Suit::S => "Schell",
        }
    }
}

impl Rank {
    /// The rank as players name it: "Ass", "König", "Ober", "Unter", "Zehn" ... "Sechs".
    pub fn german(self) -> &'static str {
        match self {
            Rank::A => "Ass",
            Rank::K => "König",
            Rank::O => "Ober",
            Rank::U => "Unter",
            Rank::Ten => "Zehn",
            Rank::Nine => "Neun",
            Rank::Eight => "Acht",
            Rank::Seven => "Sieben",
            Rank::Six => "Sechs",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    #[test]
    fn cards_parse_case_insensitively_and_print_canonically() {
        assert_eq!(c("ea").to_string(), "EA");
        assert_eq!(c("H10").to_string(), "H10");
        assert_eq!(c("g7").to_string(), "L7");
        assert_eq!(c("S6"), Card::new(S, Six));
        for bad in ["", "E", "X7", "E1", "E11", "E5", "EAA", "10E"] {
            assert!(Card::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_baptism_is_written_card_equals_card() {
        let s = Shown::parse("E7=L10").unwrap();
        assert_eq!(s.card, c("E7"));
        assert_eq!(s.counts_as(), c("L10"));
        assert_eq!(s.to_string(), "E7=L10");
        assert!(Shown::parse("E7=").is_none());
        assert!(Shown::parse("E7=L10=H9").is_none());
    }

    #[test]
    fn packs_hold_the_weli_only_in_33_card_variants() {
        let weli = c("S6");
        assert!(Variant::Innsbruck.has_card(weli));
        assert!(Variant::Eichel.has_card(weli));
        assert!(Variant::Deutschnofen.has_card(weli));
        assert!(!Variant::Schlanders.has_card(weli));
        assert!(!Variant::GiltStandard.has_card(weli));
        assert!(!Variant::Innsbruck.has_card(c("E6")));
        assert!(Variant::GiltStandard.has_card(c("E7")));
    }

    #[test]
    fn innsbruck_has_the_trump_seven_only_with_hearts_or_leaves() {
        let names = |t| {
            Variant::Innsbruck
                .wild_cards(t)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(L), ["HK", "S6", "S7", "E7", "L7", "LU", "LO"]);
        assert_eq!(names(H), ["HK", "S6", "S7", "E7", "H7", "HU", "HO"]);
        assert_eq!(names(S), ["HK", "S6", "S7", "E7", "SU", "SO"]);
        assert_eq!(names(E), ["HK", "S6", "S7", "E7", "EU", "EO"]);
    }

    #[test]
    fn the_other_variants_wild_cards() {
        let names = |v: Variant, t| {
            v.wild_cards(t)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(Variant::Eichel, L),
            ["HK", "S6", "L7", "LU", "LO", "E7", "EU", "EO"]
        );
        assert_eq!(
            names(Variant::Schlanders, H),
            ["HK", "E8", "H7", "HO", "HU", "E7", "EO", "EU"]
        );
        assert_eq!(
            names(Variant::Deutschnofen, E),
            ["S6", "HK", "SK", "H7", "S7", "L7", "E7", "EK", "EO", "EU"]
        );
        assert_eq!(names(Variant::GiltPerlique, S), ["S7", "SO", "SU"]);
        // The 1853 book's sets (Perlaggen text, last section).
        assert_eq!(names(Variant::TrumpFour, E), ["EK", "E7", "EO", "EU"]);
        assert_eq!(names(Variant::SchelloBello, H), ["S7"]);
        assert_eq!(names(Variant::Radetzky, S), ["HK"]);
        assert_eq!(
            names(Variant::SchelloBelloTrumps, L),
            ["S7", "L7", "LO", "LU"]
        );
        // Bells trumps: the Schello bello is the trump 7 too, listed once.
        assert_eq!(names(Variant::SchelloBelloTrumps, S), ["S7", "SO", "SU"]);
        assert_eq!(names(Variant::RadetzkyTrumps, H), ["HK", "H7", "HO", "HU"]);
        assert!(!Variant::TrumpFour.has_card(c("S6")));
        assert!(names(Variant::GiltStandard, S).is_empty());
        assert!(Variant::Eichel.is_wild(c("S7"), S));
        assert!(!Variant::Eichel.is_wild(c("S7"), H));
    }
}
