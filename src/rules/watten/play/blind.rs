//! Blind Watten's two shown cards, checked from the hands as dealt (`cards_invalid`, rules
//! text `004`, "Blind Watten"): "forehand privately shows the dealer a card whose rank is the
//! Schlag, and the dealer then similarly shows forehand a card whose suit is trump". At
//! Toblach (`pack: 36`) the card shown names the Schlag: "if forehand shows the WELI it is
//! the only Schlag ... If he shows one of the other sixes, this is like choosing "six"".

use super::input::{CardDeal, Schlag};
use super::order::{Order, WELI};
use super::words;
use crate::rules::common::{ErrorCode, Lang, RuleError};
use crate::rules::figures::cards::{Card, Rank};

/// Whether forehand can show `schlag` with `c`. In the 33-card pack the WELI is the only six;
/// with 36 the Schlag six is shown by "one of the other sixes" (the WELI shown is `WELI`).
fn shows_schlag(c: Card, schlag: Schlag, pack36: bool) -> bool {
    match schlag {
        Schlag::Weli => c == WELI,
        Schlag::Rank(Rank::Six) if pack36 => c.rank == Rank::Six && c != WELI,
        Schlag::Rank(r) => c.rank == r,
    }
}

/// Whether the dealer can show the trump suit with `c`. The WELI, "decorated with some extra
/// suit-marks of other suits, to suggest its wild status", names no suit while it is wild;
/// where it counts as the six of bells (`weli_bell`, Toblach's Schlag six) it shows bells.
fn shows_trump(c: Card, order: &Order) -> bool {
    c.suit == order.trump && !(c == WELI && order.weli_is_wild())
}

/// Forehand (seat 0) holds a card that shows the Schlag, the dealer one that shows the trump.
pub fn check_shown(deal: &CardDeal, order: &Order, pack36: bool) -> Result<(), RuleError> {
    let holds = |seat: usize, shows: &dyn Fn(Card) -> bool| {
        deal.hands
            .get(seat)
            .is_some_and(|h| h.iter().any(|c| shows(c.0)))
    };
    let schlag = words::schlag(deal.schlag);
    // "Platz 1 (A)": seats as the other rulings name them.
    let who = |lang, seat: usize| {
        let name = deal.seats.get(seat).map_or("", |s| s.name());
        words::seat(lang, seat, name)
    };
    if !holds(0, &|c| shows_schlag(c, deal.schlag, pack36)) {
        return Err(RuleError::new(
            ErrorCode::CardsInvalid,
            format!(
                "Blindwatten: Vorhand zeigt dem Geber eine Karte, deren Rang der Schlag ist; {} hält keine Karte für den Schlag {schlag}.",
                who(Lang::De, 0)
            ),
            format!(
                "Blind Watten: \"forehand privately shows the dealer a card whose rank is the Schlag\"; {} holds no card for the Schlag {schlag}.",
                who(Lang::En, 0)
            ),
        ));
    }
    if !holds(deal.dealer, &|c| shows_trump(c, order)) {
        let suit = words::suit(deal.trump);
        return Err(RuleError::new(
            ErrorCode::CardsInvalid,
            format!(
                "Blindwatten: Der Geber zeigt Vorhand eine Karte, deren Farbe Trumpf ist; {}, der Geber, hält kein {suit}.",
                who(Lang::De, deal.dealer)
            ),
            format!(
                "Blind Watten: \"the dealer then similarly shows forehand a card whose suit is trump\"; {}, the dealer, holds no {suit}.",
                who(Lang::En, deal.dealer)
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::figures::cards::Suit::{E, H};

    #[test]
    fn the_six_shown_at_toblach_is_one_of_the_other_sixes() {
        // Text 004: "If he shows one of the other sixes, this is like choosing "six"".
        let six = Schlag::Rank(Rank::Six);
        assert!(shows_schlag(Card::new(H, Rank::Six), six, true));
        assert!(!shows_schlag(WELI, six, true));
        assert!(shows_schlag(WELI, Schlag::Weli, true));
        // In the 33-card pack the WELI is the six.
        assert!(shows_schlag(WELI, six, false));
        assert!(!shows_schlag(Card::new(E, Rank::O), six, false));
    }
}
