//! kartl: tournaments and scorekeeping for Watten, Perlaggen, Giltspiel and Gaigel.
//!
//! The library holds everything; `main.rs` only parses the command line, so tests drive the
//! real code. `rules` is the pure referee; the rest is the service around it.

pub mod cli;
pub mod report;
pub mod rules;
pub mod sheet;
pub mod tournament;
