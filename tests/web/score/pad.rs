//! The scorer's pad as JSON: `POST /s/{token}/pad` gives the table's state, the
//! taps the referee allows now, the German transcript, the problem with a tap, and the whole
//! deal with its preview; 404/410 like the scorer's page, 400 for a body that is no request.
use super::*;
use crate::both_backends;
use crate::common::Reply;
use kartl::clock::Clock;

both_backends!(
    the_pad_answers_state_actions_and_a_whole_deal_in_german,
    the_pad_names_a_broken_rule_and_refuses_what_is_no_request,
    the_save_takes_the_pads_taps_instead_of_a_deal,
    figure_and_gaigel_tables_get_their_own_taps,
);

/// Posts a pad request body as the page's script does.
pub async fn post_pad(b: &Browser, token: &str, body: &str) -> Reply {
    let res = b
        .client
        .post(b.url(&format!("/s/{token}/pad")))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    Browser::reply(res).await
}

pub async fn pad(b: &Browser, token: &str, actions: &[&str]) -> Value {
    let res = post_pad(b, token, &json!({ "actions": actions }).to_string()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let answer: Value = serde_json::from_str(&res.body).unwrap();
    // The bytes as the pad has always been answered: compact, every object's keys sorted.
    assert_eq!(answer.to_string(), res.body, "the answer's bytes");
    answer
}

fn codes(answer: &Value) -> Vec<String> {
    answer["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["code"].as_str().unwrap().to_string())
        .collect()
}

async fn the_pad_answers_state_actions_and_a_whole_deal_in_german(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::None).await;
    let token = t.tables[0].1.clone();
    let b = app.browser();
    // Before the deal: the score and the first taps (rules text 004, "Betting and scoring":
    // three tricks win, and a team may bet at any time).
    let start = pad(&b, &token, &[]).await;
    assert_eq!(start["state"]["score"], "0:0");
    assert_eq!(start["state"]["over"], false);
    assert_eq!(start["state"]["deal_no"], 0);
    assert_eq!(codes(&start), ["tricks:A", "bet:A", "tricks:B", "bet:B"]);
    assert_eq!(start["actions"][0]["label"], "A macht 3 Stiche");
    assert_eq!(start["complete"], false);
    // "If the opponents refuse to give up - saying schauen! - ... the winning team will now
    // score three points."
    let whole = pad(&b, &token, &["bet:A", "see:B", "tricks:A"]).await;
    assert_eq!(whole["complete"], true, "{whole}");
    assert_eq!(
        whole["transcript"],
        json!(["A bietet", "B schaut", "A macht den Stich: A schreibt 3"])
    );
    assert_eq!(whole["preview"], "A schreibt 3, Stand 3:0");
    assert_eq!(
        whole["deal"],
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]})
    );
    assert_eq!(whole["actions"], json!([]));
    // English on request, game terms German.
    let res = post_pad(&b, &token, r#"{"actions": ["bet:A"], "lang": "en"}"#).await;
    let en: Value = serde_json::from_str(&res.body).unwrap();
    assert_eq!(en["transcript"], json!(["A bets"]));
    assert_eq!(en["actions"][0]["label"], "B sees");
    // The offline vocabulary holds every tap of this table (Tyrolean: Farbe too).
    let res = b.get(&format!("/s/{token}/pad/vocabulary")).await;
    assert_eq!(res.status, StatusCode::OK);
    let words: Value = serde_json::from_str(&res.body).unwrap();
    assert_eq!(words.to_string(), res.body, "the vocabulary's bytes");
    let all = codes(&words);
    for code in [
        "bet:A",
        "see:B",
        "give_up:A",
        "play:B",
        "farbe:A:ok",
        "tricks:B",
    ] {
        assert!(all.contains(&code.to_string()), "{code} in {all:?}");
    }
}

