//! The service as a browser and an API client meet it: the real app bound to port 0, on SQLite
//! and (with `KARTL_TEST_POSTGRES_URL`) on PostgreSQL. See `tests/common/mod.rs`.

// Tests may panic on the unexpected: that is how they fail. (clippy.toml's allowance covers
// `#[test]` functions only, not the helpers beside them.)
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

#[path = "../common/mod.rs"]
mod common;

mod access;
mod accounts_cli;
mod anonymous_views;
mod api;
mod backup;
mod cups;
mod database;
mod docs_links;
mod error_headers;
mod exports;
mod form_fuzz;
mod front;
mod german;
mod group_commit;
mod hardening;
mod headers;
mod import_rows;
mod import_scale;
mod json_errors;
mod login;
mod name_rules;
mod parallel_guesses;
mod player;
mod protection;
mod public;
mod races;
mod refusals;
mod routes_doc;
mod score;
mod season_slugs;
mod secretary;
mod serve;
mod sessions;
mod setup;
mod snapshots;
mod tables;
mod throttle;
mod tournament_setup;
mod tournaments;
mod watten_three;
mod writer_priority;
