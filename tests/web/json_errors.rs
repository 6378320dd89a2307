//! Every JSON client is answered in JSON. Before, an over-64 KiB save got an HTML 413 (the
//! pad's queue read it as "no answer" and resent it forever, blocking the deals behind it),
//! and a submission key reused on another table an HTML 409.

use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, csrf_in};
use kartl::service::scoring::Confirmation;
use reqwest::StatusCode;
use serde_json::Value;

both_backends!(
    an_oversized_save_is_refused_in_json,
    a_key_reused_on_another_table_is_refused_in_json,
);

/// Posts a save as the pad's queue does (form fields, `Accept: application/json`); the
/// status, the content type and the body read as JSON.
async fn pad_save(
    b: &Browser,
    token: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String, Value) {
    let page = b.get(&format!("/s/{token}")).await;
    let csrf = csrf_in(&page.body).expect("the pad's form token");
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    let res = b
        .client
        .post(b.url(&format!("/s/{token}/save")))
        .header("Accept", "application/json")
        .form(&all)
        .send()
        .await
        .expect("POST");
    let status = res.status();
    let kind = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = res.text().await.unwrap();
    let json = serde_json::from_str(&body).unwrap_or_else(|_| panic!("not JSON: {body}"));
    (status, kind, json)
}

async fn an_oversized_save_is_refused_in_json(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = crate::score::watten(&app, Confirmation::None).await;
    let token = &t.tables[0].1;
    let huge = "x".repeat(70 * 1024);
    let fields = [("actions", huge.as_str()), ("based_on", "0"), ("key", "k1")];
    let (status, kind, json) = pad_save(&app.browser(), token, &fields).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(kind.starts_with("application/json"), "{kind}");
    let error = json["error"].as_str().unwrap_or("");
    assert!(!error.is_empty(), "{json}");
}

async fn a_key_reused_on_another_table_is_refused_in_json(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = crate::score::watten(&app, Confirmation::None).await;
    let b = app.browser();
    let key = "ab".repeat(32);
    let fields = [
        ("actions", r#"["tricks:A"]"#),
        ("based_on", "0"),
        ("key", key.as_str()),
    ];
    let (status, _, json) = pad_save(&b, &t.tables[0].1, &fields).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    let (status, kind, json) = pad_save(&b, &t.tables[1].1, &fields).await;
    assert_eq!(status, StatusCode::CONFLICT, "{json}");
    assert!(kind.starts_with("application/json"), "{kind}");
    assert!(!json["error"].as_str().unwrap_or("").is_empty(), "{json}");
}
