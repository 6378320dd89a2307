//! The scorer's pad under load (issue 13): 64 tables tap at once against a `kartl serve`,
//! each posting `POST /s/{token}/pad` with the codes of a Watten deal as it grows (none, then
//! one tap more each time), over and over, on SQLite. Prints p50 and p99 of the round trip;
//! requirement: p99 under 50 ms with no error (PASS or FAILED, exit 1 when failed).
//!
//! `cargo bench --bench pad` (release server; sizes `KARTL_BENCH_TABLES`, default 64, and
//! `KARTL_BENCH_REQUESTS`, requests per table, default 200). A short check that it works:
//! `KARTL_BENCH_TABLES=4 KARTL_BENCH_REQUESTS=10 cargo bench --bench pad --profile dev`.
//! For a profile, `KARTL_BENCH_SERVER` and `KARTL_BENCH_CALLGRIND` as in `benches/tables.rs`
//! (the counters zeroed before the requests and dumped after). See
//! docs/reference/performance.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

#[path = "../tests/harness/mod.rs"]
mod harness;

use harness::db::HarnessDb;
use harness::server::Server;
use harness::{http, setup};
use kartl::service::scoring::Confirmation;
use std::time::{Duration, Instant};

const REQUIRED_P99: Duration = Duration::from_millis(50);
/// A Watten deal as a scorer taps it; each request sends a prefix of it.
const DEAL: [&str; 5] = ["bet:A", "see:B", "bet:B", "see:A", "tricks:A"];

fn size(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One table: `requests` pad requests one after the other; the latencies, or the first error.
async fn table(base: String, token: String, requests: usize) -> Result<Vec<Duration>, String> {
    let client = http::client(Duration::from_secs(60), true);
    let url = format!("{base}/s/{token}/pad");
    let mut out = Vec::with_capacity(requests);
    for i in 0..requests {
        let codes = &DEAL[..i % (DEAL.len() + 1)];
        let body = serde_json::json!({ "actions": codes }).to_string();
        let started = Instant::now();
        let res = client
            .post(&url)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = res.status();
        let text = res.text().await.map_err(|e| e.to_string())?;
        out.push(started.elapsed());
        if !status.is_success() || !text.contains("\"actions\"") {
            return Err(format!("{status}: {text}"));
        }
    }
    Ok(out)
}

fn main() {
    let tables = size("KARTL_BENCH_TABLES", 64);
    let requests = size("KARTL_BENCH_REQUESTS", 200);
    let db = HarnessDb::sqlite();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let server = Server::start_for_bench(&db.url);
    let tournaments = rt.block_on(setup::tournaments(
        &server.base,
        &db.url,
        1,
        tables,
        15,
        Confirmation::None,
    ));
    server.callgrind("-z");
    let started = Instant::now();
    let results: Vec<Result<Vec<Duration>, String>> = rt.block_on(async {
        let mut tasks = tokio::task::JoinSet::new();
        for token in tournaments[0].tokens.iter().cloned() {
            tasks.spawn(table(server.base.clone(), token, requests));
        }
        let mut out = Vec::new();
        while let Some(done) = tasks.join_next().await {
            out.push(done.unwrap());
        }
        out
    });
    let elapsed = started.elapsed();
    server.callgrind("-d");
    drop(server);
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(l) => latencies.extend(l),
            Err(e) => errors.push(e),
        }
    }
    latencies.sort();
    println!("== pad: {tables} tables at once, {requests} requests each (SQLite)");
    if latencies.is_empty() {
        println!("no request answered");
        std::process::exit(1);
    }
    let p99 = percentile(&latencies, 0.99);
    println!(
        "requests: {} in {:.2} s = {:.0}/s",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (p99 required < {:.0} ms)",
        ms(percentile(&latencies, 0.50)),
        ms(p99),
        ms(latencies[latencies.len() - 1]),
        ms(REQUIRED_P99)
    );
    println!("errors: {}", errors.len());
    for e in errors.iter().take(5) {
        println!("  {e}");
    }
    let pass = errors.is_empty() && p99 < REQUIRED_P99;
    println!("pad: {}", if pass { "PASS" } else { "FAILED" });
    if !pass {
        std::process::exit(1);
    }
}
