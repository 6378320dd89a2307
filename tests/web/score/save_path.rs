//! The scorer's save as one write: the link and the save share a connection checkout (an
//! unknown or closed link still answers before the form is judged), and the referee runs once,
//! inside the transaction, so a deal posted without a check is refused there.
use super::*;
use crate::both_backends;
use crate::common::Reply;

both_backends!(
    a_deal_posted_past_the_check_is_refereed_in_the_write_and_stores_nothing,
    an_unknown_link_is_404_before_a_malformed_form_is_400,
);

/// Posts a save form as the page would, with `deal`, `based_on` and a fresh key.
async fn post_save(b: &Browser, token: &str, deal: &str, based_on: &str, key: &str) -> Reply {
    let page = b.get(&format!("/s/{token}")).await;
    let csrf = csrf_in(&page.body).unwrap();
    b.post(
        &format!("/s/{token}/save"),
        &[
            ("csrf", csrf.as_str()),
            ("deal", deal),
            ("based_on", based_on),
            ("key", key),
        ],
    )
    .await
}

async fn a_deal_posted_past_the_check_is_refereed_in_the_write_and_stores_nothing(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    // Confirmation `none`: every stored deal is confirmed, so the record refereed with the new
    // deal is the confirmed prefix, and that one run is the only check before the insert.
    let t = watten(&app, Confirmation::None).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let first = check_quick(&b, &token, "A", "2").await;
    assert_eq!(save(&b, &token, &first).await.status, StatusCode::SEE_OTHER);
    // One point is no Watten score: an unbid game is worth 2 (rules text 004, Watten), so the
    // referee finds no legal deal that scores 1.
    let key = "ab".repeat(32);
    let res = post_save(&b, &token, r#"{"winner":"B","points":1}"#, "1", &key).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(res.body.contains("score-error"), "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1, "the refused deal stored nothing");
    assert_eq!(rows[0].status.as_str(), "confirmed");
    assert_eq!(audit_count(&app, &t.slug, "deal_version").await, 1);
    // The same key with a valid deal is a new save, not a retry of the refused one.
    let res = post_save(&b, &token, r#"{"winner":"B","points":2}"#, "1", &key).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].deal_no, 1);
    assert_eq!(rows[1].submission_key.as_deref(), Some(key.as_str()));
}

async fn an_unknown_link_is_404_before_a_malformed_form_is_400(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let csrf = csrf_in(&b.get(&format!("/s/{token}")).await.body).unwrap();
    let malformed = [
        ("csrf", csrf.as_str()),
        ("deal", "not json"),
        ("based_on", "0"),
        ("key", "short"),
    ];
    let unknown = "0".repeat(64);
    let res = b.post(&format!("/s/{unknown}/save"), &malformed).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.body);
    let res = b.post(&format!("/s/{token}/save"), &malformed).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(versions(&app, table).await.is_empty());
}
