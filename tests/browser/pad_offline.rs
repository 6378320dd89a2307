//! No signal at the table: with the network cut (Chromium's network emulation), three
//! deals and a wrong fourth are entered from the table's vocabulary and wait in the phone's
//! queue (IndexedDB) marked "wartet auf Netz – wird dann geprüft"; a reload without network
//! still opens the pad (the service worker) with the queue and the unsaved tap kept; with the
//! network back the queue sends by itself: the three deals are stored once each, in order, and
//! the refused one comes back for correction with its taps, is corrected and stored.

use crate::driver::Session;
use crate::pad::{PHONE_412, Pad};
use crate::setup::{Spec, app, tournament, versions};
use kartl::rules::Game;
use kartl::service::scoring::Confirmation;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Polls `script` until it returns `want`.
async fn until(s: &Session, script: &str, want: Value, what: &str) {
    let started = Instant::now();
    loop {
        if s.execute(script, json!([])).await == want {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{what} never came:\n{}",
            s.body_text().await
        );
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

const QUEUED: &str = "return document.querySelectorAll('#pad-queue-list li').length;";

#[tokio::test]
async fn deals_entered_without_signal_are_sent_once_in_order_and_a_refused_one_corrected() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Watten);
    spec.confirmation = Confirmation::None;
    let t = tournament(&app, spec).await;
    let table = t.tables[0];
    let mut pad = Pad::open(&s, &app.base, &t.links[0], PHONE_412).await;
    // With signal the page is taken in by the service worker and the vocabulary kept.
    until(
        &s,
        "return !!navigator.serviceWorker.controller &&
                !!document.getElementById('pad').getAttribute('data-vocabulary');",
        json!(true),
        "the service worker and the vocabulary",
    )
    .await;

    s.set_offline(true).await;
    let deals: [&[&str]; 4] = [
        &["A macht 3 Stiche"],
        &["A bietet", "B schaut", "B macht 3 Stiche"],
        &["B macht 3 Stiche"],
        // Seeing what nobody bet: the referee refuses it (rules text 004: "schauen" answers
        // a bet).
        &["B schaut", "A macht 3 Stiche"],
    ];
    for (i, taps) in deals.iter().enumerate() {
        pad.taps(taps).await;
        assert_eq!(
            pad.transcript().await,
            taps.to_vec(),
            "unchecked: the taps' words"
        );
        assert!(pad.shown("pad-offline").await.contains("Kein Netz"));
        s.tap("#pad-save").await;
        pad.taps += 1;
        until(&s, QUEUED, json!(i + 1), "the queued deal").await;
        pad.settled().await;
    }
    let queue = pad.shown("pad-queue").await;
    assert_eq!(
        queue.matches("wartet auf Netz – wird dann geprüft").count(),
        4,
        "{queue}"
    );
    assert_eq!(pad.shown("pad-heading").await, "Spiel 5 eintragen");
    // One tap of the next deal, not saved yet.
    pad.tap("A bietet").await;
    pad.screenshot("pad-offline.png").await;
    assert!(
        versions(&app, table).await.is_empty(),
        "nothing reached the server"
    );

    // A reload without signal: the pad, its queue and the tap are all still there.
    s.refresh().await;
    pad.settled().await;
    assert_eq!(pad.transcript().await, ["A bietet"]);
    until(&s, QUEUED, json!(4), "the queue after the reload").await;
    assert!(pad.shown("pad-offline").await.contains("Kein Netz"));
    pad.german_and_narrow().await;
    pad.undo().await;
    let kept = s
        .execute("return Object.keys(localStorage).length;", json!([]))
        .await;
    assert_eq!(
        kept,
        json!(0),
        "the queue is in IndexedDB, not localStorage"
    );
    assert!(versions(&app, table).await.is_empty());

    // Signal again: the queue sends by itself.
    s.set_offline(false).await;
    until(
        &s,
        "return document.querySelectorAll('#pad-queue-list li.refused').length;",
        json!(1),
        "the refused deal",
    )
    .await;
    let rows = versions(&app, table).await;
    let stored: Vec<Value> = rows
        .iter()
        .map(|v| serde_json::from_str(&v.record).unwrap())
        .collect();
    assert_eq!(
        stored,
        [
            json!({"events": [{"tricks": "A"}]}),
            json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "B"}]}),
            json!({"events": [{"tricks": "B"}]}),
        ],
        "three deals, once each, in order"
    );
    let numbers: Vec<i32> = rows.iter().map(|v| v.deal_no).collect();
    assert_eq!(numbers, [0, 1, 2]);
    assert_eq!(pad.score().await, "2:5");
    let refused = pad.shown("pad-queue").await;
    assert!(refused.contains("Abgelehnt"), "{refused}");

    // The correction: the taps are back, the referee's words beside them.
    let correct = s.find(".pad-q-correct").await;
    pad.press(&correct).await;
    assert_eq!(pad.transcript().await, ["B schaut", "A macht 3 Stiche"]);
    let bad = s.find("#pad-transcript li.bad").await;
    assert_eq!(s.text(&bad).await, "B schaut", "the breaking tap is marked");
    assert!(!pad.shown("pad-problem").await.is_empty());
    pad.undo().await;
    pad.undo().await;
    pad.taps(&["A bietet", "B schaut", "A macht 3 Stiche"])
        .await;
    let saved = pad.save().await;
    assert!(saved.contains("A schreibt 3"), "{saved}");
    assert_eq!(pad.shown("pad-queue").await, "");
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 4);
    assert_eq!(
        serde_json::from_str::<Value>(&rows[3].record).unwrap(),
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]})
    );
    assert_eq!(pad.score().await, "5:5");
    s.quit().await;
}
