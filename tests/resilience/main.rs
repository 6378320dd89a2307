//! The resilience proofs against the real `kartl serve` binary (debug build here; see
//! docs/reference/proofs.md): deals neither lost nor duplicated behind a proxy that loses answers and
//! resets connections, on SQLite and PostgreSQL; the same with two processes on one PostgreSQL;
//! and kill -9 cycles during acknowledged writes. The harness is `tests/harness/`.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

#[path = "../harness/mod.rs"]
mod harness;

mod crashes;
mod lost_and_duplicate;

use harness::db::HarnessDb;
use harness::scorer::Ack;
use harness::verify::{self, Report};

pub const KARTL: &str = env!("CARGO_BIN_EXE_kartl");

/// The ledger against the database, with SQLite's integrity check.
pub fn check(db: &HarnessDb, slugs: &[String], ledger: &[Ack]) -> Report {
    let mut report = verify::compare(&mut db.connect(), slugs, ledger);
    if db.is_sqlite() {
        report.integrity = Some(verify::integrity_check(&db.url));
    }
    report
}

/// PostgreSQL's database for a test, or `None`: the test is skipped, saying so, or fails
/// under CI (`tests/common/absent.rs`).
pub fn postgres_db() -> Option<HarnessDb> {
    harness::absent::postgres_server(harness::db::POSTGRES_ENV)
        .map(|server| HarnessDb::postgres(&server))
}
