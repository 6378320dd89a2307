//! The conformance suite: every case is a data file naming its source (a rules text and its
//! example, or a contract section), run through the real `kartl referee` binary.
//!
//! Case files live in `tests/conformance/<game>/*.json`; the records of `../shared/examples`
//! run too, from their copy in `tests/conformance/shared/` (its README names the source). A case is `{"source": "...", "record": {...}, "expect": {...}}` where `expect`
//! holds `exit` (0 valid, 1 a rule broken, 2 malformed), `fields` (dotted paths into the
//! result, e.g. `deals.0.points.A`, each with the value it must have) and, for exit 2,
//! `stderr_contains` (what the one-line message must mention, e.g. the field's path).

// A test harness: a broken fixture should panic loudly (clippy's test allowance does not
// reach helper functions of an integration test).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The case files under `dir`, leaving out the directory `skip`.
fn case_files(dir: &Path, skip: Option<&Path>) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if skip == Some(path.as_path()) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Follows a dotted path (`deals.0.points.A`) into a result.
fn field<'a>(mut value: &'a Value, path: &str) -> Option<&'a Value> {
    for part in path.split('.') {
        value = match value {
            Value::Array(items) => items.get(part.parse::<usize>().ok()?)?,
            Value::Object(map) => map.get(part)?,
            _ => return None,
        };
    }
    Some(value)
}

/// Runs one case through the binary; returns what does not hold.
fn check_case(path: &Path) -> Vec<String> {
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
    let mut problems = Vec::new();
    if case["source"].as_str().is_none_or(|s| s.trim().is_empty()) {
        problems.push("the case names no source".to_string());
    }
    let expect = &case["expect"];
    let want_exit = expect["exit"].as_i64().unwrap_or(0);
    let fields = expect["fields"].as_object().cloned().unwrap_or_default();
    let stderr_contains = expect["stderr_contains"].as_str();
    if fields.is_empty() && stderr_contains.is_none() {
        problems.push("the case asserts nothing: give `fields` or `stderr_contains`".into());
    }
    // Records that are not valid JSON are kept as a string in `record_text`.
    let input = match case.get("record_text").and_then(Value::as_str) {
        Some(text) => text.to_string(),
        None => serde_json::to_string(&case["record"]).unwrap(),
    };

    let mut child = Command::new(env!("CARGO_BIN_EXE_kartl"))
        .arg("referee")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);

    let exit = out.status.code().unwrap_or(-1) as i64;
    if exit != want_exit {
        problems.push(format!(
            "exit {exit}, want {want_exit}; stderr: {}; errors: {}",
            stderr.trim(),
            serde_json::from_str::<Value>(&stdout)
                .map(|v| v["errors"].to_string())
                .unwrap_or_default()
        ));
    }
    if exit == 2 {
        if !stdout.trim().is_empty() {
            problems.push("a malformed record printed something on stdout".into());
        }
        if stderr.trim().lines().count() != 1 {
            problems.push(format!("stderr is not one line: {stderr:?}"));
        }
    }
    if let Some(needle) = stderr_contains
        && !stderr.contains(needle)
    {
        problems.push(format!(
            "stderr {:?} does not mention {needle:?}",
            stderr.trim()
        ));
    }
    if !fields.is_empty() {
        match serde_json::from_str::<Value>(&stdout) {
            Ok(result) => {
                for (path, want) in &fields {
                    let got = field(&result, path);
                    if got != Some(want) {
                        problems.push(format!(
                            "{path} = {}, want {want}",
                            got.map_or("<missing>".into(), Value::to_string)
                        ));
                    }
                }
            }
            Err(e) => problems.push(format!("stdout is not JSON ({e}): {stdout}")),
        }
    }
    problems
}

fn run_all(files: &[PathBuf]) {
    assert!(!files.is_empty(), "no case files found");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let problems = check_case(path);
            (!problems.is_empty())
                .then(|| format!("{}:\n  {}", path.display(), problems.join("\n  ")))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

/// The copy of `../shared/examples` (see its README).
fn shared_dir() -> PathBuf {
    conformance_dir().join("shared")
}

#[test]
fn every_conformance_case_gets_its_answer() {
    run_all(&case_files(&conformance_dir(), Some(&shared_dir())));
}

#[test]
fn every_shared_example_gets_its_answer() {
    let files = case_files(&shared_dir(), None);
    assert_eq!(files.len(), 6, "the six shared examples: {files:?}");
    run_all(&files);
}
