//! Three-player Watten tournaments (rules text `004`, "Bavarian Watten for two or three
//! players"; docs/reference/tournaments.md "Three-player Watten"): a tournament file of `sessions` at
//! tables of three (seats map `P1`..`P3` to players) through `kartl standings`, `kartl import`,
//! the API standings and the export.
//!
//! Split by topic: `files` (a tournament file through the CLI, the import, the API and the
//! public pages), `tables` (a tournament run through the service and through the pages, with
//! the scorer naming who played alone). This file holds what they share.

mod files;
mod letters;
pub mod tables;

use crate::both_backends;
use crate::common::fixture::Spec;
use crate::common::{Backend, TestApp};
use crate::score::{Checked, check, field};
use crate::tournaments::{self, cli_standings, kartl, run_spec, run_tournament, slug_of, write};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Four players, two sessions of one table; the fourth player has a bye each session.
pub fn three_player_file() -> Value {
    json!({
        "name": "Dreier-Watten Kirchbichl", "game": "watten", "variant": "bavarian",
        "options": {"players": 3}, "format": "sessions",
        "settings": {"sessions": 2, "deals": 12},
        "players": [{"id": "p1", "name": "Anna"}, {"id": "p2", "name": "Sepp"},
                    {"id": "p3", "name": "Vroni"}, {"id": "p4", "name": "Loisl"}],
        "rounds": [
            {"tables": [{"seats": ["p1", "p2", "p3"], "deals": [
                // Anna alone takes 5; the team Anna + Vroni 3; the team Anna + Sepp 6:
                // Anna reaches 14 of 11 and wins, Sepp and Vroni each receive a Bummerl.
                {"alone": "P1", "winner": "P1", "points": 5},
                {"alone": "P2", "events": [{"bet": "P2"}, {"see": "P3"}, {"tricks": "P1"}]},
                {"alone": "P3", "winner": "P1", "points": 6}]}],
             "byes": ["p4"]},
            {"tables": [{"seats": ["p4", "p2", "p3"], "deals": [
                {"alone": "P2", "winner": "P2", "points": 11}]}],
             "byes": ["p1"]}
        ]
    })
}

fn import(file: &str, database: &str) -> String {
    let (code, out, err) = tournaments::import(file, database, &["--public"]);
    assert_eq!(code, 0, "{err}");
    slug_of(&out)
}

async fn get_json(app: &TestApp, path: &str) -> Value {
    get_json_as(&app.browser(), path).await
}

/// The standings row of entrant `id`.
fn row_of(standings: &Value, id: &str) -> Value {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()
        .clone()
}

/// The fixture's spec of a Bavarian three-player Watten tournament of the "Wattclub" named
/// `name`, two sessions of `deals` deals, on 28 November 2026.
fn three_player_tournament(name: &str, deals: u32) -> Spec {
    Spec {
        club: "Wattclub".into(),
        name: name.into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 28),
        variant: Some(kartl::rules::watten::input::Variant::Bavarian.into()),
        options: json!({"players": 3}).as_object().cloned(),
        format: kartl::tournament::format::Format::Sessions,
        settings: serde_json::from_value(json!({"sessions": 2, "deals": deals})).unwrap(),
        ..Spec::new(kartl::rules::Game::Watten)
    }
}

async fn check_and_save(b: &crate::common::Browser, token: &str, fields: &[(&str, &str)]) {
    let (status, body) = check(b, token, fields).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    // A deal that decides a whole game from 0:0 is asked about first: the preview's box.
    let decides = if body.contains("name=\"decides\"") {
        "yes"
    } else {
        ""
    };
    let page = b.get(&format!("/s/{token}")).await;
    let csrf = crate::common::csrf_in(&page.body).unwrap();
    let fields = [
        ("csrf", csrf.as_str()),
        ("deal", &c.deal),
        ("based_on", &c.based_on),
        ("key", &c.key),
        ("decides", decides),
    ];
    let res = b.post(&format!("/s/{token}/save"), &fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn get_json_as(b: &crate::common::Browser, path: &str) -> Value {
    let res = b.get(path).await;
    assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
    serde_json::from_str(&res.body).unwrap()
}
