//! Tournaments in the service (issue 6): `kartl import` and `kartl standings` through the real
//! binary, the two API routes, visibility, deal versions, and standings that always equal a
//! recomputation from scratch.

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

both_backends!(
    an_imported_file_has_the_api_standings_of_kartl_standings,
    an_export_imported_again_gives_identical_standings,
    a_table_breaking_a_rule_refuses_the_import_and_stores_nothing,
    a_malformed_file_is_exit_2_naming_the_path,
    private_tournaments_are_404_for_anonymous_callers,
    a_correction_supersedes_and_only_confirmed_current_versions_count,
    deal_versions_and_audit_events_cannot_be_changed_or_deleted,
    a_sessions_tournament_runs_from_draw_to_standings,
    a_rounds_tournament_runs_from_draw_to_standings,
);

async fn an_imported_file_has_the_api_standings_of_kartl_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    for (name, file) in [("r.json", rutesheim_file()), ("w.json", watten_file())] {
        let path = write(dir.path(), name, &file);
        let (code, out, err) = import(&path, &app.db.url, &[]);
        assert_eq!(code, 0, "{err}");
        let slug = slug_of(&out);
        let (status, api) = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
        assert_eq!(status, StatusCode::OK, "{api}");
        assert_eq!(api, cli_standings(&path), "{name}");
        assert!(api["standings"].as_array().unwrap().len() >= 4);
    }
}

async fn an_export_imported_again_gives_identical_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "r.json", &rutesheim_file());
    let slug = slug_of(&import(&path, &app.db.url, &[]).1);
    assert_slug(&slug, "gaigelturnier-skv-rutesheim");
    let (status, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        export["rounds"][0]["seed"],
        json!(7),
        "kartl's optional keys are kept"
    );
    let again = write(dir.path(), "export.json", &export);
    let (code, out, err) = import(&again, &app.db.url, &[]);
    assert_eq!(code, 0, "{err}");
    let slug2 = slug_of(&out);
    assert_slug(&slug2, "gaigelturnier-skv-rutesheim");
    assert_ne!(slug2, slug, "the second import gets a slug of its own");
    let (_, first) = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let (_, second) = get_json(&app, &format!("/api/v1/tournaments/{slug2}/standings")).await;
    assert_eq!(first, second);
    let (_, export2) = get_json(&app, &format!("/api/v1/tournaments/{slug2}/export.json")).await;
    assert_eq!(export, export2, "the round trip is exact");
    // From scratch: the referee over the exported file equals what the API shows.
    let file = TournamentFile::parse(&export.to_string()).unwrap();
    let scratch = serde_json::to_value(evaluate(&file, Lang::De).unwrap().standings).unwrap();
    assert_eq!(scratch, first);
    assert_eq!(cli_standings(&again), first);
}

async fn a_table_breaking_a_rule_refuses_the_import_and_stores_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let mut file = watten_file();
    // Round 2, table 1, deal 2: one point is no score in Watten.
    file["rounds"][1]["tables"][0]["deals"][1] = json!({"winner": "A", "points": 1});
    let path = write(dir.path(), "bad.json", &file);
    let (code, out, err) = import(&path, &app.db.url, &[]);
    assert_eq!(code, 1, "{out} {err}");
    assert!(out.trim().is_empty(), "{out}");
    assert!(err.contains("round 2, table 1, deal 2"), "{err}");
    assert!(err.contains("points_out_of_range"), "{err}");
    let all = app
        .state
        .db
        .run(|conn| tournaments::list(conn, Some(&Actor::command_line())))
        .await
        .unwrap();
    assert!(all.is_empty(), "nothing stored");
}

async fn a_malformed_file_is_exit_2_naming_the_path(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let mut file = watten_file();
    file["rounds"][0]["tables"][1]["seats"][1] = json!("t9");
    let path = write(dir.path(), "bad.json", &file);
    let (code, _, err) = import(&path, &app.db.url, &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("rounds[0].tables[1].seats[1]"), "{err}");
}

