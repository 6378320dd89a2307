//! Referee benchmark (issues 3, 4 and 5): refereeing a 30-deal record must cost no more than
//! parsing the same record's JSON into a `serde_json::Value`.
//!
//! Run: `cargo bench --bench referee` (prints one row per game with both medians and the ratio;
//! then the typed entry, `rules::referee_record`, against the text entry on the same record).
//! The two measurements alternate batch by batch in one run, so machine noise hits both alike;
//! the ratio is what `docs/reference/performance.md` records.
//!
//! Each record is built greedily from candidate deals rich in bets, raises and card shows:
//! a candidate is appended only when the record with it still keeps every rule (the engine
//! itself decides, outside the timing), so the benchmark referees valid 30-deal records.

// A benchmark harness: a record that breaks the rules should stop it loudly.
#![allow(clippy::expect_used, clippy::unwrap_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

use kartl::rules::{self, Lang};
use serde_json::{Value, json};
use std::hint::black_box;
use std::time::{Duration, Instant};

const DEALS: usize = 30;

/// Appends candidates in turn (rotating where to start, so the sides take turns) until the
/// record holds `DEALS` deals that keep the rules.
fn build_record(mut frame: Value, candidates: &[Value]) -> String {
    let mut deals: Vec<Value> = Vec::new();
    while deals.len() < DEALS {
        let start = deals.len() % candidates.len();
        let next = (0..candidates.len())
            .map(|i| &candidates[(start + i) % candidates.len()])
            .find(|candidate| {
                let mut trial = deals.clone();
                trial.push((*candidate).clone());
                frame["deals"] = Value::Array(trial);
                rules::referee(&frame.to_string(), Lang::De).is_ok_and(|r| r.is_valid())
            })
            .unwrap_or_else(|| {
                let why: Vec<String> = candidates
                    .iter()
                    .map(|c| {
                        let mut trial = deals.clone();
                        trial.push(c.clone());
                        frame["deals"] = Value::Array(trial);
                        let report = rules::referee(&frame.to_string(), Lang::En);
                        format!("{:?}", report.map(|r| r.violations().to_vec()))
                    })
                    .collect();
                panic!(
                    "no candidate keeps the rules after {} deals:\n{}",
                    deals.len(),
                    why.join("\n")
                )
            });
        deals.push(next.clone());
    }
    frame["deals"] = Value::Array(deals);
    frame.to_string()
}

fn giltspiel() -> String {
    let rich = json!({"events": [
        {"trump": "H"},
        {"bet": "gleich", "by": "A"}, {"raise": "gleich", "by": "B"}, {"hold": "gleich", "by": "A"},
        {"bet": "hanger", "by": "B"}, {"hold": "hanger", "by": "A"},
        {"bet": "spiel", "by": "A"}, {"hold": "spiel", "by": "B"},
        {"tricks": "A"},
        {"show": {
            "gleich": {"A": ["EA", "SA"], "B": ["EK", "HK", "LK"]},
            "hanger": {"A": ["E10", "E9"], "B": ["HO", "HU", "H10"]}
        }}
    ]});
    let mirrored = json!({"events": [
        {"trump": "E"},
        {"bet": "hanger", "by": "B"}, {"raise": "hanger", "by": "A"}, {"hold": "hanger", "by": "B"},
        {"bet": "gleich", "by": "A"}, {"good": "gleich", "by": "B"},
        {"tricks": "B"},
        {"show": {"hanger": {"A": ["S9", "S8", "S7"], "B": ["LA", "LK"]}}}
    ]});
    let plain_a = json!({"events": [{"good": "spiel", "by": "B"}, {"show": {"gleich": "A", "hanger": "stands"}}]});
    let plain_b =
        json!({"events": [{"tricks": "B"}, {"show": {"gleich": "stands", "hanger": "B"}}]});
    let decider_a = json!({"events": [{"decider": "A"}]});
    let decider_b = json!({"events": [{"decider": "B"}]});
    build_record(
        json!({"game": "giltspiel", "target": 11}),
        &[rich, mirrored, plain_a, plain_b, decider_a, decider_b],
    )
}

fn perlaggen() -> String {
    let rich = json!({"events": [
        {"trump": "L"},
        {"bet": ["gleich", "hanger"], "by": "A"}, {"hold": "gleich", "by": "B"}, {"raise": "hanger", "by": "B"},
        {"hold": "hanger", "by": "A"},
        {"good": "spiel", "by": "B"},
        {"show": {
            "gleich": {"A": ["L10", "H10", "L7=L10"], "B": ["E10", "S10"]},
            "hanger": {"A": ["LA", "LK", "LU=LO"], "B": ["EK", "EO", "EU"]}
        }}
    ]});
    let mirrored = json!({"events": [
        {"trump": "S"},
        {"bet": "spiel", "by": "B"}, {"hold": "spiel", "by": "A"},
        {"tricks": "B"},
        {"show": {"gleich": {"A": ["EO", "HO"], "B": ["EA", "HA", "S7=LA"]}, "hanger": "A"}}
    ]});
    let plain_a = json!({"events": [{"good": "spiel", "by": "B"}, {"show": {"gleich": "A", "hanger": "stands"}}]});
    let plain_b =
        json!({"events": [{"tricks": "B"}, {"show": {"gleich": "stands", "hanger": "B"}}]});
    let decider_a = json!({"events": [{"decider": "A"}]});
    let decider_b = json!({"events": [{"decider": "B"}]});
    build_record(
        json!({"game": "perlaggen", "variant": "innsbruck"}),
        &[rich, mirrored, plain_a, plain_b, decider_a, decider_b],
    )
}

