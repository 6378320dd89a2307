//! One shown card's own checks, for every show and decider of both record shapes: the card
//! is in the variant's pack, and a baptism sits on a wild card, names a card of the pack and
//! comes after the trump is named (contract 3.1, 5.5; Perlaggen text "Players and Cards": a
//! Perlagg "can be baptised as any card in the pack").

use super::cards::{Shown, Suit, Variant};
use super::state::err;
use crate::rules::common::{ErrorCode, RuleError};

fn invalid(de: impl Into<String>, en: impl Into<String>) -> RuleError {
    err(ErrorCode::InvalidShow, de, en)
}

/// `invalid_show` when the card or its baptism breaks a rule; `trump` is the deal's so far.
pub fn check_card(variant: Variant, trump: Option<Suit>, s: &Shown) -> Result<(), RuleError> {
    if !variant.has_card(s.card) {
        return Err(invalid(
            format!("Die Karte {} gibt es in diesem Blatt nicht.", s.card),
            format!("The card {} is not in this variant's pack.", s.card),
        ));
    }
    if let Some(b) = s.baptism {
        // A card wild under no trump at all is refused as such, trump or not, so the
        // message says why (Giltspiel standard has no wild cards).
        let wild_under = |t: Suit| variant.is_wild(s.card, t);
        let wild = match trump {
            Some(t) => wild_under(t),
            None => Suit::ALL.into_iter().any(wild_under),
        };
        if wild && trump.is_none() {
            return Err(invalid(
                format!("{s}: vor einer getauften Karte muss die Trumpffarbe genannt sein."),
                format!("{s}: the trump suit must be named before a baptised card is shown."),
            ));
        }
        if !wild {
            return Err(invalid(
                format!(
                    "{s}: nur ein Perlagg kann getauft werden, {} ist hier keiner.",
                    s.card
                ),
                format!(
                    "{s}: only a wild card (Perlagg) may be baptised, and {} is none here.",
                    s.card
                ),
            ));
        }
        if !variant.has_card(b) {
            return Err(invalid(
                format!("{s}: die Karte {b} gibt es in diesem Blatt nicht."),
                format!("{s}: the card {b} is not in this variant's pack."),
            ));
        }
    }
    Ok(())
}
