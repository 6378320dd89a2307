//! Item 8: a long entrant list goes through (5,000 lines), and a form over its limit is
//! answered 413 with a German page that says nothing was read and the text is still in the
//! browser. Before, 64 KiB was the limit for every form (about 2,500 lines) and the answer
//! was actix's English 400.

use super::post_raw;
use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;

both_backends!(a_list_of_five_thousand_players_goes_through_and_too_much_is_413);

async fn a_list_of_five_thousand_players_goes_through_and_too_much_is_413(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    let slug = super::new_tournament(&app, "SK Testverein", "Großes Gaigeln", |t| {
        t.game = kartl::rules::Game::Gaigel;
        t.variant = Some(kartl::rules::gaigel::Variant::Three.into());
        t.options = serde_json::json!({"scoring": "rutesheim"})
            .as_object()
            .cloned();
        t.format = kartl::tournament::format::Format::Sessions;
        t.settings = serde_json::from_value(serde_json::json!({"sessions": 2, "deals": 2})).ok();
    })
    .await;
    let page = format!("/t/{slug}/entrants");
    let list: String = (1..=5000)
        .map(|i| format!("Spielerin Nummer {i};SKV Rutesheim;{i}\n"))
        .collect();
    let body = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("list", &list)
        .finish();
    assert!(body.len() > 64 * 1024, "larger than the old limit");
    let res = post_raw(&sepp, &page, &format!("/t/{slug}/import"), &body).await;
    assert_eq!(
        res.status,
        StatusCode::OK,
        "{}",
        &res.body[..res.body.len().min(2000)]
    );
    assert_eq!(
        crate::secretary::stored(&app, &slug).await.players.len(),
        5000
    );

    // An ordinary form over its 64 KiB: 413, in German, nothing stored.
    let name = "x".repeat(70 * 1024);
    let res = post_raw(
        &sepp,
        &page,
        &format!("/t/{slug}/players"),
        &format!("name={name}"),
    )
    .await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        res.body.contains("Ihr Text ist noch im Browser"),
        "{}",
        res.body
    );
    assert_eq!(
        crate::secretary::stored(&app, &slug).await.players.len(),
        5000
    );
}
