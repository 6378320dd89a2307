//! The database under the service: migrations both ways, and the health check when the
//! database goes away.

use crate::both_backends;
use crate::common::{Backend, TestApp, TestDb};
use diesel::connection::SimpleConnection;
use kartl::db::{self, DbUrl};
use reqwest::StatusCode;
use std::time::Duration;

both_backends!(
    migrations_run_up_down_and_up_again,
    healthz_answers_503_when_the_database_is_gone,
    foreign_keys_hold_on_every_pooled_connection,
    concurrent_writes_all_land,
);

/// Every column of the tournament tables.
const TOURNAMENT_TABLES: &str = "\
    SELECT id, club_id, name, start_no, created_at FROM players; \
    SELECT id, slug, club_id, name, date, place, game, variant, target, options, format, settings, \
           rules_frozen, public, status, created_at FROM tournaments; \
    SELECT id, tournament_id, player_id, entrant_id, position FROM tournament_players; \
    SELECT id, tournament_id, entrant_id, name, position FROM teams; \
    SELECT id, team_id, player_id, position FROM team_members; \
    SELECT id, tournament_id, number, seed, knockout, byes, status, closed_at, reopened_reason, \
           created_at FROM rounds; \
    SELECT id, round_id, number, seats, scorer_token_hash FROM round_tables; \
    SELECT id, table_id, deal_no, version, record, status, source, user_id, reason, \
           submission_key, created_at, ip FROM deal_versions; \
    SELECT id, tournament_id, table_id, deal_version_id, actor, action, detail, reason, ip, \
           created_at FROM audit_events";

async fn migrations_run_up_down_and_up_again(backend: Backend) {
    let test_db = TestDb::create(&backend);
    let url = DbUrl::parse(&test_db.url).unwrap();
    kartl::blocking(move || {
        // `connect` applies the migrations (up).
        let pool = db::connect(&url, Duration::from_secs(5)).unwrap();
        let mut conn = pool.get().unwrap();
        conn.batch_execute("SELECT id, name, password_hash, role, club_id, created_at FROM users").unwrap();
        conn.batch_execute(TOURNAMENT_TABLES).unwrap();
        db::revert_all(&mut conn).unwrap();
        assert!(conn.batch_execute("SELECT id FROM users").is_err(), "down removed the tables");
        assert!(conn.batch_execute("SELECT id FROM deal_versions").is_err());
        assert!(conn.batch_execute("SELECT id FROM tournaments").is_err());
        assert!(conn.batch_execute("SELECT id FROM sessions").is_err());
        db::migrate(&mut conn).unwrap();
        conn.batch_execute(
            "INSERT INTO clubs (name, created_at) VALUES ('SK Test', '2026-11-21 12:00:00'); \
             SELECT id, user_id, csrf_token, created_at, last_seen_at FROM sessions; \
             SELECT id, user_id, code_hash, created_by, created_at, expires_at, used_at FROM reset_codes",
        )
        .unwrap();
        conn.batch_execute(TOURNAMENT_TABLES).unwrap();
    })
    .await
    .unwrap();
}

async fn healthz_answers_503_when_the_database_is_gone(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let browser = app.browser();
    let res = browser.get("/healthz").await;
    assert_eq!((res.status, res.body.as_str()), (StatusCode::OK, "ok"));
    app.db.destroy();
    let res = browser.get("/healthz").await;
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{}", res.body);
    // Pages say so too, rather than writing into a database nobody will see again.
    let page = browser.get("/login").await;
    assert_eq!(
        page.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        page.body
    );
    assert!(
        page.body.contains("Die Datenbank antwortet gerade nicht."),
        "{}",
        page.body
    );
    assert!(page.header("content-security-policy").is_some());
}

async fn foreign_keys_hold_on_every_pooled_connection(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // The same insert with a club that exists goes through (so a refusal below is the key's).
    app.state
        .db
        .run(|conn| {
            conn.batch_execute(
                "INSERT INTO clubs (name, created_at) VALUES ('SK', '2026-11-21 12:00:00'); \
                 INSERT INTO users (name, password_hash, role, club_id, created_at) \
                 SELECT 'Mitglied', '!', 'secretary', id, '2026-11-21 12:00:00' FROM clubs",
            )?;
            Ok(())
        })
        .await
        .unwrap();
    // More checkouts than one connection: each must enforce foreign keys (SQLite turns them on
    // per connection).
    let mut runs = Vec::new();
    for _ in 0..6 {
        let db = app.state.db.clone();
        runs.push(tokio::spawn(async move {
            db.run(|conn| {
                let orphan = conn.batch_execute(
                    "INSERT INTO users (name, password_hash, role, club_id, created_at) \
                     VALUES ('Waise', '!', 'secretary', 999, '2026-11-21 12:00:00')",
                );
                Ok(orphan.is_err())
            })
            .await
            .unwrap()
        }));
    }
    for run in runs {
        assert!(
            run.await.unwrap(),
            "a user in a club that does not exist was stored"
        );
    }
    if let Some(path) = app.db.path() {
        // Write-ahead logging is on: the -wal file sits beside the database.
        let wal = path.with_file_name("kartl.db-wal");
        assert!(wal.exists(), "{} missing", wal.display());
    }
}

async fn concurrent_writes_all_land(backend: Backend) {
    // Several workers writing at once: on SQLite each write waits for the lock (BEGIN
    // IMMEDIATE + busy_timeout) instead of failing with "database is locked".
    let app = TestApp::spawn_with(&backend, |s| s.workers = Some(4)).await;
    let admin = std::sync::Arc::new(app.setup().await);
    let token = crate::common::csrf_in(&admin.get("/admin").await.body).unwrap();
    let mut posts = Vec::new();
    for i in 0..20 {
        let (admin, token) = (admin.clone(), token.clone());
        posts.push(tokio::spawn(async move {
            let name = format!("Verein {i:02}");
            admin
                .post(
                    "/admin/clubs",
                    &[("csrf", token.as_str()), ("name", name.as_str())],
                )
                .await
                .status
        }));
    }
    for post in posts {
        assert_eq!(post.await.unwrap(), StatusCode::SEE_OTHER);
    }
    let page = admin.get("/admin").await.body;
    assert_eq!(page.matches("<option value=").count(), 20);
}

/// Each backend has the same migrations under the same names, each with an up and a down.
#[test]
fn migration_twins_share_their_names() {
    let list = |backend: &str| {
        let dir = format!("{}/migrations/{backend}", env!("CARGO_MANIFEST_DIR"));
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap())
            .inspect(|e| {
                for file in ["up.sql", "down.sql"] {
                    assert!(
                        e.path().join(file).is_file(),
                        "{} lacks {file}",
                        e.path().display()
                    );
                }
            })
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(list("sqlite"), list("postgres"));
    assert!(!list("sqlite").is_empty());
}
