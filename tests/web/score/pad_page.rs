//! The pad's page parts over HTTP: the save's JSON answers the pad's offline queue
//! relies on (stored once per key, a conflict, a refusal, a dead link), the service worker
//! that keeps the page usable without signal, and a closed round's link showing the table's
//! result with the standings.
use super::*;
use crate::both_backends;
use crate::common::Reply;

both_backends!(
    the_queue_gets_json_stored_once_per_key_conflict_refusal_and_dead_link,
    a_closed_rounds_link_shows_the_tables_result_and_the_standings,
);

/// Posts a save as the pad's queue does (JSON asked for): the page's `csrf`, `deal`,
/// `based_on` and `key`.
async fn queue_save(
    b: &Browser,
    token: &str,
    csrf: &str,
    [deal, based_on, key]: [&str; 3],
) -> Reply {
    let res = b
        .client
        .post(b.url(&format!("/s/{token}/save")))
        .header("Accept", "application/json")
        .form(&[
            ("csrf", csrf),
            ("deal", deal),
            ("based_on", based_on),
            ("key", key),
        ])
        .send()
        .await
        .expect("POST");
    Browser::reply(res).await
}

fn json_of(res: &Reply) -> Value {
    assert_eq!(
        res.header("content-type"),
        Some("application/json"),
        "{}",
        res.body
    );
    let v: Value = serde_json::from_str(&res.body).unwrap();
    // The bytes as the queue has always been answered: compact, the keys sorted.
    assert_eq!(v.to_string(), res.body, "the answer's bytes");
    v
}

async fn the_queue_gets_json_stored_once_per_key_conflict_refusal_and_dead_link(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let csrf = csrf_in(&b.get(&format!("/s/{token}")).await.body).unwrap();
    let deal = r#"{"winner":"B","points":2}"#;
    let key = "cd".repeat(32);
    // Stored, and a resend of the same key (the queue after a lost answer) is the same answer.
    for _ in 0..2 {
        let res = queue_save(&b, &token, &csrf, [deal, "0", &key]).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
        assert_eq!(json_of(&res), json!({"saved": true, "deal_no": 0}));
    }
    assert_eq!(
        versions(&app, table).await.len(),
        1,
        "one deal for two sends"
    );
    // Another deal drawn at the same record length: someone else came first.
    let res = queue_save(&b, &token, &csrf, [deal, "0", &"ce".repeat(32)]).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.body);
    let v = json_of(&res);
    assert_eq!(v["stale"], json!(true));
    assert!(
        v["error"].as_str().unwrap().contains("anderes Spiel"),
        "{v}"
    );
    // One point is no Watten score (rules text 004: an unbid game is worth 2): refused in
    // German words, nothing stored.
    let res = queue_save(
        &b,
        &token,
        &csrf,
        [r#"{"winner":"A","points":1}"#, "1", &"cf".repeat(32)],
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let v = json_of(&res);
    assert!(!v["error"].as_str().unwrap().is_empty(), "{v}");
    assert!(v["code"].is_string(), "{v}");
    // A damaged entry (no deal at all) is a clear 400, not a page.
    let res = queue_save(&b, &token, &csrf, ["kaputt", "1", &"d0".repeat(32)]).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(
        json_of(&res)["error"]
            .as_str()
            .unwrap()
            .contains("nicht gespeichert")
    );
    assert_eq!(versions(&app, table).await.len(), 1);
    // An unknown link: 404 in JSON.
    let res = queue_save(&b, &"0".repeat(64), &csrf, [deal, "0", &"d1".repeat(32)]).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.body);
    assert!(json_of(&res)["error"].is_string());
    // The form post without JSON still answers pages (the secretary's expert mode).
    let res = queue_save(&b, &token, &csrf, [deal, "0", &key]).await;
    assert_eq!(res.status, StatusCode::OK);
    let page = b
        .post(
            &format!("/s/{token}/save"),
            &[
                ("csrf", "x"),
                ("deal", deal),
                ("based_on", "0"),
                ("key", &key),
            ],
        )
        .await;
    assert_ne!(page.header("content-type"), Some("application/json"));

    // The service worker: scope /s/, never from the HTTP cache, its cache named by the build.
    let sw = b.get("/s/sw.js").await;
    assert_eq!(sw.status, StatusCode::OK);
    assert!(
        sw.header("content-type")
            .unwrap()
            .starts_with("text/javascript")
    );
    assert_eq!(sw.header("cache-control"), Some("no-cache"));
    assert!(!sw.body.contains("{{VERSION}}"));
    assert!(sw.body.contains("\"kartl-pad-"));
    assert!(sw.body.contains("/static/pad.js"));
    assert_eq!(b.get("/static/pad.js").await.status, StatusCode::OK);
}

async fn a_closed_rounds_link_shows_the_tables_result_and_the_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::None).await;
    let (_, token) = t.tables[0].clone();
    let (_, quiet) = t.tables[1].clone();
    let b = app.browser();
    let csrf = csrf_in(&b.get(&format!("/s/{token}")).await.body).unwrap();
    let res = queue_save(
        &b,
        &token,
        &csrf,
        [r#"{"winner":"B","points":3}"#, "0", &"e0".repeat(32)],
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let slug = t.slug.clone();
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| draws::close_round(conn, &Actor::command_line(), now, &slug, 1))
        .await
        .unwrap();
    let gone = b.get(&format!("/s/{token}")).await;
    assert_eq!(gone.status, StatusCode::GONE, "it takes nothing more");
    assert!(gone.body.contains("abgeschlossen"), "{}", gone.body);
    assert!(gone.body.contains("Endstand"), "{}", gone.body);
    assert!(
        gone.body.contains("B schreibt 3, Stand 0:3"),
        "{}",
        gone.body
    );
    assert!(gone.body.contains("<svg"), "the sheet: {}", gone.body);
    assert!(
        gone.body.contains(&format!("href=\"/p/{}\"", t.slug)),
        "the public standings: {}",
        gone.body
    );
    // A table without deals says so, in German.
    let empty = b.get(&format!("/s/{quiet}")).await;
    assert_eq!(empty.status, StatusCode::GONE);
    assert!(
        empty.body.contains("kein Spiel eingetragen"),
        "{}",
        empty.body
    );
    // And the pad's queue hears 410 for a deal sent after the close.
    let res = queue_save(
        &b,
        &token,
        &csrf,
        [r#"{"winner":"A","points":2}"#, "1", &"e1".repeat(32)],
    )
    .await;
    assert_eq!(res.status, StatusCode::GONE, "{}", res.body);
    assert!(
        json_of(&res)["error"]
            .as_str()
            .unwrap()
            .contains("abgeschlossen")
    );
}
