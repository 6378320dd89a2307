//! `kartl account …` and `kartl club …` (docs/reference/operations.md, "Accounts and clubs
//! without a browser"): the real binary creates, renames and disables accounts and clubs in
//! the database a running service uses, and what it does shows at the service's login: a
//! printed reset code redeems at /reset, a set password logs in, a disabled account does not.
//! Refusals exit 1 with one line on stderr and write nothing; each write is logged (audit).

use crate::both_backends;
use crate::common::{Backend, TestApp};
use std::io::Write;
use std::process::{Command, Output, Stdio};

both_backends!(
    the_command_line_runs_accounts_and_clubs_that_the_service_honours,
    the_command_line_refuses_bad_account_and_club_writes
);

/// Runs `kartl ARGS --database URL`, with `stdin` as standard input.
fn kartl(app: &TestApp, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kartl"))
        .args(args)
        .args(["--database", app.db.url.as_str()])
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kartl binary runs");
    let mut input = child.stdin.take().expect("a stdin pipe");
    input.write_all(stdin.as_bytes()).expect("stdin written");
    drop(input);
    child.wait_with_output().expect("kartl finishes")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must succeed; returns its standard output.
fn ok(app: &TestApp, args: &[&str], stdin: &str) -> String {
    let out = kartl(app, args, stdin);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// Runs a command that must be refused (exit 1); returns its standard error.
fn refused(app: &TestApp, args: &[&str]) -> String {
    let out = kartl(app, args, "");
    assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(&out));
    assert!(stdout(&out).is_empty(), "{args:?} printed {}", stdout(&out));
    stderr(&out)
}

/// The reset code a command printed: its last line.
fn code_in(printed: &str) -> String {
    printed.lines().last().expect("a code line").to_string()
}

async fn logs_in(app: &TestApp, name: &str, password: &str) -> bool {
    let browser = app.browser();
    browser.login(name, password).await;
    browser.logged_in().await
}

async fn the_command_line_runs_accounts_and_clubs_that_the_service_honours(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    ok(&app, &["club", "add", "Verein Nord"], "");

    // A secretary: no password; the printed code is redeemed at /reset as the page's is.
    let out = kartl(
        &app,
        &[
            "account",
            "add",
            "sek1",
            "--role",
            "secretary",
            "--club",
            "Verein Nord",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("account created") && stderr(&out).contains("cli"),
        "the write is logged with its actor: {}",
        stderr(&out)
    );
    let code = code_in(&stdout(&out));
    let first = "erstes-passwort-1";
    let reset = app.browser().redeem("sek1", &code, first).await;
    assert_eq!(
        reset.location(),
        Some("/login?done=reset"),
        "{}",
        reset.body
    );
    assert!(logs_in(&app, "sek1", first).await);

    // Renamed: the new name logs in, the old one no longer does.
    ok(&app, &["account", "rename", "sek1", "sek2"], "");
    assert!(logs_in(&app, "sek2", first).await);
    assert!(!logs_in(&app, "sek1", first).await);

    // A password set from standard input ends the account's sessions.
    let signed_in = app.browser();
    signed_in.login("sek2", first).await;
    assert!(signed_in.logged_in().await);
    let second = "zweites-passwort-2";
    ok(
        &app,
        &["account", "password", "sek2"],
        &format!("{second}\n"),
    );
    assert!(!signed_in.logged_in().await, "the old session ended");
    assert!(logs_in(&app, "sek2", second).await);
    assert!(!logs_in(&app, "sek2", first).await);

    // Disabled: the password no longer works; a new code brings the account back.
    let signed_in = app.browser();
    signed_in.login("sek2", second).await;
    ok(&app, &["account", "disable", "sek2"], "");
    assert!(!signed_in.logged_in().await, "the session ended");
    assert!(!logs_in(&app, "sek2", second).await);
    let code = code_in(&ok(&app, &["account", "reset", "sek2"], ""));
    let third = "drittes-passwort-3";
    app.browser().redeem("sek2", &code, third).await;
    assert!(logs_in(&app, "sek2", third).await);

    // The club renamed; the lists show both as the administrator's page would.
    ok(&app, &["club", "rename", "Verein Nord", "Verein Süd"], "");
    ok(&app, &["account", "add", "orga", "--role", "organiser"], "");
    assert_eq!(ok(&app, &["club", "list"], ""), "Verein Süd\n");
    assert_eq!(
        ok(&app, &["account", "list"], ""),
        "orga\torganiser\t\nsek2\tsecretary\tVerein Süd\n"
    );
}

async fn the_command_line_refuses_bad_account_and_club_writes(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    ok(&app, &["club", "add", "Verein"], "");
    ok(&app, &["account", "add", "chef", "--role", "admin"], "");

    let cases: [(&[&str], &str); 8] = [
        (&["club", "add", "Verein"], "a club has this name"),
        (&["club", "add", " "], "the name must be 1 to 64 characters"),
        (
            &["club", "rename", "Anderer", "X"],
            "there is no club \"Anderer\"",
        ),
        (
            &["account", "add", "CHEF", "--role", "organiser"],
            "an account has this name",
        ),
        (
            &["account", "add", "sek", "--role", "secretary"],
            "a secretary needs --club",
        ),
        (
            &[
                "account",
                "add",
                "sek",
                "--role",
                "secretary",
                "--club",
                "Nirgends",
            ],
            "there is no club \"Nirgends\"",
        ),
        (
            &["account", "reset", "niemand"],
            "there is no account \"niemand\"",
        ),
        (
            &["account", "rename", "chef", ""],
            "the name must be 1 to 64 characters",
        ),
    ];
    for (args, said) in cases {
        let err = refused(&app, args);
        assert!(err.contains(said), "{args:?}: {err}");
    }
    // A short password is refused in the catalogue's English, and nothing changes.
    let out = kartl(&app, &["account", "password", "chef"], "kurz\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("at least 12 characters"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        ok(&app, &["account", "list"], ""),
        "chef\tadmin\t\n",
        "no refused account was written"
    );
    assert_eq!(ok(&app, &["club", "list"], ""), "Verein\n");
}
