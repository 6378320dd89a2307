//! Three-player Watten tournaments (rules text `004`, "Bavarian Watten for two or three
//! players"; docs/tournaments.md "Three-player Watten"): a tournament file of `sessions` at
//! tables of three (seats map `P1`..`P3` to players) through `kartl standings`, `kartl import`,
//! the API standings and the export.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use crate::score::{Checked, check, field, save};
use crate::tournaments::{self, cli_standings, kartl, run_tournament, slug_of, write};
use kartl::clock::Clock;
use kartl::service::tournaments::NewTournament;
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
    let (code, out, err) = tournaments::import(file, database, &[]);
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

#[test]
fn kartl_standings_ranks_by_games_won_then_bummerl() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w3.json", &three_player_file());
    let s = cli_standings(&path);
    let row = |id: &str| row_of(&s, id);
    // Anna: one game won, a bye (one game); Sepp: one game won, one Bummerl; Loisl: a bye,
    // one Bummerl, none dealt; Vroni: two Bummerl.
    assert_eq!(
        row("p1"),
        json!({"rank": 1, "id": "p1", "name": "Anna", "points": 2,
               "bummerl_received": 0, "bummerl_dealt": 2})
    );
    assert_eq!(
        row("p2"),
        json!({"rank": 2, "id": "p2", "name": "Sepp", "points": 1,
               "bummerl_received": 1, "bummerl_dealt": 2})
    );
    assert_eq!(row("p4")["rank"], 3);
    assert_eq!(row("p3")["points"], 0);
    assert_eq!(row("p3")["bummerl_received"], 2);
    assert_eq!(row("p3")["rank"], 4);
}

#[test]
fn a_three_player_file_with_a_rule_broken_or_two_sides_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // A table of two sides is no three-player table.
    let mut file = three_player_file();
    file["rounds"][0]["tables"][0]["seats"] = json!(["p1", "p2"]);
    let path = write(dir.path(), "two.json", &file);
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("rounds[0].tables[0].seats"));
    // The rounds format seats two sides.
    let mut file = three_player_file();
    file["format"] = json!("rounds");
    let path = write(dir.path(), "rounds.json", &file);
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    // A deal no legal sequence gives (1 point) breaks the record: exit 1.
    let mut file = three_player_file();
    file["rounds"][1]["tables"][0]["deals"][0] =
        json!({"alone": "P2", "winner": "P2", "points": 1});
    let path = write(dir.path(), "rule.json", &file);
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

both_backends!(
    an_imported_three_player_file_keeps_its_standings,
    its_public_pages_and_exports_show_the_players_and_their_bummerl,
    a_three_player_tournament_runs_from_draw_to_standings,
    the_scorer_names_who_played_alone_and_the_standings_follow,
    the_secretary_creates_draws_and_the_scorer_scores_through_the_pages,
);

async fn an_imported_three_player_file_keeps_its_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w3.json", &three_player_file());
    let expected = cli_standings(&path);
    let slug = import(&path, &app.db.url);
    let api = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    assert_eq!(api, expected);
    // The export is a tournament file again: seats P1..P3, the option, the same standings.
    let export = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    assert_eq!(export["options"]["players"], 3, "{export}");
    assert_eq!(
        export["rounds"][0]["tables"][0]["seats"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let again = write(dir.path(), "again.json", &export);
    assert_eq!(cli_standings(&again), expected);
}

async fn its_public_pages_and_exports_show_the_players_and_their_bummerl(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w3.json", &three_player_file());
    let slug = import(&path, &app.db.url);
    let anonymous = app.browser();
    // The public standings name the Bummerl columns in German.
    let page = anonymous.get(&format!("/p/{slug}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Bummerl erhalten"), "{}", page.body);
    assert!(page.body.contains("Bummerl ausgeteilt"));
    // The table's sheet: a column per player, the player alone marked, the winner.
    let sheet = anonymous.get(&format!("/p/{slug}/rounds/1/tables/1")).await;
    assert_eq!(sheet.status, StatusCode::OK);
    for want in [
        "Watten · 3",
        "Anna",
        "Sepp",
        "Vroni",
        ">14<",
        ">0*<",
        "Sieger",
    ] {
        assert!(sheet.body.contains(want), "{want} missing: {}", sheet.body);
    }
    // The organiser's CSV export has the tie-break columns and the rows in rank order.
    let admin = app.setup().await;
    let csv = admin.get(&format!("/t/{slug}/standings.csv")).await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.body);
    assert!(csv.body.contains("Bummerl erhalten"), "{}", csv.body);
    let anna = csv.body.find("Anna").unwrap();
    let vroni = csv.body.find("Vroni").unwrap();
    assert!(anna < vroni, "{}", csv.body);
    // Every other export and printable of the tournament answers.
    for export in [
        "report",
        "report.pdf",
        "rounds.csv",
        "results.xlsx",
        "tournament.json",
        "rounds/1/seating",
        "rounds/1/sheets.pdf",
    ] {
        let res = admin.get(&format!("/t/{slug}/{export}")).await;
        assert_eq!(res.status, StatusCode::OK, "{export}: {}", res.body);
    }
}