fn watten() -> String {
    let candidates = [
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"bet": "B"}, {"see": "A"}, {"tricks": "B"}]}),
        json!({"events": [{"bet": "B"}, {"see": "A"}, {"tricks": "A"}]}),
        json!({"events": [{"bet": "A"}, {"give_up": "B"}]}),
        json!({"events": [{"play": "A"}, {"tricks": "A"}]}),
        json!({"events": [{"play": "B"}, {"tricks": "B"}]}),
        json!({"events": [{"tricks": "A"}]}),
        json!({"events": [{"tricks": "B"}]}),
        json!({"winner": "A", "points": 3}),
    ];
    build_record(
        json!({"game": "watten", "variant": "tyrolean"}),
        &candidates,
    )
}

fn gaigel() -> String {
    let candidates = [
        json!({"points": {"A": 104, "B": 60}, "melds": {"A": [20]}, "tricks": {"A": 7, "B": 3}, "out": "A"}),
        json!({"points": {"A": 58, "B": 83}, "melds": {"B": [40]}, "tricks": {"A": 3, "B": 6}, "out": "B"}),
        json!({"points": {"A": 0, "B": 121}, "tricks": {"A": 0, "B": 8}, "out": "B"}),
        json!({"points": {"A": 130, "B": 110}, "tricks": {"A": 7, "B": 5}}),
        json!({"points": {"A": 97, "B": 70}, "tricks": {"A": 6, "B": 4}, "out": "A"}),
    ];
    build_record(
        json!({"game": "gaigel", "variant": "four", "options": {"strokes": 60}}),
        &candidates,
    )
}

/// Median time per call of `f`, over `batches` batches of `per_batch` calls, with `g` measured
/// in the same way in between, batch by batch.
fn side_by_side(
    per_batch: u32,
    batches: usize,
    mut f: impl FnMut(),
    mut g: impl FnMut(),
) -> (Duration, Duration) {
    let time = |h: &mut dyn FnMut()| {
        let t = Instant::now();
        for _ in 0..per_batch {
            h();
        }
        t.elapsed() / per_batch
    };
    let (mut fs, mut gs) = (Vec::with_capacity(batches), Vec::with_capacity(batches));
    for _ in 0..batches {
        fs.push(time(&mut f));
        gs.push(time(&mut g));
    }
    fs.sort();
    gs.sort();
    (fs[batches / 2], gs[batches / 2])
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing and wants a quick run.
    let quick = !std::env::args().any(|a| a == "--bench");
    let (per_batch, batches) = if quick { (2, 3) } else { (200, 101) };
    println!(
        "{:<10} {:>14} {:>14} {:>8}",
        "record", "parse Value", "referee", "ratio"
    );
    let records = [
        ("giltspiel", giltspiel()),
        ("perlaggen", perlaggen()),
        ("watten", watten()),
        ("gaigel", gaigel()),
    ];
    for (name, record) in &records {
        let report = rules::referee(record, Lang::De).expect("well-formed");
        assert!(
            report.is_valid(),
            "{name}: the benchmark record must keep the rules"
        );
        let (parse, referee) = side_by_side(
            per_batch,
            batches,
            || {
                black_box(serde_json::from_str::<Value>(black_box(record)).ok());
            },
            || {
                black_box(rules::referee(black_box(record), Lang::De).ok());
            },
        );
        println!(
            "{name:<10} {:>11.1} µs {:>11.1} µs {:>8.2}",
            parse.as_secs_f64() * 1e6,
            referee.as_secs_f64() * 1e6,
            referee.as_secs_f64() / parse.as_secs_f64()
        );
    }
    typed_entry(per_batch, batches, &records);
}

/// The typed entry (`rules::referee_record`, what the service and the tournament file call)
/// against the text entry on the same record, and against what they called before the record
/// was typed: a `serde_json::Value` of the record written out and refereed as text.
fn typed_entry(per_batch: u32, batches: usize, records: &[(&str, String)]) {
    println!(
        "\n{:<10} {:>14} {:>14} {:>14} {:>8} {:>8}",
        "record", "referee text", "Value written", "typed entry", "to text", "to Value"
    );
    for (name, text) in records {
        let record: rules::Record = serde_json::from_str(text).expect("the typed record reads");
        let value: Value = serde_json::from_str(text).expect("the record is JSON");
        assert_eq!(
            rules::referee_record(&record, Lang::De).ok(),
            rules::referee(text, Lang::De).ok(),
            "{name}: both entries give the same report"
        );
        let (by_text, typed) = side_by_side(
            per_batch,
            batches,
            || {
                black_box(rules::referee(black_box(text), Lang::De).ok());
            },
            || {
                black_box(rules::referee_record(black_box(&record), Lang::De).ok());
            },
        );
        // Each ratio from its own pair of alternating batches, so noise hits both sides alike.
        let (by_value, typed_again) = side_by_side(
            per_batch,
            batches,
            || {
                black_box(rules::referee(&black_box(&value).to_string(), Lang::De).ok());
            },
            || {
                black_box(rules::referee_record(black_box(&record), Lang::De).ok());
            },
        );
        println!(
            "{name:<10} {:>11.1} µs {:>11.1} µs {:>11.1} µs {:>8.2} {:>8.2}",
            by_text.as_secs_f64() * 1e6,
            by_value.as_secs_f64() * 1e6,
            typed.as_secs_f64() * 1e6,
            typed.as_secs_f64() / by_text.as_secs_f64(),
            typed_again.as_secs_f64() / by_value.as_secs_f64()
        );
    }
}
