//! CSRF refusals and the login throttle.

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, TestApp, csrf_in};
use chrono::TimeDelta;
use reqwest::StatusCode;

both_backends!(
    a_form_without_the_right_token_is_refused_and_changes_nothing,
    a_request_from_another_site_is_refused_and_changes_nothing,
    our_own_origin_passes,
    after_five_failures_an_account_waits_and_then_the_right_password_works,
    the_throttle_does_not_lock_out_other_accounts_behind_the_same_address,
);

async fn clubs_page(app: &TestApp, admin: &crate::common::Browser) -> String {
    let _ = app;
    admin.get("/admin").await.body
}

async fn a_form_without_the_right_token_is_refused_and_changes_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let missing = admin.post("/admin/clubs", &[("name", "Ohne Token")]).await;
    assert_eq!(missing.status, StatusCode::FORBIDDEN);
    let wrong = admin
        .post(
            "/admin/clubs",
            &[
                ("csrf", "0".repeat(64).as_str()),
                ("name", "Falsches Token"),
            ],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert!(
        wrong.body.contains("abgelehnt"),
        "an HTML error page: {}",
        wrong.body
    );
    let page = clubs_page(&app, &admin).await;
    assert!(!page.contains("Ohne Token") && !page.contains("Falsches Token"));
    // Another visitor's token is no good either: tokens belong to sessions.
    let other = app.browser();
    let foreign = csrf_in(&other.get("/login").await.body).unwrap();
    let res = admin
        .post(
            "/admin/clubs",
            &[("csrf", foreign.as_str()), ("name", "Fremdes Token")],
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // Logging out needs the token too, so another site cannot log anyone out.
    assert_eq!(
        admin.post("/logout", &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert!(admin.logged_in().await);
    // And the login form: no logging a victim into the attacker's account.
    let res = app
        .browser()
        .post("/login", &[("name", ADMIN), ("password", ADMIN_PASSWORD)])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
}

async fn a_request_from_another_site_is_refused_and_changes_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let token = csrf_in(&admin.get("/admin").await.body).unwrap();
    for (header, value) in [
        ("Origin", "https://evil.example"),
        ("Sec-Fetch-Site", "cross-site"),
        ("Origin", "null"),
    ] {
        let res = admin
            .client
            .post(admin.url("/admin/clubs"))
            .header(header, value)
            .form(&[("csrf", token.as_str()), ("name", "Fremdverein")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{header}: {value}");
    }
    assert!(!clubs_page(&app, &admin).await.contains("Fremdverein"));
}

async fn our_own_origin_passes(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let token = csrf_in(&admin.get("/admin").await.body).unwrap();
    let res = admin
        .client
        .post(admin.url("/admin/clubs"))
        .header("Origin", app.base.as_str())
        .header("Sec-Fetch-Site", "same-origin")
        .form(&[("csrf", token.as_str()), ("name", "Heimverein")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(clubs_page(&app, &admin).await.contains("Heimverein"));
}

async fn after_five_failures_an_account_waits_and_then_the_right_password_works(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let guesser = app.browser();
    for _ in 0..5 {
        assert_eq!(
            guesser.login(ADMIN, "falsch geraten!!").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    // Now even the right password waits (no hash is computed while the delay runs).
    let res = guesser.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(res.body.contains("30 Sekunden"), "{}", res.body);
    app.clock.advance(TimeDelta::seconds(31));
    // Another failure after the delay doubles it.
    assert_eq!(
        guesser.login(ADMIN, "falsch geraten!!").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        guesser.login(ADMIN, ADMIN_PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    app.clock.advance(TimeDelta::seconds(59));
    assert_eq!(
        guesser.login(ADMIN, ADMIN_PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    app.clock.advance(TimeDelta::seconds(2));
    let owner = app.browser();
    assert_eq!(
        owner.login(ADMIN, ADMIN_PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
    assert!(owner.logged_in().await);
}

async fn the_throttle_does_not_lock_out_other_accounts_behind_the_same_address(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Resi").await;
    let pub_table = app.browser();
    for _ in 0..8 {
        pub_table.login(ADMIN, "falsch geraten!!").await;
    }
    assert_eq!(
        pub_table.login(ADMIN, ADMIN_PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Same address (127.0.0.1), another account: straight in.
    let neighbour = app.browser();
    assert_eq!(
        neighbour.login("Resi", &password).await.status,
        StatusCode::SEE_OTHER
    );
}
