//! Names for the Streitfall in the players' words: cards ("Herz Ass", "Schell Sechs
//! (Weli)"), seats ("Platz 1 (A)"), the trump ("Schlag Ober, Farbe Herz"). Game terms stay
//! German in both languages (contract 1).

use super::input::Schlag;
use super::order::WELI;
use crate::rules::common::Lang;
use crate::rules::figures::cards::{Card, Rank, Suit};

pub fn suit(s: Suit) -> &'static str {
    s.german()
}

pub fn rank(r: Rank) -> &'static str {
    r.german()
}

/// "Herz Ass"; the six of bells is "Schell Sechs (Weli)".
pub fn card(c: Card) -> String {
    if c == WELI {
        return "Schell Sechs (Weli)".into();
    }
    format!("{} {}", suit(c.suit), rank(c.rank))
}

/// Several cards, "Herz Ass, Laub Zehn".
pub fn cards(cs: impl IntoIterator<Item = Card>) -> String {
    cs.into_iter().map(card).collect::<Vec<_>>().join(", ")
}

/// "Platz 1 (A)" / "seat 1 (A)": seats counted from 1 (seat 0 of the record is Platz 1), with
/// the seat's name as written (a side, or with three players the player, "Platz 1 (P2)").
pub fn seat(lang: Lang, i: usize, side: &str) -> String {
    match lang {
        Lang::De => format!("Platz {} ({side})", i + 1),
        Lang::En => format!("seat {} ({side})", i + 1),
    }
}

/// The Schlag as forehand announces it: "Ober", "Sechs"; at Toblach the WELI alone "Weli".
pub fn schlag(s: Schlag) -> &'static str {
    match s {
        Schlag::Rank(r) => rank(r),
        Schlag::Weli => "Weli",
    }
}

/// The trump as the players say it: "Schlag Ober, Farbe Herz".
pub fn trump(lang: Lang, s: Schlag, trump: Suit) -> String {
    match lang {
        Lang::De => format!("Schlag {}, Farbe {}", schlag(s), suit(trump)),
        Lang::En => format!("Schlag {}, trump suit {}", schlag(s), suit(trump)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_named_as_players_say_them() {
        assert_eq!(card(Card::parse("HA").unwrap()), "Herz Ass");
        assert_eq!(card(Card::parse("E7").unwrap()), "Eichel Sieben");
        assert_eq!(card(WELI), "Schell Sechs (Weli)");
        assert_eq!(seat(Lang::De, 0, "A"), "Platz 1 (A)");
        assert_eq!(seat(Lang::En, 1, "P3"), "seat 2 (P3)");
    }
}
