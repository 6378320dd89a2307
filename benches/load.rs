//! Against a release-built `kartl serve` on loopback: SQLite and, when
//! `KARTL_TEST_POSTGRES_URL` names a server, PostgreSQL.
//!
//! - `imports`: lists of 500, 1,000, 2,000 and 5,000 teams posted to `/t/{slug}/import`, each
//!   timed, while a scorer of another tournament saves deal after deal; prints each import's
//!   time and the saves' latency during it.
//! - `mixed`: the public standings page under `wrk` (200 connections) alone, then again while
//!   64 tables of the same tournament save back to back; prints the page's p50/p99/max in
//!   both phases side by side, and the saves' latency.
//!
//! `cargo bench --bench load` runs both; `cargo bench --bench load -- imports` (or `mixed`)
//! one. Sizes: `KARTL_BENCH_SIZES` (default `500,1000,2000,5000`), `KARTL_BENCH_SECONDS`
//! (each `mixed` phase, default 10), `KARTL_BENCH_READERS` (default 200),
//! `KARTL_BENCH_TABLES` (default 64). `KARTL_BENCH_SERVER=path` runs another build of
//! `kartl` (an older one, to compare). Needs `wrk` (apt-get install -y wrk). See
//! docs/reference/performance.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/harness/mod.rs"]
mod harness;

use harness::db::HarnessDb;
use harness::env_or;
use harness::fixture::{self, Spec};
use harness::http::submit;
use harness::scorer::{Ack, Endpoints, Goal, Options, Scorer};
use harness::server::Server;
use harness::setup;
use kartl::rules::Game;
use kartl::service::scoring::Confirmation;
use std::time::{Duration, Instant};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// p50, p99 and max of `latencies`, in ms, as one text.
fn spread(latencies: &mut [Duration]) -> String {
    if latencies.is_empty() {
        return "no saves".into();
    }
    latencies.sort();
    let at = |p: f64| latencies[((latencies.len() - 1) as f64 * p).round() as usize];
    format!(
        "{} saves: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(latencies[latencies.len() - 1])
    )
}

/// A tournament of the harness's club stored directly: `tables` tables of round 1 drawn when
/// `tables > 0`, public, confirmation `none`; its slug.
fn store(database: &str, name: &str, tables: usize, public: bool) -> String {
    let url = kartl::db::DbUrl::parse(database).unwrap();
    let mut conn = kartl::db::open_one(&url).unwrap();
    let spec = Spec {
        target: Some(1000),
        players: (0..tables * 4).map(|i| format!("P{i}")).collect(),
        seed: (tables > 0).then_some(7),
        cards: false,
        public,
        club: setup::CLUB.into(),
        name: name.into(),
        ..Spec::new(Game::Watten)
    };
    let now = chrono::Utc::now().naive_utc();
    fixture::build(&mut conn, now, &spec).unwrap().slug
}

/// Scorers for the tables of `slug` (cards issued by `secretary`), their pages opened.
async fn scorers(secretary: &reqwest::Client, base: &str, slug: &str) -> Vec<Scorer> {
    let tokens = setup::issue_cards(secretary, base, slug, Confirmation::None).await;
    let endpoints = Endpoints::new(vec![base.to_string()]);
    let options = Options {
        timeout: Duration::from_secs(60),
        ..Options::default()
    };
    let mut out = Vec::new();
    for token in tokens {
        let mut scorer = Scorer::new(token, endpoints.clone(), options.clone());
        scorer.ready().await.unwrap();
        out.push(scorer);
    }
    out
}

/// Every scorer saving deal after deal until `goal` says stop.
fn drive(scorers: Vec<Scorer>, goal: &Goal) -> tokio::task::JoinSet<Result<Vec<Ack>, String>> {
    let mut tasks = tokio::task::JoinSet::new();
    for scorer in scorers {
        tasks.spawn(scorer.drive(900, Some(goal.clone())));
    }
    tasks
}

async fn latencies(mut tasks: tokio::task::JoinSet<Result<Vec<Ack>, String>>) -> Vec<Duration> {
    let mut out = Vec::new();
    while let Some(done) = tasks.join_next().await {
        out.extend(done.unwrap().unwrap().iter().map(|a| a.latency));
    }
    out
}

/// A list of `n` teams of two, one per line.
fn list(n: usize) -> String {
    (0..n)
        .map(|t| format!("Mannschaft {t};Spieler {t} A;Spieler {t} B\n"))
        .collect()
}

