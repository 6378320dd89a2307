//! Logging in and out, wrong passwords, the session cookie, the language switch.

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, TestApp};
use kartl::config::Https;
use reqwest::StatusCode;

both_backends!(
    the_right_password_logs_in_and_logout_logs_out,
    a_wrong_password_or_unknown_name_is_refused_alike,
    an_unknown_name_costs_as_much_time_as_a_known_one,
    the_session_cookie_is_httponly_and_lax_over_http,
    over_https_the_cookie_is_secure_and_host_prefixed,
    a_secretary_cannot_open_the_administration,
    pages_are_german_until_the_switch_chooses_english,
);

async fn the_right_password_logs_in_and_logout_logs_out(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let browser = app.browser();
    assert!(!browser.logged_in().await);
    let res = browser.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    assert_eq!(res.location(), Some("/"));
    assert_eq!(browser.who().await.as_deref(), Some(ADMIN));
    let res = browser.logout().await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    assert!(!browser.logged_in().await);
    assert_eq!(browser.who().await, None);
}

async fn a_wrong_password_or_unknown_name_is_refused_alike(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let browser = app.browser();
    let wrong = browser.login(ADMIN, "nicht das richtige Passwort").await;
    let unknown = browser
        .login("Niemand", "nicht das richtige Passwort")
        .await;
    for res in [&wrong, &unknown] {
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
        assert!(
            res.body.contains("Name oder Passwort stimmt nicht."),
            "{}",
            res.body
        );
    }
    assert!(!browser.logged_in().await);
}

async fn the_session_cookie_is_httponly_and_lax_over_http(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let res = app.browser().login(ADMIN, ADMIN_PASSWORD).await;
    let cookie = res.header("set-cookie").expect("a session cookie");
    assert!(cookie.starts_with("kartl_session="), "{cookie}");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(flag), "{cookie} lacks {flag}");
    }
    assert!(!cookie.contains("Secure"), "{cookie}");
}

async fn over_https_the_cookie_is_secure_and_host_prefixed(backend: Backend) {
    let app = TestApp::spawn_with(&backend, |s| s.https = Https::Proxy).await;
    // The trusted proxy says the client came over HTTPS.
    let page = app
        .browser()
        .client
        .get(format!("{}/setup", app.base))
        .header("X-Forwarded-Proto", "https")
        .send()
        .await
        .unwrap();
    let cookie = page
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    // An anonymous view gets its form token's cookie (no session row), with the same flags.
    assert!(cookie.starts_with("__Host-kartl_form="), "{cookie}");
    for flag in ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(flag), "{cookie} lacks {flag}");
    }
    assert!(!cookie.contains("Domain"), "{cookie}");
    assert!(page.headers().contains_key("strict-transport-security"));
    // Without the header the same proxy setting serves plain HTTP cookies.
    let plain = app.browser().get("/setup").await;
    assert!(
        plain
            .header("set-cookie")
            .unwrap()
            .starts_with("kartl_form=")
    );
}

async fn a_secretary_cannot_open_the_administration(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Sepp").await;
    let sepp = app.browser();
    assert_eq!(
        sepp.login("Sepp", &password).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(sepp.who().await.as_deref(), Some("Sepp"));
    assert_eq!(sepp.get("/admin").await.status, StatusCode::FORBIDDEN);
    let res = sepp
        .submit("/", "/admin/clubs", &[("name", "Schwarzclub")])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(!admin.get("/admin").await.body.contains("Schwarzclub"));
}

async fn pages_are_german_until_the_switch_chooses_english(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let browser = app.browser();
    assert!(
        browser
            .get("/login")
            .await
            .body
            .contains("<html lang=\"de\">")
    );
    let res = browser.get("/lang/en?next=%2Flogin").await;
    assert_eq!(res.location(), Some("/login"));
    let page = browser.get("/login").await;
    assert!(
        page.body.contains("<html lang=\"en\">") && page.body.contains("Log in"),
        "{}",
        page.body
    );
    // Someone else's link cannot send the switch to another site.
    assert_eq!(
        browser
            .get("/lang/de?next=https://evil.example/")
            .await
            .location(),
        Some("/")
    );
    let browser_in_english = app
        .browser()
        .client
        .get(format!("{}/login", app.base))
        .header("Accept-Language", "en-GB,en;q=0.9")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        browser_in_english.contains("<html lang=\"de\">"),
        "a browser's Accept-Language does not override German: only the switch does"
    );
}

async fn an_unknown_name_costs_as_much_time_as_a_known_one(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let browser = app.browser();
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    // Fewer than five failures per name: the throttle stays out of it.
    for i in 0..3 {
        let started = std::time::Instant::now();
        browser.login(ADMIN, "nicht das richtige Passwort").await;
        known.push(started.elapsed());
        let started = std::time::Instant::now();
        browser
            .login(&format!("Niemand{i}"), "nicht das richtige Passwort")
            .await;
        unknown.push(started.elapsed());
    }
    let (known, unknown) = (known.iter().min().unwrap(), unknown.iter().min().unwrap());
    // Without the dummy hash an unknown name would answer tens of times faster; the wide margin
    // (a fifth) keeps a busy CI machine's noise from failing a correct build.
    assert!(
        unknown.as_secs_f64() > known.as_secs_f64() * 0.2,
        "known {known:?}, unknown {unknown:?}"
    );
}
