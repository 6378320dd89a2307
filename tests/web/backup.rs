//! `kartl backup PATH` and the documented restore (docs/reference/operations.md): the real
//! binary copies the database while writes go on; the copy passes SQLite's integrity check;
//! restored into a fresh place it gives the same standings through the API; an existing PATH
//! is refused unless `--force`. On PostgreSQL through pg_dump/pg_restore; without those client
//! tools the PostgreSQL case fails under CI and is skipped, saying so, elsewhere
//! (`tests/common/absent.rs`).

use crate::both_backends;
use crate::common::{Backend, TestApp, TestDb};
use kartl::clock::Clock;
use reqwest::StatusCode;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

both_backends!(a_backup_taken_during_writes_restores_to_the_same_standings);

fn kartl(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kartl"))
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("the kartl binary runs")
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

/// The standings of every tournament as the API gives them.
async fn standings(app: &TestApp, slugs: &[String]) -> Vec<String> {
    let browser = app.browser();
    let mut all = Vec::new();
    for slug in slugs {
        let res = browser
            .get(&format!("/api/v1/tournaments/{slug}/standings"))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
        all.push(res.body);
    }
    all
}

async fn a_backup_taken_during_writes_restores_to_the_same_standings(backend: Backend) {
    if matches!(backend, Backend::Postgres(_)) && !(have("pg_dump") && have("pg_restore")) {
        crate::common::absent::skip(
            "pg_dump/pg_restore",
            "Debian: apt-get install postgresql-client",
        );
        return;
    }
    let app = TestApp::spawn(&backend).await;
    let now = app.clock.now();
    let slugs = app
        .state
        .db
        .run(move |conn| kartl::service::demo::fill(conn, now))
        .await
        .unwrap();
    let before = standings(&app, &slugs).await;

    // Writes go on while the backup runs: clubs added one after another.
    let writing = Arc::new(AtomicBool::new(true));
    let written = Arc::new(AtomicUsize::new(0));
    let writer = {
        let (db, writing, written) = (app.state.db.clone(), writing.clone(), written.clone());
        tokio::spawn(async move {
            let mut i = 0;
            while writing.load(Ordering::Relaxed) {
                i += 1;
                let name = format!("Verein {i}");
                db.run(move |conn| kartl::service::import::club_named(conn, &name, now))
                    .await
                    .unwrap();
                written.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    while written.load(Ordering::Relaxed) < 3 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kartl-backup.db");
    let target = file.display().to_string();
    let url = app.db.url.clone();
    let args = ["backup", target.as_str(), "--database", url.as_str()];
    let out = kartl::blocking({
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        move || {
            Command::new(env!("CARGO_BIN_EXE_kartl"))
                .args(&args)
                .output()
                .unwrap()
        }
    })
    .await
    .unwrap();
    writing.store(false, Ordering::Relaxed);
    writer.await.unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        written.load(Ordering::Relaxed) > 3,
        "the writes went on meanwhile"
    );
    let copy = std::fs::read(&file).unwrap();

    // A second backup to the same path is refused and leaves the first alone; --force replaces.
    let again = kartl(&args);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert_eq!(std::fs::read(&file).unwrap(), copy);
    let forced = kartl(&[&args[..], &["--force"]].concat());
    assert!(
        forced.status.success(),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no partial file left behind");

    // Restore into a fresh place, as docs/reference/operations.md says, and start kartl on it.
    let restored_db = TestDb::create(&backend);
    match &backend {
        Backend::Sqlite => {
            let path = restored_db.path().unwrap();
            std::fs::copy(&file, &path).unwrap();
            let check = kartl::blocking(move || {
                use diesel::{Connection, RunQueryDsl, sqlite::SqliteConnection};
                #[derive(diesel::QueryableByName)]
                struct Integrity {
                    #[diesel(sql_type = diesel::sql_types::Text)]
                    integrity_check: String,
                }
                let mut conn = SqliteConnection::establish(&path.display().to_string()).unwrap();
                diesel::sql_query("PRAGMA integrity_check")
                    .load::<Integrity>(&mut conn)
                    .unwrap()
                    .into_iter()
                    .map(|r| r.integrity_check)
                    .collect::<Vec<_>>()
            })
            .await
            .unwrap();
            assert_eq!(check, ["ok"]);
        }
        Backend::Postgres(_) => {
            let out = Command::new("pg_restore")
                .args([
                    "--no-owner",
                    "--exit-on-error",
                    "--dbname",
                    &restored_db.url,
                ])
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let restored = TestApp::spawn_on(restored_db).await;
    assert_eq!(standings(&restored, &slugs).await, before);
    // The copy is of one moment: every club written before the backup began, and none
    // written after it ended.
    let count = |app: &TestApp| {
        let db = app.state.db.clone();
        async move {
            db.run(|conn| Ok(kartl::db::models::Club::all(conn)?.len()))
                .await
                .unwrap()
        }
    };
    let (in_copy, in_original) = (count(&restored).await, count(&app).await);
    let demo_clubs = in_original - written.load(Ordering::Relaxed);
    assert!(
        in_copy >= demo_clubs + 3 && in_copy <= in_original,
        "{in_copy} clubs in the copy, {demo_clubs} before the writes, {in_original} after"
    );
}
