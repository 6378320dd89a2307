//! `kartl` as a program: clear start-up errors, `--help`, and a graceful stop on Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

#[test]
fn ctrl_c_stops_the_service_gracefully() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Service(
        Command::new(env!("CARGO_BIN_EXE_kartl"))
            .args(["serve", "--bind", "127.0.0.1:0", "--database"])
            .arg(dir.path().join("kartl.db"))
            .env_remove("DATABASE_URL")
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let child = &mut child.0;
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let address = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| {
            let rest = line.split("listens on http://").nth(1)?;
            rest.split_whitespace().next().map(str::to_string)
        })
        .expect("the service says where it listens");
    // It serves (an answer also means the server runs, signal handlers installed)...
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.0\r\nHost: kartl\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(
        answer.starts_with("HTTP/1.0 200") || answer.starts_with("HTTP/1.1 200"),
        "{answer}"
    );
    // ...and SIGINT (what Ctrl-C sends) stops it with success.
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "still running after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "{exit}");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(rest.iter().any(|l| l.contains("stopped")), "{rest:?}");
}

/// A running `kartl serve`, killed if the test fails before stopping it.
struct Service(std::process::Child);

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
