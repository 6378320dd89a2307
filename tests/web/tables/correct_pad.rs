//! The correction page's pad: it starts with the stored deal's taps (rules::pad::taps), and a
//! secretary corrects the deal by taps: the pad's check, the preview, the new version.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use serde_json::{Value, json};

both_backends!(the_correction_pad_starts_with_the_stored_deals_taps_and_saves_tapped_deals);

/// The taps the correction page's pad holds (its `data-taps`).
fn pad_taps(body: &str) -> Vec<String> {
    let raw = between(body, "data-taps=\"", "\"").expect("the correction page has a pad");
    serde_json::from_str(&unescape(&raw)).unwrap()
}

async fn the_correction_pad_starts_with_the_stored_deals_taps_and_saves_tapped_deals(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    // Contract 3.2: A bets, B sees, A takes the third trick.
    let stored = json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]});
    d.app.seed_deals(t1, vec![stored]).await;
    let page_path = format!("{}/deals/1", table_path(&d.slug, 1));
    let page = d.sepp.get(&page_path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(pad_taps(&page.body), ["bet:A", "see:B", "tricks:A"]);
    let transcript = between(&page.body, "id=\"correct-pad-transcript\">", "</ol>").unwrap();
    assert_eq!(transcript.matches("<li>").count(), 3, "{transcript}");
    assert!(
        page.body.contains("id=\"correct-pad-check\""),
        "a whole deal can be checked"
    );
    // The typed form stays as the Expertenform.
    assert!(page.body.contains("Expertenform"), "{}", page.body);
    // One tap undone: the pad asks for the next tap, no check yet.
    let undone = d
        .sepp
        .get(&format!(
            "{page_path}?actions=%5B%22bet%3AA%22%2C%22see%3AB%22%5D"
        ))
        .await;
    assert_eq!(pad_taps(&undone.body), ["bet:A", "see:B"]);
    assert!(!undone.body.contains("id=\"correct-pad-check\""));
    assert!(undone.body.contains("tricks:B"), "B's trick is offered");
    // The secretary taps B's trick instead and checks: the preview, then the new version.
    let taps = json!(["bet:A", "see:B", "tricks:B"]).to_string();
    let res = check_at(
        &d.sepp,
        &page_path,
        &format!("{page_path}/check"),
        &[("mode", "pad"), ("actions", &taps)],
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let c = preview(&res.body);
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let res = post_correction(
        &d.sepp,
        &csrf,
        &d.slug,
        1,
        1,
        &c.deal,
        1,
        "B hatte den Stich",
        &c.key,
    )
    .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = deal_rows(&d.app, t1, 0).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(
        serde_json::from_str::<Value>(&rows[1].record).unwrap(),
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "B"}]})
    );
}
