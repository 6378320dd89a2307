//! Whether a seat may declare King and Ober (002 "Declaring King-Ober Pairs"; 003 "Melding"),
//! each refusal naming the seat, the pair and the rule.

use super::super::super::common::{ErrorCode, Lang};
use super::cards::{Card, Rank, Suit};
use super::engine::{Breach, Remedy, State};
use super::words::{capital, cards, who};

/// The meld of `suit` by `seat` (of `side`): the side has won a trick, or a partner's card is
/// certain to win the trick in play ([`super::sure`]); King and Ober in hand, both second
/// cards for a second pair of the suit.
pub fn check(st: &State, seat: usize, side: usize, suit: Suit) -> Result<(), Breach> {
    let value = if suit == st.trump { 40 } else { 20 };
    let hand = &st.hands[seat];
    let held = |r: Rank| hand.iter().filter(|c| **c == Card::new(suit, r)).count() as u8;
    let need = st.melded[seat][suit as usize] + 1;
    let deed_de = format!(
        "{} meldet {} {value} (Hand: {}).",
        who(st, Lang::De, seat),
        suit.name(Lang::De),
        cards(hand.iter().copied(), Lang::De)
    );
    let deed_en = format!(
        "{} declares {} {value} (hand: {}).",
        capital(who(st, Lang::En, seat)),
        suit.name(Lang::En),
        cards(hand.iter().copied(), Lang::En)
    );
    let (de, en) = if st.won[side] == 0 && !super::sure::partner_sure(st, seat) {
        (
            "Melden darf nur, wessen Seite schon einen Stich hat (002: \"provided that the holder's team has won at least one trick\"), oder wessen Partner eine Karte gespielt hat, die den Stich sicher macht (002: \"if your partner plays an unbeatable card, guaranteeing that your team will win the trick, you can declare your pair immediately even if this is your team's first trick\").".to_string(),
            "002: \"provided that the holder's team has won at least one trick\"; or \"if your partner plays an unbeatable card, guaranteeing that your team will win the trick, you can declare your pair immediately even if this is your team's first trick\", and no partner's card in this trick is unbeatable.".to_string(),
        )
    } else if held(Rank::K) < need || held(Rank::O) < need {
        let extra = if need > 1 {
            " Für ein zweites Paar derselben Farbe müssen der zweite König und der zweite Ober gezeigt werden (002: \"to score a second pair the player would need to show the second King and the second Ober\")."
        } else {
            ""
        };
        (
            format!(
                "Gemeldet wird König und Ober derselben Farbe aus der Hand; eine gespielte Karte zählt nicht (002: \"A King or Ober that has been played cannot be used in a declaration\").{extra}"
            ),
            "002: \"A player who holds the King and Ober of the same suit in hand may declare them\"; \"A King or Ober that has been played cannot be used in a declaration\"; \"to score a second pair the player would need to show the second King and the second Ober\"."
                .to_string(),
        )
    } else {
        return Ok(());
    };
    Err(Breach::new(
        ErrorCode::MeldNotAllowed,
        format!("{deed_de} {de}"),
        format!("{deed_en} {en}"),
        Remedy::Loses(side),
    ))
}
