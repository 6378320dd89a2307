//! Where `serde_json::Value` still stands for the match record and other data inside the
//! crate (issue 30, item 1): the typed record (`rules::Record`) and typed parts take its place
//! one site at a time, and `Value` is meant to remain only where bytes enter or leave.
//!
//! The count: in a file that names `serde_json`, each `Value` (the word alone, so `RawValue`
//! is not counted), each `json!` and each `Map<String`; test code (`*tests.rs` files and what
//! follows a file's `#[cfg(test)]`) is not counted. The byte edges are not counted either:
//! the HTTP API's JSON (`web/api.rs`), the tournament file (`tournament/file.rs`,
//! `tournament/file_record.rs`), the database columns (`db/`) and the command line (`cli.rs`).
//!
//! Each top folder has a ceiling, set to what was left when the count was introduced: a change
//! that adds a use fails here, a change that removes some lowers the ceiling with it.

use super::scan;
use std::collections::BTreeMap;

/// The byte edges, as paths below `src/` (a folder ends with `/`).
const EDGES: &[&str] = &[
    "web/api.rs",
    "tournament/file.rs",
    "tournament/file_record.rs",
    "db/",
    "cli.rs",
];

/// The most uses each top folder may hold (see the module text); a folder not listed holds none.
/// 2026-11-28 noon, after the pad, the rulings, the forms, Streitfall, the demo and the audit
/// details became typed: what is left is the deals as the service still passes them
/// (`service/scoring`: the live deals, the deal versions, corrections; `service/view`: a
/// snapshot's deals; `web/entry`, `web/tables`: the forms' check and the correction pages),
/// the audit log's fallback for details of an older shape (`web/tables/audit_words.rs`), the
/// erasure's rewrite of stored details (`service/privacy.rs`), the three-player figures'
/// deals (`rules/figures/three`) and the pad's HTTP answers.
const CEILINGS: &[(&str, usize)] = &[
    ("report", 6),
    ("rules", 12),
    ("service", 75),
    ("tournament", 4),
    ("web", 74),
];

fn uses(code: &str) -> usize {
    let code = code.split("#[cfg(test)]").next().unwrap_or("");
    if !code.contains("serde_json") {
        return 0;
    }
    let word = |at: usize, len: usize| {
        let before = code[..at].chars().next_back();
        let after = code[at + len..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    };
    // `type Value = …;` is a serde `Visitor`'s associated type, not serde_json's `Value`.
    let values = code
        .match_indices("Value")
        .filter(|(at, _)| word(*at, 5) && !code[..*at].ends_with("type "))
        .count();
    values + code.matches("json!").count() + code.matches("Map<String").count()
}

/// Each counted file below `src/` with its uses.
fn counts() -> BTreeMap<String, usize> {
    let src = scan::src();
    let mut out = BTreeMap::new();
    for (file, _, code) in scan::files() {
        let path = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let edge = EDGES
            .iter()
            .any(|e| path == *e || (e.ends_with('/') && path.starts_with(e)));
        if edge || path.ends_with("tests.rs") {
            continue;
        }
        let n = uses(&code);
        if n > 0 {
            out.insert(path, n);
        }
    }
    out
}

#[test]
fn value_uses_stay_under_each_folders_ceiling() {
    let counts = counts();
    let mut per_folder: BTreeMap<&str, usize> = BTreeMap::new();
    for (path, n) in &counts {
        let folder = path
            .split('/')
            .next()
            .unwrap_or(path)
            .trim_end_matches(".rs");
        *per_folder.entry(folder).or_default() += n;
    }
    let listing: Vec<String> = counts.iter().map(|(p, n)| format!("{n:4} {p}")).collect();
    for (folder, n) in &per_folder {
        let ceiling = CEILINGS
            .iter()
            .find(|(f, _)| f == folder)
            .map_or(0, |(_, c)| *c);
        assert!(
            *n <= ceiling,
            "{folder} holds {n} uses of serde_json's Value, json! or Map<String, above its \
             ceiling of {ceiling}; per folder {per_folder:?}; the files:\n{}",
            listing.join("\n")
        );
    }
}

#[test]
fn the_count_reads_words_not_parts_of_names() {
    let code =
        "use serde_json::value::RawValue; fn f(v: Value) -> Map<String, Value> { json!({}) }";
    assert_eq!(uses(code), 4);
    assert_eq!(
        uses("fn f(v: Value) {}"),
        0,
        "no serde_json named: another Value"
    );
    assert_eq!(
        uses("use serde_json::Value;\n#[cfg(test)]\nfn t(v: Value) {}"),
        1
    );
}
