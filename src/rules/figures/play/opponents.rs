//! Eichelperlaggen's Imst and Tarrenz variant (`options.opponents_exchange`): when the
//! dealer's team has exhausted its exchanges, the dealer's opponents may exchange or upgrade,
//! the left-hand opponent first, then the right-hand one. "Exhausted" is read from the cards
//! as they lie after the exchanges before: no card in the dealer's or the partner's hand may
//! be exchanged for any Perlagg still face up.
//!
//! Source: Perlaggen text, Eichelperlaggen, "The Deal", "Variant. In Imst and Tarrenz, if any
//! Perlaggen remain after the dealer's team have exhausted their exchange and upgrade
//! possibilities, the right to exchange or upgrade passes to dealer's left-hand opponent, and
//! then to the right-hand opponent."

use super::engine::Play;
use super::exchange::{Refusal, allowed, refuse};

/// The dealer's left-hand opponent: the seat after the dealer (the cutter, the seat before,
/// is the right-hand one). With six players the other opponents follow it likewise.
pub fn left(play: &Play, dealer: usize) -> usize {
    (dealer + 1) % play.seats.len()
}

/// Whether opponent `seat` has the right to exchange now: the dealer's team can make no
/// exchange any more, and, unless `seat` is the left-hand opponent, neither can it.
pub fn turn(play: &Play, dealer: usize, seat: usize) -> Refusal {
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
