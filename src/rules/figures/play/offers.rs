//! The exchanges the Streitfall table offers before the first action: every exchange the
//! referee accepts now, found by trying each candidate on the referee's own setup check (as
//! the next actions are found by trying them), so the page decides no rule itself.
//!
//! Sources: Perlaggen text, "The Deal" ("If the turned up card is a Perlagg and the dealer
//! has in hand a natural card of the trump suit ... the dealer can take the turned up
//! Perlagg and place the natural card face up on top of the stack"); Eichelperlaggen, "The
//! Deal", exchange possibilities 1 to 3. Which of them are allowed is `exchange.rs`'s.

use super::super::cards::Card;
use super::super::record::card_deal::{CardDeal, Exchange, Exchanges, Plain};
use super::engine::Play;
use super::tricks::card_name;
use crate::rules::common::Lang;
use crate::rules::ruling::{self, Offer};

/// Every exchange that may be appended to the deal's `exchange` list now: none once an
/// action is recorded (the exchanges come before the lead) or the deal is broken.
pub fn offers(deal: &CardDeal, play: &Play, lang: Lang) -> Vec<Offer> {
    if !deal.actions.is_empty() || play.broken.is_some() {
        return Vec::new();
    }
    let turned = deal.turned.0;
    let mut out = Vec::new();
    for seat in 0..play.seats.len() {
        for card in &play.held[seat] {
            for take in &play.stack {
                // The turned card is the record's default `take`: left out, as usually written.
                let take = (*take != turned).then_some(Plain(*take));
                let x = Exchange {
                    seat,
                    card: Plain(*card),
                    take,
                };
                if accepted(deal, play, x) {
                    out.push(offer(x, turned, lang));
                }
            }
        }
    }
    out
}

/// Whether the referee accepts the deal with `x` appended to its exchanges.
fn accepted(deal: &CardDeal, play: &Play, x: Exchange) -> bool {
    let mut trial = deal.clone();
    let mut list = trial.exchange.take().map(|l| l.0).unwrap_or_default();
    list.push(x);
    trial.exchange = Some(Exchanges(list));
    Play::start(play.ctx, &trial).broken.is_none()
}

fn offer(x: Exchange, turned: Card, lang: Lang) -> Offer {
    let exchange = ruling::Exchange {
        card: x.card.0.to_string(),
        seat: x.seat,
        take: x.take.map(|t| t.0.to_string()),
    };
    Offer {
        seat: x.seat,
        label: words(&x, turned, lang),
        exchange,
    }
}

/// "Platz 4 tauscht Herz Acht gegen Herz König (aufgeschlagen)": seats counted from 1 as
/// the page shows them; card names German in both languages (game terms stay German).
pub fn words(x: &Exchange, turned: Card, lang: Lang) -> String {
    let take = x.take.map_or(turned, |t| t.0);
    let (card, got) = (card_name(x.card.0), card_name(take));
    let seat = x.seat + 1;
    match (lang, take == turned) {
        (Lang::De, true) => format!("Platz {seat} tauscht {card} gegen {got} (aufgeschlagen)"),
        (Lang::De, false) => format!("Platz {seat} tauscht {card} gegen {got} (offen daneben)"),
        (Lang::En, true) => format!("seat {seat} exchanges {card} for {got} (turned up)"),
        (Lang::En, false) => format!("seat {seat} exchanges {card} for {got} (face up beside)"),
    }
}
