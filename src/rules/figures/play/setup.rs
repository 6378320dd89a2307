//! The deal before the first card: every dealt card once and in the pack, the cutter's
//! Perlaggen, the trump from the turned card (acorns turned aside in Eichelperlaggen), then
//! the exchanges (`exchange.rs`).
//!
//! Sources: Perlaggen text, "The Deal" ("If it is a permanent Perlagg the cutter shows it to
//! the other players, takes it and looks at the next card ... If the cutter took any
//! Perlaggen then the dealer deals correspondingly fewer cards to that player");
//! Eichelperlaggen, "The Deal" ("If the turned up card is an acorn, the dealer turns up
//! another card, and continues to turn up cards until a non-acorn is found ... any acorns
//! that were exposed in the process are placed alongside").

use super::super::cards::{Card, Suit, Variant};
use super::super::record::card_deal::{CardDeal, Plain};
use super::super::state::err;
use super::engine::Play;
use super::exchange;
use crate::rules::common::{ErrorCode, Lang, RuleError};

fn invalid(de: String, en: String) -> RuleError {
    err(ErrorCode::CardsInvalid, de, en)
}

/// The permanent Perlaggen of a variant: the wild cards whatever suit is trumps (Innsbruck:
/// Martl, Weli, Schell-Spitz, Eichel-Spitz; Eichelperlaggen: also the acorn Unter and Ober).
pub fn permanent(variant: Variant) -> Vec<Card> {
    let trumps: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|s| *s != Suit::E || variant.acorns_may_be_trumps())
        .collect();
    let Some(first) = trumps.first() else {
        return Vec::new();
    };
    variant
        .wild_cards(*first)
        .into_iter()
        .filter(|c| trumps.iter().all(|t| variant.is_wild(*c, *t)))
        .collect()
}

/// The cutter: the dealer's right-hand opponent, the seat before the dealer (the last seat)
/// in the clockwise order of the seats; with two players, seat 0.
pub fn cutter_of(play: &Play) -> usize {
    play.seats.len().saturating_sub(2)
}

/// Checks the dealt cards and the cut, then applies the exchanges to the hands.
pub fn deal(play: &mut Play, deal: &CardDeal) -> Result<(), RuleError> {
    let variant = play.ctx.variant;
    let exposed: &[Plain] = deal.exposed.as_deref().unwrap_or_default();
    let mut seen = 0u64;
    let all = deal
        .hands
        .iter()
        .flatten()
        .chain(exposed)
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
    cut(play, deal)?;
    turned_aside(play, exposed, deal.turned.0)?;
    if !variant.acorns_may_be_trumps() && play.trump == Suit::E {
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
    if let Some(list) = &deal.exchange {
        for x in &list.0 {
            exchange::apply(play, deal, x)?;
        }
    }
    Ok(())
}

/// `cut`: each card a permanent Perlagg of the variant (`cut_not_perlagg`), named once and
/// among the cutter's five cards (`cards_invalid`).
fn cut(play: &mut Play, deal: &CardDeal) -> Result<(), RuleError> {
    let cards: &[Plain] = deal.cut.as_deref().unwrap_or_default();
    // Most deals have no cut: the variant's permanent Perlaggen are then not worked out.
    if cards.is_empty() {
        return Ok(());
    }
    let seat = cutter_of(play);
    let permanent = permanent(play.ctx.variant);
    for (i, c) in cards.iter().map(|c| c.0).enumerate() {
        if !permanent.contains(&c) {
            let list: Vec<String> = permanent.iter().map(Card::to_string).collect();
            let list = if list.is_empty() {
                "-".to_string()
            } else {
                list.join(", ")
            };
            return Err(err(
                ErrorCode::CutNotPerlagg,
                format!(
                    "{c}: beim Abheben behält der Abhebende nur ständige Perlaggen (hier: {list})."
                ),
                format!(
                    "{c}: \"If it is a permanent Perlagg the cutter shows it to the other players, takes it\"; only permanent Perlaggen are taken (here: {list})."
                ),
            ));
        }
        if cards[..i].iter().any(|p| p.0 == c) || !play.held[seat].contains(&c) {
            let side = play.seats[seat];
            let (who_de, who_en) = (
                super::naming::seat(Lang::De, seat, side),
                super::naming::seat(Lang::En, seat, side),
            );
            return Err(invalid(
                format!(
                    "{c}: beim Abheben genommen, aber nicht einmal unter den fünf Karten des Abhebenden ({who_de}, rechts vom Geber)."
                ),
                format!(
                    "{c}: taken at the cut, but not once among the five cards of the cutter ({who_en}, the dealer's right-hand opponent)."
                ),
            ));
        }
        play.cut.push(c);
    }
    Ok(())
}

/// `exposed`: only in Eichelperlaggen, and only acorns; they lie face up beside the turned
/// card (the stack: the acorns in order, the turned card last).
fn turned_aside(play: &mut Play, exposed: &[Plain], turned: Card) -> Result<(), RuleError> {
    if let Some(c) = exposed
        .iter()
        .map(|c| c.0)
        .find(|c| c.suit != Suit::E || play.ctx.variant.acorns_may_be_trumps())
    {
        return Err(invalid(
            format!(
                "{c}: vor dem Trumpf beiseitegelegt werden nur Eicheln, und nur beim Eichelperlaggen (dort ist Eichel nie Trumpf)."
            ),
            format!(
                "{c}: only acorns are turned aside before the trump card, and only in Eichelperlaggen (\"If the turned up card is an acorn, the dealer turns up another card\")."
            ),
        ));
    }
    play.stack = exposed.iter().map(|c| c.0).collect();
    play.stack.push(turned);
    Ok(())
}
