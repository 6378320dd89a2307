//! The decider through the card picker (contract 5.4): at 10:10 in Giltspiel (target 11) with
//! Gleich and Hanger unseen, each side's best instance is picked as cards; the record holds
//! them in the contract's notation and the referee decides the game by them.

use crate::driver::Session;
use crate::setup::{Spec, app, referee, seed_deals, tournament, versions};
use crate::table::{open, preview, save_and_confirm, score_now};
use kartl::rules::Game;
use serde_json::{Value, json};

/// Deals to 10:9 (confirmed by the secretary): A 7 by a held Spiel; then 3 and 1 points.
fn to_ten_nine() -> Vec<Value> {
    let three = |s: &str| json!({"events": [{"tricks": s}, {"show": {"gleich": s, "hanger": s}}]});
    vec![
        json!({"events": [{"bet": "spiel", "by": "A"}, {"raise": "spiel", "by": "B"},
            {"raise": "spiel", "by": "A"}, {"raise": "spiel", "by": "B"},
            {"raise": "spiel", "by": "A"}, {"raise": "spiel", "by": "B"},
            {"hold": "spiel", "by": "A"}, {"tricks": "A"},
            {"show": {"gleich": "stands", "hanger": "stands"}}]}),
        three("B"),
        three("B"),
        three("A"),
        three("B"),
    ]
}

#[tokio::test]
async fn the_decider_takes_its_cards_from_the_picker() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Giltspiel)).await;
    let mut deals = to_ten_nine();
    seed_deals(&app, t.tables[0], deals.clone()).await;
    open(&s, &app.base, &t.links[0]).await;
    assert_eq!(score_now(&s).await, "10:9");

    // B bets the Spiel and A calls it good: 10:10, both gestrichen, Gleich and Hanger
    // unseen (an unseen Spiel taken with three tricks would not start the decider, 5.4).
    s.tap("button.ev[data-event='bet spiel B']").await;
    s.tap("button.ev[data-event='good spiel A']").await;
    s.tap("#pick-open").await;
    s.select("#pick-what", "decider gleich").await;
    s.tap(".pick-side[data-side='A']").await;
    for card in ["EA", "HA", "SA"] {
        s.tap(&format!("#pick-pack .pick-card[data-card='{card}']"))
            .await;
    }
    s.tap("#pick-take").await;
    s.tap("#pick-open").await;
    s.select("#pick-what", "decider hanger").await;
    s.tap(".pick-side[data-side='B']").await;
    for card in ["LK", "LO", "LU"] {
        s.tap(&format!("#pick-pack .pick-card[data-card='{card}']"))
            .await;
    }
    s.tap("#pick-take").await;
    let typed = s.find("#score-events-text").await;
    assert_eq!(
        s.property(&typed, "value").await,
        json!("bet spiel B\ngood spiel A\ndecider A:gleich:EA,HA,SA B:hanger:LK,LO,LU")
    );
    s.tap(".score-figures button[type=submit]").await;
    let words = preview(&s).await;
    // Both sides score 1 in this deal (A the Gleich by the decider, B the Spiel).
    assert!(
        words.contains("Stand 11:10") && words.contains("Gleich A 1"),
        "{words}"
    );
    save_and_confirm(&s, 6).await;

    deals.push(
        json!({"events": [{"bet": "spiel", "by": "B"}, {"good": "spiel", "by": "A"}, {"decider": {
        "A": {"gleich": ["EA", "HA", "SA"]}, "B": {"hanger": ["LK", "LO", "LU"]}}}]}),
    );
    let stored: Vec<Value> = versions(&app, t.tables[0])
        .await
        .iter()
        .filter(|v| v.status.as_str() == "confirmed")
        .map(|v| serde_json::from_str(&v.record).unwrap())
        .collect();
    assert_eq!(stored, deals);
    // Three cards each: the Gleich beats the Hanger (contract 5.4), the game is A's.
    let verdict = referee(&json!({"game": "giltspiel", "deals": deals}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    assert_eq!(verdict["games"][0]["winner"], json!("A"));
    assert_eq!(verdict["games"][0]["decided_by"], json!("gleich"));
    let last = &verdict["deals"][5]["score"];
    assert_eq!(score_now(&s).await, format!("{}:{}", last["A"], last["B"]));
    s.quit().await;
}