async fn the_pad_names_a_broken_rule_and_refuses_what_is_no_request(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::None).await;
    let token = t.tables[0].1.clone();
    let b = app.browser();
    // Seeing with no open bet (contract 3.2: no_open_bet), at the third tap.
    let broken = pad(&b, &token, &["bet:A", "see:B", "see:A"]).await;
    assert_eq!(broken["problem"]["code"], "no_open_bet");
    assert_eq!(broken["problem"]["at"], 2);
    let message = broken["problem"]["message"].as_str().unwrap();
    assert!(
        !message.is_empty() && !message.contains("no_open_bet"),
        "{message}"
    );
    assert_eq!(codes(&broken), ["tricks:A", "tricks:B", "bet:B"]);
    assert_eq!(broken["complete"], false);
    let unknown = pad(&b, &token, &["fly:A"]).await;
    assert_eq!(unknown["problem"]["code"], "unknown_action");
    // Not JSON, a wrong shape, too large: 400 with a JSON message.
    for body in [
        "bet:A".to_string(),
        r#"{"taps": []}"#.to_string(),
        format!(r#"{{"actions": ["{}"]}}"#, "x".repeat(70 * 1024)),
    ] {
        let res = post_pad(&b, &token, &body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
        let error: Value = serde_json::from_str(&res.body).unwrap();
        assert!(error["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    // An unknown link is 404 whatever the body says, a closed round's 410, as on the
    // scorer's page.
    for body in ["{}", "bet:A"] {
        let res = post_pad(&b, &"ab".repeat(32), body).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{body}");
    }
    let (slug, now) = (t.slug.clone(), app.clock.now());
    app.state
        .db
        .run(move |conn| draws::close_round(conn, &Actor::command_line(), now, &slug, 1))
        .await
        .unwrap();
    let res = post_pad(&b, &token, "{}").await;
    assert_eq!(res.status, StatusCode::GONE, "{}", res.body);
    let res = b.get(&format!("/s/{token}/pad/vocabulary")).await;
    assert_eq!(res.status, StatusCode::GONE);
}

async fn the_save_takes_the_pads_taps_instead_of_a_deal(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::None).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let page = b.get(&format!("/s/{token}")).await;
    let csrf = csrf_in(&page.body).unwrap();
    let key = "cd".repeat(32);
    let save = |actions: &'static str, key: String| {
        let (b, token, csrf) = (&b, token.clone(), csrf.clone());
        async move {
            b.post(
                &format!("/s/{token}/save"),
                &[
                    ("csrf", csrf.as_str()),
                    ("actions", actions),
                    ("based_on", "0"),
                    ("key", key.as_str()),
                ],
            )
            .await
        }
    };
    // An unfinished deal is refused by the referee, nothing stored.
    let res = save(r#"["bet:A","see:B"]"#, key.clone()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(versions(&app, table).await.is_empty());
    let res = save(r#"["bet:A","see:B","tricks:B"]"#, key.clone()).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    // A retry of the same key is the first answer, stored once.
    let res = save(r#"["bet:A","see:B","tricks:B"]"#, key).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    let stored: Value = serde_json::from_str(&rows[0].record).unwrap();
    assert_eq!(
        stored,
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "B"}]})
    );
    let after = pad(&b, &token, &[]).await;
    assert_eq!(after["state"]["score"], "0:3");
    assert_eq!(after["state"]["deal_no"], 1);
}

async fn figure_and_gaigel_tables_get_their_own_taps(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let b = app.browser();
    // Perlaggen: after three tricks the show (Giltspiel text, "The Showdown"); an unseen
    // Spiel and Gleich to A, the Hanger stands.
    let t = tournament(&app, kartl::rules::Game::Perlaggen, Confirmation::None).await;
    let token = t.tables[0].1.clone();
    let whole = pad(
        &b,
        &token,
        &["tricks:A", "show:gleich:A", "show:hanger:stands"],
    )
    .await;
    assert_eq!(whole["complete"], true, "{whole}");
    assert_eq!(
        whole["transcript"],
        json!([
            "A macht 3 Stiche: Spiel an A",
            "Gleich: A hat das bessere",
            "Hanger: steht – A schreibt 2"
        ])
    );
    let cards = pad(&b, &token, &["tricks:A", "cards:gleich"]).await;
    let labels: Vec<&str> = cards["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"A zeigt ♣ Eichel-Ass"), "{labels:?}");
    // Gaigel: the number pad, no `done` before the facts keep the rules (contract 7.2), and
    // no complaint before the first tap.
    let t = tournament(&app, kartl::rules::Game::Gaigel, Confirmation::None).await;
    let token = t.tables[0].1.clone();
    let start = pad(&b, &token, &[]).await;
    assert_eq!(start["state"]["score"], "0:0");
    let all = codes(&start);
    assert!(all.contains(&"aug:A:1".to_string()) && !all.contains(&"done".to_string()));
    assert_eq!(start["hint"], Value::Null, "{start}");
    assert_eq!(start["actions"][0]["label"], "1");
    assert_eq!(start["headings"]["digits"], "Augen von A");
    // A's numbers: B holds the rest of the pack, and the pad says so.
    let a = pad(&b, &token, &["aug:A:1", "aug:A:3", "aug:A:0", "st:A:7"]).await;
    let lines = a["transcript"].as_array().unwrap();
    assert!(
        lines[1].as_str().unwrap().starts_with("B: 110 Augen"),
        "{a}"
    );
    assert!(codes(&a).contains(&"done".to_string()), "{a}");
    assert_eq!(a["headings"]["digits"], "Augen von B");
}
