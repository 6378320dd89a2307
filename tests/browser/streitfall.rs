//! The Streitfall page in Chromium: a Perlaggen deal entered by taps (Perlaggen text,
//! "Players and Cards", Example 1), a revoke tapped from a hand shows its ruling in German
//! and is taken back, and the deal's ruling appears at the end; German and narrow at 412 px.

use crate::driver::{Element, Session};
use crate::setup::app;
use serde_json::json;
use std::time::{Duration, Instant};

/// Waits for a visible element matching `css` with exactly `text`.
pub async fn wait_button(s: &Session, css: &str, text: &str) -> Element {
    let started = Instant::now();
    loop {
        if let Some(e) = s.find_by_text(css, text).await {
            return e;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "`{text}` never offered:\n{}",
            s.body_text().await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Taps the card `code` among the buttons under `scope` (the pack, or a seat's hand): the
/// buttons show the card's German name and carry its code.
pub async fn tap_card(s: &Session, scope: &str, code: &str) {
    let e = s
        .wait_for(&format!("{scope} button[data-card=\"{code}\"]"))
        .await;
    s.click(&e).await;
}

pub async fn choose(s: &Session, label: &str) {
    let e = wait_button(s, "#streit-next button", label).await;
    s.click(&e).await;
}

#[tokio::test]
async fn a_perlaggen_streitfall_entered_by_taps_shows_the_ruling() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    s.goto(&format!(
        "{}/streitfall?game=perlaggen&variant=innsbruck",
        app.base
    ))
    .await;
    let hands = [
        ["L10", "E9", "E8", "H9", "H8"],
        ["LA", "EA", "EK", "HA", "H10"],
        ["LU", "SA", "SK", "SO", "SU"],
        ["S7", "S10", "S9", "S8", "LK"],
    ];
    for card in hands.iter().flatten().chain(["L8"].iter()) {
        tap_card(&s, "#streit-pack", card).await;
    }
    choose(&s, "1: Laub Zehn spielen").await;
    // A revoke tapped from seat 2's hand: it holds the Laub Ass.
    tap_card(&s, "#streit-seats div[data-seat=\"1\"]", "EA").await;
    s.wait_for_text("müssen die anderen Trumpf geben").await;
    s.tap("#streit-undo").await;
    choose(&s, "2: Laub Ass spielen").await;
    choose(&s, "3: Laub Unter als Laub Ass spielen").await;
    choose(&s, "4: Schell Sieben als Laub Ass spielen").await;
    // Seat 4 won the trick (the higher Perlagg): it leads next.
    choose(&s, "4: Schell Zehn spielen").await;
    choose(&s, "1: Spiel gut geben").await;
    choose(&s, "2: Gleich gut geben").await;
    choose(&s, "2: Hanger gut geben").await;
    s.wait_for_text("Punkte: A 2, B 1").await;
    let text = s.body_text().await;
    assert!(text.contains("Entscheid"), "{text}");
    assert!(text.contains("Spiel: Seite B, 1"), "{text}");
    for english in ["Ruling", "Undo", "Next", "play "] {
        assert!(
            !text.contains(english),
            "English on the German page: {english}"
        );
    }
    let wide = s
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth;",
            json!([]),
        )
        .await;
    assert_eq!(wide, json!(false), "no horizontal scrolling at 412 px");
}

/// Perlaggen text, "The Deal": "If the turned up card is a Perlagg and the dealer has in
/// hand a natural card of the trump suit ... the dealer can take the turned up Perlagg and
/// place the natural card face up on top of the stack". The Martl turned, the dealer (seat
/// 4) holds the Herz Acht: the exchange is offered, tapped, shown in the trump line, gone
/// after the first card, and taken back by "Zurück".
#[tokio::test]
async fn a_perlaggen_streitfall_takes_the_turned_perlagg_by_a_tap() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    s.goto(&format!(
        "{}/streitfall?game=perlaggen&variant=innsbruck",
        app.base
    ))
    .await;
    let hands = [
        ["L10", "E9", "E8", "H7", "S8"],
        ["LA", "EA", "EK", "HA", "H10"],
        ["H9", "SA", "SK", "SO", "SU"],
        ["S7", "S10", "S9", "H8", "LK"],
    ];
    for card in hands.iter().flatten().chain(["HK"].iter()) {
        tap_card(&s, "#streit-pack", card).await;
    }
    let label = "Platz 4 tauscht Herz Acht gegen Herz König (aufgeschlagen)";
    s.wait_for_text("Tausch").await;
    let offer = wait_button(&s, "#streit-exchange button", label).await;
    s.click(&offer).await;
    s.wait_for_text(&format!("getauscht: {label}")).await;
    // The Martl is in the dealer's hand now.
    s.wait_for("#streit-seats div[data-seat=\"3\"] button[data-card=\"HK\"]")
        .await;
    choose(&s, "1: Laub Zehn spielen").await;
    choose(&s, "2: Laub Ass spielen").await;
    s.wait_for("#streit-seats div[data-seat=\"1\"] .streit-pc")
        .await;
    let text = s.body_text().await;
    assert!(
        s.try_find("#streit-exchange button").await.is_none(),
        "no exchange after the first card: {text}"
    );
    for english in ["Exchange", "exchanges", "Undo", "Next", "turned", "play "] {
        assert!(
            !text.contains(english),
            "English on the German page: {english}"
        );
    }
    let wide = s
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth;",
            json!([]),
        )
        .await;
    assert_eq!(wide, json!(false), "no horizontal scrolling at 412 px");
    // Two cards back, then the exchange: it is offered again.
    for _ in 0..3 {
        s.tap("#streit-undo").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    wait_button(&s, "#streit-exchange button", label).await;
    s.wait_for("#streit-seats div[data-seat=\"3\"] button[data-card=\"H8\"]")
        .await;
}
