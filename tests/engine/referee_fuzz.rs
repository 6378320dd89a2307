//! Hostile input for the referee: whatever arrives, the referee answers: a result or
//! a malformed-record error, never a panic, and a result's `valid` field says whether it names
//! a broken rule. The corpus is every record of the conformance suite and of the shared
//! examples (copied into `tests/conformance/shared/`); proptest mutates them (numbers pushed to their limits,
//! strings replaced, keys dropped or renamed, arrays repeated) and also feeds arbitrary text.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::{self, Lang};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::path::Path;

fn corpus() -> Vec<Value> {
    let mut records = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests/conformance")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let case: Value =
                    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                if case["record"].is_object() {
                    records.push(case["record"].clone());
                }
            }
        }
    }
    assert!(
        records.len() > 100,
        "the corpus is too small: {}",
        records.len()
    );
    records
}

/// One mutation, applied at the node picked by `at` in a depth-first walk.
#[derive(Debug, Clone)]
enum Mutation {
    Number(i64),
    Huge,
    Fraction,
    Text(String),
    Null,
    DropKey,
    RenameKey(String),
    RepeatArray(usize),
    EmptyContainer,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<i64>().prop_map(Mutation::Number),
        Just(Mutation::Huge),
        Just(Mutation::Fraction),
        "[A-Za-z0-9=ÄÖÜß_ -]{0,12}".prop_map(Mutation::Text),
        Just(Mutation::Null),
        Just(Mutation::DropKey),
        "[a-z_]{1,10}".prop_map(Mutation::RenameKey),
        (1usize..40).prop_map(Mutation::RepeatArray),
        Just(Mutation::EmptyContainer),
    ]
}

/// Applies `m` to the `at`-th node (counting depth first); returns whether it was applied.
fn mutate(value: &mut Value, at: &mut usize, m: &Mutation) -> bool {
    if *at == 0 {
        match m {
            Mutation::Number(n) => *value = json!(n),
            Mutation::Huge => *value = json!(u64::MAX),
            Mutation::Fraction => *value = json!(2.5),
            Mutation::Text(t) => *value = json!(t),
            Mutation::Null => *value = Value::Null,
            Mutation::DropKey | Mutation::RenameKey(_) => {
                if let Value::Object(map) = value
                    && let Some(key) = map.keys().next().cloned()
                {
                    let v = map.remove(&key).unwrap();
                    if let Mutation::RenameKey(name) = m {
                        map.insert(name.clone(), v);
                    }
                }
            }
            Mutation::RepeatArray(n) => {
                if let Value::Array(items) = value {
                    let copy = items.clone();
                    for _ in 0..*n {
                        items.extend(copy.iter().cloned());
                    }
                }
            }
            Mutation::EmptyContainer => match value {
                Value::Array(items) => items.clear(),
                Value::Object(map) => map.clear(),
                _ => {}
            },
        }
        return true;
    }
    *at -= 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|v| mutate(v, at, m)),
        Value::Object(map) => map.values_mut().any(|v| mutate(v, at, m)),
        _ => false,
    }
}

/// The referee must answer without panicking, and a result must serialise with a `valid`
/// field that agrees with its `errors` (contract 4: valid exactly when no rule is broken).
fn referee_answers(input: &str) {
    for lang in [Lang::De, Lang::En] {
        if let Ok(report) = rules::referee(input, lang) {
            let result = serde_json::to_value(&report).unwrap();
            assert_valid_agrees(&result, &report);
        }
    }
}

/// The result's own `valid` field against the broken rules it lists and the report's.
fn assert_valid_agrees(result: &Value, report: &rules::Report) {
    let valid = result["valid"].as_bool();
    let errors = result["errors"].as_array().map(Vec::is_empty);
    assert_eq!(valid, errors, "`valid` against `errors` in {result}");
    assert_eq!(valid, Some(report.violations().is_empty()), "{result}");
    assert_eq!(valid, Some(report.is_valid()), "{result}");
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 3000, ..ProptestConfig::default() }))]

    #[test]
    fn mutated_records_never_panic(pick in any::<prop::sample::Index>(), at in 0usize..200, ms in prop::collection::vec(mutation(), 1..4)) {
        thread_local!(static CORPUS: Vec<Value> = corpus());
        let mut record = CORPUS.with(|c| pick.get(c).clone());
        for m in &ms {
            let mut i = at;
            mutate(&mut record, &mut i, m);
        }
        referee_answers(&record.to_string());
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        referee_answers(&text);
    }

    #[test]
    fn json_shaped_noise_never_panics(text in r#"[\[\]{}",:0-9a-zA-Z\- .]{0,200}"#) {
        referee_answers(&format!(r#"{{"game":"watten","deals":[{text}]}}"#));
        referee_answers(&format!(r#"{{"game":"gaigel","variant":"three","deals":[{text}]}}"#));
        referee_answers(&format!(r#"{{"game":"perlaggen","deals":[{{"events":[{text}]}}]}}"#));
    }
}

#[test]
fn deeply_nested_input_is_refused_not_overflowed() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    referee_answers(&format!(r#"{{"game":"watten","deals":{deep}}}"#));
    assert!(rules::referee(&format!(r#"{{"game":"watten","deals":{deep}}}"#), Lang::En).is_err());
}
