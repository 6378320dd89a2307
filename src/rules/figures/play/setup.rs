//! The deal before the first card: every dealt card once and in the pack, the trump from the
//! turned card, and the exchange of a turned-up Perlagg.
//!
//! Sources: Perlaggen text, "The Deal" ("If the turned up card is a Perlagg and the dealer
//! has in hand a natural card of the trump suit ... the dealer can take the turned up
//! Perlagg and place the natural card face up ... If the dealer has no natural trump to
//! exchange for a turned up Perlagg, the dealer's partner can exchange in the same way ...
//! The dealer's opponents are not allowed to exchange"); Eichelperlaggen, "The Deal"
//! (acorns are never trumps: the dealer turns up cards until a non-acorn is found).

use super::super::cards::Card;
use super::super::state::err;
use super::engine::Play;
use super::record::CardDeal;
use crate::rules::common::{ErrorCode, RuleError};

fn invalid(de: String, en: String) -> RuleError {
    err(ErrorCode::CardsInvalid, de, en)
}

/// Checks the dealt cards and applies the exchange to the hands.
pub fn deal(play: &mut Play, deal: &CardDeal) -> Result<(), RuleError> {
    let variant = play.ctx.variant;
    let mut seen = 0u64;
    let all = deal
        .hands
        .iter()
        .flatten()
        .chain(std::iter::once(&deal.turned));
    for c in all {
        let c = c.0;
        if !variant.has_card(c) {
            return Err(invalid(
                format!("Die Karte {c} gibt es in diesem Blatt nicht."),
                format!("The card {c} is not in this variant's pack."),
            ));
        }
        if seen & (1 << c.id()) != 0 {
            return Err(invalid(
                format!("Die Karte {c} ist zweimal ausgeteilt."),
                format!("The card {c} is dealt twice."),
            ));
        }
        seen |= 1 << c.id();
    }
    if !variant.acorns_may_be_trumps() && play.trump == super::super::cards::Suit::E {
        return Err(invalid(
            format!(
                "{}: beim Eichelperlaggen ist Eichel nie Trumpf; der Geber schlägt weiter auf, bis keine Eichel kommt.",
                deal.turned.0
            ),
            format!(
                "{}: in Eichelperlaggen acorns cannot be trumps; the dealer turns up cards until a non-acorn is found.",
                deal.turned.0
            ),
        ));
    }
    if let Some(x) = &deal.exchange {
        exchange(play, deal, x.seat, x.card.0)?;
    }
    Ok(())
}

fn exchange(play: &mut Play, deal: &CardDeal, seat: usize, card: Card) -> Result<(), RuleError> {
    let variant = play.ctx.variant;
    let trump = play.trump;
    let turned = deal.turned.0;
    let natural = |c: Card| c.suit == trump && !variant.is_wild(c, trump);
    let bad = |de: &str, en: &str| {
        Err(err(
            ErrorCode::ExchangeNotAllowed,
            format!("Tausch {card} gegen {turned}: {de}"),
            format!("Exchange of {card} for {turned}: {en}"),
        ))
    };
    if !variant.is_wild(turned, trump) {
        return bad(
            "getauscht wird nur ein aufgeschlagener Perlagg.",
            "only a turned-up Perlagg is exchanged (\"If the turned up card is a Perlagg ...\").",
        );
    }
    let dealer = deal.dealer;
    if play.seats[seat] != play.seats[dealer] {
        return bad(
            "die Gegner des Gebers dürfen keine Karte gegen den aufgeschlagenen Perlagg tauschen.",
            "\"The dealer's opponents are not allowed to exchange a card for a turned up Perlagg.\"",
        );
    }
    if !play.held[seat].contains(&card) || !natural(card) {
        return bad(
            "getauscht wird eine natürliche Trumpfkarte aus der eigenen Hand (kein Perlagg).",
            "the exchanged card is a natural card of the trump suit from the player's own hand (\"players are not allowed to exchange a lower Perlagg for a higher one\").",
        );
    }
    if seat != dealer && play.held[dealer].iter().any(|c| natural(*c)) {
        return bad(
            "der Partner tauscht nur, wenn der Geber keinen natürlichen Trumpf hat.",
            "\"If the dealer has no natural trump to exchange for a turned up Perlagg, the dealer's partner can exchange\"; the dealer has one.",
        );
    }
    let hand = &mut play.held[seat];
    hand.retain(|c| *c != card);
    hand.push(turned);
    Ok(())
}
