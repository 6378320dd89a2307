//! Issue 7's benchmark: 64 tables entering deals at once against a release-built `kartl serve`
//! on SQLite (`synchronous=FULL`, confirmation rule `none`, so every save is a committed,
//! fsynced write), compared with the disk's raw fsync rate measured in the same directory in
//! the same run. Requirement: saves per second at least half the fsync rate, no errors.
//! Prints saves/s, the ratio, p50 and p99 latency; exits 1 when the requirement fails.
//!
//! `cargo bench --bench tables` (sizes: `KARTL_BENCH_TABLES`, default 64;
//! `KARTL_BENCH_ROUNDS`, default 4 tournaments played one after the other by each table, 27
//! deals each). See docs/performance.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/harness/mod.rs"]
mod harness;

use harness::db::HarnessDb;
use harness::scorer::{Ack, Endpoints, Options, Scorer};
use harness::server::Server;
use harness::{setup, verify};
use kartl::service::scoring::Confirmation;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{Duration, Instant};

const DEALS: i32 = 27;

fn size(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The disk's raw sync rate, per second, on a file in `dir` (the database's directory), each
/// loop for `time`: 4 KiB appended then `fsync` (`File::sync_all`), and 4 KiB overwritten in
/// place then `fdatasync` (`File::sync_data`: what a WAL commit costs once the WAL is reused,
/// no size change to journal). Returns both; the bench compares with the faster.
fn sync_rates(dir: &Path, time: Duration) -> (f64, f64) {
    let path = dir.join("fsync-probe");
    let mut file = std::fs::File::create(&path).unwrap();
    let page = [0x5au8; 4096];
    let rate = |file: &mut std::fs::File, overwrite: bool| {
        let started = Instant::now();
        let mut n = 0u64;
        while started.elapsed() < time {
            if overwrite {
                file.seek(SeekFrom::Start(0)).unwrap();
                file.write_all(&page).unwrap();
                file.sync_data().unwrap();
            } else {
                file.write_all(&page).unwrap();
                file.sync_all().unwrap();
            }
            n += 1;
        }
        n as f64 / started.elapsed().as_secs_f64()
    };
    let append = rate(&mut file, false);
    let overwrite = rate(&mut file, true);
    drop(file);
    std::fs::remove_file(&path).unwrap();
    (append, overwrite)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let tables = size("KARTL_BENCH_TABLES", 64);
    let rounds = size("KARTL_BENCH_ROUNDS", 4);
    let db = HarnessDb::sqlite();
    let dir = db.dir().unwrap().to_path_buf();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();

    let before = sync_rates(&dir, Duration::from_secs(2));
    let server = Server::start(env!("CARGO_BIN_EXE_kartl").as_ref(), &db.url);
    let tournaments = rt.block_on(setup::tournaments(
        &server.base,
        &db.url,
        rounds,
        tables,
        100,
        Confirmation::None,
    ));
    let endpoints = Endpoints::new(vec![server.base.clone()]);
    let options = Options {
        timeout: Duration::from_secs(60),
        ..Options::default()
    };
    // Each table's scorer opens its pages first (a session and its CSRF token each), so that
    // the timed part is saves only.
    let mut scorers: Vec<Vec<Scorer>> = (0..tables)
        .map(|i| {
            tournaments
                .iter()
                .map(|t| Scorer::new(t.tokens[i].clone(), endpoints.clone(), options.clone()))
                .collect()
        })
        .collect();
    rt.block_on(async {
        for table in &mut scorers {
            for scorer in table {
                scorer.ready().await.unwrap();
            }
        }
    });
    let started = Instant::now();
    let results: Vec<Result<Vec<Ack>, String>> = rt.block_on(async {
        let mut tasks = tokio::task::JoinSet::new();
        for table in scorers {
            // A table plays its tournaments one after the other: 64 tables at once throughout.
            tasks.spawn(async move {
                let mut ledger = Vec::new();
                for scorer in table {
                    ledger.extend(scorer.drive(DEALS, None).await?);
                }
                Ok::<Vec<Ack>, String>(ledger)
            });
        }
        let mut out = Vec::new();
        while let Some(done) = tasks.join_next().await {
            out.push(done.unwrap());
        }
        out
    });
    let elapsed = started.elapsed();
    drop(server);
    let after = sync_rates(&dir, Duration::from_secs(2));

    let mut errors: Vec<String> = Vec::new();
    let mut ledger = Vec::new();
    for r in results {
        match r {
            Ok(acks) => ledger.extend(acks),
            Err(e) => errors.push(e),
        }
    }
    let retries: u32 = ledger.iter().map(|a| a.retries).sum();
    let mut latencies: Vec<Duration> = ledger.iter().map(|a| a.latency).collect();
    latencies.sort();
    let slugs: Vec<String> = tournaments.iter().map(|t| t.slug.clone()).collect();
    let report = verify::compare(&mut db.connect(), &slugs, &ledger);
    let integrity = verify::integrity_check(&db.url);

    let saves = ledger.len() as f64 / elapsed.as_secs_f64();
    // The strictest of the probes: the fastest.
    let fsync = [before.0, before.1, after.0, after.1]
        .into_iter()
        .fold(0.0, f64::max);
    let ratio = saves / fsync;
    println!("tables: {tables} at once, {rounds} × {DEALS} deals each, SQLite synchronous=FULL");
    println!(
        "disk sync rate: append+fsync {:.0}/s, overwrite+fdatasync {:.0}/s before; \
         {:.0}/s, {:.0}/s after; compared with {fsync:.0}/s",
        before.0, before.1, after.0, after.1
    );
    println!(
        "saves: {} in {:.2} s = {saves:.0}/s; ratio to the sync rate {ratio:.2} (required ≥ 0.50)",
        ledger.len(),
        elapsed.as_secs_f64()
    );
    if !latencies.is_empty() {
        println!(
            "latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&latencies, 0.50).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies[latencies.len() - 1].as_secs_f64() * 1e3
        );
    }
    println!(
        "errors: {} failed tables, {retries} retried saves; {}; integrity_check {integrity}",
        errors.len(),
        report.line()
    );
    for e in &errors {
        println!("  {e}");
    }
    let clean = errors.is_empty()
        && retries == 0
        && report.lost.is_empty()
        && report.duplicated.is_empty()
        && integrity == "ok";
    if !clean || ratio < 0.5 {
        println!("FAILED");
        std::process::exit(1);
    }
    println!("ok");
}
