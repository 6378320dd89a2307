//! Tournaments: the tournament file (contract section 8), formats and scoring schemes,
//! seating draws and standings with their tie-breaks.
//!
//! Pure like `rules`: no I/O, clock, web or database code. Randomness comes only from
//! [`rng::SplitMix64`] with a seed the caller stores, so every draw can be made again.
//! Standings take plain per-table results ([`standings::SeatResult`],
//! [`standings::Meeting`]) that the glue code fills from the referee's answers for the
//! confirmed version of each table's record. [`evaluate`] is the one place that calls the
//! referee for a whole file; [`results::compute`] turns the referee's answers into standings, and
//! [`next::next_round`] draws the next round as the file's settings say.
//! `docs/reference/tournaments.md` explains the choices in an organiser's words.

mod columns;
pub mod cup;
pub mod cup_file;
pub mod draw;
mod draw_types;
pub mod euro;
pub mod evaluate;
pub mod field;
pub mod file;
mod file_checks;
mod file_record;
pub mod file_words;
pub mod format;
pub mod knockout;
pub mod next;
pub mod player_figures;
pub mod prizes;
pub mod registration;
pub mod results;
pub mod rng;
pub mod scheme;
mod search;
pub mod standings;
pub mod tiebreak;

#[cfg(test)]
mod draw_tests;
#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod results_tests;
#[cfg(test)]
mod standings_tests;
#[cfg(test)]
mod tiebreak_tests;
