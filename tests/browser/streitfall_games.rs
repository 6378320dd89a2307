//! The Streitfall page in Chromium for Watten and Gaigel: the set-up by taps (four hands from
//! the pack, then Watten's Schlag and suit or Gaigel's turned card), a few cards, and a broken
//! rule shown in German with the deal's ruling; phone widths 412 and 360 px without
//! horizontal scrolling.

use crate::driver::Session;
use crate::pad::PHONE_360;
use crate::setup::app;
use crate::streitfall::{choose, tap_card};
use serde_json::json;

/// Gives each seat its five cards from the pack, in seat order.
async fn deal_hands(s: &Session, hands: &[[&str; 5]; 4]) {
    for card in hands.iter().flatten() {
        tap_card(s, "#streit-pack", card).await;
    }
}

async fn seat(s: &Session, i: usize, code: &str) {
    tap_card(s, &format!("#streit-seats div[data-seat=\"{i}\"]"), code).await;
}

async fn no_scrolling(s: &Session, width: u32) {
    let wide = s
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth;",
            json!([]),
        )
        .await;
    assert_eq!(wide, json!(false), "no horizontal scrolling at {width} px");
}

/// Rules text 004, Tyrolean "Choosing trumps" and "The play": forehand announces the Schlag,
/// the dealer the suit; "When one of these trumps is led, any other players who hold a trump
/// must play a either trump or a Linke". The hands of the conformance case
/// `cards-tyrolean-played-out`.
#[tokio::test]
async fn a_watten_streitfall_by_taps_shows_the_broken_trump_duty_in_german() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    s.goto(&format!(
        "{}/streitfall?game=watten&variant=tyrolean",
        app.base
    ))
    .await;
    deal_hands(
        &s,
        &[
            ["HO", "HA", "E9", "L7", "S8"],
            ["EO", "HK", "E10", "L8", "S9"],
            ["H9", "EA", "LA", "S10", "SK"],
            ["H7", "EK", "LK", "SA", "S6"],
        ],
    )
    .await;
    s.wait_for_text("Schlag (sagt Vorhand an)").await;
    no_scrolling(&s, 412).await;
    s.tap("#streit-pack button[data-value=\"O\"]").await;
    s.wait_for_text("Trumpffarbe (sagt der Geber an)").await;
    s.tap("#streit-pack button[data-value=\"H\"]").await;
    s.wait_for_text("Schlag Ober, Farbe Herz").await;
    // The first trick: the Rechte led (a choice), the others tapped from their hands.
    choose(&s, "1: Herz Ober").await;
    seat(&s, 1, "HK").await;
    seat(&s, 2, "H9").await;
    seat(&s, 3, "S6").await;
    // Forehand's Rechte took the trick: marked in its row.
    let won = s
        .wait_for("#streit-seats div[data-seat=\"0\"] .streit-won")
        .await;
    assert_eq!(s.text(&won).await, "Herz Ober *");
    seat(&s, 0, "HA").await;
    seat(&s, 1, "E10").await;
    seat(&s, 2, "EA").await;
    // Seat 4 holds the Herz Sieben but throws the Eichel König on the led trump.
    seat(&s, 3, "EK").await;
    s.wait_for_text(
        "Trumpf ist ausgespielt: wer einen Trumpf hat, muss Trumpf oder einen Linken spielen",
    )
    .await;
    s.wait_for_text("bekommt").await;
    let text = s.body_text().await;
    assert!(text.contains("Entscheid"), "{text}");
    assert!(
        text.contains("regelgerecht"),
        "the legal actions listed: {text}"
    );
    for english in ["Ruling", "Undo", "Next", "scores"] {
        assert!(
            !text.contains(english),
            "English on the German page: {english}"
        );
    }
    no_scrolling(&s, 412).await;
    s.guide_shot(
        "streitfall-watten.png",
        "document.querySelector('#streit-seats div[data-seat=\"2\"]').scrollIntoView();",
    )
    .await;
    s.set_viewport(PHONE_360.0, PHONE_360.1).await;
    no_scrolling(&s, 360).await;
}

