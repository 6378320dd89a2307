//! The show (Showdown), failed shows (unshown) and the decider when both sides are
//! gestrichen: contract 5.4 and 5.5, and the trump rule of 3.1 for baptised cards.
//!
//! Sources: both texts, "The Showdown"/"The Show" (after the Spiel is decided), "Showing
//! cards to validate bets", "Dealing with ties"; Perlaggen text "Players and Cards" (a
//! Perlagg may be baptised as any card, once per deal); "The Endgame" (both gestrichen: a
//! Gleich or Hanger of at least 3 cards wins the game; Eichelperlaggen "Scoring and
//! Endgame": 4 cards).

use super::baptism::check_card;
use super::betting::{closed, decision_first, no_open_bet_stops_play};
use super::cards::Shown;
use super::hands::{SideCards, failed_hand, hand_name, spread_over_hands};
use super::record::{DeciderOutcome, Figure, Outcome, Show};
use super::shapes::{Strength, as_gleich, as_hanger, better};
use super::state::{Ctx, DealState, Decider, err};
use crate::rules::common::{ErrorCode, Pair, RuleError, Side};

fn invalid(de: impl Into<String>, en: impl Into<String>) -> RuleError {
    err(ErrorCode::InvalidShow, de, en)
}

/// Checks the cards one side showed for a Gleich or Hanger, hand by hand where the record
/// names seats, and records them as shown; returns the side's best instance (`None` when
/// it showed nothing). A figure is held by one player (both texts, "Gleich, Hanger,
/// Spiel": "in the hand of one player"), so each seat's cards must form it on their own.
fn shown_instance(
    state: &mut DealState,
    ctx: &Ctx,
    side: Side,
    figure: Figure,
    cards: &SideCards,
) -> Result<Option<Strength>, RuleError> {
    let hands = cards.hands();
    // Every card first (the pack, baptisms, one hand per card), then each hand's figure.
    for (seat, list) in &hands {
        record_cards(state, ctx, side, *seat, list)?;
    }
    let mut best = None;
    for (seat, list) in &hands {
        let hand = seat.map(|_| hand_name(side, *seat));
        let strength = match hand_figure(hand, figure, list) {
            Ok(s) => s,
            Err(e) => return Err(spread_over_hands(side, &hands, figure).unwrap_or(e)),
        };
        best = best.max(strength);
    }
    Ok(best)
}

/// Checks one hand's cards (the side's where no seat is named) and records them as shown.
fn record_cards(
    state: &mut DealState,
    ctx: &Ctx,
    side: Side,
    seat: Option<u8>,
    cards: &[Shown],
) -> Result<(), RuleError> {
    let mut in_list = 0u64;
    for s in cards {
        check_card(ctx.variant, state.trump, s)?;
        let bit = 1u64 << s.card.id();
        if in_list & bit != 0 {
            return Err(invalid(
                format!("Die Karte {} ist zweimal gezeigt.", s.card),
                format!("The card {} is shown twice.", s.card),
            ));
        }
        in_list |= bit;
        match state.shown[s.card.id()] {
            None => state.shown[s.card.id()] = Some((side, seat, s.baptism)),
            Some((other, _, _)) if other != side => {
                return Err(invalid(
                    format!("Die Karte {} haben beide Seiten gezeigt.", s.card),
                    format!("The card {} is shown by both sides.", s.card),
                ));
            }
            Some((_, Some(held), _)) if seat.is_some_and(|n| n != held) => {
                let (was, now) = (hand_name(side, Some(held)), hand_name(side, seat));
                return Err(invalid(
                    format!(
                        "Die Karte {} kann nicht in zwei Händen sein: {was} und {now} haben sie gezeigt.",
                        s.card
                    ),
                    format!(
                        "The card {} cannot be in two hands: both {was} and {now} showed it.",
                        s.card
                    ),
                ));
            }
            Some((_, _, baptism)) if baptism != s.baptism => {
                return Err(invalid(
                    format!(
                        "{s}: ein Perlagg wird nur einmal getauft und gilt in Gleich und Hanger als dieselbe Karte."
                    ),
                    format!(
                        "{s}: a Perlagg is baptised once and counts as the same card in Gleich and Hanger."
                    ),
                ));
            }
            // The same hand (or no seat named on one side): one card serves in its
            // side's Gleich and Hanger both; a seat named once stays the card's seat.
            Some((_, held, baptism)) => {
                state.shown[s.card.id()] = Some((side, held.or(seat), baptism));
            }
        }
    }
    Ok(())
}