/// A Bavarian three-player Watten tournament of two sessions of `deals` deals.
fn three_player_tournament(club_id: i32, name: &str, deals: u32, public: bool) -> NewTournament {
    NewTournament {
        club_id,
        name: name.into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 28),
        place: None,
        game: kartl::rules::Game::Watten,
        variant: Some(kartl::tournament::file::Variant::Bavarian),
        target: None,
        options: json!({"players": 3}).as_object().cloned(),
        format: kartl::tournament::format::Format::Sessions,
        settings: serde_json::from_value(json!({"sessions": 2, "deals": deals})).unwrap(),
        public,
    }
}

/// The service's own path (create, players, draw, deals, close): seven players give two
/// tables of three and a bye each session; at every table `P1` plays alone and takes 11.
async fn a_three_player_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let club = app
        .state
        .db
        .run(|conn| {
            kartl::service::import::club_named(conn, "Wattclub", chrono::NaiveDateTime::default())
        })
        .await
        .unwrap();
    let new = three_player_tournament(club, "Dreierwatten", 3, false);
    let slug = run_tournament(&app, new, 7, 1, 2, |_, _| {
        vec![
            json!({"alone": "P2", "events": [{"bet": "P1"}, {"see": "P2"}, {"tricks": "P3"}]}),
            json!({"alone": "P1", "winner": "P1", "points": 11}),
        ]
    })
    .await;
    let export = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    for round in export["rounds"].as_array().unwrap() {
        let tables = round["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 2, "{round}");
        assert!(
            tables
                .iter()
                .all(|t| t["seats"].as_array().unwrap().len() == 3)
        );
        assert_eq!(round["byes"].as_array().unwrap().len(), 1, "{round}");
    }
    let api = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let rows = api["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    // Two sessions: 4 games won at tables (P1 reached 14 each time) and 2 byes, 6 in all;
    // each lost game gave one Bummerl, 8 in all.
    let sum = |key: &str| rows.iter().map(|r| r[key].as_i64().unwrap()).sum::<i64>();
    assert_eq!(sum("points"), 6, "{api}");
    assert_eq!(sum("bummerl_received"), 8, "{api}");
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "export.json", &export);
    assert_eq!(cli_standings(&path), api);
}

/// A three-player tournament of `deals` deals a session, session 1 drawn (six players, two
/// tables), saves counting at once, table cards issued: (slug, the first table's link secret).
pub async fn drawn_with_cards(app: &TestApp, deals: u32) -> (String, String) {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            use kartl::service::scoring::{self, Confirmation, links};
            use kartl::service::{Actor, draws, tournaments as t};
            let actor = Actor::command_line();
            let club = kartl::service::import::club_named(conn, "Wattclub", now)?;
            let new = three_player_tournament(club, "Dreierwatten am Tisch", deals, true);
            let slug = t::create(conn, &actor, now, &new)?;
            for name in ["Anna", "Sepp", "Vroni", "Loisl", "Kathi", "Hias"] {
                t::add_player(conn, &actor, now, &slug, name, None)?;
            }
            draws::draw_round(conn, &actor, now, &slug, Some(5))?;
            scoring::set_confirmation(conn, &actor, now, &slug, Confirmation::None)?;
            let cards = links::issue_cards(conn, &actor, now, &slug, 1)?;
            Ok((slug, cards.cards[0].token.clone()))
        })
        .await
        .unwrap()
}

async fn check_and_save(b: &crate::common::Browser, token: &str, fields: &[(&str, &str)]) {
    let (status, body) = check(b, token, fields).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    assert_eq!(save(b, token, &c).await.status, StatusCode::SEE_OTHER);
}

