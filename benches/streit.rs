//! Streitfall benchmark: refereeing a card-level deal must cost no more than parsing its
//! record's JSON (ratio <= 1).
//!
//! Two readings, both printed (docs/reference/performance.md, "Streitfall"):
//!
//! - The goal's fair reading: `rules::referee(text)` parses the text itself, so it is split
//!   with the typed entry `rules::typed::CardRecord`: `parse` reads the text into the typed
//!   deal, `referee` does the rest (every action through the card-level engine, the rulings in
//!   German, the deal scored). The referee's half is set against parsing the same text into a
//!   `serde_json::Value` and into the typed record.
//! - The whole: `rules::referee(text)`, parsing included, against the parse into a `Value`.
//!
//! Cases: every conformance case `tests/conformance/*/cards-*.json` whose record is one
//! card-level deal the typed entry takes.
//!
//! Run: `cargo bench --bench streit` (one row per case: the medians of the four measurements,
//! alternating batch by batch so machine noise hits all alike, and the three ratios; then
//! per family the worst case of each reading).
//! For instruction counts: `KARTL_STREIT_CASE=NAME KARTL_STREIT_SIDE=referee|typed|value|whole|all
//! valgrind --tool=callgrind --toggle-collect='*streit*measure*' target/release/deps/streit-*`
//! runs the side (or all four) of every case whose name ends with NAME `KARTL_STREIT_CALLS`
//! times (default 1,000) inside `measure`; with `--dump-after='*streit*measure*'` callgrind
//! writes one dump per `measure` call, in the order the run prints them.

#![allow(clippy::expect_used, clippy::unwrap_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

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

/// The sides a profiling run measures: one, or `all` four in the table's order.
fn sides(side: &str) -> Vec<(&'static str, Side)> {
    let all = [
        ("whole", Side::Whole),
        ("referee", Side::Referee),
        ("typed", Side::Typed),
        ("value", Side::Value),
    ];
    let chosen: Vec<_> = all
        .into_iter()
        .filter(|(name, _)| side == "all" || side == *name)
        .collect();
    assert!(
        !chosen.is_empty(),
        "KARTL_STREIT_SIDE {side}: whole, referee, typed, value or all"
    );
    chosen
}

/// The named sides of every case whose name ends with `case`, under a profiler (see the
/// header); each `measure` call is announced on stdout, in order, so that callgrind's dumps
/// (`--dump-after`) can be paired with their case and side.
fn profile(case: &str, side: &str) {
    let cases: Vec<_> = cases()
        .into_iter()
        .filter(|(name, _)| name.ends_with(case))
        .collect();
    assert!(!cases.is_empty(), "KARTL_STREIT_CASE names no case");
    let calls = std::env::var("KARTL_STREIT_CALLS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(1000);
    for (name, text) in &cases {
        let typed = CardRecord::parse(text).unwrap();
        for (side_name, side) in sides(side) {
            println!("{name} {side_name} {calls}");
            measure(side, text, &typed, calls);
        }
    }
}

/// The worst ratio of a family and its case, for each reading.
#[derive(Default)]
struct Worst {
    cases: usize,
    referee: (f64, String),
    whole: (f64, String),
}

fn raise(worst: &mut (f64, String), ratio: f64, name: &str) {
    if ratio > worst.0 {
        *worst = (ratio, name.to_string());
    }
}

fn main() {
    if let (Ok(case), Ok(side)) = (
        std::env::var("KARTL_STREIT_CASE"),
        std::env::var("KARTL_STREIT_SIDE"),
    ) {
        return profile(&case, &side);
    }
    let cases = cases();
    let mut families: Vec<(String, Worst)> = Vec::new();
    println!(
        "{:<58} {:>9} {:>9} {:>9} {:>9} {:>7} {:>7} {:>7}",
        "case", "whole", "referee", "typed", "Value", "r/Value", "r/typed", "w/Value"
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
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        let (by_value, by_typed) = (ratio(referee, parse_value), ratio(referee, parse_typed));
        let whole_by_value = ratio(whole, parse_value);
        let family = name.split('/').next().unwrap_or_default().to_string();
        let at = match families.iter().position(|(f, _)| *f == family) {
            Some(at) => at,
            None => {
                families.push((family, Worst::default()));
                families.len() - 1
            }
        };
        let worst = &mut families[at].1;
        worst.cases += 1;
        raise(&mut worst.referee, by_value, name);
        raise(&mut worst.whole, whole_by_value, name);
        println!(
            "{name:<58} {whole:>9.2?} {referee:>9.2?} {parse_typed:>9.2?} {parse_value:>9.2?} {by_value:>7.2} {by_typed:>7.2} {whole_by_value:>7.2}"
        );
    }
    println!("cases: {} (goal: ratio <= 1)", cases.len());
    for (family, w) in &families {
        println!(
            "{family} ({} cases): worst referee / parse into Value {:.2} ({}); worst whole rules::referee(text) / parse into Value {:.2} ({})",
            w.cases, w.referee.0, w.referee.1, w.whole.0, w.whole.1
        );
    }
}
