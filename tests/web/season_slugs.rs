//! A season's slug says nothing about other clubs' seasons. Before, a season named like
//! another club's got `saison-a-2`, telling its club that the other had one.

use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, reset_code_in};
use reqwest::StatusCode;

both_backends!(a_season_slug_reveals_no_other_clubs_season);

/// Creates a season through the form; returns its slug.
async fn season(b: &Browser, name: &str) -> String {
    let res = b
        .submit(
            "/seasons",
            "/seasons",
            &[("name", name), ("counting", "all"), ("best", "")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let to = res.location().unwrap();
    to.strip_prefix("/seasons/").unwrap().to_string()
}

/// `stem-xxxxxx`: the stem and six random lowercase letters or digits.
fn stem(slug: &str) -> &str {
    let (stem, suffix) = slug.rsplit_once('-').expect("a suffix");
    assert_eq!(suffix.len(), 6, "{slug}");
    assert!(
        suffix
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()),
        "{slug}"
    );
    stem
}

async fn a_season_slug_reveals_no_other_clubs_season(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    admin
        .submit("/admin", "/admin/clubs", &[("name", "Zweiter Verein")])
        .await;
    let page = admin.get("/admin").await;
    let other = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| o.contains("Zweiter Verein"))
        .and_then(|o| o.split('"').next())
        .unwrap()
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "Vroni"), ("club", &other)],
        )
        .await;
    let vroni = app.browser();
    let password = "Vronis geheimes Passwort";
    vroni
        .redeem("Vroni", &reset_code_in(&res.body), password)
        .await;
    assert_eq!(
        vroni.login("Vroni", password).await.status,
        StatusCode::SEE_OTHER
    );

    let first = season(&sepp, "Saison A").await;
    let theirs = season(&vroni, "Saison A").await;
    let fresh = season(&vroni, "Saison B").await;
    // The same shape whether or not another club has a season of that name.
    assert_eq!(stem(&first), "saison-a");
    assert_eq!(stem(&theirs), "saison-a");
    assert_eq!(stem(&fresh), "saison-b");
    assert_ne!(first, theirs);
    assert_eq!(
        vroni.get(&format!("/seasons/{theirs}")).await.status,
        StatusCode::OK
    );
}
