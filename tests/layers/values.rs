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
//! Each file that still holds a use is listed with its count and the reason the data has no
//! type there (below): data of no fixed shape, or bytes read in the form they were written.

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

/// Every file below `src/` that still holds a use, with how many and why; a file not listed
/// holds none. 48 in all (from about 457 when the count was asked for). The list is exact: a
/// change that adds a use fails here, and one that removes some lowers its line with it.
const LISTED: &[(&str, usize, &str)] = &[
    (
        "rules/figures/three/mod.rs",
        2,
        "the three-player record's deals looked at for a `cards` key before they are read, \
         to refuse card-level deals among three with the rule's own sentence",
    ),
    (
        "rules/figures/three/record.rs",
        5,
        "a three-player event read from the record's text by its keys, to name its one action \
         and refuse the two-sided keys in the contract's words",
    ),
    (
        "rules/match_record/deal.rs",
        3,
        "Record::read_deals: the tournament file's deals, which the file holds as it was \
         written, read into the typed record",
    ),
    (
        "service/cups/file.rs",
        2,
        "the cup file's evenings: each tournament file written with its keys sorted at every \
         depth, as the cup file always wrote them",
    ),
    (
        "service/privacy.rs",
        11,
        "erasing a name from stored audit details of any shape, old ones included: every \
         string of the stored JSON is rewritten",
    ),
    (
        "web/entry/mod.rs",
        2,
        "a form's deal as its field sends it: parsed once and written back in kartl's form \
         (keys sorted) before it is read as a typed deal",
    ),
    (
        "web/tables/audit_words.rs",
        23,
        "the audit log's words for a detail that does not read as its kind's (written by an \
         older version, or of a kind this one does not know), by key",
    ),
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
    // `HashMap<String, …>` and `BTreeMap<String, …>` are std's maps, not serde_json's `Map`.
    let maps = code
        .match_indices("Map<String")
        .filter(|(at, _)| word(*at, 3))
        .count();
    values + code.matches("json!").count() + maps
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
fn value_uses_are_where_the_list_says() {
    let counts = counts();
    let listing: Vec<String> = counts.iter().map(|(p, n)| format!("{n:4} {p}")).collect();
    for (path, n) in &counts {
        let listed = LISTED
            .iter()
            .find(|(f, _, _)| f == path)
            .map(|(_, n, _)| *n);
        assert_eq!(
            listed,
            Some(*n),
            "{path} holds {n} uses of serde_json's Value, json! or Map<String; the list says \
             {listed:?}. Type the data, or list the file with its reason. The files:\n{}",
            listing.join("\n")
        );
    }
    for (path, n, _) in LISTED {
        assert!(
            counts.contains_key(*path),
            "{path} is listed with {n} uses but holds none: take it off the list"
        );
    }
    let total: usize = LISTED.iter().map(|(_, n, _)| n).sum();
    assert!(
        total <= 48,
        "the list holds {total} uses, more than the 48 it was cut to"
    );
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
    assert_eq!(
        uses("use serde_json::Map; fn f(a: HashMap<String, u8>, b: BTreeMap<String, u8>) {}"),
        0,
        "std's maps keyed by String are not serde_json's Map"
    );
}
