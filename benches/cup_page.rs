//! The public cup page under load (issue 28): a cup of 40 finished Watten evenings of 200
//! players each (100 teams of two, four rounds), the players drawn from a club register of
//! 240, so most of them played many evenings and the ranking strikes evenings beyond the best
//! 20. A release-built `kartl serve` on loopback; `wrk` loads `/healthz`, then the cup page
//! `/cup/{slug}`, then its live table `/cup/{slug}/live`, one after the other on the same
//! server with the same threads, connections and duration (served from the cache after the
//! first request). The pages are asked for as a browser asks (`Accept-Encoding: gzip, deflate,
//! br`: the gzip copy kept per stamp, `web::public::gzip`) and then once more without it (the
//! plain page), printed side by side. Requirement: the cup page (as browsers ask for it) at
//! >= 0.3 of `/healthz`'s requests per second.
//!
//! `cargo bench --bench cup_page` (SQLite; PostgreSQL too when `KARTL_TEST_POSTGRES_URL` names
//! a server). `KARTL_BENCH_SECONDS` (each wrk run, default 10), `KARTL_BENCH_READERS`
//! (connections, default 32), `KARTL_CUP_EVENINGS` (default 40), `KARTL_CUP_PLAYERS`
//! (default 200). Needs `wrk` (apt-get install -y wrk). See docs/reference/performance.md
//! ("The cup page").
//!
//! For instructions per request instead of times (they repeat on a busy machine):
//! `KARTL_BENCH_SERVER=run.sh KARTL_BENCH_CALLGRIND=1`, `run.sh` a script that `exec`s
//! `valgrind --tool=callgrind` on the built `kartl` (as for `benches/tables.rs`): no wrk then;
//! for each route the server's counters are zeroed, `KARTL_CUP_REQUESTS` (default 2000) GETs
//! are sent on 8 connections (with the browser's `Accept-Encoding`), and the counters dumped,
//! one file per route in that order.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/harness/mod.rs"]
mod harness;

use harness::db::HarnessDb;
use harness::env_or;
use harness::server::Server;
use harness::setup;
use kartl::rules::Game;
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, import};
use kartl::tournament::file::TournamentFile;
use serde_json::{Value, json};
use std::time::Instant;

/// What every browser sends; the pages' gzip copies are for it.
const BROWSER_ENCODINGS: &str = "gzip, deflate, br";

/// The register the evenings draw from: a fifth more players than an evening holds.
fn register_size(players: usize) -> usize {
    players + players / 5
}

/// One Watten game that the side `winner` wins (the loser scores, so points spread).
fn game(winner: &str, k: usize) -> Vec<Value> {
    let loser = if winner == "A" { "B" } else { "A" };
    let mut deals = vec![
        (winner, 3),
        (loser, 2),
        (winner, 4),
        (winner, 4),
        (winner, 4),
    ];
    if k.is_multiple_of(3) {
        deals.insert(1, (loser, 3));
    }
    deals
        .into_iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect()
}

/// Evening `e`: `players` of the register (a window moving by 37 each evening), in teams of
/// two, four rounds with a different seating each.
fn evening(e: usize, players: usize) -> Value {
    let register = register_size(players);
    let names: Vec<Value> = (0..players)
        .map(|i| {
            let who = (e * 37 + i) % register;
            json!({"id": format!("p{i}"), "name": format!("Watterin Nr. {who} Größe")})
        })
        .collect();
    let teams = players / 2;
    let team_list: Vec<Value> = (0..teams)
        .map(|t| {
            json!({"id": format!("t{t}"), "name": format!("Mannschaft {t}"),
                   "players": [format!("p{}", 2 * t), format!("p{}", 2 * t + 1)]})
        })
        .collect();
    let rounds: Vec<Value> =
        (0..4)
            .map(|r| {
                let stride = [1, 3, 7, 9][r];
                let order: Vec<usize> = (0..teams).map(|i| (i * stride + r + e) % teams).collect();
                let tables: Vec<Value> = (0..teams / 2)
                .map(|t| {
                    let winner = if (t + r + e).is_multiple_of(2) { "A" } else { "B" };
                    let (a, b) = (order[2 * t], order[2 * t + 1]);
                    json!({"seats": [format!("t{a}"), format!("t{b}")], "deals": game(winner, t)})
                })
                .collect();
                json!({ "tables": tables })
            })
            .collect();
    json!({"name": format!("Cup-Abend {}", e + 1), "game": "watten", "format": "rounds",
           "players": names, "teams": team_list, "rounds": rounds})
}

/// Stores the evenings (finished, public, one a week) and the cup of them; the cup's slug.
fn store(database: &str, evenings: usize, players: usize) -> String {
    let url = kartl::db::DbUrl::parse(database).unwrap();
    let mut conn = kartl::db::open_one(&url).unwrap();
    let now = chrono::Utc::now().naive_utc();
    let first = chrono::NaiveDate::from_ymd_opt(2026, 1, 2).unwrap();
    let slugs: Vec<String> = (0..evenings)
        .map(|e| {
            let file = TournamentFile::parse(&evening(e, players).to_string()).unwrap();
            let options = ImportOptions {
                club: setup::CLUB.into(),
                public: true,
                date: Some(first + chrono::Days::new(7 * e as u64)),
                ..ImportOptions::default()
            };
            import(&mut conn, &Actor::command_line(), now, &file, &options)
                .unwrap_or_else(|err| panic!("evening {e}: {err:?}"))
        })
        .collect();
    drop(conn);
    harness::cup::make(database, "Watt-Cup des Tals", Game::Watten, &slugs)
}

