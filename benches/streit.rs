//! Streitfall benchmark: refereeing each card-level conformance case
//! (`tests/conformance/*/cards-*.json` whose record holds a `cards` deal) must cost no more
//! than parsing its JSON into a `serde_json::Value` (ratio <= 1).
//!
//! Run: `cargo bench --bench streit` (one row per case: both medians and the ratio; the two
//! measurements alternate batch by batch so machine noise hits both alike).

#![allow(clippy::expect_used, clippy::unwrap_used)]

use kartl::rules::{self, Lang};
use serde_json::Value;
use std::hint::black_box;
use std::time::{Duration, Instant};

const BATCH: u32 = 200;
const ROUNDS: usize = 15;

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
            let record = &case["record"];
            let card_level = record["deals"]
                .as_array()
                .is_some_and(|d| d.iter().any(|deal| deal.get("cards").is_some()));
            if card_level {
                out.push((name, record.to_string()));
            }
        }
    }
    out.sort();
    out
}

fn main() {
    let cases = cases();
    let mut worst: f64 = 0.0;
    println!(
        "{:<60} {:>12} {:>12} {:>7}",
        "case", "referee", "parse", "ratio"
    );
    for (name, text) in &cases {
        let (mut referee, mut parse) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let t = Instant::now();
            for _ in 0..BATCH {
                black_box(rules::referee(black_box(text), Lang::De).unwrap());
            }
            referee.push(t.elapsed() / BATCH);
            let t = Instant::now();
            for _ in 0..BATCH {
                black_box(serde_json::from_str::<Value>(black_box(text)).unwrap());
            }
            parse.push(t.elapsed() / BATCH);
        }
        let (r, p) = (median(referee), median(parse));
        let ratio = r.as_secs_f64() / p.as_secs_f64();
        worst = worst.max(ratio);
        println!("{name:<60} {r:>12.2?} {p:>12.2?} {ratio:>7.2}");
    }
    println!(
        "cases: {}, worst ratio: {worst:.2} (goal <= 1)",
        cases.len()
    );
}
