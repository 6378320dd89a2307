//! Security headers on every response, error pages included; no caching of personal pages;
//! errors as HTML for pages and JSON for the API.

use crate::both_backends;
use crate::common::{Backend, Reply, TestApp};
use reqwest::StatusCode;

both_backends!(
    every_response_carries_the_security_headers,
    errors_are_pages_for_people_and_json_for_the_api
);

fn assert_security_headers(what: &str, res: &Reply) {
    let csp = res
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{what}: {csp}"
    );
    assert_eq!(
        res.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert!(res.header("referrer-policy").is_some(), "{what}");
}

async fn every_response_carries_the_security_headers(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let anonymous = app.browser();
    // Before setup: redirects and the setup page.
    assert_security_headers("GET / before setup", &anonymous.get("/").await);
    assert_security_headers("GET /setup", &anonymous.get("/setup").await);
    let admin = app.setup().await;
    let pages = [
        "/",
        "/login",
        "/reset",
        "/admin",
        "/account/password",
        "/healthz",
        "/static/kartl.css",
        "/static/kartl.js",
        "/static/missing.css",
        "/no-such-page",
        "/lang/en?next=/",
        "/lang/xx",
        "/api/v1/nothing",
    ];
    for who in [&admin, &anonymous] {
        for path in pages {
            assert_security_headers(&format!("GET {path}"), &who.get(path).await);
        }
    }
    let posts = [
        admin.post("/admin/clubs", &[]).await,
        anonymous.post("/login", &[("csrf", "x")]).await,
        anonymous.post("/api/v1/referee", &[]).await,
        admin
            .submit("/admin", "/admin/clubs", &[("name", "")])
            .await,
    ];
    for res in &posts {
        assert_security_headers(&format!("POST answered {}", res.status), res);
    }
    // Pages of a logged-in user are never cached.
    for path in ["/", "/admin", "/account/password"] {
        assert_eq!(
            admin.get(path).await.header("cache-control"),
            Some("no-store"),
            "{path}"
        );
    }
}

async fn errors_are_pages_for_people_and_json_for_the_api(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let page = admin.get("/no-such-page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    assert!(
        page.body.contains("Diese Seite gibt es nicht."),
        "{}",
        page.body
    );
    let api = admin.get("/api/v1/no-such-thing").await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert!(
        api.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    let json: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    assert!(json["error"].is_string(), "{json}");
}