async fn private_tournaments_are_404_for_anonymous_callers(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w.json", &watten_file());
    let (code, out, err) = import(
        &path,
        &app.db.url,
        &["--private", "--club", "SK Testverein"],
    );
    assert_eq!(code, 0, "{err}");
    let slug = slug_of(&out);
    for what in ["standings", "export.json"] {
        let (status, body) = get_json(&app, &format!("/api/v1/tournaments/{slug}/{what}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_eq!(body, json!({"error": "not found"}));
    }
    let (status, _) = get_json(&app, "/api/v1/tournaments/no-such-thing/standings").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The club's secretary and the administrator see it.
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Sekretärin").await;
    let secretary = app.browser();
    secretary.login("Sekretärin", &password).await;
    for who in [&admin, &secretary] {
        let res = who
            .get(&format!("/api/v1/tournaments/{slug}/standings"))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    }
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
                &Default::default(),
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

async fn a_correction_supersedes_and_only_confirmed_current_versions_count(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = stored(&app, watten_file()).await;
    let before = api_standings(&app, &slug).await;
    assert_eq!(points_of(&before, "t1"), 2, "t1 won a game in each round");
    let now = app.clock_now();
    let s = slug.clone();
    let (table, later) = app
        .state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            Ok((
                draws::table_id(conn, &actor, &s, 1, 1)?,
                draws::table_id(conn, &actor, &s, 2, 1)?,
            ))
        })
        .await
        .unwrap();
    let record =
        move |conn: &mut kartl::db::DbConn, table, deal_no, rec: Value, status, reason: &str| {
            let input = DealInput {
                deal_no,
                record: rec,
                status,
                source: DealSource::Secretary,
                reason: Some(reason.to_string()).filter(|r| !r.is_empty()),
                expected_version: None,
                submission_key: None,
                ip: None,
            };
            deals::record_deal(conn, &Actor::command_line(), now, table, &input)
        };
    // Round 1, table 1: B wins deal 3 instead of A: t1 no longer wins that game.
    let stored = app
        .state
        .db
        .run(move |conn| {
            let deal = json!({"winner": "B", "points": 4});
            record(conn, table, 2, deal, DealStatus::Confirmed, "misread")
        })
        .await
        .unwrap();
    assert_eq!(stored.version, 2);
    let after = api_standings(&app, &slug).await;
    assert_eq!(points_of(&after, "t1"), 1, "{after}");
    // Round 2, table 1 (t1 against t3): a pending latest version of deal 1 does not count,
    // and the deals after it wait, so t1 has not won that game either.
    app.state
        .db
        .run(move |conn| {
            let deal = json!({"winner": "A", "points": 3});
            record(conn, later, 0, deal, DealStatus::Pending, "recount")
        })
        .await
        .unwrap();
    let pending = api_standings(&app, &slug).await;
    assert_eq!(points_of(&pending, "t1"), 0, "{pending}");
    let s = slug.clone();
    let shown = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, None, &s))
        .await
        .unwrap();
    let view = &shown.rounds[1].tables[0];
    assert_eq!((view.deals.len(), view.pending.clone()), (0, vec![0]));
    // Withdrawing does not count either; confirming again restores the record.
    app.state
        .db
        .run(move |conn| {
            let status = DealStatus::Withdrawn;
            deals::set_status(
                conn,
                &Actor::command_line(),
                now,
                later,
                0,
                status,
                Some("wrong table"),
            )
        })
        .await
        .unwrap();
    assert_eq!(api_standings(&app, &slug).await, pending);
    app.state
        .db
        .run(move |conn| {
            let status = DealStatus::Confirmed;
            let reason = Some("recounted: right after all");
            deals::set_status(conn, &Actor::command_line(), now, later, 0, status, reason)
        })
        .await
        .unwrap();
    let restored = api_standings(&app, &slug).await;
    assert_eq!(restored, after);
    // A version that breaks a rule at its own deal is refused.
    let refused = app
        .state
        .db
        .run(move |conn| {
            let deal = json!({"winner": "B", "points": 1});
            record(conn, table, 1, deal, DealStatus::Confirmed, "typo")
        })
        .await;
    assert!(
        matches!(refused, Err(kartl::web::AppError::BadRequest(_))),
        "{refused:?}"
    );
    // Recomputation from scratch equals what is shown.
    let (_, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    let file = TournamentFile::parse(&export.to_string()).unwrap();
    let scratch = serde_json::to_value(evaluate(&file, Lang::De).unwrap().standings).unwrap();
    assert_eq!(scratch, restored);
    // Every version has its audit event.
    let s = slug.clone();
    let (versions, events) = app
        .state
        .db
        .run(move |conn| {
            use diesel::prelude::*;
            use kartl::db::schema::{audit_events, deal_versions};
            let _ = s;
            let v: i64 = deal_versions::table.count().get_result(conn)?;
            let e: i64 = audit_events::table
                .filter(audit_events::deal_version_id.is_not_null())
                .count()
                .get_result(conn)?;
            Ok((v, e))
        })
        .await
        .unwrap();
    assert_eq!(versions, events);
    let (history, log) = app
        .state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            Ok((
                tournaments::deal_history(conn, &actor, later)?,
                tournaments::audit_log(conn, &actor, &slug)?,
            ))
        })
        .await
        .unwrap();
    let statuses: Vec<(i32, &str)> = history
        .iter()
        .filter(|v| v.deal_no == 0)
        .map(|v| (v.version, v.status.as_str()))
        .collect();
    assert_eq!(
        statuses,
        [
            (1, "confirmed"),
            (2, "pending"),
            (3, "withdrawn"),
            (4, "confirmed")
        ]
    );
    assert_eq!(history[2].reason.as_deref(), Some("wrong table"));
    assert!(log.iter().any(|e| e.reason.as_deref() == Some("misread")));
    assert_eq!(
        versions,
        24 + 4,
        "24 imported, 1 correction, pending, withdrawn, confirmed"
    );
}

