//! 64 tables entering deals at once against a release-built `kartl serve`: on SQLite
//! (`synchronous=FULL`) and, when `KARTL_TEST_POSTGRES_URL` names a server, on PostgreSQL too.
//! Confirmation rule `none`, so every save is a committed, durable write.
//!
//! Each run is compared with its limits, measured by this program in the same run: the disk's
//! sync rate in the SQLite file's directory (or PostgreSQL's commit rate of a one-row
//! transaction), and the CPU: the cores divided by the CPU time one save cost the server and
//! this client together, and on PostgreSQL its processes too (from `/proc`). The lower of the two is the limit the run is held to.
//! Requirement: saves per second at least half that limit and no errors on both backends;
//! on SQLite also p99 under 50 ms. On PostgreSQL the p99 is printed, not required: there the
//! CPU is the limit (its backends share the 2 cores), and at the CPU's limit the mean round
//! trip of `tables` closed-loop clients is at least tables / limit (Little's law), which the
//! line prints beside it. Prints PASS or FAILED per backend; exits 1 when one failed.
//!
//! `cargo bench --bench tables` (sizes: `KARTL_BENCH_TABLES`, default 64;
//! `KARTL_BENCH_ROUNDS`, default 4 tournaments played one after the other by each table, 27
//! deals each). For a profile: `KARTL_BENCH_SERVER=script` runs `script serve …` instead of
//! the built binary (a script that `exec`s valgrind), and `KARTL_BENCH_CALLGRIND=1` zeroes the
//! server's counters before the timed part and dumps them after (`callgrind_control`). See
//! docs/reference/performance.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

#[path = "../tests/harness/mod.rs"]
mod harness;

use diesel::{Connection, PgConnection, RunQueryDsl};
use harness::db::HarnessDb;
use harness::procfs::{cpu_seconds, postgres_cpu};
use harness::scorer::{Ack, Endpoints, Options, Scorer};
use harness::server::Server;
use harness::{setup, verify};
use kartl::service::scoring::Confirmation;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{Duration, Instant};

const DEALS: i32 = 27;
const PROBE: Duration = Duration::from_secs(2);
/// The requirements.
const REQUIRED_RATIO: f64 = 0.5;
const REQUIRED_P99: Duration = Duration::from_millis(50);

