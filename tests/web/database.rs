//! The database under the service: migrations both ways, the health check when the database
//! goes away, and clear start-up errors.

use crate::both_backends;
use crate::common::{Backend, TestApp, TestDb};
use diesel::connection::SimpleConnection;
use kartl::db::{self, DbUrl};
use reqwest::StatusCode;
use std::process::Command;
use std::time::Duration;

both_backends!(
    migrations_run_up_down_and_up_again,
    healthz_answers_503_when_the_database_is_gone
);

async fn migrations_run_up_down_and_up_again(backend: Backend) {
    let test_db = TestDb::create(&backend);
    let url = DbUrl::parse(&test_db.url).unwrap();
    kartl::blocking(move || {
        // `connect` applies the migrations (up).
        let pool = db::connect(&url, Duration::from_secs(5)).unwrap();
        let mut conn = pool.get().unwrap();
        conn.batch_execute("SELECT id, name, password_hash, role, club_id, created_at FROM users").unwrap();
        db::revert_all(&mut conn).unwrap();
        assert!(conn.batch_execute("SELECT id FROM users").is_err(), "down removed the tables");
        assert!(conn.batch_execute("SELECT id FROM sessions").is_err());
        db::migrate(&mut conn).unwrap();
        conn.batch_execute(
            "INSERT INTO clubs (name, created_at) VALUES ('SK Test', '2026-11-21 12:00:00'); \
             SELECT id, user_id, csrf_token, created_at, last_seen_at FROM sessions; \
             SELECT id, user_id, code_hash, created_by, created_at, expires_at, used_at FROM reset_codes",
        )
        .unwrap();
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
}

fn serve(database: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kartl"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database", database])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run kartl")
}

fn one_line_error(out: &std::process::Output) -> String {
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("kartl:")).collect();
    assert_eq!(lines.len(), 1, "one clear line: {stderr}");
    lines[0].to_string()
}

#[test]
fn start_up_fails_clearly_on_a_bad_sqlite_path() {
    let line = one_line_error(&serve("/no/such/dir/kartl.db"));
    assert!(
        line.contains("cannot open the database sqlite:///no/such/dir/kartl.db"),
        "{line}"
    );
}

#[test]
fn start_up_fails_clearly_on_a_refused_connection_without_showing_the_password() {
    let line = one_line_error(&serve("postgres://kartl:geheim@127.0.0.1:1/kartl"));
    assert!(
        line.contains("cannot open the database postgres://kartl:***@127.0.0.1:1/kartl"),
        "{line}"
    );
    assert!(!line.contains("geheim"), "{line}");
}

#[test]
fn start_up_fails_clearly_on_a_url_of_another_kind() {
    let line = one_line_error(&serve("mysql://root@localhost/kartl"));
    assert!(
        line.contains("use postgres:// or an SQLite file path"),
        "{line}"
    );
}

#[test]
fn help_lists_every_subcommand() {
    let out = Command::new(env!("CARGO_BIN_EXE_kartl"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for command in ["serve", "referee"] {
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(command)),
            "{help}"
        );
    }
}
