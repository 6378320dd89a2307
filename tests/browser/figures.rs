//! A Giltspiel game (mit 3 Perlique) to the target on a phone: events by buttons, the figure
//! panel following each tap, the show's cards through the card picker with a wild card
//! baptised, a rule break shown beside its line, each deal confirmed by the other side; the
//! score and standings agree with the referee on the same record.

use crate::driver::Session;
use crate::setup::{Spec, app, referee, standings, tournament, versions};
use crate::table::{open, preview, save_and_confirm, score_now};
use kartl::rules::Game;
use kartl::tournament::file::Variant;
use serde_json::json;
use std::time::{Duration, Instant};

/// Taps the event buttons in order.
async fn tap_events(s: &Session, events: &[&str]) {
    for ev in events {
        s.tap(&format!("button.ev[data-event='{ev}']")).await;
    }
}

/// Waits until the panel shows `figure` with `value` and a state containing `state`.
async fn panel_shows(s: &Session, figure: &str, value: &str, state: &str) {
    let started = Instant::now();
    loop {
        let (v, st) = match (
            s.try_find(&format!("#figure-{figure} .figure-value")).await,
            s.try_find(&format!("#figure-{figure} .figure-state")).await,
        ) {
            (Some(v), Some(st)) => (
                s.call(
                    reqwest::Method::GET,
                    &format!("/element/{}/text", v.id()),
                    None,
                )
                .await
                .ok()
                .and_then(|t| t.as_str().map(str::to_string))
                .unwrap_or_default(),
                s.call(
                    reqwest::Method::GET,
                    &format!("/element/{}/text", st.id()),
                    None,
                )
                .await
                .ok()
                .and_then(|t| t.as_str().map(str::to_string))
                .unwrap_or_default(),
            ),
            _ => (String::new(), String::new()),
        };
        if v == value && st.contains(state) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "panel: {figure} shows {v:?} {st:?}, expected {value:?} {state:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Taps cards of the picker's pack in order.
async fn pick_cards(s: &Session, cards: &[&str]) {
    for card in cards {
        s.tap(&format!("#pick-pack .pick-card[data-card='{card}']"))
            .await;
    }
}

/// The table's confirmed deals as stored.
async fn confirmed_deals(
    app: &crate::common::TestApp,
    table: kartl::db::models::TableId,
) -> Vec<serde_json::Value> {
    versions(app, table)
        .await
        .iter()
        .filter(|v| v.status.as_str() == "confirmed")
        .map(|v| serde_json::from_str(&v.record).unwrap())
        .collect()
}

async fn events_typed(s: &Session) -> String {
    let e = s.find("#score-events-text").await;
    s.property(&e, "value")
        .await
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[tokio::test]
async fn a_giltspiel_game_with_the_card_picker() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Giltspiel);
    spec.variant = Some(Variant::Perlique);
    let t = tournament(&app, spec).await;
    open(&s, &app.base, &t.links[0]).await;
    for f in ["gleich", "hanger", "spiel"] {
        panel_shows(&s, f, "1", "offen").await;
    }

    // Deal 1: hearts trumps; A bets the Gleich, B holds; A takes three tricks.
    tap_events(&s, &["trump H", "bet gleich A"]).await;
    panel_shows(&s, "gleich", "1", "Gebot von A (auf 2)").await;
    tap_events(&s, &["hold gleich B"]).await;
    panel_shows(&s, "gleich", "2", "gehalten").await;
    tap_events(&s, &["tricks A"]).await;
    panel_shows(&s, "spiel", "1", "geht an A").await;
    // The show through the picker: A three Aces, one of them the trump Ober baptised as the
    // leaf Ace; B a pair of Kings.
    s.tap("#pick-open").await;
    s.select("#pick-what", "show gleich").await;
    s.tap(".pick-side[data-side='A']").await;
    s.tap("#pick-pack .pick-card[data-card='EA']").await;
    s.tap("#pick-pack .pick-card[data-card='SA']").await;
    s.tap("#pick-pack .pick-card[data-card='HO']").await;
    // HO is wild under hearts trumps: the picker asks what it stands for.
    s.wait_for("#pick-baptise:not([hidden])").await;
    s.tap("#pick-baptise .pick-card[data-as='LA']").await;
    s.tap(".pick-side[data-side='B']").await;
    s.tap("#pick-pack .pick-card[data-card='LK']").await;
    s.tap("#pick-pack .pick-card[data-card='EK']").await;
    assert_eq!(s.text(&s.find("#pick-list-A").await).await, "EA, SA, HO=LA");
    s.tap("#pick-take").await;
    tap_events(&s, &["show hanger stands"]).await;
    assert_eq!(
        events_typed(&s).await,
        "trump H\nbet gleich A\nhold gleich B\ntricks A\n\
         show gleich A:EA,SA,HO=LA B:LK,EK\nshow hanger stands"
    );
    panel_shows(&s, "gleich", "2", "gezeigt: geht an A").await;
    panel_shows(&s, "hanger", "1", "steht").await;
    s.tap(".score-figures button[type=submit]").await;
    let words = preview(&s).await;
    assert!(words.starts_with("A schreibt 3, Stand 3:0"), "{words}");
    save_and_confirm(&s, 1).await;
    assert_eq!(score_now(&s).await, "3:0");

    // Deal 2: a rule break first: A bets the Spiel twice.
    tap_events(&s, &["bet spiel A", "bet spiel A"]).await;
    s.tap(".score-figures button[type=submit]").await;
    let beside = s.wait_for("li.bad #score-error-at").await;
    let message = s.text(&beside).await;
    let top = s.text(&s.find("#score-error").await).await;
    assert_eq!(
        message, top,
        "the same message at the top and beside the line"
    );
    let line = s.find("li.bad").await;
    assert_eq!(s.attribute(&line, "value").await.as_deref(), Some("2"));
    assert_eq!(versions(&app, t.tables[0]).await.len(), 2, "nothing stored");
    // The entry is kept: take the wrong line back, then the deal as played.
    tap_events(&s, &[""]).await;
    tap_events(
        &s,
        &[
            "raise spiel B",
            "raise spiel A",
            "raise spiel B",
            "raise spiel A",
            "raise spiel B",
        ],
    )
    .await;
    tap_events(&s, &["hold spiel A"]).await;
    panel_shows(&s, "spiel", "7", "gehalten").await;
    tap_events(
        &s,
        &["tricks A", "show gleich stands", "show hanger stands"],
    )
    .await;
    s.tap(".score-figures button[type=submit]").await;
    let words = preview(&s).await;
    assert!(words.starts_with("A schreibt 7, Stand 10:0"), "{words}");
    save_and_confirm(&s, 2).await;

    // Deal 3: A takes three tricks and the game.
    tap_events(
        &s,
        &["tricks A", "show gleich stands", "show hanger stands"],
    )
    .await;
    s.tap(".score-figures button[type=submit]").await;
    preview(&s).await;
    save_and_confirm(&s, 3).await;

    let deals = vec![
        json!({"events": [{"trump": "H"}, {"bet": "gleich", "by": "A"}, {"hold": "gleich", "by": "B"},
            {"tricks": "A"}, {"show": {"gleich": {"A": ["EA", "SA", "HO=LA"], "B": ["LK", "EK"]}}},
            {"show": {"hanger": "stands"}}]}),
        json!({"events": [{"bet": "spiel", "by": "A"}, {"raise": "spiel", "by": "B"},
            {"raise": "spiel", "by": "A"}, {"raise": "spiel", "by": "B"}, {"raise": "spiel", "by": "A"},
            {"raise": "spiel", "by": "B"}, {"hold": "spiel", "by": "A"}, {"tricks": "A"},
            {"show": {"gleich": "stands"}}, {"show": {"hanger": "stands"}}]}),
        json!({"events": [{"tricks": "A"}, {"show": {"gleich": "stands"}}, {"show": {"hanger": "stands"}}]}),
    ];
    let stored = confirmed_deals(&app, t.tables[0]).await;
    assert_eq!(stored, deals, "the pages stored the deals as entered");
    let verdict = referee(&json!({"game": "giltspiel", "variant": "perlique", "deals": deals}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    assert_eq!(verdict["games"][0]["winner"], json!("A"), "{verdict}");
    let last = &verdict["deals"][2]["score"];
    assert_eq!(score_now(&s).await, format!("{}:{}", last["A"], last["B"]));
    let rows = standings(&app, &t.slug).await;
    let winners: Vec<_> = rows.iter().filter(|r| r["points"] == json!(1)).collect();
    assert_eq!(winners.len(), 1, "one game won: {rows:?}");
    s.quit().await;
}

/// The card picker names whose cards they are (docs/rules/figures.md, "Whose cards"): a
/// figure is held by one player, so the show may give each seat's cards, and a figure spread
/// over two hands is refused beside its line.
#[tokio::test]
async fn the_card_picker_names_the_seat() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Giltspiel)).await;
    open(&s, &app.base, &t.links[0]).await;

    // A spread Gleich first: A1 the acorn Ace, A2 the heart Ace.
    tap_events(&s, &["tricks A"]).await;
    s.tap("#pick-open").await;
    s.select("#pick-what", "show gleich").await;
    s.tap(".pick-side[data-side='A']").await;
    s.tap(".pick-seat[data-seat='1']").await;
    pick_cards(&s, &["EA"]).await;
    s.tap(".pick-seat[data-seat='2']").await;
    pick_cards(&s, &["HA"]).await;
    assert_eq!(s.text(&s.find("#pick-list-A").await).await, "1: EA · 2: HA");
    s.tap("#pick-take").await;
    assert_eq!(events_typed(&s).await, "tricks A\nshow gleich A1:EA A2:HA");
    s.tap(".score-figures button[type=submit]").await;
    let beside = s.wait_for("li.bad #score-error-at").await;
    let message = s.text(&beside).await;
    assert!(
        message.contains("aus zwei Händen") && message.contains("A1: EA, A2: HA"),
        "{message}"
    );
    assert!(
        versions(&app, t.tables[0]).await.is_empty(),
        "nothing stored"
    );

    // As played (the wrong line taken back): A1 two Aces, A2 two Kings; B (no seat named)
    // two Obers.
    tap_events(&s, &[""]).await;
    s.tap("#pick-open").await;
    s.select("#pick-what", "show gleich").await;
    s.tap(".pick-side[data-side='A']").await;
    s.tap(".pick-seat[data-seat='1']").await;
    pick_cards(&s, &["EA", "HA"]).await;
    s.tap(".pick-seat[data-seat='2']").await;
    pick_cards(&s, &["EK", "LK"]).await;
    s.tap(".pick-side[data-side='B']").await;
    s.tap(".pick-seat[data-seat='']").await;
    pick_cards(&s, &["SO", "LO"]).await;
    s.tap("#pick-take").await;
    tap_events(&s, &["show hanger stands"]).await;
    assert_eq!(
        events_typed(&s).await,
        "tricks A\nshow gleich A1:EA,HA A2:EK,LK B:SO,LO\nshow hanger stands"
    );
    panel_shows(&s, "gleich", "1", "gezeigt: geht an A").await;
    s.tap(".score-figures button[type=submit]").await;
    let words = preview(&s).await;
    assert!(words.starts_with("A schreibt 2, Stand 2:0"), "{words}");
    save_and_confirm(&s, 1).await;

    let deal = json!({"events": [{"tricks": "A"},
        {"show": {"gleich": {"A": {"1": ["EA", "HA"], "2": ["EK", "LK"]}, "B": ["SO", "LO"]}}},
        {"show": {"hanger": "stands"}}]});
    let stored = confirmed_deals(&app, t.tables[0]).await;
    assert_eq!(stored, vec![deal.clone()]);
    let verdict = referee(&json!({"game": "giltspiel", "deals": [deal]}));
    assert_eq!(
        verdict["deals"][0]["figures"]["gleich"]["winner"],
        json!("A"),
        "{verdict}"
    );
    s.quit().await;
}
