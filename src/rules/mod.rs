//! The referee: kartl's rules engine for Giltspiel, Perlaggen, Watten and Gaigel.
//!
//! Pure and deterministic: no I/O, clock, RNG, web or database code lives here, so the same
//! record always gets the same answer (see `docs/rules/sources/CONTRACT.md`, sections 1 to 9).
//! [`referee`] is the one entry point that the CLI (`kartl referee`) and the HTTP API
//! (`POST /api/v1/referee`) share.

pub mod common;
pub mod figures;
pub mod gaigel;
pub mod match_record;
pub mod pad;
pub mod players;
pub mod record;
pub mod ruling;
pub mod streit;
pub mod typed;
pub mod variant;
pub mod view;
pub mod watten;

pub use common::{ErrorCode, Lang, Pair, RuleError, Side, Text, Violation};
pub use match_record::Record;
pub use record::{Game, Malformed};
pub use variant::Variant;

use serde::Serialize;

/// The result of refereeing one match record (contract section 4), one shape per game family.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// Giltspiel and Perlaggen.
    Figures(figures::Report),
    /// Watten.
    Watten(watten::Report),
    /// Gaigel.
    Gaigel(gaigel::Report),
    /// Watten for three players (option `players: 3`).
    WattenThree(watten::three::Report),
    /// Perlaggen for three players each for themselves (option `players: 3`).
    FiguresThree(figures::three::Report),
}

impl Report {
    /// Whether the record keeps every rule (`"valid"` in the result).
    pub fn is_valid(&self) -> bool {
        self.violations().is_empty()
    }

    /// How many games the record finished (contract 4: `games` holds each game finished).
    pub fn games(&self) -> usize {
        match self {
            Report::Figures(r) => r.games.len(),
            Report::Watten(r) => r.games.len(),
            Report::Gaigel(r) => r.games.len(),
            Report::WattenThree(r) => r.games.len(),
            Report::FiguresThree(r) => r.games.len(),
        }
    }

    /// The broken rules; the engine stops at the first, so this holds at most one.
    pub fn violations(&self) -> &[Violation] {
        match self {
            Report::Figures(r) => &r.errors,
            Report::Watten(r) => &r.errors,
            Report::Gaigel(r) => &r.errors,
            Report::WattenThree(r) => &r.errors,
            Report::FiguresThree(r) => &r.errors,
        }
    }
}

/// Referees one match record given as JSON text.
///
/// `Err` means the record is not well-formed (contract 2.1: exit 2, HTTP 400);
/// `Ok` holds the result, valid or not (exit 0 or 1, HTTP 200 or 422).
/// Rule messages are written in `lang`.
pub fn referee(input: &str, lang: Lang) -> Result<Report, Malformed> {
    let raw = record::RawRecord::parse(input)?;
    match raw.game {
        Game::Giltspiel | Game::Perlaggen => figures::referee_any(&raw, lang),
        Game::Watten => watten::referee_any(&raw, lang),
        Game::Gaigel => gaigel::referee(&raw, lang).map(Report::Gaigel),
    }
}

/// Referees a typed match record ([`Record`]): what the pad, the forms, the service and the
/// tournament file hand over, so none of them builds a `serde_json::Value` to print it.
///
/// The engines read the record's frame raw and each part with their own checked types
/// (`record::RawRecord`), so the record is written once, straight from its types, and read by
/// the same entry as the text; a typed engine input is the next step (docs/reference/
/// architecture.md, "The match record").
pub fn referee_record(record: &Record, lang: Lang) -> Result<Report, Malformed> {
    referee(&record.to_json(), lang)
}
