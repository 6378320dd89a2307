//! Standings benchmark (issue 6): the standings of a 1,000-player Rutesheim tournament
//! (3 sessions of 333 tables, 10 deals each: 9,990 table-deals) computed from scratch must cost
//! at most 20 times reading those deals from the database.
//!
//! Run: `cargo bench --bench standings` (SQLite in a temp file; with `KARTL_TEST_POSTGRES_URL`
//! set, PostgreSQL too, in a temporary database). The two measurements alternate batch by batch
//! in one run (medians of 15 each), so machine noise hits both alike; `docs/reference/performance.md`
//! records the ratio.
//!
//! - read: the query that loads every deal version of the tournament (the rows only);
//! - standings: `service::tournaments::standings`, i.e. everything from scratch: loading the
//!   tournament, entrants, rounds, tables and deal versions, choosing the current confirmed
//!   versions, building the tournament file and refereeing every table.

// A benchmark harness: a failure should stop it loudly.
#![allow(clippy::expect_used, clippy::unwrap_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

mod common;

use diesel::{Connection, PgConnection, RunQueryDsl};
use kartl::db::models::{DealVersionRow, TournamentRow};
use kartl::db::{self, DbUrl};
use kartl::rules::Lang;
use kartl::service::{Actor, import, tournaments};
use kartl::tournament::file::TournamentFile;
use std::hint::black_box;
use std::time::{Duration, Instant};

const DEALS: usize = 10;
const BATCHES: usize = 15;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn run(label: &str, url: &str, file: &TournamentFile) -> f64 {
    let url = DbUrl::parse(url).unwrap();
    let pool = db::connect(&url, Duration::from_secs(10)).unwrap();
    let mut conn = pool.get().unwrap();
    let now = chrono::Utc::now().naive_utc();
    let start = Instant::now();
    let slug = import::import(
        &mut conn,
        &Actor::command_line(),
        now,
        file,
        &Default::default(),
    )
    .unwrap();
    let import_time = start.elapsed();
    let id = TournamentRow::by_slug(&mut conn, &slug)
        .unwrap()
        .unwrap()
        .id();
    let deals = DealVersionRow::of_tournament(&mut conn, id).unwrap().len();
    let (mut reads, mut computes) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..BATCHES {
        let t = Instant::now();
        black_box(DealVersionRow::of_tournament(&mut conn, id).unwrap());
        reads.push(t.elapsed());
        let t = Instant::now();
        let evaluation = tournaments::standings(&mut conn, None, &slug, Lang::De).unwrap();
        computes.push(t.elapsed());
        last = Some(evaluation);
    }
    let evaluation = last.unwrap();
    assert!(evaluation.broken.is_empty());
    assert_eq!(evaluation.standings.standings.len(), common::PLAYERS);
    let (read, compute) = (median(reads), median(computes));
    let ratio = compute.as_secs_f64() / read.as_secs_f64();
    println!(
        "{label:<10} {deals} table-deals | import {:>8.1} ms | read {:>7.2} ms | standings from scratch {:>7.2} ms | ratio {:>5.2} (requirement <= 20)",
        ms(import_time),
        ms(read),
        ms(compute),
        ratio
    );
    ratio
}

fn main() {
    let file = common::rutesheim(DEALS);
    let dir = tempfile::tempdir().unwrap();
    let sqlite = dir.path().join("bench.db").display().to_string();
    let mut ratios = vec![run("sqlite", &sqlite, &file)];
    if let Ok(server) = std::env::var("KARTL_TEST_POSTGRES_URL")
        && !server.is_empty()
    {
        let name = format!("kartl_bench_{}", std::process::id());
        let mut admin = PgConnection::establish(&server).unwrap();
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .unwrap();
        let mut url = url::Url::parse(&server).unwrap();
        url.set_path(&name);
        ratios.push(run("postgres", url.as_str(), &file));
        diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut admin)
            .unwrap();
    }
    if ratios.iter().any(|r| *r > 20.0) {
        eprintln!("the requirement (ratio <= 20) is not met");
        std::process::exit(1);
    }
}