async fn the_scorer_names_who_played_alone_and_the_standings_follow(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let (slug, token) = drawn_with_cards(&app, 10).await;
    let b = app.browser();
    // The scorer's page is the pad (issue 13), at 0:0:0 before the first deal (it showed
    // "0:0" at a table of three); the forms below are its check and save.
    let page = b.get(&format!("/s/{token}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("id=\"score-now\">0:0:0<"),
        "{}",
        page.body
    );
    // No player alone chosen correctly: the form says so and nothing is checked.
    let (status, body) = check(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "A"),
            ("winner", "P1"),
            ("points", "2"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("wer allein gespielt hat"), "{body}");
    let (status, body) = check(
        &b,
        &token,
        &[("mode", "quick"), ("winner", "P1"), ("points", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("wer allein gespielt hat"), "{body}");
    // P1 alone takes 5; the team P1 + P3 takes 3 (by events); P1 alone takes 3: 11, won.
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "P1"),
            ("winner", "P1"),
            ("points", "5"),
        ],
    )
    .await;
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "events"),
            ("alone", "P2"),
            ("events", "bet P1\nsee P2\ntricks P3"),
        ],
    )
    .await;
    // Rules text 004: "If the team wins both players score": the deal names both of them.
    let page = b.get(&format!("/s/{token}")).await;
    assert!(
        page.body.contains("P1 + P3 schreiben 3, Stand 8:0:3"),
        "{}",
        page.body
    );
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "P1"),
            ("winner", "P1"),
            ("points", "3"),
        ],
    )
    .await;
    // The page shows the three totals on the sheet, in English too.
    let en = app.browser();
    en.get("/lang/en?next=/").await;
    let page = en.get(&format!("/s/{token}")).await;
    assert!(
        page.body.contains("Enter deal 4"),
        "the pad in English: {}",
        page.body
    );
    // The sheet: P1 played alone in the last deal and reached 11.
    assert!(page.body.contains(">11*<"), "{}", page.body);
    // The standings: the first table's P1 won one game, the two others one Bummerl each.
    let export = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    let seats: Vec<String> = export["rounds"][0]["tables"][0]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    let api = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let row = |id: &str| row_of(&api, id);
    assert_eq!(row(&seats[0])["points"], 1, "{api}");
    assert_eq!(row(&seats[0])["rank"], 1, "{api}");
    assert_eq!(row(&seats[1])["bummerl_received"], 1, "{api}");
    assert_eq!(row(&seats[2])["bummerl_received"], 1, "{api}");
    assert_eq!(row(&seats[2])["points"], 0, "{api}");
}

/// The whole path through the pages: the secretary's form (three players), the field, the
/// draw, the table cards, the scorer's link, the standings.
async fn the_secretary_creates_draws_and_the_scorer_scores_through_the_pages(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    let form = sepp
        .get("/tournaments/new?game=watten&variant=bavarian&players=3")
        .await;
    assert!(form.body.contains("Spieler am Tisch"), "{}", form.body);
    assert!(form.body.contains("name=\"players\" value=\"3\""));
    assert!(
        form.body.contains("name=\"sessions\""),
        "sessions fields are shown"
    );
    let slug = crate::secretary::create(
        &sepp,
        &[
            ("name", "Dreierwatten im Wirtshaus"),
            ("date", "2026-11-28"),
            ("game", "watten"),
            ("variant", "bavarian"),
            ("players", "3"),
            ("format", "sessions"),
            ("target", "11"),
            ("sessions", "2"),
            ("deals", "10"),
            ("fill", "byes"),
            ("draw", "random"),
        ],
    )
    .await;
    let entrants = format!("/t/{slug}/entrants");
    let list = "Anna\nSepp\nVroni\nLoisl\nKathi\nHias\n";
    let res = sepp
        .submit(&entrants, &format!("/t/{slug}/import"), &[("list", list)])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let cards = format!("/t/{slug}/rounds/1/cards");
    let res = sepp
        .submit(
            &cards,
            &format!("/t/{slug}/confirmation"),
            &[("confirmation", "none"), ("round", "1")],
        )
        .await;
    assert!(
        res.status.is_success() || res.status.is_redirection(),
        "{}",
        res.body
    );
    let res = sepp.submit(&cards, &cards, &[]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let token = crate::common::between(&res.body, "/s/", "\"").expect("a scorer link");
    let b = app.browser();
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "P2"),
            ("winner", "P2"),
            ("points", "11"),
        ],
    )
    .await;
    let api = get_json_as(&sepp, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let rows = api["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "{api}");
    assert_eq!(rows[0]["points"], 1, "{api}");
    assert_eq!(
        rows.iter()
            .map(|r| r["bummerl_received"].as_i64().unwrap())
            .sum::<i64>(),
        2
    );
}

async fn get_json_as(b: &crate::common::Browser, path: &str) -> Value {
    let res = b.get(path).await;
    assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
    serde_json::from_str(&res.body).unwrap()
}
