//! Headers and cookies on the error answers too: 400, 403, 404, 410, 413, 422, 429
//! and 503 each carry the security headers; over HTTPS every cookie is Secure and HSTS is
//! sent. (The access test checks every route's own answers the same way.)

use crate::access::header_faults;
use crate::both_backends;
use crate::common::{ADMIN, Backend, Browser, Reply, TestApp};
use kartl::clock::Clock;
use kartl::config::Https;
use kartl::service::Actor;
use kartl::service::scoring::Confirmation;
use reqwest::StatusCode;

both_backends!(
    every_error_answer_carries_the_security_headers,
    over_https_every_cookie_is_secure_and_hsts_is_sent,
);

async fn raw(
    browser: &Browser,
    method: reqwest::Method,
    path: &str,
    body: Vec<u8>,
    kind: &str,
) -> Reply {
    let res = browser
        .client
        .request(method, browser.url(path))
        .header("content-type", kind)
        .body(body)
        .send()
        .await
        .unwrap();
    Browser::reply(res).await
}

async fn every_error_answer_carries_the_security_headers(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let table = crate::score::watten(&app, Confirmation::default()).await;
    let visitor = app.browser();
    let form = "application/x-www-form-urlencoded";
    let mut answers: Vec<(StatusCode, Reply)> = Vec::new();
    answers.push((StatusCode::NOT_FOUND, visitor.get("/gibt-es-nicht").await));
    answers.push((
        StatusCode::NOT_FOUND,
        raw(&visitor, reqwest::Method::PUT, "/login", Vec::new(), form).await,
    ));
    answers.push((
        StatusCode::BAD_REQUEST,
        raw(
            &visitor,
            reqwest::Method::POST,
            "/api/v1/referee",
            b"{kein json".to_vec(),
            "application/json",
        )
        .await,
    ));
    answers.push((StatusCode::FORBIDDEN, visitor.post("/logout", &[]).await));
    answers.push((
        StatusCode::PAYLOAD_TOO_LARGE,
        raw(
            &visitor,
            reqwest::Method::POST,
            "/api/v1/referee",
            vec![b' '; 2 * 1024 * 1024],
            "application/json",
        )
        .await,
    ));
    answers.push((
        StatusCode::UNPROCESSABLE_ENTITY,
        admin
            .submit("/tournaments/new", "/tournaments/new", &[("name", "")])
            .await,
    ));
    for _ in 0..5 {
        visitor.login(ADMIN, "falsch falsch falsch").await;
    }
    answers.push((
        StatusCode::TOO_MANY_REQUESTS,
        visitor.login(ADMIN, "falsch falsch falsch").await,
    ));
    // A closed round's link: 410.
    let (slug, now) = (table.slug.clone(), app.clock.now());
    app.state
        .db
        .run(move |conn| {
            kartl::service::draws::close_round(conn, &Actor::command_line(), now, &slug, 1)
        })
        .await
        .unwrap();
    answers.push((
        StatusCode::GONE,
        visitor.get(&format!("/s/{}", table.tables[0].1)).await,
    ));
    // The database gone: 503.
    app.db.destroy();
    answers.push((
        StatusCode::SERVICE_UNAVAILABLE,
        visitor.get("/healthz").await,
    ));
    answers.push((
        StatusCode::SERVICE_UNAVAILABLE,
        admin.get("/tournaments").await,
    ));
    let mut faults = Vec::new();
    for (i, (status, res)) in answers.iter().enumerate() {
        assert_eq!(res.status, *status, "answer {i}: {}", res.body);
        for fault in header_faults(res, false) {
            faults.push(format!("{status}: {fault}"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

async fn over_https_every_cookie_is_secure_and_hsts_is_sent(backend: Backend) {
    let app = TestApp::spawn_with(&backend, |s| s.https = Https::On).await;
    let admin = app.setup().await;
    let mut answers = vec![admin.get("/").await, admin.get("/lang/en").await];
    let visitor = app.browser();
    answers.push(visitor.get("/login").await);
    answers.push(visitor.login(ADMIN, crate::common::ADMIN_PASSWORD).await);
    answers.push(visitor.get("/gibt-es-nicht").await);
    let mut cookies = 0;
    for res in &answers {
        assert!(
            header_faults(res, true).is_empty(),
            "{:?}",
            header_faults(res, true)
        );
        assert_eq!(
            res.header("strict-transport-security"),
            Some("max-age=31536000")
        );
        for cookie in res.headers.get_all("set-cookie") {
            let cookie = cookie.to_str().unwrap();
            assert!(cookie.contains("; Secure"), "{cookie}");
            cookies += 1;
        }
    }
    assert!(cookies >= 3, "the session and language cookies were seen");
}