async fn deal_versions_and_audit_events_cannot_be_changed_or_deleted(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    stored(&app, watten_file()).await;
    for sql in [
        "UPDATE deal_versions SET status = 'withdrawn'",
        "DELETE FROM deal_versions",
        "UPDATE audit_events SET actor = 'nobody'",
        "DELETE FROM audit_events",
    ] {
        let result = app
            .state
            .db
            .run(move |conn| {
                use diesel::connection::SimpleConnection;
                conn.batch_execute(sql).map_err(kartl::web::AppError::from)
            })
            .await;
        assert!(result.is_err(), "{sql} was allowed");
    }
}

/// Draws `rounds` rounds of a tournament created through the service with `entrants`,
/// recording the deals `deals(round, table, seats)` gives, closing each round.
pub(crate) async fn run_tournament(
    app: &TestApp,
    new: tournaments::NewTournament,
    players: usize,
    team_size: usize,
    rounds: usize,
    deals: fn(usize, usize) -> Vec<Value>,
) -> String {
    let now = app.clock_now();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let slug = tournaments::create(conn, &actor, now, &new)?;
            let mut ids = Vec::new();
            for i in 0..players {
                ids.push(tournaments::add_player(
                    conn,
                    &actor,
                    now,
                    &slug,
                    &format!("Spieler {i}"),
                    Some(i as i32 + 1),
                )?);
            }
            if team_size > 1 {
                for chunk in ids.chunks(team_size) {
                    tournaments::add_team(conn, &actor, now, &slug, "", chunk)?;
                }
            }
            for r in 0..rounds {
                let number = draws::draw_round(conn, &actor, now, &slug, Some(40 + r as u64))?;
                let detail = tournaments::get(conn, Some(&actor), &slug)?;
                let round = &detail.rounds[number as usize - 1];
                assert_eq!(round.seed, Some(40 + r as u64));
                for (t, table) in round.tables.iter().enumerate() {
                    for (d, deal) in deals(r, t).into_iter().enumerate() {
                        let input = DealInput {
                            deal_no: d as i32,
                            record: deal,
                            status: DealStatus::Confirmed,
                            source: DealSource::Secretary,
                            reason: None,
                            expected_version: Some(0),
                            submission_key: Some(format!("{r}-{t}-{d}")),
                            ip: None,
                        };
                        deals::record_deal(conn, &actor, now, table.id, &input)?;
                        // A retry with the same key stores nothing new.
                        let again = deals::record_deal(conn, &actor, now, table.id, &input)?;
                        assert!(!again.new);
                    }
                }
                draws::close_round(conn, &actor, now, &slug, number)?;
            }
            tournaments::set_public(conn, &actor, now, &slug, true)?;
            Ok(slug)
        })
        .await
        .unwrap()
}

