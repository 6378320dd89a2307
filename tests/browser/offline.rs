//! Flaky Wi-Fi: with the network cut, a save shows the failure banner and the entry stays
//! (localStorage) across a reload; the resend after reconnecting stores exactly one deal,
//! also when it is tapped twice.

use crate::driver::Session;
use crate::setup::{Spec, app, tournament, versions};
use crate::table::{open, preview, wait_deals};
use kartl::rules::Game;
use std::time::{Duration, Instant};

async fn banner_shown(s: &Session) -> bool {
    let banner = s.find("#score-offline").await;
    s.property(&banner, "hidden").await == serde_json::json!(false)
}

async fn wait_banner(s: &Session, shown: bool) {
    let started = Instant::now();
    while banner_shown(s).await != shown {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the offline banner should be {}",
            if shown { "shown" } else { "hidden" }
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_save_without_network_is_kept_and_resent_once() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Watten)).await;
    open(&s, &app.base, &t.links[0]).await;
    s.tap("button.winner[value='B']").await;
    assert_eq!(preview(&s).await, "B schreibt 2, Stand 0:2");
    assert!(!banner_shown(&s).await);

    s.set_offline(true).await;
    s.tap("#score-save-form button[type=submit]").await;
    wait_banner(&s, true).await;
    s.wait_for_text("Nicht gespeichert").await;
    assert!(
        versions(&app, t.tables[0]).await.is_empty(),
        "nothing reached the server"
    );

    // Back online, the table page again (a reload): the entry is still waiting.
    s.set_offline(false).await;
    open(&s, &app.base, &t.links[0]).await;
    wait_banner(&s, true).await;
    let kept = s
        .execute(
            "return Object.keys(localStorage).filter(k => k.startsWith('kartl-pending:')).length;",
            serde_json::json!([]),
        )
        .await;
    assert_eq!(kept, serde_json::json!(1));
    assert!(versions(&app, t.tables[0]).await.is_empty());

    // Two quick taps: two sends with the same submission key.
    s.execute(
        "var b = document.getElementById('score-resend'); b.click(); b.click();",
        serde_json::json!([]),
    )
    .await;
    wait_deals(&s, 1, true).await;
    wait_banner(&s, false).await;
    let stored = versions(&app, t.tables[0]).await;
    assert_eq!(stored.len(), 1, "exactly one deal");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&stored[0].record).unwrap(),
        serde_json::json!({"winner": "B", "points": 2})
    );
    // Nothing is left to resend: a reload shows no banner and stores nothing more.
    open(&s, &app.base, &t.links[0]).await;
    assert!(!banner_shown(&s).await);
    assert_eq!(versions(&app, t.tables[0]).await.len(), 1);
    s.quit().await;
}
