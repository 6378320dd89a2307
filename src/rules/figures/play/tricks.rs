//! The play of the cards: the duty to follow suit or trump, the baptism restriction, and
//! who wins a trick, Perlaggen above the real card and among themselves.
//!
//! Sources: both texts, "The Play" ("A player who has a card of the suit that was led must
//! either follow suit or play a trump ... if a trump is led the other players must play a
//! trump if they have one"; "The trick is won by the highest trump in it, or if no trump
//! was played, by the highest card of the suit that was led"); Perlaggen text, "The Play"
//! (the baptism restriction; "a player is never forced to play a Perlagg"; "the highest of
//! these Perlaggen beats the other equal cards") and "Players and Cards" (Examples 1 and 2).

use super::super::cards::{Card, Shown, Suit, Variant};
use super::super::state::err;
use crate::rules::common::{ErrorCode, RuleError};

/// Whether `played` keeps the duty to follow: `hand` is the seat's hand before the card,
/// `led` the card the trick was led with (as it counts).
pub fn check_follow(
    variant: Variant,
    trump: Suit,
    hand: &[Card],
    led: Card,
    played: Shown,
) -> Result<(), RuleError> {
    let has_led = hand
        .iter()
        .any(|c| *c != played.card && !variant.is_wild(*c, trump) && c.suit == led.suit);
    let counts = played.counts_as();
    if !has_led || counts.suit == led.suit || counts.suit == trump {
        return Ok(());
    }
    let led_name = suit_name(led.suit);
    if variant.is_wild(played.card, trump) {
        return Err(err(
            ErrorCode::BaptismInvalid,
            format!(
                "{played}: wer eine natürliche Karte der ausgespielten Farbe ({led_name}) hat und statt ihrer einen Perlagg spielt, muss ihn als Karte der ausgespielten Farbe oder als Trumpf taufen."
            ),
            format!(
                "{played}: \"a player who holds a natural card of the suit that was led but chooses to play a Perlagg instead must baptise the Perlagg as a card of the suit led or as a trump\" ({led_name} was led)."
            ),
        ));
    }
    let (de, en) = if led.suit == trump {
        (
            "wenn Trumpf ausgespielt ist, müssen die anderen Trumpf geben, wenn sie einen haben",
            "if a trump is led the other players must play a trump if they have one",
        )
    } else {
        (
            "wer eine Karte der ausgespielten Farbe hat, muss Farbe geben oder trumpfen",
            "a player who has a card of the suit that was led must either follow suit or play a trump",
        )
    };
    Err(err(
        ErrorCode::MustFollow,
        format!("{played}: {de} ({led_name} ausgespielt, noch in der Hand)."),
        format!("{played}: \"{en}\" ({led_name} was led and is still in the hand)."),
    ))
}

/// The index (into `cards`) of the card that wins the trick.
pub fn winner(variant: Variant, trump: Suit, cards: &[Shown]) -> usize {
    let led = cards.first().map_or(trump, |c| c.counts_as().suit);
    // Only a baptised card needs the variant's list of Perlaggen (for a tie); a trick of
    // plain cards is decided without building it.
    let wild = if cards.iter().any(|c| c.baptism.is_some()) {
        variant.wild_cards(trump)
    } else {
        Vec::new()
    };
    let key = |c: &Shown| {
        let counts = c.counts_as();
        let class = if counts.suit == trump {
            2
        } else if counts.suit == led {
            1
        } else {
            0
        };
        // A baptised Perlagg beats the real card it stands for; the higher Perlagg (earlier
        // in the variant's list) beats a lower one baptised as the same card.
        let tie = match (c.baptism, wild.iter().position(|w| *w == c.card)) {
            (Some(_), Some(pos)) => 100 - pos,
            _ => 0,
        };
        (class, 8 - counts.rank.index(), tie)
    };
    let mut best = 0;
    for (i, c) in cards.iter().enumerate().skip(1) {
        if key(c) > key(&cards[best]) {
            best = i;
        }
    }
    best
}

/// The German name of a suit.
pub fn suit_name(s: Suit) -> &'static str {
    s.german()
}

/// The German name of a card: "Herz Ass", "Eichel Sieben".
pub fn card_name(c: Card) -> String {
    format!("{} {}", suit_name(c.suit), c.rank.german())
}

/// "Eichel Sieben als Laub Zehn".
pub fn shown_name(s: Shown) -> String {
    match s.baptism {
        Some(b) => format!("{} als {}", card_name(s.card), card_name(b)),
        None => card_name(s.card),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Shown {
        Shown::parse(x).unwrap()
    }

    #[test]
    fn perlaggen_example_1_the_higher_perlagg_wins_over_the_real_ace() {
        // Perlaggen text, "Players and Cards", Example 1: leaves trumps; L10, LA, LU=LA,
        // S7=LA: D wins; without D, C's Perlagg beats the real Ace.
        let cards = [s("L10"), s("LA"), s("LU=LA"), s("S7=LA")];
        assert_eq!(winner(Variant::Innsbruck, Suit::L, &cards), 3);
        assert_eq!(winner(Variant::Innsbruck, Suit::L, &cards[..3]), 2);
    }

    #[test]
    fn perlaggen_example_2_the_highest_trump_wins() {
        let cards = [s("L10"), s("HK=LO"), s("LK"), s("E7=HK")];
        assert_eq!(winner(Variant::Innsbruck, Suit::L, &cards), 2);
    }
}
