//! kill -9 at random moments while 16 tables write: 50 cycles, at least 1,000 acknowledged
//! deals in all; afterwards every acknowledged deal is there exactly once, every version has
//! its audit event, and SQLite's file passes `PRAGMA integrity_check`. PostgreSQL the
//! same, killing the app (never the database). `KARTL_CRASH_CYCLES` / `KARTL_CRASH_WRITES`
//! change the size (see docs/reference/proofs.md).

use crate::harness::db::HarnessDb;
use crate::harness::rng::Rng;
use crate::harness::scorer::{self, Endpoints, Goal, Options};
use crate::harness::server::Server;
use crate::harness::setup;
use crate::{KARTL, check, postgres_db};
use kartl::service::scoring::Confirmation;
use std::time::{Duration, Instant};

const TABLES: usize = 16;
const SEED: u64 = 0x6b69_6c6c_0009;

fn size(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Waits until `goal` counts `n` acknowledged deals (the scorers never give up on their own
/// within this time, so a stall is a failure).
async fn until_acked(goal: &Goal, n: usize, server: &Server) {
    let started = Instant::now();
    while goal.acked() < n {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "stalled at {} of {n} acknowledged deals; service log: {:?}",
            goal.acked(),
            server.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

async fn kill_cycles(db: HarnessDb) {
    let cycles = size("KARTL_CRASH_CYCLES", 50);
    let writes = size("KARTL_CRASH_WRITES", 1000);
    let mut server = Server::start(KARTL.as_ref(), &db.url);
    let t = setup::tournaments(&server.base, &db.url, 1, TABLES, 1000, Confirmation::None)
        .await
        .remove(0);
    let endpoints = Endpoints::new(vec![server.base.clone()]);
    let goal = Goal::default();
    let options = Options {
        retry_pause: Duration::from_millis(10),
        ..Options::default()
    };
    let scorers = {
        let (tokens, endpoints, goal) = (t.tokens.clone(), endpoints.clone(), goal.clone());
        tokio::spawn(async move {
            scorer::drive_all(&tokens, &endpoints, &options, i32::MAX, Some(goal)).await
        })
    };
    let mut rng = Rng::new(SEED);
    for cycle in 0..cycles {
        // Spread the kills so that the writes run out with the cycles: each cycle lets a
        // random number of deals through (on average its share of what is left), then kills
        // within the next 0-3 ms, while the other tables are mid-request.
        let remaining = writes.saturating_sub(goal.acked());
        let share = (remaining / (cycles - cycle)).max(1) as u64;
        let at = goal.acked() + rng.range(1, 2 * share) as usize;
        until_acked(&goal, at, &server).await;
        tokio::time::sleep(Duration::from_micros(rng.range(0, 3000))).await;
        server.kill9();
        server.restart();
        endpoints.set(vec![server.base.clone()]);
    }
    until_acked(&goal, writes, &server).await;
    goal.stop();
    let ledger = scorers.await.unwrap().unwrap();
    // Judge what is durable: the last process dies the same way.
    server.kill9();
    let report = check(&db, &[t.slug], &ledger);
    let retries: u32 = ledger.iter().map(|a| a.retries).sum();
    eprintln!(
        "{cycles} kill -9 cycles, {retries} retries: {}",
        report.line()
    );
    assert!(ledger.len() >= writes);
    assert!(retries > 0, "the kills cut requests off");
    report.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_cycles_lose_nothing_acknowledged_on_sqlite() {
    kill_cycles(HarnessDb::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_cycles_lose_nothing_acknowledged_on_postgres() {
    let Some(db) = postgres_db() else { return };
    kill_cycles(db).await;
}