/// Runs wrk on `url` (with the browser's `Accept-Encoding` when `gzip`); returns
/// (requests/s, p50, p99, transfer/s) as wrk prints them.
fn wrk(url: &str, seconds: u64, connections: usize, gzip: bool) -> [String; 4] {
    let mut command = std::process::Command::new("wrk");
    if gzip {
        command.args(["-H", &format!("Accept-Encoding: {BROWSER_ENCODINGS}")]);
    }
    let out = command
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
        field("Transfer/sec:", 1),
    ]
}

/// `requests` GETs of `url` on 8 connections, each answered 200 (for the callgrind counts).
async fn count(url: &str, requests: usize) {
    let client = reqwest::Client::new();
    let mut tasks = tokio::task::JoinSet::new();
    for lane in 0..8 {
        let (client, url) = (client.clone(), url.to_string());
        tasks.spawn(async move {
            for _ in (lane..requests).step_by(8) {
                let res = client
                    .get(&url)
                    .header("Accept-Encoding", BROWSER_ENCODINGS)
                    .send()
                    .await
                    .unwrap();
                assert!(res.status().is_success(), "{url}: {}", res.status());
                res.bytes().await.unwrap();
            }
        });
    }
    while tasks.join_next().await.is_some() {}
}

/// The size of `url`'s gzip copy as a browser gets it (after the first answer kept the page).
async fn gzip_bytes(url: &str) -> usize {
    let res = reqwest::Client::new()
        .get(url)
        .header("Accept-Encoding", BROWSER_ENCODINGS)
        .send()
        .await
        .unwrap();
    let encoding = res.headers().get("content-encoding").cloned();
    assert_eq!(
        encoding.as_ref().and_then(|v| v.to_str().ok()),
        Some("gzip"),
        "the cup page's gzip copy"
    );
    res.bytes().await.unwrap().len()
}

async fn run(name: &str, db: &HarnessDb) {
    let seconds: u64 = env_or("KARTL_BENCH_SECONDS", 10);
    let readers: usize = env_or("KARTL_BENCH_READERS", 32);
    let evenings: usize = env_or("KARTL_CUP_EVENINGS", 40);
    let players: usize = env_or("KARTL_CUP_PLAYERS", 200);
    let server = Server::start_for_bench(&db.url);
    let base = server.base.clone();
    setup::secretary(&base).await;
    let built = Instant::now();
    let url = db.url.clone();
    let cup = tokio::task::spawn_blocking(move || store(&url, evenings, players))
        .await
        .unwrap();
    let page = format!("{base}/cup/{cup}");
    let started = Instant::now();
    let (status, body) = harness::http::get(&reqwest::Client::new(), &page).await;
    let first = started.elapsed();
    assert_eq!(status, reqwest::StatusCode::OK, "the cup page");
    let ranked = body.matches("<td class=\"num total\">").count();
    let struck = body.matches("cup-struck").count();
    assert!(ranked >= players, "the cup page ranks {ranked} players");
    let gzip = gzip_bytes(&page).await;
    println!(
        "== {name}: {evenings} evenings of {players} players stored in {:.0} s; /cup/{cup}: {ranked} players, {struck} struck evenings, {} bytes ({gzip} gzip), first answer {:.0} ms",
        built.elapsed().as_secs_f64(),
        body.len(),
        first.as_secs_f64() * 1e3,
    );
    let routes = [
        "/healthz".to_string(),
        format!("/cup/{cup}"),
        format!("/cup/{cup}/live"),
    ];
    if std::env::var_os("KARTL_BENCH_CALLGRIND").is_some() {
        let requests: usize = env_or("KARTL_CUP_REQUESTS", 2000);
        for path in &routes {
            server.callgrind("-z");
            count(&format!("{base}{path}"), requests).await;
            server.callgrind("-d");
            println!("{path}: {requests} requests counted (the next callgrind dump)");
        }
        return;
    }
    println!("wrk -t2 -c{readers} -d{seconds}s --latency, one after the other:");
    println!("| route | Accept-Encoding | requests/s | p50 | p99 | transfer/s | of /healthz |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let mut healthz = None;
    // /healthz once; each page as browsers ask for it, then plain.
    let runs = routes
        .iter()
        .enumerate()
        .flat_map(|(i, path)| {
            let asks: &[bool] = if i == 0 { &[false] } else { &[true, false] };
            asks.iter().map(move |gzip| (path.clone(), *gzip))
        })
        .collect::<Vec<_>>();
    for (path, gzip) in runs {
        let target = format!("{base}{path}");
        let [rps, p50, p99, transfer] =
            tokio::task::spawn_blocking(move || wrk(&target, seconds, readers, gzip))
                .await
                .unwrap();
        let rate: f64 = rps.parse().unwrap_or(0.0);
        let base_rate = *healthz.get_or_insert(rate);
        let asked = if gzip { BROWSER_ENCODINGS } else { "(none)" };
        println!(
            "| {path} | {asked} | {rps} | {p50} | {p99} | {transfer} | {:.2} |",
            rate / base_rate.max(1e-9)
        );
    }
    println!("requirement: /cup/{{slug}} (as browsers ask for it) at >= 0.30 of /healthz");
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(run("SQLite", &HarnessDb::sqlite()));
    match harness::db::postgres_server() {
        Some(server) => rt.block_on(run("PostgreSQL", &HarnessDb::postgres(&server))),
        None => println!("PostgreSQL: not run ({} unset)", harness::db::POSTGRES_ENV),
    }
}
