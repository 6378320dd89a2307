//! Playing on Sevens and auf Farbe at card level (options `sevens` and `auf_farbe`,
//! docs/rules/gaigel.md sections 10 and 12): the claims `five_sevens`, `dissle` and `farbe`
//! checked against the cards the seat holds. What an announcement does to the tricks (auf
//! Siebener: no trick-taking power; auf Dissle: a trick taken loses) is the engine's, which
//! takes the tricks (`State::with_power`, `State::dissle_lost`). The fact-level
//! deal derived from them (`five_sevens`, `dissle`, `dissle_trick`, `farbe`) is then
//! refereed by the fact-level engine, as every card-level deal.

use super::super::super::common::{ErrorCode, Lang};
use super::super::input::Sevens;
use super::cards::Rank;
use super::engine::{Breach, Remedy, State};

/// The claim's rule broken: the texts name no penalty for a false claim, so it is scored as
/// any other breach by a player (the side loses double; docs/rules/gaigel.md 12.3).
fn claim(st: &State, seat: usize, de: String, en: String) -> Breach {
    Breach::new(
        ErrorCode::EndingInvalid,
        de,
        en,
        Remedy::Loses(st.seats[seat]),
    )
}

/// "Platz 1 (A)" / "Seat 1 (A)".
fn names(st: &State, seat: usize) -> (String, String) {
    (
        super::words::who(st, Lang::De, seat),
        super::words::capital(super::words::who(st, Lang::En, seat)),
    )
}

fn sevens_held(st: &State, seat: usize) -> usize {
    st.hands[seat]
        .iter()
        .filter(|c| c.rank == Rank::Seven)
        .count()
}

/// Five Sevens shown: the hand is five Sevens. Dealt (before any card is played) under every
/// Seven option; drawn later only auf Dissle (002: "any player who at any stage in the game
/// has a hand of five Sevens can stop the game and win"; 003 "at any time during the game")
/// or by the seat that announced auf Siebener (003 "If he draws a fifth 7 from the talon").
pub fn check_five_sevens(st: &State, seat: usize) -> Result<(), Breach> {
    let (who_de, who_en) = names(st, seat);
    if st.hands[seat].len() != 5 || sevens_held(st, seat) != 5 {
        return Err(claim(
            st,
            seat,
            format!(
                "{who_de} zeigt fünf Siebener, hat aber {} Siebener in der Hand (002: \"a player who is dealt a hand of five Sevens to show them and claim an immediate win\").",
                sevens_held(st, seat)
            ),
            format!(
                "{who_en} claims five Sevens but holds {} (002: \"a player who is dealt a hand of five Sevens to show them and claim an immediate win\").",
                sevens_held(st, seat)
            ),
        ));
    }
    let drawn_ok = st.sevens == Sevens::AufDissle
        || (st.sevens == Sevens::AufSiebener && st.dissle == Some(seat));
    if !st.tricks.is_empty() && !drawn_ok {
        return Err(claim(
            st,
            seat,
            "Fünf Siebener zählen hier nur, wenn sie ausgeteilt wurden und noch keine Karte gespielt ist (002: \"The cards are not played\").".into(),
            "Five Sevens count here only as dealt, before any card is played (002: \"claim an immediate win. The cards are not played\").".into(),
        ));
    }
    Ok(())
}

/// Auf Dissle or auf Siebener announced: by a seat dealt four Sevens (002: "a player who is
/// dealt four Sevens to announce"), before any card is played, once a deal.
pub fn check_dissle(st: &State, seat: usize) -> Result<(), Breach> {
    let (who_de, who_en) = names(st, seat);
    let (de, en) = if st.dissle.is_some() {
        (
            "Auf Dissle (auf Siebener) ist in diesem Spiel schon angesagt.".to_string(),
            "Auf Dissle (auf Siebener) is already announced in this deal.".to_string(),
        )
    } else if !st.tricks.is_empty() {
        (
            "Angesagt wird gleich nach dem Geben, vor der ersten Karte (002: \"a player who is dealt four Sevens to announce\").".to_string(),
            "It is announced when dealt, before the first card (002: \"a player who is dealt four Sevens to announce\").".to_string(),
        )
    } else if sevens_held(st, seat) < 4 {
        (
            format!(
                "{who_de} hat {} Siebener; ansagen kann nur, wer vier hat (002: \"The player who announces \\\"Auf Dissle!\\\" has four Sevens\").",
                sevens_held(st, seat)
            ),
            format!(
                "{who_en} holds {} Sevens: 002 \"The player who announces \\\"Auf Dissle!\\\" has four Sevens\".",
                sevens_held(st, seat)
            ),
        )
    } else {
        return Ok(());
    };
    Err(claim(st, seat, de, en))
}

/// Five cards of one suit shown (002 "Five of a Suit"): the hand is five cards of one suit,
/// dealt or collected in play ("try to collect five cards of the same suit").
pub fn check_farbe(st: &State, seat: usize) -> Result<(), Breach> {
    let (who_de, who_en) = names(st, seat);
    let hand = &st.hands[seat];
    if hand.len() == 5 && hand.iter().all(|c| c.suit == hand[0].suit) {
        return Ok(());
    }
    Err(claim(
        st,
        seat,
        format!(
            "{who_de} zeigt auf Farbe, hat aber nicht fünf Karten einer Farbe in der Hand (002: \"try to collect five cards of the same suit\")."
        ),
        format!(
            "{who_en} claims auf Farbe without five cards of one suit in hand (002: \"try to collect five cards of the same suit\")."
        ),
    ))
}
