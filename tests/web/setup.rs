//! The first visit: no account yet, so every page leads to the setup page.

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, TestApp};
use reqwest::StatusCode;

both_backends!(
    every_page_leads_to_setup_while_no_account_exists,
    setup_creates_the_administrator_and_logs_them_in,
    setup_refuses_short_or_mismatched_passwords,
    setup_is_closed_once_an_account_exists,
);

async fn every_page_leads_to_setup_while_no_account_exists(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let browser = app.browser();
    for path in [
        "/",
        "/login",
        "/admin",
        "/account/password",
        "/no-such-page",
    ] {
        let res = browser.get(path).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{path}");
        assert_eq!(res.location(), Some("/setup"), "{path}");
    }
    let page = browser.get("/setup").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("name=\"password2\""));
    // What stays reachable: health, static files, the API.
    assert_eq!(browser.get("/healthz").await.status, StatusCode::OK);
    assert_eq!(
        browser.get("/static/kartl.css").await.status,
        StatusCode::OK
    );
}

async fn setup_creates_the_administrator_and_logs_them_in(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    assert_eq!(admin.who().await.as_deref(), Some(ADMIN));
    assert_eq!(admin.get("/admin").await.status, StatusCode::OK);
    // The password is stored as argon2id with OWASP's parameters, never in clear.
    let stored = app
        .state
        .db
        .run(|conn| Ok(kartl::db::models::users::User::by_name(conn, ADMIN)?))
        .await
        .unwrap()
        .unwrap()
        .1;
    assert!(
        stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{stored}"
    );
    assert!(!stored.contains(ADMIN_PASSWORD));
}

async fn setup_refuses_short_or_mismatched_passwords(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let browser = app.browser();
    let short = browser
        .submit(
            "/setup",
            "/setup",
            &[("name", ADMIN), ("password", "kurz"), ("password2", "kurz")],
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        short.body.contains("mindestens 12 Zeichen"),
        "{}",
        short.body
    );
    let differ = browser
        .submit(
            "/setup",
            "/setup",
            &[
                ("name", ADMIN),
                ("password", ADMIN_PASSWORD),
                ("password2", "ein anderes Passwort"),
            ],
        )
        .await;
    assert_eq!(differ.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        browser.get("/").await.location(),
        Some("/setup"),
        "no account was created"
    );
}

async fn setup_is_closed_once_an_account_exists(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let stranger = app.browser();
    assert_eq!(stranger.get("/setup").await.location(), Some("/login"));
    // A second administrator cannot be slipped in with a token from the login page.
    let res = stranger
        .submit(
            "/login",
            "/setup",
            &[
                ("name", "Mallory"),
                ("password", ADMIN_PASSWORD),
                ("password2", ADMIN_PASSWORD),
            ],
        )
        .await;
    assert_eq!(res.location(), Some("/login"));
    assert_ne!(
        stranger.login("Mallory", ADMIN_PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
}
