//! Cup files (docs/reference/cups.md) through `kartl standings` and `POST /api/v1/standings`:
//! the cup's standings equal a recomputation from each evening's own standings as
//! `kartl standings` prints them for the evening's file alone.

use super::{cli_standings, kartl, watten_file, write};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;

both_backends!(the_api_answers_a_cup_file_as_the_command_line_does);

/// Three Watten evenings of the same eight players: the second with the results turned round
/// (every table's winner loses), the third without team 4.
fn evenings() -> Vec<Value> {
    let first = watten_file();
    let mut second = watten_file();
    second["name"] = json!("Wattturnier Kramsach");
    for round in second["rounds"].as_array_mut().unwrap() {
        for table in round["tables"].as_array_mut().unwrap() {
            for deal in table["deals"].as_array_mut().unwrap() {
                let flipped = if deal["winner"] == "A" { "B" } else { "A" };
                deal["winner"] = json!(flipped);
            }
        }
    }
    let mut third = watten_file();
    third["name"] = json!("Wattturnier Brixlegg");
    third["teams"].as_array_mut().unwrap().pop();
    third["rounds"] = json!([
        {"tables": [{"seats": ["t1", "t2"], "deals": watten_file()["rounds"][0]["tables"][0]["deals"]}]}
    ]);
    vec![first, second, third]
}

fn cup(evenings: &[Value]) -> Value {
    json!({
        "cup": "Watt-Cup Unterland", "game": "watten",
        "points": [25, 20, 16, 13], "best_of": 2, "min_evenings": 2,
        "evenings": evenings
    })
}

/// The cup's standings recomputed by hand from each evening's own standings: each player the
/// points of the team's rank, the best two evenings counted.
fn recomputed(evenings: &[Value], dir: &std::path::Path) -> BTreeMap<String, (u32, usize)> {
    let table = [25u32, 20, 16, 13];
    let mut points: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for (i, evening) in evenings.iter().enumerate() {
        let standings = cli_standings(&write(dir, &format!("abend{i}.json"), evening));
        for row in standings["standings"].as_array().unwrap() {
            let rank = row["rank"].as_u64().unwrap() as usize;
            let team = evening["teams"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["id"] == row["id"])
                .unwrap();
            for player in team["players"].as_array().unwrap() {
                let p = table.get(rank - 1).copied().unwrap_or(0);
                points
                    .entry(player.as_str().unwrap().to_string())
                    .or_default()
                    .push(p);
            }
        }
    }
    points
        .into_iter()
        .map(|(player, mut p)| {
            p.sort_unstable_by(|a, b| b.cmp(a));
            let n = p.len();
            (player, (p.iter().take(2).sum(), n))
        })
        .collect()
}

#[test]
fn kartl_standings_adds_up_a_cup_file_as_its_evenings_standings_say() {
    let dir = tempfile::tempdir().unwrap();
    let evenings = evenings();
    let path = write(dir.path(), "cup.json", &cup(&evenings));
    let answer = cli_standings(&path);
    assert_eq!(answer["cup"], "Watt-Cup Unterland");
    let want = recomputed(&evenings, dir.path());
    let lines = answer["standings"].as_array().unwrap();
    assert_eq!(lines.len(), want.len(), "{answer:#}");
    for line in lines {
        let id = line["id"].as_str().unwrap();
        let (points, played) = want[id];
        assert_eq!(line["points"], points, "{id}: {answer:#}");
        assert_eq!(line["evenings"].as_array().unwrap().len(), played, "{id}");
        // Ranked exactly when the player has the cup's minimum of two evenings.
        assert_eq!(line["rank"].is_u64(), played >= 2, "{id}: {line}");
    }
    // Ranked players are in order of points, the unranked after them.
    let ranked: Vec<u64> = lines
        .iter()
        .take_while(|l| l["rank"].is_u64())
        .map(|l| l["points"].as_u64().unwrap())
        .collect();
    assert!(ranked.windows(2).all(|w| w[0] >= w[1]), "{answer:#}");
    assert!(lines[ranked.len()..].iter().all(|l| l["rank"].is_null()));
    assert!(lines[0]["name"].as_str().unwrap().starts_with("Watterin"));
}

#[test]
fn a_cup_file_with_an_evening_of_another_game_is_malformed_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut evenings = evenings();
    evenings[1] = super::rutesheim_file();
    let path = write(dir.path(), "cup.json", &cup(&evenings));
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("evenings[1].game"), "{stderr}");
}

async fn the_api_answers_a_cup_file_as_the_command_line_does(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let post = |body: String| {
        app.browser()
            .client
            .post(format!("{}/api/v1/standings", app.base))
            .header("Content-Type", "application/json")
            .body(body)
            .send()
    };
    for file in [cup(&evenings()), watten_file()] {
        let want = cli_standings(&write(dir.path(), "file.json", &file));
        let res = post(file.to_string()).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let got: Value = res.json().await.unwrap();
        assert_eq!(got, want);
    }
    let res = post(json!({"cup": "x", "game": "watten"}).to_string())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert!(body["error"].as_str().unwrap().contains("points"), "{body}");
}
