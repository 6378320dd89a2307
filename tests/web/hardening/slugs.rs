//! Item 7: a new tournament's slug says nothing about other clubs' private tournaments.
//! Before, a secretary naming a tournament like another club's private one got `…-2`.
//! Now every new slug ends in a random suffix; slugs stored before keep working.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use diesel::prelude::*;
use kartl::db::schema::tournaments;
use reqwest::StatusCode;

both_backends!(a_slug_reveals_no_other_clubs_private_tournament);

/// `stem-xxxxxx`: the stem, a dash and six lowercase letters or digits.
fn split(slug: &str) -> (&str, &str) {
    let (stem, suffix) = slug.rsplit_once('-').expect("a suffix");
    assert_eq!(suffix.len(), 6, "{slug}");
    assert!(
        suffix
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()),
        "{slug}"
    );
    (stem, suffix)
}

async fn a_slug_reveals_no_other_clubs_private_tournament(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    // Another club's private tournament, with a slug of the old kind (`name-year`).
    let slug = super::new_tournament(&app, "Geheimbund", "Geheimes Preiswatten", |_| {}).await;
    let secret = "geheimes-preiswatten-2026".to_string();
    let old = secret.clone();
    app.state
        .db
        .run(move |conn| {
            diesel::update(tournaments::table.filter(tournaments::slug.eq(&slug)))
                .set(tournaments::slug.eq(&old))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let fields =
        |name: &'static str| vec![("name", name), ("date", "2026-11-22"), ("game", "watten")];
    let same = crate::secretary::create(&sepp, &fields("Geheimes Preiswatten")).await;
    let fresh = crate::secretary::create(&sepp, &fields("Offenes Preiswatten")).await;
    let again = crate::secretary::create(&sepp, &fields("Offenes Preiswatten")).await;
    // The same shape whether or not a tournament of that name exists anywhere.
    assert_eq!(split(&same).0, "geheimes-preiswatten-2026");
    assert_eq!(split(&fresh).0, "offenes-preiswatten-2026");
    assert_eq!(split(&again).0, "offenes-preiswatten-2026");
    assert_ne!(fresh, again);
    assert_ne!(same, secret);
    // The old slug keeps working for its club, and stays private to everyone else.
    assert_eq!(
        sepp.get(&format!("/t/{secret}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        admin.get(&format!("/t/{secret}")).await.status,
        StatusCode::OK
    );
    assert_eq!(sepp.get(&format!("/t/{same}")).await.status, StatusCode::OK);
}