async fn a_sessions_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let new = tournaments::NewTournament {
        club_id: 0,
        name: "Gaigeln in Rutesheim".into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        place: Some("Rutesheim".into()),
        game: kartl::rules::Game::Gaigel,
        variant: Some(kartl::tournament::file::Variant::Three),
        target: None,
        options: json!({"scoring": "rutesheim"}).as_object().cloned(),
        format: kartl::tournament::format::Format::Sessions,
        settings: serde_json::from_value(json!({"sessions": 2, "deals": 2})).unwrap(),
        public: false,
    };
    let club = app
        .state
        .db
        .run(|conn| {
            kartl::service::import::club_named(
                conn,
                "SKV Rutesheim",
                chrono::NaiveDateTime::default(),
            )
        })
        .await
        .unwrap();
    let slug = run_tournament(
        &app,
        tournaments::NewTournament {
            club_id: club,
            ..new
        },
        7,
        1,
        2,
        |r, t| {
            vec![
                rutesheim_deal((r + t) % 3, (r + t + 1) % 3),
                rutesheim_deal(2, 0),
            ]
        },
    )
    .await;
    assert_slug(&slug, "gaigeln-in-rutesheim-2026");
    let standings = api_standings(&app, &slug).await;
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    // 2 sessions x 2 tables x 2 deals x 9 game points, plus the byes' 3 points a deal.
    let total: i64 = rows.iter().map(|r| r["points"].as_i64().unwrap()).sum();
    assert_eq!(total, 2 * 2 * 2 * 9 + 2 * 2 * 3, "{standings}");
    let (_, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    let file = TournamentFile::parse(&export.to_string()).unwrap();
    assert_eq!(
        serde_json::to_value(evaluate(&file, Lang::De).unwrap().standings).unwrap(),
        standings
    );
    // A third session is refused: the tournament has two.
    let now = app.clock_now();
    let s = slug.clone();
    let third = app
        .state
        .db
        .run(move |conn| draws::draw_round(conn, &Actor::command_line(), now, &s, None))
        .await;
    assert!(third.is_err());
}

async fn a_rounds_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let club = app
        .state
        .db
        .run(|conn| {
            kartl::service::import::club_named(conn, "Watterclub", chrono::NaiveDateTime::default())
        })
        .await
        .unwrap();
    let new = tournaments::NewTournament {
        club_id: club,
        name: "Wattkönig".into(),
        date: None,
        place: None,
        game: kartl::rules::Game::Watten,
        variant: None,
        target: None,
        options: None,
        format: kartl::tournament::format::Format::Rounds,
        settings: None,
        public: false,
    };
    let slug = run_tournament(&app, new, 8, 2, 3, |r, t| {
        let (w, l) = if (r + t) % 2 == 0 {
            ("A", "B")
        } else {
            ("B", "A")
        };
        vec![
            json!({"winner": w, "points": 3}),
            json!({"winner": l, "points": 2}),
            json!({"winner": w, "points": 4}),
            json!({"winner": w, "points": 4}),
            json!({"winner": w, "points": 4}),
        ]
    })
    .await;
    assert_slug(&slug, "wattkoenig");
    let standings = api_standings(&app, &slug).await;
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let games: i64 = rows.iter().map(|r| r["points"].as_i64().unwrap()).sum();
    assert_eq!(games, 3 * 2, "one game per table and round: {standings}");
    // The rule set was frozen when the first round was drawn.
    let s = slug.clone();
    let t = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, None, &s))
        .await
        .unwrap();
    assert_eq!(
        t.tournament.rules_frozen,
        Some(json!({"game": "watten", "variant": "tyrolean", "engine": "kartl-rules/1"}))
    );
}

both_backends!(the_demo_fills_three_tournaments_whose_standings_compute);

async fn the_demo_fills_three_tournaments_whose_standings_compute(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let out = kartl()
        .args(["demo", "--database", &app.db.url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let slugs: Vec<&str> = stdout.lines().take(3).collect();
    let mut games = Vec::new();
    for slug in &slugs {
        let standings = api_standings(&app, slug).await;
        let rows = standings["standings"].as_array().unwrap();
        assert!(rows.len() >= 6, "{slug}: {standings}");
        let (_, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
        let file = TournamentFile::parse(&export.to_string()).unwrap();
        let evaluation = evaluate(&file, Lang::De).unwrap();
        assert!(
            evaluation.broken.is_empty(),
            "{slug}: {:?}",
            evaluation.broken
        );
        assert_eq!(
            serde_json::to_value(evaluation.standings).unwrap(),
            standings
        );
        assert_eq!(file.rounds.len(), 3, "{slug}");
        games.push(file.game);
    }
    use kartl::rules::Game;
    assert_eq!(games, [Game::Gaigel, Game::Watten, Game::Perlaggen]);
    // Not twice: the second run writes nothing and says why.
    let again = kartl()
        .args(["demo", "--database", &app.db.url])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already"));
    let all = app
        .state
        .db
        .run(|conn| tournaments::list(conn, None))
        .await
        .unwrap();
    assert_eq!(all.len(), 3);
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
