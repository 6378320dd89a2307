//! Cards as players name them: suit symbol and German name ("♥ Herz-König", "Weli"). Game
//! terms stay German in both languages (contract 1: Eichel, Laub, Herz, Schell).

use crate::rules::figures::cards::{Card, Rank, Suit};

/// Where a card's button sits in the pad's card grid, and the short word it shows: a column
/// per suit, a row per rank, so the grid keeps its shape while picked cards leave it, and a
/// button reads "♣ Ass" (its full name, "A zeigt ♣ Eichel-Ass", stays its accessible name).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Place {
    pub row: usize,
    pub col: usize,
    pub short: String,
}

/// The card's place in the grid: its suit's column (Eichel, Laub, Herz, Schell) and its
/// rank's row (Ass down to the six, the Weli).
pub fn place(card: Card) -> Place {
    let row = Rank::ALL.iter().position(|r| *r == card.rank).unwrap_or(0);
    let col = Suit::ALL.iter().position(|s| *s == card.suit).unwrap_or(0);
    let symbol: String = suit_name(card.suit).chars().take(1).collect();
    let short = if card == Card::new(Suit::S, Rank::Six) {
        format!("{symbol} Weli")
    } else {
        format!("{symbol} {}", rank_name(card.rank))
    };
    Place { row, col, short }
}

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

    #[test]
    fn a_card_keeps_its_suits_column_and_its_ranks_row_with_a_short_word() {
        let ace = place(Card::parse("EA").unwrap());
        assert_eq!((ace.row, ace.col, ace.short.as_str()), (0, 0, "♣ Ass"));
        let king = place(Card::parse("HK").unwrap());
        assert_eq!((king.row, king.col, king.short.as_str()), (1, 2, "♥ König"));
        let weli = place(Card::parse("S6").unwrap());
        assert_eq!((weli.row, weli.col, weli.short.as_str()), (8, 3, "♦ Weli"));
        // No two cards of the pack share a place.
        let mut places: Vec<(usize, usize)> =
            all_cards().map(place).map(|p| (p.row, p.col)).collect();
        places.sort_unstable();
        places.dedup();
        assert_eq!(places.len(), 36);
    }
}
