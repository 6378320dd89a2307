//! The live table's ETag (304 until a deal is confirmed) and the chart's SVG.

use super::*;

both_backends!(
    the_live_table_answers_304_until_a_deal_is_confirmed,
    a_refresh_past_its_wait_answers_from_the_page_kept,
    the_chart_is_svg_with_one_labelled_line_per_team,
);

async fn the_live_table_answers_304_until_a_deal_is_confirmed(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    let visitor = app.browser();
    let live = format!("/p/{slug}/live");
    let conditional = |etag: String| {
        let visitor = &visitor;
        let live = live.clone();
        async move {
            Browser::reply(
                visitor
                    .client
                    .get(visitor.url(&live))
                    .header("If-None-Match", etag)
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        }
    };
    let first = visitor.get(&live).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header("etag").unwrap().to_string();
    let again = conditional(etag.clone()).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    assert!(again.header("content-security-policy").is_some());
    // The whole page has its ETag too.
    let page = visitor.get(&format!("/p/{slug}")).await;
    let page_tag = page.header("etag").unwrap().to_string();
    let res = Browser::reply(
        visitor
            .client
            .get(visitor.url(&format!("/p/{slug}")))
            .header("If-None-Match", format!("\"other\", W/{page_tag}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_MODIFIED);
    // A deal confirmed straight in the database (as another process would): 200, new ETag.
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    settle().await;
    let changed = conditional(etag.clone()).await;
    assert_eq!(changed.status, StatusCode::OK);
    let new_tag = changed.header("etag").unwrap().to_string();
    assert_ne!(new_tag, etag);
    assert_ne!(changed.body, first.body);
    assert!(changed.body.contains("Mannschaft"));
    assert_eq!(conditional(new_tag).await.status, StatusCode::NOT_MODIFIED);
}

/// Issue 29 (the round's start): the request that starts a refresh waits for it at most
/// `Settings::refresh_wait` (`web::public::cache::REFRESH_WAIT`); past it, the page kept is
/// the answer and the refresh ends in the background, so a later request shows the change.
/// With no wait at all the first request after `STAMP_TTL` is the old page.
async fn a_refresh_past_its_wait_answers_from_the_page_kept(backend: Backend) {
    let app = TestApp::spawn_with(&backend, |s| s.refresh_wait = std::time::Duration::ZERO).await;
    let slug = create(&app, true).await;
    let visitor = app.browser();
    let live = format!("/p/{slug}/live");
    let first = visitor.get(&live).await;
    assert_eq!(first.status, StatusCode::OK);
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    settle().await;
    let stale = visitor.get(&live).await;
    assert_eq!(stale.status, StatusCode::OK);
    assert_eq!(
        stale.header("etag"),
        first.header("etag"),
        "the request that started the refresh did not wait for it"
    );
    let mut changed = None;
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let now = visitor.get(&live).await;
        if now.header("etag") != first.header("etag") {
            changed = Some(now);
            break;
        }
    }
    let changed = changed.expect("the refresh ended in the background");
    assert_eq!(changed.status, StatusCode::OK);
    assert_ne!(changed.body, first.body);
}

async fn the_chart_is_svg_with_one_labelled_line_per_team(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    let res = app.browser().get(&format!("/p/{slug}/chart.svg")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.header("content-type")
            .unwrap()
            .starts_with("image/svg+xml")
    );
    let doc = roxmltree::Document::parse(&res.body).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    let text_of = |tag: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name(tag))
            .and_then(|n| n.text())
            .unwrap_or_default()
            .to_string()
    };
    assert!(text_of("title").contains("Wattturnier am Sonntag"));
    assert!(!text_of("desc").is_empty());
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("axis-label"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(labels, ["Runde", "Punkte"]);
    let mut lines: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("series"))
        .filter_map(|n| n.attribute("data-entrant"))
        .collect();
    lines.sort();
    assert_eq!(lines, ["t1", "t2", "t3", "t4"]);
    // A team's page draws its own line only.
    let page = app.browser().get(&format!("/p/{slug}/entrants/t2")).await;
    assert_eq!(
        page.body.matches("class=\"series\"").count(),
        1,
        "{}",
        page.body
    );
    assert!(page.body.contains("data-entrant=\"t2\""));
}
