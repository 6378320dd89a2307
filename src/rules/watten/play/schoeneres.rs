//! "schöneres" (rules text 004, Tyrolean "Choosing trumps"): "If forehand has unsuitable
//! cards to choose a Schlag ... forehand can ask the dealer for "schöneres" (better cards). If
//! the dealer agrees, both discard their five cards face down and the dealer deals a new
//! five-hard hand to each from the remaining stock. Dealer is entitled to refuse the request,
//! in which case all play with their original cards."
//!
//! A card-level deal records it in `schoeneres` (optional, so every older record keeps its
//! meaning): `{"granted": false}` (asked and refused: the hands are the original ones) or
//! `{"granted": true, "discarded": [FOREHAND'S FIVE, DEALER'S FIVE]}` (the hands are the new
//! ones). `hands` are always the cards played with; the discarded cards came from the same
//! pack, so no card is both discarded and dealt again ("from the remaining stock").

use super::order::{bit, in_pack};
use super::seated::Setup;
use super::words;
use crate::rules::common::{ErrorCode, Lang, RuleError};
use crate::rules::watten::input::card_deal::{CardDeal, Schoeneres};
use crate::rules::watten::ruleset::Family;

fn bad(de: String, en: String) -> RuleError {
    RuleError::new(ErrorCode::CardsInvalid, de, en)
}

/// Checks the re-deal against the hands as played (`cards_invalid`).
pub fn check(deal: &CardDeal, setup: &Setup) -> Result<(), RuleError> {
    let Some(s) = &deal.schoeneres else {
        return Ok(());
    };
    if setup.table.rules.family != Family::Tyrolean {
        return Err(bad(
            "„Schöneres“ gehört zum Tiroler Watten (Vorhand bittet den Geber um neue Karten); im Bayerischen Watten gibt es das nicht.".into(),
            "\"schöneres\" belongs to Tyrolean Watten (forehand asks the dealer for better cards); the Bavarian game has no such request.".into(),
        ));
    }
    let Schoeneres { granted, discarded } = s;
    if !granted {
        if discarded.is_empty() {
            return Ok(());
        }
        return Err(bad(
            "Lehnt der Geber „schöneres“ ab, spielen alle mit den ersten Karten: es wird nichts abgeworfen.".into(),
            "\"Dealer is entitled to refuse the request, in which case all play with their original cards\": nothing is discarded.".into(),
        ));
    }
    let who = |l, i| setup.who(l, i);
    if discarded.len() != 2 || discarded.iter().any(|h| h.len() != 5) {
        return Err(bad(
            format!(
                "Gibt der Geber „schöneres“, werfen Vorhand ({}) und Geber ({}) je fünf Karten verdeckt ab: `discarded` nennt diese zwei Hände.",
                who(Lang::De, 0),
                who(Lang::De, setup.dealer)
            ),
            format!(
                "\"If the dealer agrees, both discard their five cards face down\": `discarded` names these two hands of five, forehand's ({}) then the dealer's ({}).",
                who(Lang::En, 0),
                who(Lang::En, setup.dealer)
            ),
        ));
    }
    let mut seen = setup.dealt.iter().fold(0, |m, h| m | h);
    for &super::input::WCard(c) in discarded.iter().flatten() {
        if !in_pack(&setup.table.rules, c) {
            return Err(bad(
                format!("{} gehört nicht zum Blatt dieser Variante.", words::card(c)),
                format!("{} is not in this variant's pack.", words::card(c)),
            ));
        }
        if seen & bit(c) != 0 {
            return Err(bad(
                format!(
                    "{} ist abgeworfen und zugleich (noch einmal) ausgeteilt; die neuen Hände kommen aus dem übrigen Stock.",
                    words::card(c)
                ),
                format!(
                    "{} is discarded and dealt (again); the new hands come \"from the remaining stock\".",
                    words::card(c)
                ),
            ));
        }
        seen |= bit(c);
    }
    Ok(())
}
