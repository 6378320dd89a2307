//! The audit log speaks German words (English on English pages) for the events of a
//! tournament's life, names the entrants, and shows local time with its zone named; a
//! configured zone is used.
use crate::both_backends;
use crate::common::fixture::Spec;
use crate::common::{Backend, TestApp, between};
use kartl::clock::Clock;
use kartl::rules::Game;
use reqwest::StatusCode;

both_backends!(the_audit_log_reads_as_sentences_in_local_time,);

async fn the_audit_log_reads_as_sentences_in_local_time(backend: Backend) {
    let app = TestApp::spawn_with(&backend, |s| {
        s.time_zone = chrono_tz::America::New_York;
    })
    .await;
    let admin = app.setup().await;
    let built = app
        .build(Spec {
            team_names: vec![
                "Die Roten".into(),
                "Blau-Weiß".into(),
                "Grün".into(),
                "Gelb".into(),
            ],
            ..Spec::new(Game::Watten)
        })
        .await;
    let log = admin.get(&format!("/t/{}/audit", built.slug)).await;
    assert_eq!(log.status, StatusCode::OK, "{}", log.body);
    let whats: Vec<String> = log
        .body
        .split("<p class=\"what\">")
        .skip(1)
        .map(|s| s[..s.find("</p>").unwrap()].to_string())
        .collect();
    for sentence in [
        "Turnier angelegt",
        "Mannschaft Die Roten angemeldet",
        "Mannschaft Blau-Weiß angemeldet",
        "Runde 1 ausgelost (Startwert 3)",
        "Tischkarten für Runde 1 ausgegeben (2 Tische, neue Links)",
    ] {
        assert!(
            whats.iter().any(|w| w == sentence),
            "{sentence} in {whats:?}"
        );
    }
    assert!(!log.body.contains("team_added") && !log.body.contains("round_drawn"));
    assert!(log.body.contains("Zeiten in Ortszeit (America/New_York)"));
    let first = between(&log.body, "<time class=\"when\">", "</time>").unwrap();
    let newest = app
        .clock
        .now()
        .and_utc()
        .with_timezone(&chrono_tz::America::New_York)
        .format("%d.%m.%Y %H:%M")
        .to_string();
    assert!(first.starts_with(&newest), "{first} is {newest}");

    admin.get("/lang/en").await;
    let en = admin.get(&format!("/t/{}/audit", built.slug)).await;
    assert!(en.body.contains("Team Die Roten entered"), "{}", en.body);
    assert!(en.body.contains("Round 1 drawn (seed 3)"));
    assert!(en.body.contains("Times in local time (America/New_York)"));
}
