//! A deal the server refuses for good (413: too large) is given up: the pad names it in a
//! notice and sends the deals behind it. Before, the queue read the HTML 413 as "no answer",
//! resent it forever and nothing behind it was ever stored.

use crate::driver::Session;
use crate::pad::{PHONE_412, Pad};
use crate::setup::{Spec, app, tournament, versions};
use kartl::rules::Game;
use kartl::service::scoring::Confirmation;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

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

/// Makes the first queued deal too large to send (as a corrupted or hostile entry would be).
const BLOAT: &str = "var open = indexedDB.open('kartl-pad', 1);
open.onsuccess = function () {
  var t = open.result.transaction('queue', 'readwrite');
  var store = t.objectStore('queue');
  store.getAll().onsuccess = function (e) {
    var first = e.target.result[0];
    first.actions = ['x'.repeat(70 * 1024)];
    store.put(first);
  };
  t.oncomplete = function () { window.kartlBloated = true; };
};
return true;";

#[tokio::test]
async fn a_deal_refused_for_good_is_named_and_the_deals_behind_it_are_sent() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Watten);
    spec.confirmation = Confirmation::None;
    let t = tournament(&app, spec).await;
    let table = t.tables[0];
    let mut pad = Pad::open(&s, &app.base, &t.links[0], PHONE_412).await;
    until(
        &s,
        "return !!navigator.serviceWorker.controller &&
                !!document.getElementById('pad').getAttribute('data-vocabulary');",
        json!(true),
        "the service worker and the vocabulary",
    )
    .await;
    s.set_offline(true).await;
    for (i, taps) in [&["A macht 3 Stiche"][..], &["B macht 3 Stiche"][..]]
        .iter()
        .enumerate()
    {
        pad.taps(taps).await;
        s.tap("#pad-save").await;
        pad.taps += 1;
        until(
            &s,
            "return document.querySelectorAll('#pad-queue-list li').length;",
            json!(i + 1),
            "the queued deal",
        )
        .await;
        pad.settled().await;
    }
    s.execute(BLOAT, json!([])).await;
    until(
        &s,
        "return !!window.kartlBloated;",
        json!(true),
        "the bloated entry",
    )
    .await;
    s.set_offline(false).await;
    // The second deal is stored, as the first of the table; the first is named as given up.
    let started = Instant::now();
    while versions(&app, table).await.is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the deal behind the refused one was never sent:\n{}",
            s.body_text().await
        );
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].deal_no, 0);
    assert_eq!(
        serde_json::from_str::<Value>(&rows[0].record).unwrap(),
        json!({"events": [{"tricks": "B"}]})
    );
    s.wait_for("#pad-dropped").await;
    let notice = pad.shown("pad-dropped").await;
    assert!(notice.contains("A macht 3 Stiche"), "{notice}");
    assert!(notice.contains("zu groß"), "{notice}");
    s.quit().await;
}
