//! Item 6: the table cards' links and QR codes name the host this browser reached us by;
//! `X-Forwarded-Host` counts only under `--https proxy` (README, Configuration). Before, a
//! forwarded host was printed into the links whatever the setting.

use super::running_tournament;
use crate::both_backends;
use crate::common::{Backend, Browser, Reply, TestApp, csrf_in};
use kartl::config::Https;
use reqwest::StatusCode;

both_backends!(
    forwarded_hosts_are_ignored_unless_a_proxy_is_trusted,
    behind_a_trusted_proxy_the_links_name_its_host,
);

async fn issue_cards(sepp: &Browser, slug: &str, headers: &[(&str, &str)]) -> Reply {
    let path = format!("/t/{slug}/rounds/1/cards");
    let page = sepp.get(&path).await;
    let csrf = csrf_in(&page.body).expect("a CSRF token");
    let mut req = sepp
        .client
        .post(sepp.url(&path))
        .form(&[("csrf", csrf.as_str())]);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = Browser::reply(req.send().await.unwrap()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    res
}

async fn forwarded_hosts_are_ignored_unless_a_proxy_is_trusted(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (sepp, slug) = running_tournament(&app).await;
    let res = issue_cards(
        &sepp,
        &slug,
        &[
            ("x-forwarded-host", "evil.example"),
            ("x-forwarded-proto", "https"),
            ("forwarded", "host=evil.example;proto=https"),
        ],
    )
    .await;
    assert!(!res.body.contains("evil.example"), "{}", res.body);
    assert!(
        res.body.contains(&format!("{}/s/", app.base)),
        "links to the host the browser used: {}",
        res.body
    );
}

async fn behind_a_trusted_proxy_the_links_name_its_host(backend: Backend) {
    let app = TestApp::spawn_with(&backend, |s| s.https = Https::Proxy).await;
    let (sepp, slug) = running_tournament(&app).await;
    let res = issue_cards(
        &sepp,
        &slug,
        // (Without `X-Forwarded-Proto: https`: the browser's session is a plain-HTTP one.)
        &[("x-forwarded-host", "kartl.example")],
    )
    .await;
    assert!(res.body.contains("http://kartl.example/s/"), "{}", res.body);
}
