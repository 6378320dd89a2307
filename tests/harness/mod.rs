//! A client harness against the real `kartl serve` binary: a database per run
//! ([`db`]), the service as a child process ([`server`]), a tournament set up the way a club
//! would ([`setup`]: the secretary logs in and issues the table cards over HTTP), scorers that
//! drive their tables over HTTP and retry with the same submission key until acknowledged
//! ([`scorer`]), a loopback proxy that loses answers and resets connections ([`proxy`]), and the
//! comparison of the scorers' ledger with the database ([`verify`]), and a cup of the
//! harness club's tournaments ([`cup`]).
//!
//! Shared by `tests/resilience/` and `benches/tables.rs` (through `#[path]`).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/absent.rs"]
pub mod absent;
pub mod cup;
pub mod db;
#[path = "../common/fixture/mod.rs"]
pub mod fixture;
pub mod http;
pub mod procfs;
pub mod proxy;
pub mod rng;
pub mod scorer;
pub mod server;
pub mod setup;
pub mod verify;

/// A size or duration from the environment (the benches' knobs), or `default` when unset or
/// unreadable.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
