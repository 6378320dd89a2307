//! 32 tables × 27 deals through a proxy that loses 10% of the answers and resets 5% of the
//! connections; scorers retry with the same submission key. 0 lost, 0 duplicated.
//! Also with two kartl processes on one PostgreSQL, every scorer alternating between them.

use crate::harness::db::HarnessDb;
use crate::harness::proxy::{Faults, Proxy};
use crate::harness::scorer::{self, Endpoints, Options};
use crate::harness::server::Server;
use crate::harness::setup;
use crate::{KARTL, check, postgres_db};
use kartl::service::scoring::Confirmation;

const TABLES: usize = 32;
const DEALS: i32 = 27;
const FAULTS: Faults = Faults {
    reset: 0.05,
    drop_response: 0.10,
    seed: 0x6b61_7274_6c09,
};

/// Runs the scorers through the proxy against `servers` (all on `db`) and checks the ledger.
async fn through_faulty_proxy(db: &HarnessDb, servers: &[Server]) {
    let t = setup::tournaments(
        &servers[0].base,
        &db.url,
        1,
        TABLES,
        100,
        Confirmation::None,
    )
    .await
    .remove(0);
    let upstreams = servers.iter().map(|s| s.addr.clone()).collect();
    let proxy = Proxy::start(upstreams, FAULTS).await;
    let options = Options {
        reuse_connections: false,
        ..Options::default()
    };
    let endpoints = Endpoints::new(vec![proxy.base.clone()]);
    let ledger = scorer::drive_all(&t.tokens, &endpoints, &options, DEALS, None)
        .await
        .unwrap_or_else(|e| panic!("{e}; service log: {:?}", servers[0].log_tail()));
    let (connections, resets, dropped) = proxy.summary();
    let retries: u32 = ledger.iter().map(|a| a.retries).sum();
    let report = check(db, &[t.slug], &ledger);
    eprintln!(
        "{} process(es): {connections} connections, {resets} reset, {dropped} answers lost, \
         {retries} retries; {}",
        servers.len(),
        report.line()
    );
    assert_eq!(
        ledger.len(),
        TABLES * DEALS as usize,
        "every deal acknowledged"
    );
    assert!(resets > 0 && dropped > 0, "the proxy did its damage");
    report.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_deal_lost_or_duplicated_on_sqlite() {
    let db = HarnessDb::sqlite();
    let server = Server::start(KARTL.as_ref(), &db.url);
    through_faulty_proxy(&db, &[server]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_deal_lost_or_duplicated_on_postgres() {
    let Some(db) = postgres_db() else { return };
    let server = Server::start(KARTL.as_ref(), &db.url);
    through_faulty_proxy(&db, &[server]).await;
}

/// Nothing may live only inside one process: sessions, CSRF tokens, the table state and the
/// submission keys are all in the database, and a scorer's requests alternate processes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_lose_and_duplicate_nothing() {
    let Some(db) = postgres_db() else { return };
    let first = Server::start(KARTL.as_ref(), &db.url);
    let second = Server::start(KARTL.as_ref(), &db.url);
    through_faulty_proxy(&db, &[first, second]).await;
}
