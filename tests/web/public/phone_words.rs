//! On the public side: a public deal's "Streitfall" link shows that deal (in the
//! pad's words when it was entered without cards) rather than an empty dealer; the free
//! Streitfall page takes a pasted record; the standings' tie-break columns sit behind a tap.

use crate::both_backends;
use crate::common::fixture::Spec;
use crate::common::{Backend, TestApp};
use kartl::rules::Game;
use reqwest::StatusCode;
use serde_json::json;

both_backends!(
    a_public_deals_streitfall_shows_that_deal,
    a_pasted_record_opens_its_game_and_deal,
    the_tie_break_columns_open_behind_a_tap,
);

async fn a_public_deals_streitfall_shows_that_deal(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let built = app.build(Spec::new(Game::Watten)).await;
    let deal = json!({"events": [{"bet": "A"}, {"give_up": "B"}]});
    app.seed_deals(built.tables[0], vec![deal]).await;
    let b = app.browser();
    let sheet = b.get(&format!("/p/{}/rounds/1/tables/1", built.slug)).await;
    let link = format!("/p/{}/rounds/1/tables/1/deals/1/streitfall", built.slug);
    assert!(sheet.body.contains(&link), "{}", sheet.body);
    let page = b.get(&link).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("id=\"streit-entered\""), "{}", page.body);
    assert!(page.body.contains("A bietet, B geht"), "{}", page.body);
}

async fn a_pasted_record_opens_its_game_and_deal(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let b = app.browser();
    let record = json!({"game": "gaigel", "variant": "three", "deals": [
        {"points": {"P1": 45, "P2": 104, "P3": 61}, "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"}
    ]});
    let url = reqwest::Url::parse_with_params(
        &format!("{}/streitfall", app.base),
        &[("record", record.to_string())],
    )
    .unwrap();
    let page = b.get(&url.as_str()[app.base.len()..]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("data-game=\"gaigel\""), "{}", page.body);
    assert!(
        page.body.contains("<option value=\"three\" selected>"),
        "{}",
        page.body
    );
    assert!(page.body.contains("P2: 104 Augen"), "{}", page.body);
    let bad = b.get("/streitfall?record=%7Bnope").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.body.contains("id=\"streit-paste-error\""),
        "{}",
        bad.body
    );
    assert!(bad.body.contains("{nope"), "the text stays: {}", bad.body);
}

async fn the_tie_break_columns_open_behind_a_tap(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let built = app.build(Spec::new(Game::Watten)).await;
    app.seed_deals(built.tables[0], vec![json!({"winner": "A", "points": 3})])
        .await;
    let live = app.browser().get(&format!("/p/{}/live", built.slug)).await;
    assert_eq!(live.status, StatusCode::OK);
    let details = crate::common::between(&live.body, "<details class=\"pub-more\">", "</details>")
        .expect("the tie-breaks behind a tap");
    assert!(
        details.contains("<summary>Feinwertung anzeigen</summary>"),
        "{details}"
    );
    assert!(
        details.contains("table class=\"pub-tiebreaks\""),
        "{details}"
    );
}
