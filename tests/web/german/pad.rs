//! The scorer's pad in German: the demo's tables are all played and closed, so a fresh table
//! of each game is opened by its link: the page, the texts its script shows, and every
//! button the table could ever offer (its vocabulary, labelled as the pad labels them) carry
//! no English word or code ("das Abheben (cut)" stood on the Gaigel pad).

use super::{offences, visible, words};
use crate::both_backends;
use crate::common::fixture::Spec;
use crate::common::{Backend, TestApp, between};
use kartl::clock::Clock;
use kartl::rules::gaigel::Variant as Gaigel;
use kartl::rules::{Game, Variant};
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(every_word_of_the_scorers_pad_is_german);

/// A Rutesheim table of three (the Gaigel pad with the number pad and the cut).
fn rutesheim() -> Spec {
    let mut spec = Spec::new(Game::Gaigel);
    spec.variant = Some(Variant::Gaigel(Gaigel::Three));
    spec.options = Some(serde_json::from_value(json!({"scoring": "rutesheim"})).unwrap());
    spec.format = kartl::tournament::format::Format::Sessions;
    spec.settings = Some(serde_json::from_value(json!({"sessions": 1, "deals": 3})).unwrap());
    spec.players = (1..=6).map(|i| format!("Spieler {i}")).collect();
    spec.team_size = 1;
    spec
}

async fn every_word_of_the_scorers_pad_is_german(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    // The forbidden words need played deals (their keys are the event codes): the demo's.
    let now = app.clock.now();
    let mut slugs = app
        .state
        .db
        .run(move |conn| kartl::service::demo::fill(conn, now))
        .await
        .unwrap();
    let mut tokens = Vec::new();
    for spec in [
        Spec::new(Game::Watten),
        Spec::new(Game::Perlaggen),
        Spec::new(Game::Giltspiel),
        Spec::new(Game::Gaigel),
        rutesheim(),
    ] {
        let built = app.build(spec).await;
        tokens.push(built.tokens[0].clone());
        slugs.push(built.slug);
    }
    let mut files = Vec::new();
    for slug in &slugs {
        let got = admin
            .get(&format!("/api/v1/tournaments/{slug}/export.json"))
            .await;
        files.push(serde_json::from_str::<Value>(&got.body).unwrap());
    }
    let bad = words::forbidden(&files);
    let scorer = app.browser();
    let mut found = Vec::new();
    for token in &tokens {
        let page = scorer.get(&format!("/s/{token}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let texts = between(&page.body, "id=\"pad-texts\">", "</script>").unwrap();
        let texts: Value = serde_json::from_str(&texts).unwrap();
        let mut said: Vec<String> = texts
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_str().unwrap_or("").to_string())
            .collect();
        let vocabulary = scorer.get(&format!("/s/{token}/pad/vocabulary")).await;
        let vocabulary: Value = serde_json::from_str(&vocabulary.body).unwrap();
        let labels = vocabulary["actions"].as_array().unwrap();
        assert!(labels.len() > 5, "{vocabulary}");
        said.extend(
            labels
                .iter()
                .map(|a| a["label"].as_str().unwrap().to_string()),
        );
        said.push(visible(&page.body));
        let hits = offences(&said.join(" \n "), &bad);
        if !hits.is_empty() {
            found.push(format!("/s/{token}:\n  {}", hits.join("\n  ")));
        }
    }
    assert!(
        found.is_empty(),
        "English or codes on the pad:\n{}",
        found.join("\n")
    );
}
