//! The service as a browser and an API client meet it: the real app bound to port 0, on SQLite
//! and (with `KARTL_TEST_POSTGRES_URL`) on PostgreSQL. See `tests/common/mod.rs`.

// Tests may panic on the unexpected: that is how they fail. (clippy.toml's allowance covers
// `#[test]` functions only, not the helpers beside them.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod access;
mod api;
mod backup;
mod database;
mod docs_links;
mod error_headers;
mod exports;
mod form_fuzz;
mod front;
mod group_commit;
mod hardening;
mod headers;
mod import_rows;
mod login;
mod protection;
mod public;
mod races;
mod routes_doc;
mod score;
mod secretary;
mod serve;
mod sessions;
mod setup;
mod tables;
mod throttle;
mod tournament_setup;
mod tournaments;
mod watten_three;
