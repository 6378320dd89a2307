//! Tournaments in the service: `kartl import` and `kartl standings` through the real
//! binary, the two API routes, visibility, deal versions, and standings that always equal a
//! recomputation from scratch.
//!
//! Split by topic: `import` (the CLI's import and standings, the API routes, visibility),
//! `corrections` (deal versions and what counts), `runs` (tournaments run through the service
//! from draw to standings, and the demo). This file holds what they share.

mod corrections;
mod cups;
mod import;
mod round_trip;
mod runs;

pub(crate) use runs::{run_spec, run_tournament};

use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::rules::Lang;
use kartl::service::deals::{DealInput, DealSource, DealStatus};
use kartl::service::{Actor, deals, draws, tournaments};
use kartl::tournament::evaluate::evaluate;
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

/// A Rutesheim deal (gaigel three) where `first` goes out with 104, `second` has 61.
fn rutesheim_deal(first: usize, second: usize) -> Value {
    let third = 3 - first - second;
    let mut points = serde_json::Map::new();
    let mut tricks = serde_json::Map::new();
    for (i, (p, t)) in [(104, 6), (61, 4), (45, 3)].into_iter().enumerate() {
        let side = format!("P{}", [first, second, third][i] + 1);
        points.insert(side.clone(), p.into());
        tricks.insert(side, t.into());
    }
    json!({"points": points, "tricks": tricks, "out": format!("P{}", first + 1)})
}

/// Six players, two sessions of two tables, three deals each.
pub fn rutesheim_file() -> Value {
    let players: Vec<Value> = (1..=6)
        .map(|i| json!({"id": format!("p{i}"), "name": format!("Spieler Ä{i}")}))
        .collect();
    let table = |seats: [&str; 3], shift: usize| {
        let deals: Vec<Value> = (0..3)
            .map(|d| rutesheim_deal((d + shift) % 3, (d + shift + 1) % 3))
            .collect();
        json!({"seats": seats, "deals": deals})
    };
    json!({
        "name": "Gaigelturnier SKV Rutesheim", "game": "gaigel", "variant": "three",
        "options": {"scoring": "rutesheim"}, "format": "sessions",
        "settings": {"sessions": 2, "deals": 3},
        "players": players,
        "rounds": [
            {"tables": [table(["p1", "p2", "p3"], 0), table(["p4", "p5", "p6"], 1)], "seed": 7},
            {"tables": [table(["p1", "p4", "p5"], 2), table(["p2", "p3", "p6"], 0)]}
        ]
    })
}

/// Four Watten teams, two rounds; each table plays one game to 15 and starts a second.
pub fn watten_file() -> Value {
    let players: Vec<Value> = (1..=8)
        .map(|i| json!({"id": format!("p{i}"), "name": format!("Watterin {i}")}))
        .collect();
    let teams: Vec<Value> = (1..=4)
        .map(|i| {
            json!({"id": format!("t{i}"), "name": format!("Team {i}"),
                        "players": [format!("p{}", 2 * i - 1), format!("p{}", 2 * i)]})
        })
        .collect();
    let game = |winner: &str, loser: &str| {
        vec![
            json!({"winner": winner, "points": 3}),
            json!({"winner": loser, "points": 2}),
            json!({"winner": winner, "points": 4}),
            json!({"winner": winner, "points": 4}),
            json!({"winner": winner, "points": 4}),
            json!({"winner": loser, "points": 2}),
        ]
    };
    json!({
        "name": "Wattturnier Söll", "game": "watten", "format": "rounds",
        "players": players, "teams": teams,
        "rounds": [
            {"tables": [{"seats": ["t1", "t2"], "deals": game("A", "B")},
                        {"seats": ["t3", "t4"], "deals": game("B", "A")}]},
            {"tables": [{"seats": ["t1", "t3"], "deals": game("A", "B")},
                        {"seats": ["t2", "t4"], "deals": game("A", "B")}]}
        ]
    })
}

pub(crate) fn kartl() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kartl"))
}

pub(crate) fn write(dir: &Path, name: &str, value: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path.display().to_string()
}

/// `kartl import FILE --database URL`: (exit code, stdout, stderr).
pub(crate) fn import(file: &str, database: &str, extra: &[&str]) -> (i32, String, String) {
    let out = kartl()
        .args(["import", file, "--database", database])
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

pub(crate) fn slug_of(stdout: &str) -> String {
    stdout.lines().last().unwrap().trim().to_string()
}

pub(crate) fn cli_standings(file: &str) -> Value {
    let out = kartl().args(["standings", file]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

async fn get_json(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let res = app.browser().get(path).await;
    let value = serde_json::from_str(&res.body)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", res.status, res.body));
    (res.status, value)
}

/// The watten file stored through the service; returns its slug.
async fn stored(app: &TestApp, file: Value) -> String {
    let file = TournamentFile::parse(&file.to_string()).unwrap();
    let now = app.clock_now();
    app.state
        .db
        .run(move |conn| {
            kartl::service::import::import(
                conn,
                &Actor::command_line(),
                now,
                &file,
                // Public: the tests read its standings through the API without an account.
                &kartl::service::import::ImportOptions {
                    public: true,
                    ..Default::default()
                },
            )
        })
        .await
        .unwrap()
}

trait Now {
    fn clock_now(&self) -> chrono::NaiveDateTime;
}

impl Now for TestApp {
    fn clock_now(&self) -> chrono::NaiveDateTime {
        use kartl::clock::Clock;
        self.clock.now()
    }
}

async fn api_standings(app: &TestApp, slug: &str) -> Value {
    let (status, body) = get_json(app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn points_of(standings: &Value, id: &str) -> i64 {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()["points"]
        .as_i64()
        .unwrap()
}

/// A new tournament's slug: its stem, a dash and a random suffix of six letters or digits.
fn assert_slug(slug: &str, stem: &str) {
    let suffix = slug
        .strip_prefix(stem)
        .and_then(|s| s.strip_prefix('-'))
        .unwrap_or_else(|| panic!("{slug} starts with {stem}-"));
    assert_eq!(suffix.len(), 6, "{slug}");
    assert!(suffix.chars().all(|c| c.is_ascii_alphanumeric()), "{slug}");
}
