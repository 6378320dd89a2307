//! Cards as players name them: suit symbol and German name ("♥ Herz-König", "Weli"). Game
//! terms stay German in both languages (contract 1: Eichel, Laub, Herz, Schell).

use crate::rules::figures::cards::{Card, Rank, Suit};

/// The suit's symbol and German name: ♣ Eichel, ♠ Laub, ♥ Herz, ♦ Schell.
pub fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::E => "♣ Eichel",
        Suit::L => "♠ Laub",
        Suit::H => "♥ Herz",
        Suit::S => "♦ Schell",
    }
}

/// The suit's letter in the card notation.
pub fn suit_letter(suit: Suit) -> &'static str {
    match suit {
        Suit::E => "E",
        Suit::L => "L",
        Suit::H => "H",
        Suit::S => "S",
    }
}

fn rank_name(rank: Rank) -> &'static str {
    match rank {
        Rank::A => "Ass",
        Rank::K => "König",
        Rank::O => "Ober",
        Rank::U => "Unter",
        Rank::Ten => "10",
        Rank::Nine => "9",
        Rank::Eight => "8",
        Rank::Seven => "7",
        Rank::Six => "6",
    }
}

/// "♥ Herz-König"; the six of bells is the Weli.
pub fn card_name(card: Card) -> String {
    if card == Card::new(Suit::S, Rank::Six) {
        return "♦ Weli".into();
    }
    format!("{}-{}", suit_name(card.suit), rank_name(card.rank))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::figures::cards::all_cards;

    #[test]
    fn cards_read_as_players_name_them() {
        // The examples: "Eichel-Ass", "Herz-König", "Weli".
        assert_eq!(card_name(Card::parse("EA").unwrap()), "♣ Eichel-Ass");
        assert_eq!(card_name(Card::parse("HK").unwrap()), "♥ Herz-König");
        assert_eq!(card_name(Card::parse("S6").unwrap()), "♦ Weli");
        assert_eq!(card_name(Card::parse("L10").unwrap()), "♠ Laub-10");
        assert_eq!(all_cards().count(), 36);
    }
}
