//! The rules engine's and the tournament engine's tests in one binary: no app, no database, no
//! HTTP client. The conformance suite runs the case files through the real `kartl referee`
//! binary; the rest calls the library.
//!
//! - `conformance`: every case file of `tests/conformance/` and the copied shared examples;
//! - `referee_fuzz`: hostile input never panics, and the result's `valid` field agrees;
//! - `figures_properties`, `gaigel_properties`, `watten_properties`: the referees' properties;
//! - `watten_cards_properties`: the Watten card-level referee (Streitfall) over random deals;
//! - `watten_three_cards_properties`: three-player Watten card-level deals referee as their facts,
//!   an illegal card is named, no input panics;
//! - `watten_cards_deal`, `watten_oracle`: what both Watten card-level properties share (the
//!   dealt hands, the legal deal, hostile records), and the trick order and fact-level events
//!   written from the rules text, apart from the referee;
//! - `gaigel_cards_properties`: Gaigel card-level deals (Streitfall);
//! - `gaigel_claims_properties`: Gaigel card-level claims (five Sevens, auf Dissle/Siebener, auf Farbe);
//! - `figures_cards_properties`: card-level figure deals (Streitfall), compared with the facts
//!   `figures_oracle` writes from the cards by the rules texts (trick winners, the show);
//! - `figures_cards_variants_properties`: the same, over every variant and table size;
//! - `tournament_properties`: draws and standings;
//! - `field_properties`: draws while entrants withdraw, miss a round or enter late.
//!
//! proptest keeps failing cases beside their module (`tests/engine/NAME.proptest-regressions`)
//! and runs them first: every `proptest!` block here takes its settings through [`beside`].

// Tests and their helpers may panic on a broken fixture: that is how they fail (clippy's test
// allowance covers only `#[test]` functions).
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

mod conformance;
mod field_properties;
mod figures_cards_properties;
mod figures_cards_setup_properties;
mod figures_cards_variants_properties;
mod figures_oracle;
mod figures_properties;
mod gaigel_cards_properties;
mod gaigel_claims_properties;
mod gaigel_properties;
mod pad_properties;
mod prizes_cup_properties;
mod referee_fuzz;
mod tournament_properties;
mod watten_cards_deal;
mod watten_cards_properties;
mod watten_oracle;
mod watten_properties;
mod watten_three_cards_properties;

use proptest::test_runner::{Config, FileFailurePersistence};

/// `config` with its failures kept in `NAME.proptest-regressions` beside the module's file.
/// (proptest's default, `SourceParallel`, would look in `tests/proptest-regressions/` now that
/// the modules sit beside a `main.rs`.)
pub fn beside(config: Config) -> Config {
    Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..config
    }
}
