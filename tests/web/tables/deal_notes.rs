//! A deal confirmed by the other side is a new version in the store but no correction: the
//! lists say "bestätigt" and by whom, and only a real correction shows its version.

use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::{check_quick, save};

both_backends!(
    a_confirmed_deal_says_bestaetigt_and_only_a_correction_shows_a_version,
    the_saved_deals_show_the_bid_they_were_played_for,
);

/// The secretary's list line of deal `no` (from 1) at table 1.
async fn line(d: &Desk, no: i32) -> String {
    let page = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert_eq!(page.status, StatusCode::OK);
    between(&page.body, &format!("id=\"deal-{no}\">"), "</li>").unwrap()
}

async fn a_confirmed_deal_says_bestaetigt_and_only_a_correction_shows_a_version(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let token = d.tables[0].1.clone();
    let phone = d.app.browser();
    let c = check_quick(&phone, &token, "A", "2").await;
    assert_eq!(save(&phone, &token, &c).await.status, StatusCode::SEE_OTHER);
    let waiting = line(&d, 1).await;
    assert!(waiting.contains("nicht bestätigt"), "{waiting}");
    let page = phone.get(&format!("/s/{token}")).await;
    let version = between(&page.body, "name=\"version\" value=\"", "\"").unwrap();
    let csrf = csrf_in(&page.body).unwrap();
    let fields = [
        ("csrf", csrf.as_str()),
        ("deal_no", "0"),
        ("version", &version),
    ];
    let res = phone.post(&format!("/s/{token}/confirm"), &fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);

    let confirmed = line(&d, 1).await;
    assert!(
        confirmed.contains("bestätigt von der anderen Seite"),
        "{confirmed}"
    );
    assert!(!confirmed.contains("Version"), "{confirmed}");
    let scorer = phone.get(&format!("/s/{token}")).await;
    assert!(scorer.body.contains("bestätigt von der anderen Seite"));

    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let deal = r#"{"winner": "B", "points": 2}"#;
    let res = post_correction(
        &d.sepp,
        &csrf,
        &d.slug,
        1,
        1,
        deal,
        2,
        "B hat es gemacht",
        &key(),
    )
    .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let corrected = line(&d, 1).await;
    assert!(corrected.contains("Version 3"), "{corrected}");
    assert!(!corrected.contains("bestätigt von"), "{corrected}");
}

async fn the_saved_deals_show_the_bid_they_were_played_for(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let deal = serde_json::json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]});
    crate::secretary::confirmed_deal(&d.app, &d.slug, 1, 1, 0, deal).await;
    let quick = serde_json::json!({"winner": "B", "points": 2});
    crate::secretary::confirmed_deal(&d.app, &d.slug, 1, 1, 1, quick).await;
    let bid = line(&d, 1).await;
    assert!(bid.contains("A bietet, B schaut"), "{bid}");
    assert!(
        !line(&d, 2).await.contains("bietet"),
        "a deal entered without bids names none"
    );
    let phone = d.app.browser();
    let page = phone.get(&format!("/s/{}", d.tables[0].1)).await;
    assert!(page.body.contains("A bietet, B schaut"), "{}", page.body);
}
