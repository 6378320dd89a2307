//! Export benchmark (issue 8): a 1,000-player Rutesheim tournament (3 sessions, 333 tables of
//! three and one bye each) through every export; each must finish within 2 seconds.
//!
//! Run: `cargo bench --bench exports` (optimised) or `cargo run --example`-style in debug with
//! `cargo bench --bench exports --profile dev`. Prints the time of each export. With a
//! directory argument (`-- /tmp/out`) it also writes the files there to look at.

// A benchmark harness: a failing export should stop it loudly.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use kartl::report::{self, Meta, ReportData, csv::Delimiter};
use kartl::rules::{Game, Lang};
use kartl::tournament::evaluate::evaluate;
use kartl::tournament::file::Variant;
use std::time::Instant;

fn time<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    println!(
        "{what:<24} {:>8.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    out
}

fn main() {
    let dir = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let file = common::rutesheim(1);
    let eval = time("evaluate (referee)", || evaluate(&file, Lang::De).unwrap());
    let meta = Meta {
        date: "21.11.2026".into(),
        place: "Rutesheim".into(),
        lang: Lang::De,
    };
    let data = time("ReportData::build", || {
        ReportData::build(&file, &eval, &meta)
    });
    let outputs = [
        (
            "standings.csv",
            time("csv standings", || {
                report::csv::standings(&data, Delimiter::Semicolon).unwrap()
            }),
        ),
        (
            "rounds.csv",
            time("csv rounds", || {
                report::csv::rounds(&data, Delimiter::Semicolon).unwrap()
            }),
        ),
        (
            "report.xlsx",
            time("xlsx", || report::xlsx::workbook(&data).unwrap()),
        ),
        (
            "report.pdf",
            time("pdf report", || report::pdf::report(&data).unwrap()),
        ),
        (
            "seating.pdf",
            time("pdf seating round 1", || {
                report::pdf::seating(&data, 1).unwrap().unwrap()
            }),
        ),
        (
            "tournament.json",
            time("json", || report::json(&file).unwrap()),
        ),
        (
            "sheets.pdf",
            time("pdf session sheets 1", || {
                report::printables::session_sheets(&data, 1)
                    .unwrap()
                    .unwrap()
            }),
        ),
        (
            "pad-watten.pdf",
            time("pdf score pad", || {
                report::printables::score_pad(Game::Watten, Variant::Tyrolean, Lang::De).unwrap()
            }),
        ),
        (
            "pad-gaigel.pdf",
            report::printables::score_pad(Game::Gaigel, Variant::Four, Lang::De).unwrap(),
        ),
    ];
    for (name, bytes) in &outputs {
        println!("{name:<24} {:>8} bytes", bytes.len());
        if let Some(d) = &dir {
            std::fs::write(format!("{d}/{name}"), bytes).unwrap();
        }
    }
}
