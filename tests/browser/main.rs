//! Browser tests: the real app on port 0 with a temp SQLite database, driven
//! through its real pages by headless Chromium on a phone-sized window over WebDriver. Needs
//! Debian's `chromium` and `chromium-driver` (see `driver.rs` for what happens without them)
//! and is run like any test binary: `cargo test --test browser`.

// Tests may panic on the unexpected: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

#[path = "../common/mod.rs"]
mod common;

mod cup;
mod cup_evenings;
mod driver;
mod evening;
mod pad;
mod pad_dropped;
mod pad_figures;
mod pad_gaigel;
mod pad_live;
mod pad_offline;
mod pad_watten;
mod pages;
mod phone;
mod player;
mod prizes;
mod public;
mod records;
mod register;
mod secretary;
mod secretary_forms;
mod setup;
mod smoke;
mod streitfall;
mod streitfall_games;
mod table;
mod xss;