/// Rules text 002, "Players and Cards": "two copies of each card" (both Eichel Ass and both
/// Eichel Sieben are dealt), the turned card under the talon; "First Trick": Vorhand opens;
/// play is counter-clockwise, so a card out of turn is refused. The hands of the conformance
/// case `cards-card_out_of_turn_refused`.
#[tokio::test]
async fn a_gaigel_streitfall_by_taps_shows_a_card_out_of_turn_in_german() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    s.goto(&format!("{}/streitfall?game=gaigel&variant=four", app.base))
        .await;
    deal_hands(
        &s,
        &[
            ["EA", "E7", "L7", "S7", "SU"],
            ["EA", "L10", "LK", "S10", "SK"],
            ["EK", "LO", "LU", "SO", "E7"],
            ["E10", "LA", "SA", "EO", "EU"],
        ],
    )
    .await;
    // Both Eichel Ass are given: the pack offers no third.
    assert!(
        s.try_find("#streit-pack button[data-card=\"EA\"]")
            .await
            .is_none(),
        "{}",
        s.body_text().await
    );
    s.wait_for_text("Aufgeschlagen").await;
    tap_card(&s, "#streit-pack", "HO").await;
    choose(&s, "1: Ge-Elfen ansagen").await;
    seat(&s, 0, "EA").await;
    seat(&s, 2, "EK").await;
    s.wait_for_text("ist am Zug").await;
    s.wait_for_text("B gewinnt").await;
    let text = s.body_text().await;
    assert!(text.contains("Entscheid"), "{text}");
    no_scrolling(&s, 412).await;
    s.set_viewport(PHONE_360.0, PHONE_360.1).await;
    no_scrolling(&s, 360).await;
}

/// Rules text 004, Bavarian "Dealing": "If it is one of the three Kritische, the cutter may
/// take it. If the card thereby revealed is a second Kritisch, the dealer may take it": the
/// cut entered by taps after Schlag and suit (conformance case `cards-cut-kritisch-taken`).
#[tokio::test]
async fn a_bavarian_streitfall_takes_the_kritische_at_the_cut() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    s.goto(&format!(
        "{}/streitfall?game=watten&variant=bavarian",
        app.base
    ))
    .await;
    deal_hands(
        &s,
        &[
            ["EA", "EK", "EO", "EU", "E10"],
            ["L7", "L9", "L8", "LA", "LK"],
            ["S7", "HO", "HU", "H10", "H9"],
            ["HK", "SK", "SO", "SU", "S10"],
        ],
    )
    .await;
    s.tap("#streit-pack button[data-value=\"A\"]").await;
    s.wait_for_text("Trumpffarbe").await;
    s.tap("#streit-pack button[data-value=\"E\"]").await;
    s.wait_for_text("Beim Abheben genommen").await;
    s.tap("#streit-pack button[data-value=\"S7\"]").await;
    s.tap("#streit-pack button[data-value=\"HK\"]").await;
    s.tap("#streit-step-done").await;
    choose(&s, "1: Eichel Ass").await;
    choose(&s, "2: Bieten (3)").await;
    choose(&s, "3: Aufgeben").await;
    s.wait_for_text("B bekommt 2 Punkte.").await;
}

/// Changing the game on the free page reloads it with that game's variants at once: the
/// variant of the game before is not sent along (it fell back to Tirolerisch).
#[tokio::test]
async fn changing_the_game_on_the_streitfall_page_offers_that_games_variants() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    s.goto(&format!(
        "{}/streitfall?game=watten&variant=bavarian",
        app.base
    ))
    .await;
    s.wait_for("#streit[data-game=watten]").await;
    s.select("#streit-game", "gaigel").await;
    s.wait_for("#streit[data-game=gaigel]").await;
    let url = s.url().await;
    assert!(!url.contains("bavarian"), "{url}");
    let offered = s
        .execute(
            "return Array.from(document.querySelectorAll('#streit-variant option'))
               .map(function (o) { return o.value; });",
            json!([]),
        )
        .await;
    let offered: Vec<String> = serde_json::from_value(offered).unwrap();
    assert!(offered.contains(&"four".to_string()), "{offered:?}");
    assert!(
        !offered.iter().any(|v| v == "tyrolean" || v == "bavarian"),
        "{offered:?}"
    );
    let frame = s.find("#streit").await;
    let frame = s.attribute(&frame, "data-frame").await.unwrap();
    assert!(frame.contains("\"variant\":\"four\""), "{frame}");
    s.quit().await;
}
