//! The exports' whole HTTP path (issue 8): the real app on a temporary database holding the
//! 1,000-player tournament, each export route downloaded by the administrator (login,
//! session, access check, loading every deal from the database, refereeing, writing the file,
//! sending it), `kartl import` of the 1,000-player file by the real binary, and the web import
//! of a 1,000-name entrants list. Each must finish within 2 seconds.

use kartl::config::{Https, Settings};
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, club_named, import};
use kartl::service::tournaments::{NewTournament, create};
use kartl::startup::{AppState, Application};
use kartl::tournament::file::TournamentFile;
use std::time::{Duration, Instant};

/// The limit: longer needs a progress display.
pub const LIMIT: Duration = Duration::from_secs(2);
const RUNS: usize = 3;

pub struct Timing {
    pub what: String,
    pub time: Duration,
    pub bytes: usize,
}

fn between(text: &str, start: &str, end: &str) -> Option<String> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some(text[from..from + len].to_string())
}

async fn csrf(client: &reqwest::Client, url: &str) -> String {
    let page = client.get(url).send().await.unwrap().text().await.unwrap();
    between(&page, "name=\"csrf\" value=\"", "\"").expect("a CSRF token")
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

async fn store(state: &actix_web::web::Data<AppState>, file: &TournamentFile) -> String {
    let file = file.clone();
    let now = state.clock.now();
    state
        .db
        .run(move |conn| {
            let options = ImportOptions {
                club: "Bench".into(),
                ..ImportOptions::default()
            };
            import(conn, &Actor::command_line(), now, &file, &options)
        })
        .await
        .unwrap()
}

/// A tournament in setup to register entrants into.
async fn empty(state: &actix_web::web::Data<AppState>) -> String {
    let now = state.clock.now();
    state
        .db
        .run(move |conn| {
            let club_id = club_named(conn, "Bench", now)?;
            let new = NewTournament {
                club_id,
                name: "Anmeldung 1000".into(),
                date: None,
                place: None,
                game: kartl::rules::Game::Gaigel,
                variant: Some(kartl::rules::gaigel::Variant::Three.into()),
                target: None,
                options: serde_json::from_str(r#"{"scoring": "rutesheim"}"#).ok(),
                format: kartl::tournament::format::Format::Sessions,
                settings: None,
                public: false,
            };
            create(conn, &Actor::command_line(), now, &new)
        })
        .await
        .unwrap()
}

/// The first visit's setup: the administrator the client stays logged in as.
async fn set_up_the_administrator(client: &reqwest::Client, base: &str) {
    let password = "ein langes Bench-Passwort";
    let token = csrf(client, &format!("{base}/setup")).await;
    let res = client
        .post(format!("{base}/setup"))
        .form(&[
            ("csrf", token.as_str()),
            ("name", "Admin"),
            ("password", password),
            ("password2", password),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303, "setup");
}

/// Runs everything on `database` (an SQLite path or a PostgreSQL URL).
pub async fn run(database: &str, file: &TournamentFile) -> Vec<Timing> {
    let settings = Settings::new("127.0.0.1:0", database, Https::Off).unwrap();
    let app = Application::build(settings).await.unwrap();
    let base = format!("http://{}", app.address());
    let state = app.state();
    let handle = app.handle();
    tokio::spawn(app.run_until_stopped());

    let client = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    set_up_the_administrator(&client, &base).await;

    let mut out = Vec::new();
    let start = Instant::now();
    let slug = store(&state, file).await;
    out.push(Timing {
        what: "store the file (service import)".into(),
        time: start.elapsed(),
        bytes: 0,
    });

    let routes = [
        "/t/{slug}",
        "/t/{slug}/report",
        "/t/{slug}/report.pdf",
        "/t/{slug}/standings.csv?sep=semicolon",
        "/t/{slug}/rounds.csv?sep=semicolon",
        "/t/{slug}/results.xlsx",
        "/t/{slug}/tournament.json",
        "/t/{slug}/rounds/1/seating.pdf",
        "/t/{slug}/rounds/1/sheets.pdf",
        "/pads/gaigel?variant=three",
    ];
    for route in routes {
        let path = route.replace("{slug}", &slug);
        let mut times = Vec::new();
        let mut bytes = 0;
        for _ in 0..RUNS {
            let start = Instant::now();
            let res = client.get(format!("{base}{path}")).send().await.unwrap();
            assert_eq!(res.status(), 200, "{path}");
            bytes = res.bytes().await.unwrap().len();
            times.push(start.elapsed());
        }
        out.push(Timing {
            what: format!("GET {route}"),
            time: median(times),
            bytes,
        });
    }

    // The web import of a 1,000-name list (a semicolon list as Excel writes it).
    let fresh = empty(&state).await;
    let list: String = (0..1000)
        .map(|i| format!("Spielerin Nr. {i} Größe-Weiß;SKV;{}\r\n", i + 1))
        .collect();
    let token = csrf(&client, &format!("{base}/t/{fresh}/entrants")).await;
    let start = Instant::now();
    let res = client
        .post(format!("{base}/t/{fresh}/import"))
        .form(&[("csrf", token.as_str()), ("list", list.as_str())])
        .send()
        .await
        .unwrap();
    let status = res.status();
    let body = res.bytes().await.unwrap();
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    out.push(Timing {
        what: "POST /t/{slug}/import (1,000 names)".into(),
        time: start.elapsed(),
        bytes: list.len(),
    });
    handle.stop(true).await;
    out
}

/// `kartl import` of the file by the real binary into a fresh database.
pub fn cli_import(database: &str, file: &TournamentFile, dir: &std::path::Path) -> Timing {
    let path = dir.join("big.json");
    let bytes = kartl::report::json(file).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kartl"))
        .arg("import")
        .arg(&path)
        .args(["--database", database])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let time = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Timing {
        what: "kartl import (binary, 1,000 players)".into(),
        time,
        bytes: bytes.len(),
    }
}