/// The figure one hand's cards form; `invalid_show` when they form none.
/// `hand` names the hand in the message (`A1`, `P2`), where the record names one.
pub fn hand_figure(
    hand: Option<String>,
    figure: Figure,
    cards: &[Shown],
) -> Result<Option<Strength>, RuleError> {
    if cards.is_empty() {
        return Ok(None);
    }
    let strength = match figure {
        Figure::Gleich => as_gleich(cards).map(|g| g.strength()),
        Figure::Hanger => as_hanger(cards).map(|h| h.strength()),
        Figure::Spiel => None,
    };
    if let Some(s) = strength {
        return Ok(Some(s));
    }
    let list = cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let list = match hand {
        Some(name) => format!("{name}: {list}"),
        None => list,
    };
    match (strength, figure) {
        (Some(s), _) => Ok(Some(s)),
        (None, Figure::Gleich) => Err(invalid(
            format!("{list} ist kein Gleich (2 bis 5 gleiche Werte)."),
            format!("{list} is no Gleich (2 to 5 equal ranks)."),
        )),
        (None, _) => Err(invalid(
            format!(
                "{list} ist kein Hanger (2 bis 5 Karten einer Farbe in Folge A K O U 10 9 8 7)."
            ),
            format!("{list} is no Hanger (2 to 5 cards of one suit in sequence A K O U 10 9 8 7)."),
        )),
    }
}

/// `show`: the outcome of the show for the figures still open.
pub fn show(state: &mut DealState, ctx: &Ctx, s: &Show) -> Result<(), RuleError> {
    no_open_bet_stops_play(state)?;
    decision_first(state, ctx)?;
    if !state.fig(Figure::Spiel).decided {
        return Err(err(
            ErrorCode::SpielOpen,
            "Gezeigt wird erst, wenn das Spiel entschieden ist (gut gegeben oder drei Stiche).",
            "The show comes only once the Spiel is decided (called good or three tricks).",
        ));
    }
    // A settled figure (contract code) is reported before kartl's own
    // checks of the show (a Spiel key, no figure, the cards): docs/rules/figures.md, Error codes.
    for f in [Figure::Gleich, Figure::Hanger] {
        if s.get(f).is_some() && state.fig(f).decided {
            return Err(closed(f));
        }
    }
    if s.spiel.is_some() {
        return Err(invalid(
            "Das Spiel wird nicht gezeigt: es entscheiden die Stiche oder ein Gut.",
            "The Spiel is not shown: tricks or a concession decide it.",
        ));
    }
    if s.gleich.is_none() && s.hanger.is_none() {
        return Err(invalid(
            "Das Zeigen nennt weder Gleich noch Hanger.",
            "The show names neither Gleich nor Hanger.",
        ));
    }
    for f in [Figure::Gleich, Figure::Hanger] {
        let Some(outcome) = s.get(f) else { continue };
        let (winner, can_show) = match outcome {
            Outcome::Won(side) => (Some(*side), [*side == Side::A, *side == Side::B]),
            Outcome::Stands => (None, [true, true]),
            Outcome::Cards(cards) => {
                let a = shown_instance(state, ctx, Side::A, f, &cards.a)?;
                let b = shown_instance(state, ctx, Side::B, f, &cards.b)?;
                state.fig_mut(f).shown_seats = [cards.a.seat_bits(), cards.b.seat_bits()];
                (better(a, b), [a.is_some(), b.is_some()])
            }
        };
        let fs = state.fig_mut(f);
        fs.decided = true;
        fs.winner = winner;
        fs.can_show = can_show;
    }
    Ok(())
}

