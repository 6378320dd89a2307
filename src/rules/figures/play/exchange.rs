//! The exchanges before the play, each checked against the cards as they lie after the ones
//! before it: a turned-up Perlagg for a natural trump (both styles); in Eichelperlaggen also
//! the upgrade of an acorn Perlagg for the turned-up Perlagg, and natural acorns for acorn
//! Perlaggen set aside. Only the dealer's team exchanges, unless the record chooses the Imst
//! and Tarrenz variant (`options.opponents_exchange`): then the right passes to the dealer's
//! left-hand opponent once the dealer's team can exchange nothing more, then to the
//! right-hand opponent.
//!
//! Sources: Perlaggen text, "The Deal" ("If the turned up card is a Perlagg and the dealer
//! has in hand a natural card of the trump suit ... If the dealer has no natural trump to
//! exchange for a turned up Perlagg, the dealer's partner can exchange in the same way ...
//! players are not allowed to exchange a lower Perlagg for a higher one ... The dealer's
//! opponents are not allowed to exchange"); Eichelperlaggen, "The Deal", exchange
//! possibilities 1 to 3.

use super::super::cards::{Card, Suit};
use super::super::record::card_deal::{CardDeal, Exchange};
use super::super::state::err;
use super::engine::Play;
use super::naming::seat;
use super::tricks::card_name;
use crate::rules::common::RuleError;
use crate::rules::common::{ErrorCode, Lang};

/// What an exchange is, by the cards given and taken.
enum Kind {
    /// A natural trump for the turned-up Perlagg (possibility 1).
    Trump,
    /// An acorn Perlagg for the turned-up Perlagg (possibility 2, Eichelperlaggen).
    Upgrade,
    /// A natural acorn for an acorn Perlagg set aside (possibility 3, Eichelperlaggen).
    Acorn,
}

/// Applies one exchange: `seat` gives `card` from its hand, which lies face up in place of
/// the Perlagg it takes.
pub fn apply(play: &mut Play, deal: &CardDeal, x: &Exchange) -> Result<(), RuleError> {
    let turned = deal.turned.0;
    let card = x.card.0;
    let take = x.take.map_or(turned, |t| t.0);
    let side = play.seats[x.seat];
    let (who_de, who_en) = (seat(Lang::De, x.seat, side), seat(Lang::En, x.seat, side));
    let (give, got) = (card_name(card), card_name(take));
    let bad = |de: &str, en: &str| {
        Err(err(
            ErrorCode::ExchangeNotAllowed,
            format!("{who_de} tauscht {give} gegen {got}: {de}"),
            format!("{who_en} exchanges {give} for {got}: {en}"),
        ))
    };
    let Some(at) = play.stack.iter().position(|c| *c == take) else {
        return bad(
            "die Karte liegt nicht (mehr) offen neben dem Stock.",
            "the card does not lie face up beside the stack (any more).",
        );
    };
    if !play.ctx.variant.is_wild(take, play.trump) {
        return bad(
            "getauscht wird nur ein aufgeschlagener Perlagg.",
            "only a turned-up Perlagg is exchanged (\"If the turned up card is a Perlagg ...\").",
        );
    }
    let dealer = if play.seats[x.seat] == play.seats[deal.dealer] {
        deal.dealer
    } else if play.ctx.opponents_exchange {
        if let Err((de, en)) = turn(play, deal.dealer, x.seat) {
            return bad(&de, &en);
        }
        left(play, deal.dealer)
    } else {
        return bad(
            "die Gegner des Gebers dürfen keine Karte gegen den aufgeschlagenen Perlagg tauschen.",
            "\"The dealer's opponents are not allowed to exchange a card for a turned up Perlagg.\"",
        );
    };
    if let Err((de, en)) = allowed(play, dealer, x.seat, card, take) {
        return bad(&de, &en);
    }
    let hand = &mut play.held[x.seat];
    hand.retain(|c| *c != card);
    hand.push(take);
    play.stack[at] = card;
    Ok(())
}

/// The kind of a well-formed exchange, `None` when the card given does not fit the card taken.
fn kind(play: &Play, seat: usize, card: Card, take: Card) -> Option<Kind> {
    if !play.held[seat].contains(&card) {
        return None;
    }
    let eichel = !play.ctx.variant.acorns_may_be_trumps();
    if acorn_perlagg(play, take) {
        return natural_acorn(play, card).then_some(Kind::Acorn);
    }
    if natural_trump(play, card) {
        Some(Kind::Trump)
    } else if eichel && acorn_perlagg(play, card) {
        Some(Kind::Upgrade)
    } else {
        None
    }
}

fn natural_trump(play: &Play, c: Card) -> bool {
    c.suit == play.trump && !play.ctx.variant.is_wild(c, play.trump)
}

fn natural_acorn(play: &Play, c: Card) -> bool {
    c.suit == Suit::E && !play.ctx.variant.is_wild(c, play.trump)
}

/// An acorn Perlagg of Eichelperlaggen (the 7, Unter and Ober of acorns; in Schlanders also
/// the 8, the Weli's replacement).
fn acorn_perlagg(play: &Play, c: Card) -> bool {
    !play.ctx.variant.acorns_may_be_trumps()
        && c.suit == Suit::E
        && play.ctx.variant.is_wild(c, play.trump)
}

type Refusal = Result<(), (String, String)>;

fn refuse(de: &str, en: &str) -> Refusal {
    Err((de.to_string(), en.to_string()))
}

