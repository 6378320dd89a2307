//! The public cup page's change stamp for anonymous visitors (issue 29: a crowd on the cup
//! page among the Sunday's pages; docs/reference/cups.md): reused for a second, as the
//! tournament pages' (`web::cups::cache`), then read again, so a change of the cup shows to
//! visitors within that second; and a visitor's copy stays current (304) until then.

use super::{act, create_cup, organiser};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use kartl::web::cups::cache::STAMP_TTL;
use reqwest::StatusCode;
use std::time::Duration;

both_backends!(
    a_change_of_the_cup_shows_to_visitors_after_the_stamps_second,
    a_cup_refresh_past_its_wait_answers_from_the_page_kept,
);

async fn a_change_of_the_cup_shows_to_visitors_after_the_stamps_second(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let olga = organiser(&app, &admin, "Olga").await;
    let rules = |name: &'static str| {
        [
            ("name", name),
            ("game", "watten"),
            ("points_kind", "field"),
            ("min_evenings", "1"),
        ]
    };
    let cup = create_cup(&olga, &rules("Olgas Watt-Cup")).await;
    let visitor = app.browser();
    let page = format!("/cup/{cup}");
    let first = visitor.get(&page).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(first.body.contains("Olgas Watt-Cup"));
    let etag = first.header("etag").unwrap().to_string();
    let conditional = || async {
        Browser::reply(
            visitor
                .client
                .get(visitor.url(&page))
                .header("If-None-Match", etag.clone())
                .send()
                .await
                .unwrap(),
        )
        .await
    };
    assert_eq!(conditional().await.status, StatusCode::NOT_MODIFIED);
    assert_eq!(
        act(&olga, &cup, "rules", &rules("Watt-Cup Unterland")).await,
        StatusCode::SEE_OTHER
    );
    // The organiser (logged in) reads the stamp at once and sees the new name.
    assert!(olga.get(&page).await.body.contains("Watt-Cup Unterland"));
    tokio::time::sleep(kartl::web::cups::cache::STAMP_TTL + std::time::Duration::from_millis(100))
        .await;
    let changed = conditional().await;
    assert_eq!(changed.status, StatusCode::OK);
    assert!(
        changed.body.contains("Watt-Cup Unterland"),
        "{}",
        changed.body
    );
    assert_ne!(changed.header("etag"), Some(etag.as_str()));
}

/// The request that starts the refresh of an aged stamp waits for it at most
/// `Settings::refresh_wait` (here none), as the tournament pages' does: it is answered from
/// the page kept, and the refresh ends in the background, so a later request shows the change.
/// A refresh that waited in full would answer the new page every time; with no wait the
/// refresh can still win the race when the machine holds the request back for longer than
/// the refresh takes, so the change is tried up to five times and one stale answer suffices.
async fn a_cup_refresh_past_its_wait_answers_from_the_page_kept(backend: Backend) {
    let app = TestApp::spawn_with(&backend, |s| s.refresh_wait = std::time::Duration::ZERO).await;
    let admin = app.setup().await;
    let olga = organiser(&app, &admin, "Olga").await;
    let rules = |name: &'static str| {
        [
            ("name", name),
            ("game", "watten"),
            ("points_kind", "field"),
            ("min_evenings", "1"),
        ]
    };
    let cup = create_cup(&olga, &rules("Olgas Watt-Cup")).await;
    let visitor = app.browser();
    let page = format!("/cup/{cup}");
    let mut before = visitor.get(&page).await;
    assert_eq!(before.status, StatusCode::OK);
    let mut stale = None;
    for name in ["Cup 1", "Cup 2", "Cup 3", "Cup 4", "Cup 5"] {
        assert_eq!(
            act(&olga, &cup, "rules", &rules(name)).await,
            StatusCode::SEE_OTHER
        );
        tokio::time::sleep(STAMP_TTL + Duration::from_millis(100)).await;
        let now = visitor.get(&page).await;
        assert_eq!(now.status, StatusCode::OK);
        if now.header("etag") == before.header("etag") {
            stale = Some(name);
            break;
        }
        before = now;
    }
    let name = stale.expect("the request that started the refresh did not wait for it");
    let mut changed = None;
    // Up to 20 s: a bound for a machine busy with other tests, not a measure of speed.
    for _ in 0..400 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let now = visitor.get(&page).await;
        if now.header("etag") != before.header("etag") {
            changed = Some(now);
            break;
        }
    }
    let changed = changed.expect("the refresh ended in the background");
    assert!(changed.body.contains(name), "{}", changed.body);
}
