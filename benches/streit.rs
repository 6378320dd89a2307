//! Streitfall benchmark: refereeing a card-level deal must cost no more than parsing its
//! record's JSON (ratio <= 1).
//!
//! The fair reading (docs/reference/performance.md, "Streitfall"): `rules::referee(text)`
//! parses the text itself, so it is split with the typed entry `rules::typed::CardRecord`:
//! `parse` reads the text into the typed deal, `referee` does the rest (every action through
//! the card-level engine, the rulings in German, the deal scored). The referee's half is set
//! against parsing the same text into a `serde_json::Value` and into the typed record. Cases:
//! every conformance case `tests/conformance/*/cards-*.json` whose record is one card-level
//! deal the typed entry takes.
//!
//! Run: `cargo bench --bench streit` (one row per case: the medians of the four measurements,
//! alternating batch by batch so machine noise hits all alike, and the two ratios).
//! For instruction counts: `KARTL_STREIT_CASE=NAME KARTL_STREIT_SIDE=referee|typed|value|whole
//! valgrind --tool=callgrind --toggle-collect='*streit*measure*' target/release/deps/streit-*`
//! runs one side of one case `KARTL_STREIT_CALLS` times (default 1,000) inside `measure`.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use kartl::rules::typed::CardRecord;
use kartl::rules::{self, Lang};
use serde_json::Value;
use std::hint::black_box;
use std::time::{Duration, Instant};

const BATCH: u32 = 200;
const ROUNDS: usize = 15;

#[derive(Clone, Copy)]
enum Side {
    /// `rules::referee(text)`: parsing and refereeing together.
    Whole,
    /// `CardRecord::parse(text)`: the text into the typed record.
    Typed,
    /// `CardRecord::referee`: the referee's work on the typed record.
    Referee,
    /// `serde_json::from_str::<Value>(text)`.
    Value,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn cases() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");
    let mut out = Vec::new();
    for game in std::fs::read_dir(root).unwrap() {
        let dir = game.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let path = f.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if !name.starts_with("cards-") || !name.ends_with(".json") {
                continue;
            }
            let case: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let text = case["record"].to_string();
            if CardRecord::parse(&text).is_ok() {
                let family = dir.file_name().unwrap().to_string_lossy().to_string();
                out.push((format!("{family}/{name}"), text));
            }
        }
    }
    out.sort();
    out
}

/// Runs one side `calls` times; never inlined, so callgrind can count it alone.
#[inline(never)]
fn measure(side: Side, text: &str, typed: &CardRecord, calls: u32) {
    for _ in 0..calls {
        match side {
            Side::Whole => {
                black_box(rules::referee(black_box(text), Lang::De).unwrap());
            }
            Side::Typed => {
                black_box(CardRecord::parse(black_box(text)).unwrap());
            }
            Side::Referee => {
                black_box(black_box(typed).referee(Lang::De));
            }
            Side::Value => {
                black_box(serde_json::from_str::<Value>(black_box(text)).unwrap());
            }
        }
    }
}

fn time(side: Side, text: &str, typed: &CardRecord) -> Duration {
    let t = Instant::now();
    measure(side, text, typed, BATCH);
    t.elapsed() / BATCH
}

/// One side of one case under a profiler (see the header).
fn profile(case: &str, side: &str) {
    let cases = cases();
    let (_, text) = cases
        .iter()
        .find(|(name, _)| name.ends_with(case))
        .expect("KARTL_STREIT_CASE names no case");
    let side = match side {
        "whole" => Side::Whole,
        "typed" => Side::Typed,
        "referee" => Side::Referee,
        "value" => Side::Value,
        other => panic!("KARTL_STREIT_SIDE {other}: whole, typed, referee or value"),
    };
    let calls = std::env::var("KARTL_STREIT_CALLS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(1000);
    let typed = CardRecord::parse(text).unwrap();
    measure(side, text, &typed, calls);
}

fn main() {
    if let (Ok(case), Ok(side)) = (
        std::env::var("KARTL_STREIT_CASE"),
        std::env::var("KARTL_STREIT_SIDE"),
    ) {
        return profile(&case, &side);
    }
    let cases = cases();
    let (mut worst_value, mut worst_typed): (f64, f64) = (0.0, 0.0);
    println!(
        "{:<58} {:>9} {:>9} {:>9} {:>9} {:>7} {:>7}",
        "case", "whole", "referee", "typed", "Value", "r/Value", "r/typed"
    );
    for (name, text) in &cases {
        let typed = CardRecord::parse(text).unwrap();
        let mut t: [Vec<Duration>; 4] = Default::default();
        for _ in 0..ROUNDS {
            for (i, side) in [Side::Whole, Side::Referee, Side::Typed, Side::Value]
                .into_iter()
                .enumerate()
            {
                t[i].push(time(side, text, &typed));
            }
        }
        let [whole, referee, parse_typed, parse_value] = t.map(median);
        let by_value = referee.as_secs_f64() / parse_value.as_secs_f64();
        let by_typed = referee.as_secs_f64() / parse_typed.as_secs_f64();
        worst_value = worst_value.max(by_value);
        worst_typed = worst_typed.max(by_typed);
        println!(
            "{name:<58} {whole:>9.2?} {referee:>9.2?} {parse_typed:>9.2?} {parse_value:>9.2?} {by_value:>7.2} {by_typed:>7.2}"
        );
    }
    println!(
        "cases: {}, worst ratio referee / parse into Value: {worst_value:.2}, referee / parse into the typed record: {worst_typed:.2} (goal <= 1)",
        cases.len()
    );
}