/// Whether the dealer's team may make this exchange now; with the opponents' exchange,
/// `dealer` is the left-hand opponent, who then goes first as the dealer did.
fn allowed(play: &Play, dealer: usize, seat: usize, card: Card, take: Card) -> Refusal {
    match kind(play, seat, card, take) {
        Some(Kind::Trump) if partner_waits(play, dealer, seat, natural_trump) => refuse(
            "der Partner tauscht nur, wenn der Geber keinen natürlichen Trumpf hat.",
            "\"If the dealer has no natural trump to exchange for a turned up Perlagg, the dealer's partner can exchange\"; the dealer has one.",
        ),
        Some(Kind::Trump) => Ok(()),
        Some(Kind::Upgrade) => upgrade(play, dealer, seat),
        Some(Kind::Acorn) if partner_waits(play, dealer, seat, natural_acorn) => refuse(
            "der Partner tauscht natürliche Eicheln erst, wenn der Geber keine mehr hat.",
            "\"If after this any acorn Perlaggen remain and dealer has no more natural acorns, the right to exchange natural acorns for acorn Perlaggen passes to dealer's partner\"; the dealer has one.",
        ),
        Some(Kind::Acorn) => Ok(()),
        None if acorn_perlagg(play, take) => refuse(
            "gegen eine beiseitegelegte Eichel-Perlagg tauscht man eine natürliche Eichel aus der eigenen Hand.",
            "an acorn Perlagg set aside is exchanged for a natural acorn from the player's own hand (Eichelperlaggen, exchange possibility 3).",
        ),
        None => refuse(
            "getauscht wird eine natürliche Trumpfkarte aus der eigenen Hand (kein Perlagg).",
            "the exchanged card is a natural card of the trump suit from the player's own hand (\"players are not allowed to exchange a lower Perlagg for a higher one\").",
        ),
    }
}

/// The dealer first: a partner's turn comes only when the dealer holds no card that
/// `fits` (the text passes each right on "If the dealer has no ...").
fn partner_waits(play: &Play, dealer: usize, seat: usize, fits: fn(&Play, Card) -> bool) -> bool {
    seat != dealer && play.held[dealer].iter().any(|c| fits(play, *c))
}

/// Possibility 2: "If the turned up trump is a Perlagg and neither the dealer nor the
/// dealer's partner has a natural card of this suit, but the dealer has an acorn Perlagg ...
/// the dealer can 'upgrade' this Perlagg ... If the dealer has no acorn Perlagg, the right to
/// upgrade passes to dealer's partner."
fn upgrade(play: &Play, dealer: usize, seat: usize) -> Refusal {
    let team = play.seats[dealer];
    let trump_held = (0..play.seats.len())
        .filter(|s| play.seats[*s] == team)
        .any(|s| play.held[s].iter().any(|c| natural_trump(play, *c)));
    if trump_held {
        return refuse(
            "aufgewertet wird nur, wenn weder der Geber noch sein Partner einen natürlichen Trumpf hat; sie tauschen den Trumpf.",
            "an upgrade comes only when \"neither the dealer nor the dealer's partner has a natural card of this suit\"; they exchange a natural trump instead.",
        );
    }
    if partner_waits(play, dealer, seat, acorn_perlagg) {
        return refuse(
            "der Partner wertet erst auf, wenn der Geber keine Eichel-Perlagg hat.",
            "\"If the dealer has no acorn Perlagg, the right to upgrade passes to dealer's partner\"; the dealer has one.",
        );
    }
    Ok(())
}

/// The dealer's left-hand opponent: the seat after the dealer (the cutter, the seat before,
/// is the right-hand one). With six players the other opponents follow it likewise.
fn left(play: &Play, dealer: usize) -> usize {
    (dealer + 1) % play.seats.len()
}

/// Imst and Tarrenz (`options.opponents_exchange`; Eichelperlaggen, "The Deal": "Variant. In
/// Imst and Tarrenz, if any Perlaggen remain after the dealer's team have exhausted their
/// exchange and upgrade possibilities, the right to exchange or upgrade passes to dealer's
/// left-hand opponent, and then to the right-hand opponent"). "Exhausted" is read from the
/// cards as they lie: no card in the team's hands may be exchanged for a Perlagg face up.
///
/// Whether opponent `seat` has the right to exchange now: the dealer's team can make no
/// exchange any more, and, unless `seat` is the left-hand opponent, neither can it.
fn turn(play: &Play, dealer: usize, seat: usize) -> Refusal {
    let team = play.seats[dealer];
    let team_can = (0..play.seats.len())
        .filter(|s| play.seats[*s] == team)
        .any(|s| can(play, dealer, s));
    if team_can {
        return refuse(
            "in Imst und Tarrenz tauschen die Gegner erst, wenn die Partei des Gebers nichts mehr tauschen oder aufwerten kann; sie kann es noch.",
            "in Imst and Tarrenz the right passes to the opponents only \"after the dealer's team have exhausted their exchange and upgrade possibilities\"; they have not.",
        );
    }
    let first = left(play, dealer);
    if seat != first && can(play, first, first) {
        return refuse(
            "das Recht geht zuerst an den linken Gegner des Gebers, dann an den rechten; der linke kann noch tauschen.",
            "\"the right to exchange or upgrade passes to dealer's left-hand opponent, and then to the right-hand opponent\"; the left-hand opponent still can.",
        );
    }
    Ok(())
}

/// Whether `seat` may now make some exchange, `first` going first in its team.
fn can(play: &Play, first: usize, seat: usize) -> bool {
    let face_up = play
        .stack
        .iter()
        .filter(|t| play.ctx.variant.is_wild(**t, play.trump));
    face_up
        .flat_map(|t| play.held[seat].iter().map(move |c| (*c, *t)))
        .any(|(c, t)| allowed(play, first, seat, c, t).is_ok())
}
