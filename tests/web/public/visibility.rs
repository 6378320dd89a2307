//! A private tournament is not found on any public route until its organiser publishes it.

use super::*;

both_backends!(
    a_private_tournament_is_not_found_on_every_public_route_until_its_organiser_publishes_it,
);

async fn a_private_tournament_is_not_found_on_every_public_route_until_its_organiser_publishes_it(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Sepp").await;
    let sepp = app.browser();
    sepp.login("Sepp", &password).await;
    let slug = create(&app, false).await;
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    let stranger = app.browser();
    for path in routes(&slug, "t1") {
        let res = stranger.get(&path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        // The same answer as for a slug that does not exist.
        let none = stranger.get(&path.replace(&slug, "gibt-es-nicht")).await;
        assert_eq!(none.status, StatusCode::NOT_FOUND, "{path}");
        // Its organiser sees it (not stored by any cache: the page is theirs alone).
        let own = sepp.get(&path).await;
        assert_eq!(own.status, StatusCode::OK, "{path}: {}", own.body);
        assert_eq!(own.header("cache-control"), Some("no-store"), "{path}");
    }
    // The toggle on the overview page publishes it.
    let overview = format!("/t/{slug}");
    let page = sepp.get(&overview).await;
    assert!(
        page.body.contains(&format!("action=\"/t/{slug}/public\"")),
        "{}",
        page.body
    );
    let res = sepp
        .submit(&overview, &format!("/t/{slug}/public"), &[("public", "on")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for path in routes(&slug, "t1") {
        let res = stranger.get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
        // The security headers stay on a cacheable page.
        assert!(res.header("content-security-policy").is_some(), "{path}");
        assert_eq!(
            res.header("cache-control"),
            Some("public, max-age=5"),
            "{path}"
        );
    }
    // Things that are not there are 404, not an error.
    for path in [
        format!("/p/{slug}/rounds/2"),
        format!("/p/{slug}/rounds/1/tables/9"),
        format!("/p/{slug}/rounds/x"),
        format!("/p/{slug}/entrants/t99"),
        format!("/p/{slug}/entrants/p1"),
    ] {
        assert_eq!(
            stranger.get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    // A strange value and a missing token change nothing.
    let res = sepp
        .submit(
            &overview,
            &format!("/t/{slug}/public"),
            &[("public", "vielleicht")],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = sepp
        .post(&format!("/t/{slug}/public"), &[("public", "off")])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        stranger.get(&format!("/p/{slug}")).await.status,
        StatusCode::OK
    );
    // A stranger cannot switch it (no session of the club: to the login page or refused).
    let page = stranger.get("/login").await;
    let token = csrf_in(&page.body).unwrap();
    let res = stranger
        .post(
            &format!("/t/{slug}/public"),
            &[("csrf", &token), ("public", "off")],
        )
        .await;
    assert_ne!(res.status, StatusCode::OK);
    assert_eq!(
        stranger.get(&format!("/p/{slug}")).await.status,
        StatusCode::OK
    );
    // And off again: 404 for everyone who does not manage it.
    let res = sepp
        .submit(
            &overview,
            &format!("/t/{slug}/public"),
            &[("public", "off")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    settle().await;
    for path in routes(&slug, "t1") {
        assert_eq!(
            stranger.get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}