/// `unshown`: a player who bet on or held the figure could not show an example (5.5).
/// `(by, seat)`: the side, and the player of it (1 or 2) where the record names one.
pub fn unshown(
    state: &mut DealState,
    f: Figure,
    (by, seat): (Side, Option<u8>),
    other_can_show: bool,
) -> Result<(), RuleError> {
    no_open_bet_stops_play(state)?;
    let (de, en) = f.name();
    if f == Figure::Spiel {
        return Err(invalid(
            "Für das Spiel muss niemand etwas zeigen.",
            "No one has to show anything for the Spiel.",
        ));
    }
    let fs = *state.fig(f);
    if !fs.involved[by as usize] {
        return Err(invalid(
            format!(
                "Niemand von Seite {by} hat auf {de} geboten oder {} gehalten; sie muss nichts zeigen.",
                f.pronoun()
            ),
            format!("No player of side {by} bet on or held {en}; the side has nothing to show."),
        ));
    }
    if !fs.decided {
        return Err(invalid(
            format!(
                "Das Nicht-Zeigen für {de} kommt nach dem Zeigen, wenn die Figur entschieden ist."
            ),
            format!("A failed show for {en} follows the show, once the figure is settled."),
        ));
    }
    // Examples are shown at the end of the showdown, which needs the Spiel decided (both
    // texts, "Showing cards to validate bets"), even for a figure conceded early.
    if !state.fig(Figure::Spiel).decided {
        return Err(invalid(
            format!(
                "Das Nicht-Zeigen für {de} kommt erst am Ende des Zeigens, wenn das Spiel entschieden ist."
            ),
            format!(
                "A failed show for {en} comes at the end of the show, once the Spiel is decided."
            ),
        ));
    }
    failed_hand(&fs, f, by, seat)?;
    let fs = state.fig_mut(f);
    let before = fs.unshown[by as usize].unwrap_or(false);
    fs.unshown[by as usize] = Some(before || other_can_show);
    fs.unshown_seats[by as usize] |= seat.map_or(0, |n| 1 << n);
    Ok(())
}

/// The decider's result per kind: who wins it among qualifying instances.
enum KindResult {
    Nobody,
    Stands,
    Won(Side, Strength),
}

fn kind_result(a: Option<Strength>, b: Option<Strength>, min: usize) -> KindResult {
    let q = |s: Option<Strength>| s.filter(|s| usize::from(s.cards) >= min);
    let (a, b) = (q(a), q(b));
    match better(a, b) {
        Some(Side::A) => a.map_or(KindResult::Nobody, |s| KindResult::Won(Side::A, s)),
        Some(Side::B) => b.map_or(KindResult::Nobody, |s| KindResult::Won(Side::B, s)),
        None if a.is_some() => KindResult::Stands,
        None => KindResult::Nobody,
    }
}

/// `decider`: both sides gestrichen, Gleich and Hanger unseen (contract 5.4).
pub fn decider(
    state: &mut DealState,
    ctx: &Ctx,
    outcome: &DeciderOutcome,
) -> Result<(), RuleError> {
    no_open_bet_stops_play(state)?;
    if !state.decider_due(ctx) {
        return Err(err(
            ErrorCode::DeciderNotDue,
            "Ein Entscheid gilt nur, wenn beide Seiten gestrichen und Gleich und Hanger ungesehen sind.",
            "A decider applies only when both sides are gestrichen and Gleich and Hanger are unseen.",
        ));
    }
    let result = match outcome {
        DeciderOutcome::Won(side) => Decider::Won(*side, None),
        DeciderOutcome::Nothing => Decider::Nothing,
        DeciderOutcome::Cards(hands) => decide_by_cards(state, ctx, hands)?,
    };
    if result == Decider::Nothing {
        // The Spiel decides (or, when it is already awarded, no one scores further):
        // Gleich and Hanger score nothing in this deal.
        for f in [Figure::Gleich, Figure::Hanger] {
            let fs = state.fig_mut(f);
            fs.decided = true;
            fs.winner = None;
        }
    }
    state.decider = result;
    Ok(())
}

fn decide_by_cards(
    state: &mut DealState,
    ctx: &Ctx,
    hands: &Pair<super::record::DeciderHand>,
) -> Result<Decider, RuleError> {
    let mut strengths = [[None; 2]; 2];
    for side in Side::BOTH {
        let hand = hands.get(side);
        strengths[0][side as usize] =
            shown_instance(state, ctx, side, Figure::Gleich, &hand.gleich)?;
        strengths[1][side as usize] =
            shown_instance(state, ctx, side, Figure::Hanger, &hand.hanger)?;
    }
    let min = ctx.variant.decider_min();
    let g = kind_result(strengths[0][0], strengths[0][1], min);
    let h = kind_result(strengths[1][0], strengths[1][1], min);
    // More cards beat fewer; at equal cards the Gleich beats the Hanger; a kind that stands
    // leaves the decision to the other kind (both directions, contract 5.4).
    Ok(match (g, h) {
        (KindResult::Won(gs, gx), KindResult::Won(hs, hx)) => {
            if hx.cards > gx.cards {
                Decider::Won(hs, Some(Figure::Hanger))
            } else {
                Decider::Won(gs, Some(Figure::Gleich))
            }
        }
        (KindResult::Won(gs, _), _) => Decider::Won(gs, Some(Figure::Gleich)),
        (_, KindResult::Won(hs, _)) => Decider::Won(hs, Some(Figure::Hanger)),
        _ => Decider::Nothing,
    })
}
