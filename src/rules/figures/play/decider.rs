//! The decider card by card (contract 5.4): when both sides are gestrichen with Gleich and
//! Hanger unseen, no one bets, and the best Gleich or Hanger of at least 3 cards (4 in
//! Eichelperlaggen) wins the game. The players put their figures face up with `show`; the
//! cards stay in their hands (a Perlagg keeps the baptism it was shown with, "a Perlagg can
//! only be baptised once"). The next action that is no such show, or the end of the record,
//! settles the decider: each side's best Gleich and Hanger among its cards face up (shown for
//! the decider, and any row of played cards) become the fact-level `{"decider": {"A": ...,
//! "B": ...}}`, which the fact-level engine rules on. With nothing qualifying or a tie the
//! Spiel decides (the cards are played), or, with the Spiel already awarded, the deal ends.
//!
//! Sources: Giltspiel text, "The Endgame" ("If both teams are gestrichen ... no bets are
//! allowed ... If any player has a Gleich or Hanger of at least 3 cards the game is won by
//! the best Gleich or Hanger"; "It is possible for both sides to become gestrichen during
//! the play"); Perlaggen text, "The Endgame" and Eichelperlaggen, "Scoring and Endgame".

use super::super::cards::Shown;
use super::super::record::{DeciderHand, DeciderOutcome, Event, Figure, SideCards};
use super::super::state::{Decider, err};
use super::engine::Play;
use super::showing::{face_up, instance, strength};
use crate::rules::common::{ErrorCode, Pair, RuleError, Side};

/// `show` while the decider is due: the cards are shown from the hand and stay there.
pub fn show(play: &mut Play, seat: usize, cards: &[Shown]) -> Result<(), RuleError> {
    for c in cards {
        play.holds(seat, *c)?;
        if play.decider_shown[seat].iter().any(|s| s.card == c.card) {
            return Err(err(
                ErrorCode::CardNotHeld,
                format!(
                    "{}: die Karte ist für den Entscheid schon gezeigt (Platz {seat}).",
                    c.card
                ),
                format!(
                    "{}: the card is already shown for the decider (seat {seat}).",
                    c.card
                ),
            ));
        }
        play.baptism(seat, *c)?;
        play.decider_shown[seat].push(*c);
    }
    Ok(())
}

/// The cards of a seat that count for the decider: its row of played cards and what it
/// showed for the decider.
fn cards(play: &Play, seat: usize) -> Vec<Shown> {
    let mut cards = face_up(play, seat);
    cards.extend(play.decider_shown[seat].iter().copied());
    cards
}

/// A side's best instance of the figure among its seats' cards face up.
fn best(play: &Play, side: Side, f: Figure) -> SideCards {
    let best = (0..play.seats.len())
        .filter(|&s| play.side(s) == side)
        .map(|s| cards(play, s))
        .max_by_key(|c| strength(f, c));
    SideCards::Unseated(best.map(|c| instance(f, &c)).unwrap_or_default())
}

/// Derives the decider from the cards face up and applies it.
pub fn settle(play: &mut Play) -> Result<(), RuleError> {
    let hand = |side| DeciderHand {
        gleich: best(play, side, Figure::Gleich),
        hanger: best(play, side, Figure::Hanger),
    };
    let hands = Pair {
        a: hand(Side::A),
        b: hand(Side::B),
    };
    play.fact(Event::Decider(Box::new(DeciderOutcome::Cards(hands))))
}

/// `play_out_of_turn`: the decider has won the game, no card follows.
pub fn over(play: &Play, card: Shown) -> Result<(), RuleError> {
    if let Decider::Won(side, _) = play.facts.decider {
        return Err(err(
            ErrorCode::PlayOutOfTurn,
            format!(
                "{card}: der Entscheid hat die Partie für Seite {side} gewonnen; es wird keine Karte mehr gespielt."
            ),
            format!(
                "{card}: the decider has won the game for side {side}; no more cards are played."
            ),
        ));
    }
    Ok(())
}

/// `baptism_invalid`: a Perlagg shown for the decider is played or shown again only as it was
/// shown ("a Perlagg can only be baptised once").
pub fn same_baptism(play: &Play, seat: usize, card: Shown) -> Result<(), RuleError> {
    match play.decider_shown[seat]
        .iter()
        .find(|s| s.card == card.card)
    {
        Some(before) if before.baptism != card.baptism => Err(err(
            ErrorCode::BaptismInvalid,
            format!(
                "{card}: die Karte ist für den Entscheid als {before} gezeigt; ein Perlagg wird nur einmal getauft."
            ),
            format!(
                "{card}: the card was shown for the decider as {before}; \"a Perlagg can only be baptised once\"."
            ),
        )),
        _ => Ok(()),
    }
}
