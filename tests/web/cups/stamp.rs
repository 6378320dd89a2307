//! The public cup page's change stamp for anonymous visitors (issue 29: a crowd on the cup
//! page among the Sunday's pages; docs/reference/cups.md): reused for a second, as the
//! tournament pages' (`web::cups::cache`), then read again, so a change of the cup shows to
//! visitors within that second; and a visitor's copy stays current (304) until then.

use super::{act, create_cup, organiser};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use reqwest::StatusCode;

both_backends!(a_change_of_the_cup_shows_to_visitors_after_the_stamps_second);

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
