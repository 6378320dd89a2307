//! `POST /api/v1/referee` (contract section 2): no login, no CSRF token, JSON in and out.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(
    bad_json_is_400_with_an_error_message,
    an_unknown_key_is_400_naming_the_field,
    a_body_over_one_mebibyte_is_413,
    the_referee_needs_no_login_and_accepts_other_origins,
);

async fn referee(
    app: &TestApp,
    body: impl Into<reqwest::Body>,
    lang: Option<&str>,
) -> (StatusCode, Value) {
    let mut req = app
        .browser()
        .client
        .post(format!("{}/api/v1/referee", app.base))
        .header("Content-Type", "application/json")
        .body(body);
    if let Some(lang) = lang {
        req = req.header("Accept-Language", lang);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, value)
}

async fn bad_json_is_400_with_an_error_message(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (status, body) = referee(&app, "{\"game\": \"watten\", ", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

async fn an_unknown_key_is_400_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (status, body) = referee(
        &app,
        json!({"game": "watten", "deals": [], "dealz": 1}).to_string(),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("dealz"), "{body}");
}

async fn a_body_over_one_mebibyte_is_413(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let big = format!(
        "{{\"game\":\"watten\",\"deals\":[],\"pad\":\"{}\"}}",
        "x".repeat(1024 * 1024)
    );
    let (status, body) = referee(&app, big, None).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["error"].is_string(), "{body}");
    // Just under the limit is read (and then judged on its content).
    let (status, _) = referee(
        &app,
        format!("{{\"x\":\"{}\"}}", "x".repeat(1000 * 1000)),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn the_referee_needs_no_login_and_accepts_other_origins(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // No account, no session, another site's origin: still answered (it changes nothing).
    let res = app
        .browser()
        .client
        .post(format!("{}/api/v1/referee", app.base))
        .header("Origin", "https://scores.example")
        .header("Sec-Fetch-Site", "cross-site")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(
        res.headers().get("set-cookie").is_none(),
        "the API starts no session"
    );
}

both_backends!(
    a_valid_record_is_200_with_the_result,
    a_broken_rule_is_422_with_the_result,
);

async fn a_valid_record_is_200_with_the_result(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let record = json!({"game": "watten", "deals": [{"winner": "A", "points": 2}]});
    let (status, body) = referee(&app, record.to_string(), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["valid"], json!(true));
}

async fn a_broken_rule_is_422_with_the_result(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // A bets, B sees, A bets again: bets alternate (contract 6.1).
    let record = json!({"game": "watten", "deals": [{"events": [{"bet": "A"}, {"see": "B"}, {"bet": "A"}]}]});
    let (status, body) = referee(&app, record.to_string(), Some("en")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["valid"], json!(false));
    assert_eq!(body["errors"][0]["code"], json!("not_your_turn"));
    let (_, german) = referee(&app, record.to_string(), None).await;
    assert_ne!(
        german["errors"][0]["message"], body["errors"][0]["message"],
        "German by default"
    );
}

both_backends!(
    a_card_level_deal_is_refereed_with_its_rulings,
    the_streitfall_table_offers_the_next_actions,
    the_streitfall_table_offers_the_exchange_until_the_first_card,
);

/// Perlaggen text, "Players and Cards", Example 1, card by card (docs/rules/figures.md).
fn example_1(actions: serde_json::Value) -> serde_json::Value {
    json!({"game": "perlaggen", "deals": [{"cards": {
        "seats": ["A", "B", "A", "B"], "dealer": 3,
        "hands": [["L10", "E9", "E8", "H9", "H8"], ["LA", "EA", "EK", "HA", "H10"],
                  ["LU", "SA", "SK", "SO", "SU"], ["S7", "S10", "S9", "S8", "LK"]],
        "turned": "L8", "actions": actions}}]})
}

async fn a_card_level_deal_is_refereed_with_its_rulings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let record = example_1(json!([{"seat": 0, "card": "L10"}, {"seat": 1, "card": "EA"}]));
    let (status, body) = referee(&app, record.to_string(), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["errors"][0]["code"], json!("must_follow"));
    assert_eq!(body["rulings"][0]["rulings"][1]["legal"], json!(false));
    assert_eq!(body["rulings"][0]["rulings"][0]["legal"], json!(true));
}

async fn the_streitfall_table_offers_the_next_actions(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let post = |body: String| {
        app.browser()
            .client
            .post(format!("{}/api/v1/streitfall/table?lang=de", app.base))
            .header("Content-Type", "application/json")
            .body(body)
            .send()
    };
    let res = post(example_1(json!([{"seat": 0, "card": "L10"}])).to_string())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let table: Value = res.json().await.unwrap();
    assert_eq!(table["tricks"][0]["cards"][0]["card"], json!("L10"));
    let labels: Vec<&str> = table["next"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"Laub Ass spielen"), "{labels:?}");
    // Seat 1 holds the Laub Ass: the Eichel Ass is not offered (follow suit or trump).
    assert!(!labels.contains(&"Eichel Ass spielen"), "{labels:?}");
    let res = post(json!({"game": "perlaggen", "deals": [{"cards": {}}]}).to_string())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

/// Perlaggen text, "The Deal": "If the turned up card is a Perlagg and the dealer has in
/// hand a natural card of the trump suit ... the dealer can take the turned up Perlagg".
/// The Martl turned, the dealer (seat 3) holds the natural Herz Acht.
fn martl_turned(actions: serde_json::Value) -> serde_json::Value {
    json!({"game": "perlaggen", "deals": [{"cards": {
        "seats": ["A", "B", "A", "B"], "dealer": 3,
        "hands": [["L10", "E9", "E8", "H7", "S8"], ["LA", "EA", "EK", "HA", "H10"],
                  ["H9", "SA", "SK", "SO", "SU"], ["S7", "S10", "S9", "H8", "LK"]],
        "turned": "HK", "actions": actions}}]})
}

async fn the_streitfall_table_offers_the_exchange_until_the_first_card(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let table = |record: serde_json::Value| {
        let req = app
            .browser()
            .client
            .post(format!("{}/api/v1/streitfall/table?lang=de", app.base))
            .header("Content-Type", "application/json")
            .body(record.to_string())
            .send();
        async move {
            let res = req.await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.json::<Value>().await.unwrap()
        }
    };
    let before = table(martl_turned(json!([]))).await;
    assert_eq!(
        before["exchanges"],
        json!([{"seat": 3, "label": "Platz 4 tauscht Herz Acht gegen Herz König (aufgeschlagen)",
                "exchange": {"seat": 3, "card": "H8"}}])
    );
    let after = table(martl_turned(json!([{"seat": 0, "card": "L10"}]))).await;
    assert_eq!(after["rulings"][0]["legal"], json!(true), "{after}");
    assert!(after.get("exchanges").is_none(), "{after}");
}