async fn imports(name: &str, db: &HarnessDb) {
    let server = Server::start_for_bench(&db.url);
    let base = server.base.clone();
    let secretary = setup::secretary(&base).await;
    let playing = store(&db.url, "Spielbetrieb", 1, false);
    let sizes: String = env_or("KARTL_BENCH_SIZES", "500,1000,2000,5000".to_string());
    println!("== {name}: list imports while one table of another tournament saves");
    println!("| teams | import | saves during it |");
    println!("|---:|---:|---|");
    let mut scorer = scorers(&secretary, &base, &playing).await;
    for n in sizes
        .split(',')
        .filter_map(|s| s.trim().parse::<usize>().ok())
    {
        let slug = store(&db.url, &format!("Liste {n}"), 0, false);
        let goal = Goal::default();
        let tasks = drive(std::mem::take(&mut scorer), &goal);
        let started = Instant::now();
        let page = format!("/t/{slug}/entrants");
        let action = format!("/t/{slug}/import");
        let (status, _) = submit(&secretary, &base, &page, &action, &[("list", &list(n))]).await;
        let took = started.elapsed();
        goal.stop();
        let mut saves = latencies(tasks).await;
        assert_eq!(status, reqwest::StatusCode::OK, "the import of {n} teams");
        println!(
            "| {n} | {:.2} s | {} |",
            took.as_secs_f64(),
            spread(&mut saves)
        );
        // The next size's saves go on with a fresh table page (deal numbers start again).
        scorer = scorers(&secretary, &base, &store(&db.url, "Weiter", 1, false)).await;
    }
}

/// Runs wrk on `url` for `seconds`; returns (requests/s, p50, p99, max) as wrk prints them.
fn wrk(url: &str, seconds: u64, connections: usize) -> [String; 4] {
    let out = std::process::Command::new("wrk")
        .args(["-t2", &format!("-c{connections}"), &format!("-d{seconds}s")])
        .args(["--latency", url])
        .output()
        .expect("wrk (apt-get install -y wrk)");
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |start: &str, i: usize| {
        text.lines()
            .map(str::trim)
            .find(|l| l.starts_with(start))
            .and_then(|l| l.split_whitespace().nth(i))
            .unwrap_or("?")
            .to_string()
    };
    if text.contains("Non-2xx") || text.contains("Socket errors") {
        println!("wrk reported errors:\n{text}");
    }
    [
        field("Requests/sec:", 1),
        field("50%", 1),
        field("99%", 1),
        field("Latency", 3),
    ]
}

async fn mixed(name: &str, db: &HarnessDb) {
    let seconds: u64 = env_or("KARTL_BENCH_SECONDS", 10);
    let readers: usize = env_or("KARTL_BENCH_READERS", 200);
    let tables: usize = env_or("KARTL_BENCH_TABLES", 64);
    let server = Server::start_for_bench(&db.url);
    let base = server.base.clone();
    let secretary = setup::secretary(&base).await;
    let slug = store(&db.url, "Gemischt", tables, true);
    let scorers = scorers(&secretary, &base, &slug).await;
    let url = format!("{base}/p/{slug}");
    let (status, _) = harness::http::get(&reqwest::Client::new(), &url).await;
    assert_eq!(status, reqwest::StatusCode::OK, "the public page");
    println!("== {name}: /p/{slug}, wrk -t2 -c{readers} -d{seconds}s; {tables} tables");
    let quiet = {
        let url = url.clone();
        tokio::task::spawn_blocking(move || wrk(&url, seconds, readers))
            .await
            .unwrap()
    };
    let goal = Goal::default();
    let tasks = drive(scorers, &goal);
    let busy = {
        let url = url.clone();
        tokio::task::spawn_blocking(move || wrk(&url, seconds, readers))
            .await
            .unwrap()
    };
    goal.stop();
    let mut saves = latencies(tasks).await;
    println!("| public page | requests/s | p50 | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| readers alone | {} | {} | {} | {} |",
        quiet[0], quiet[1], quiet[2], quiet[3]
    );
    println!(
        "| with {tables} tables saving | {} | {} | {} | {} |",
        busy[0], busy[1], busy[2], busy[3]
    );
    println!("saves meanwhile: {}", spread(&mut saves));
}

fn main() {
    let which: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |part: &str| which.is_empty() || which.iter().any(|w| w == part);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let postgres = harness::db::postgres_server();
    let backends = || {
        let mut out = vec![("SQLite", HarnessDb::sqlite())];
        if let Some(server) = &postgres {
            out.push(("PostgreSQL", HarnessDb::postgres(server)));
        }
        out
    };
    if postgres.is_none() {
        println!("PostgreSQL: not run ({} unset)", harness::db::POSTGRES_ENV);
    }
    if run("imports") {
        for (name, db) in backends() {
            rt.block_on(imports(name, &db));
        }
    }
    if run("mixed") {
        for (name, db) in backends() {
            rt.block_on(mixed(name, &db));
        }
    }
}