fn size(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `step` over and over for `time`; returns how many times a second it ran.
fn rate(time: Duration, mut step: impl FnMut()) -> f64 {
    let started = Instant::now();
    let mut n = 0u64;
    while started.elapsed() < time {
        step();
        n += 1;
    }
    n as f64 / started.elapsed().as_secs_f64()
}

/// The disk's raw sync rate, per second, on a file in `dir` (the database's directory): 4 KiB
/// appended then `fsync` (`File::sync_all`), and 4 KiB overwritten in place then `fdatasync`
/// (`File::sync_data`: what a WAL commit costs once the WAL is reused, no size change).
fn sync_rates(dir: &Path) -> Vec<f64> {
    let path = dir.join("fsync-probe");
    let mut file = std::fs::File::create(&path).unwrap();
    let page = [0x5au8; 4096];
    let append = rate(PROBE, || {
        file.write_all(&page).unwrap();
        file.sync_all().unwrap();
    });
    let overwrite = rate(PROBE, || {
        file.seek(SeekFrom::Start(0)).unwrap();
        file.write_all(&page).unwrap();
        file.sync_data().unwrap();
    });
    drop(file);
    std::fs::remove_file(&path).unwrap();
    vec![append, overwrite]
}

/// PostgreSQL's commit rate on one connection: a transaction that inserts one row, the
/// smallest that makes the server flush its WAL (a transaction that writes nothing commits
/// without a sync, so it would measure round trips, not commits).
fn commit_rate(url: &str) -> Vec<f64> {
    let mut conn = PgConnection::establish(url).expect("connect for the commit probe");
    diesel::sql_query("CREATE TABLE IF NOT EXISTS bench_commit_probe (n integer)")
        .execute(&mut conn)
        .unwrap();
    let commits = rate(PROBE, || {
        diesel::sql_query("INSERT INTO bench_commit_probe VALUES (1)")
            .execute(&mut conn)
            .unwrap();
    });
    diesel::sql_query("DROP TABLE bench_commit_probe")
        .execute(&mut conn)
        .unwrap();
    vec![commits]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// What one timed run measured.
struct Run {
    saves: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
    server_cpu: f64,
    client_cpu: f64,
    /// PostgreSQL's processes (0 on SQLite, which runs inside the server).
    database_cpu: f64,
    errors: Vec<String>,
    retries: u32,
    report: verify::Report,
}

/// Sets up the tournaments, lets every table save its deals at once, and checks the ledger.
fn drive(db: &HarnessDb, tables: usize, rounds: usize) -> Run {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let server = Server::start_for_bench(&db.url);
    let pid = server.pid().unwrap();
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
    server.callgrind("-z");
    let database = || if db.is_sqlite() { 0.0 } else { postgres_cpu() };
    let (server_before, client_before) = (cpu_seconds(&pid.to_string()), cpu_seconds("self"));
    let database_before = database();
    let started = Instant::now();
    let results: Vec<Result<Vec<Ack>, String>> = rt.block_on(async {
        let mut tasks = tokio::task::JoinSet::new();
        for table in scorers {
            // A table plays its tournaments one after the other: all tables at once throughout.
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
    let server_cpu = cpu_seconds(&pid.to_string()) - server_before;
    let client_cpu = cpu_seconds("self") - client_before;
    let database_cpu = database() - database_before;
    server.callgrind("-d");
    drop(server);

    let mut errors = Vec::new();
    let mut ledger = Vec::new();
    for r in results {
        match r {
            Ok(acks) => ledger.extend(acks),
            Err(e) => errors.push(e),
        }
    }
    let mut latencies: Vec<Duration> = ledger.iter().map(|a| a.latency).collect();
    latencies.sort();
    let slugs: Vec<String> = tournaments.iter().map(|t| t.slug.clone()).collect();
    let mut report = verify::compare(&mut db.connect(), &slugs, &ledger);
    if db.is_sqlite() {
        report.integrity = Some(verify::integrity_check(&db.url));
    }
    Run {
        saves: ledger.len(),
        elapsed,
        latencies,
        server_cpu,
        client_cpu,
        database_cpu,
        errors,
        retries: ledger.iter().map(|a| a.retries).sum(),
        report,
    }
}

/// One backend's run with its limits measured before and after; prints the verdict and
/// returns whether it passed.
fn bench(name: &str, db: HarnessDb, tables: usize, rounds: usize) -> bool {
    let probe = |db: &HarnessDb| match db.dir() {
        Some(dir) => sync_rates(dir),
        None => commit_rate(&db.url),
    };
    let before = probe(&db);
    let run = drive(&db, tables, rounds);
    let after = probe(&db);
    let what = if db.is_sqlite() {
        "disk sync rate (append+fsync, overwrite+fdatasync)"
    } else {
        "PostgreSQL commit rate (one-row transaction)"
    };
    // The strictest of the probes: the fastest.
    let disk = before.iter().chain(&after).copied().fold(0.0, f64::max);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let n = run.saves.max(1) as f64;
    let (server_per_save, client_per_save) = (run.server_cpu / n, run.client_cpu / n);
    let database_per_save = run.database_cpu / n;
    let cpu = cores / (server_per_save + client_per_save + database_per_save);
    let saves = run.saves as f64 / run.elapsed.as_secs_f64();
    let (limit, by) = if cpu < disk {
        (cpu, "the CPU")
    } else {
        (disk, "the disk")
    };
    let ratio = saves / limit;
    let fmt = |v: &[f64]| {
        let v: Vec<String> = v.iter().map(|r| format!("{r:.0}/s")).collect();
        v.join(", ")
    };
    println!("== {name}: {tables} tables at once, {rounds} × {DEALS} deals each");
    println!(
        "{what}: {} before; {} after; fastest {disk:.0}/s",
        fmt(&before),
        fmt(&after)
    );
    println!(
        "CPU per save: server {:.0} µs, client {:.0} µs{}; {cores} cores allow {cpu:.0} saves/s",
        server_per_save * 1e6,
        client_per_save * 1e6,
        if db.is_sqlite() {
            String::new()
        } else {
            format!(", PostgreSQL {:.0} µs", database_per_save * 1e6)
        }
    );
    println!("limit: {limit:.0}/s, set by {by}");
    println!(
        "saves: {} in {:.2} s = {saves:.0}/s; ratio to the limit {ratio:.2}, to the disk {:.2} \
         (required ≥ {REQUIRED_RATIO:.2})",
        run.saves,
        run.elapsed.as_secs_f64(),
        saves / disk
    );
    let p99 = if run.latencies.is_empty() {
        Duration::MAX
    } else {
        let l = &run.latencies;
        let bound = if db.is_sqlite() {
            format!("p99 required < {:.0} ms", ms(REQUIRED_P99))
        } else {
            format!(
                "p99 not required; at this limit the mean is at least {:.1} ms",
                tables as f64 / limit * 1e3
            )
        };
        println!(
            "latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({bound})",
            ms(percentile(l, 0.50)),
            ms(percentile(l, 0.99)),
            ms(l[l.len() - 1]),
        );
        percentile(l, 0.99)
    };
    println!(
        "errors: {} failed tables, {} retried saves; {}",
        run.errors.len(),
        run.retries,
        run.report.line()
    );
    for e in &run.errors {
        println!("  {e}");
    }
    let clean = run.errors.is_empty()
        && run.retries == 0
        && run.report.lost.is_empty()
        && run.report.duplicated.is_empty()
        && run.report.unaudited == 0
        && run.report.integrity.as_deref().is_none_or(|c| c == "ok");
    let pass = clean && ratio >= REQUIRED_RATIO && (p99 < REQUIRED_P99 || !db.is_sqlite());
    println!("{name}: {}", if pass { "PASS" } else { "FAILED" });
    pass
}

fn main() {
    let tables = size("KARTL_BENCH_TABLES", 64);
    let rounds = size("KARTL_BENCH_ROUNDS", 4);
    let mut pass = bench("SQLite", HarnessDb::sqlite(), tables, rounds);
    match harness::db::postgres_server() {
        Some(server) => {
            pass &= bench("PostgreSQL", HarnessDb::postgres(&server), tables, rounds);
        }
        None => println!("PostgreSQL: not run ({} unset)", harness::db::POSTGRES_ENV),
    }
    if !pass {
        std::process::exit(1);
    }
}
