//! Anonymous views write nothing: a visitor shown a form (`/login`, `/reset`, a scorer's pad)
//! gets their form token in a cookie of its own, not a session row. Before, every such view
//! wrote a row (a flood left 214,045 of them and slowed a scorer's save from 3.2 to 49 ms).
//! The token still protects the forms: it must match the visitor's own cookie.

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, TestApp, csrf_in};
use diesel::prelude::*;
use kartl::db::schema::sessions;
use kartl::service::scoring::Confirmation;
use reqwest::StatusCode;

both_backends!(
    anonymous_views_of_forms_write_no_session_row,
    an_anonymous_form_needs_the_token_of_its_own_cookie,
);

async fn session_rows(app: &TestApp) -> i64 {
    app.state
        .db
        .run(|conn| Ok(sessions::table.count().get_result::<i64>(conn)?))
        .await
        .unwrap()
}

async fn anonymous_views_of_forms_write_no_session_row(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let table = crate::score::watten(&app, Confirmation::None).await;
    let pad = format!("/s/{}", table.tables[0].1);
    let before = session_rows(&app).await;
    for _ in 0..10 {
        for page in ["/login", "/reset", pad.as_str()] {
            // A new visitor each time, and one who comes back with their cookie.
            let res = app.browser().get(page).await;
            assert_eq!(res.status, StatusCode::OK, "{page}: {}", res.body);
            assert!(csrf_in(&res.body).is_some(), "{page} has its form token");
        }
    }
    let regular = app.browser();
    for _ in 0..10 {
        let res = regular.get("/login").await;
        assert_eq!(res.status, StatusCode::OK);
    }
    assert_eq!(session_rows(&app).await, before, "30 + 10 views, no row");
    // Logging in is what starts a session.
    let res = regular.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(session_rows(&app).await, before + 1);
}

async fn an_anonymous_form_needs_the_token_of_its_own_cookie(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let victim = app.browser();
    let page = victim.get("/login").await;
    let cookie = page.header("set-cookie").unwrap_or_default().to_string();
    assert!(cookie.starts_with("kartl_form="), "{cookie}");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(flag), "{cookie} lacks {flag}");
    }
    // Another visitor's token (an attacker's own) does not pass with the victim's cookie.
    let attacker = app.browser();
    let theirs = csrf_in(&attacker.get("/login").await.body).unwrap();
    let fields = [
        ("csrf", theirs.as_str()),
        ("name", ADMIN),
        ("password", ADMIN_PASSWORD),
    ];
    assert_eq!(
        victim.post("/login", &fields).await.status,
        StatusCode::FORBIDDEN
    );
    // No token at all, or no cookie at all: refused too.
    let fields = [("name", ADMIN), ("password", ADMIN_PASSWORD)];
    assert_eq!(
        victim.post("/login", &fields).await.status,
        StatusCode::FORBIDDEN
    );
    let mine = csrf_in(&page.body).unwrap();
    let fields = [
        ("csrf", mine.as_str()),
        ("name", ADMIN),
        ("password", ADMIN_PASSWORD),
    ];
    let stranger = app.browser();
    assert_eq!(
        stranger.post("/login", &fields).await.status,
        StatusCode::FORBIDDEN
    );
    // The victim's own token with their own cookie works.
    let res = victim.post("/login", &fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert!(victim.logged_in().await);
}
