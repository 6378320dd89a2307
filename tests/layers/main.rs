//! The layers of `src/`, checked by reading the source: every `crate::` path (also in a
//! `use crate::{…}` group, and `super::` paths that climb to the crate's root) is an edge from
//! the file's top module to the module it names. The picture the README draws:
//!
//! ```text
//! main, cli                       the command line
//!  └─ startup                     builds the state, wires the routes, runs the server
//!      └─ web                     the edge: HTTP, handlers, pages, their shared state
//!          └─ service             what the pages, the API and the CLI share
//!              ├─ report, auth    exports; accounts, sessions, CSRF, throttle
//!              ├─ config          settings (names a database URL)
//!              ├─ db              rows and queries (rows hold game, variant, format as enums)
//!              ├─ tournament, sheet  draws, standings, the file; score sheets (SVG)
//!              └─ rules           the referee: imports nothing of the crate
//!  error, text, clock, `blocking` the foundation anyone may use
//! ```
//!
//! An edge must go down: from a module to one of a lower layer, with no exemption: `startup`
//! wires `web`, and the handlers' state (`web::AppState`) lives in `web`, so `web` never
//! reaches up. So `rules ← tournament ← db ← service ← web`, `auth`
//! lies below `service`, and there is no cycle among `db`, `auth`, `service`,
//! `tournament`, `report` and `sheet`. Below the top level, `folders.rs` checks that the
//! modules of each folder import each other round no cycle.

// Tests may panic on the unexpected: that is how they fail. (clippy.toml's allowance covers
// `#[test]` functions only, not the helpers beside them.)
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The 80-line limit on functions (clippy.toml) is for src/; a test or a bench is a scenario read
// top to bottom, and splitting it would hide its steps.
#![allow(clippy::too_many_lines)]

mod families;
mod folders;
mod scan;
mod values;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top module's layer: an import must name a module of a lower layer. `lib` stands for
/// the items of `lib.rs` itself (`crate::blocking`).
const LAYERS: &[(&str, u8)] = &[
    ("main", 11),
    ("cli", 10),
    ("startup", 9),
    ("web", 8),
    ("service", 7),
    ("report", 6),
    ("auth", 6),
    ("config", 5),
    ("db", 4),
    ("tournament", 3),
    ("sheet", 3),
    ("rules", 2),
    ("lib", 1),
    ("error", 0),
    ("text", 0),
    ("clock", 0),
];

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, l)| *l)
        .unwrap_or_else(|| panic!("module {module} has no layer in LAYERS: give it one"))
}

/// What a path may name at the crate's root: its top modules, and the items of `lib.rs`.
struct Root {
    modules: BTreeSet<String>,
    items: BTreeSet<String>,
}

impl Root {
    /// The top module a root name stands for; `lib` for an item of `lib.rs`; `None` for
    /// anything else (`*`, an item of the file itself reached by `super::`).
    fn module(&self, name: String) -> Option<String> {
        if self.modules.contains(&name) {
            Some(name)
        } else if self.items.contains(&name) {
            Some("lib".into())
        } else {
            None
        }
    }
}

/// The top modules (or `lib`) a file names: `crate::x`, `super::…::x` that climbs to the
/// root, and in `lib.rs` and `main.rs` the root's own `x::` (`kartl::x` in `main.rs`).
fn imports(relative: &Path, text: &str, root: &Root) -> BTreeSet<String> {
    let code = scan::code(text);
    let module = scan::module_path(relative);
    let mut found: Vec<String> = scan::references(&module, &code)
        .into_iter()
        .filter_map(|r| r.to.first().cloned())
        .collect();
    let root_prefix = match relative.to_str() {
        Some("lib.rs") => Some("use "),
        Some("main.rs") => Some("kartl::"),
        _ => None,
    };
    if let Some(prefix) = root_prefix {
        for (at, _) in code.match_indices(prefix) {
            let paths = scan::use_tree(&code, at + prefix.len());
            found.extend(paths.into_iter().filter_map(|p| p.first().cloned()));
        }
    }
    found
        .into_iter()
        .filter_map(|name| root.module(name))
        .collect()
}

/// Every edge between top modules: (from, to) → the files that make it.
fn edges() -> BTreeMap<(String, String), Vec<String>> {
    let src = scan::src();
    let files = scan::sources(&src);
    let lib = scan::code(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let root = Root {
        modules: files
            .iter()
            .filter_map(|f| {
                scan::module_path(f.strip_prefix(&src).unwrap())
                    .first()
                    .cloned()
            })
            .collect(),
        items: lib
            .match_indices("fn ")
            .flat_map(|(at, _)| scan::use_tree(&lib, at + "fn ".len()))
            .filter_map(|p| p.first().cloned())
            .collect(),
    };
    let mut edges: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let from = scan::module_path(relative)
            .first()
            .cloned()
            .unwrap_or_else(|| "lib".into());
        let text = std::fs::read_to_string(file).unwrap();
        for to in imports(relative, &text, &root) {
            if to != from {
                let shown = relative.display().to_string();
                edges.entry((from.clone(), to)).or_default().push(shown);
            }
        }
    }
    edges
}

/// Below the edge, nothing imports `web` or `startup`; every import goes down a layer.
#[test]
fn every_import_goes_down_a_layer() {
    let edges = edges();
    assert!(
        edges.contains_key(&("service".into(), "db".into())),
        "the scan finds no edges: it is broken ({edges:?})"
    );
    let mut wrong = Vec::new();
    for ((from, to), files) in &edges {
        if layer(from) <= layer(to) {
            wrong.push(format!("{from} → {to} ({})", files.join(", ")));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The edge is layered too: `web` (the handlers and their state) imports neither `startup`
/// nor `cli`; `startup` (which wires the routes) is imported by `cli` and `main` only.
#[test]
fn only_the_edge_imports_web_or_startup() {
    let edges = edges();
    let wrong: Vec<String> = edges
        .iter()
        .filter(|((from, to), _)| match to.as_str() {
            "web" => !matches!(from.as_str(), "startup" | "cli" | "main"),
            "startup" => !matches!(from.as_str(), "cli" | "main"),
            _ => false,
        })
        .map(|((from, to), files)| format!("{from} → {to} ({})", files.join(", ")))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The top folder has no circle either: no top module reaches itself through the others'
/// imports (implied by the layers above; checked on its own so a change to the table of
/// layers cannot hide one).
#[test]
fn the_top_modules_import_each_other_round_no_cycle() {
    let edges = edges();
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from.as_str()).or_default().insert(to.as_str());
    }
    let mut circles = Vec::new();
    for &start in next.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<&str> = next[start].iter().copied().collect();
        while let Some(module) = todo.pop() {
            if seen.insert(module) {
                todo.extend(next.get(module).into_iter().flatten().copied());
            }
        }
        if seen.contains(start) {
            circles.push(start);
        }
    }
    assert!(circles.is_empty(), "top modules on a circle: {circles:?}");
}

/// The referee is a pure core: `src/rules/` imports nothing of the crate but itself.
#[test]
fn the_rules_import_nothing_of_the_crate() {
    let wrong: Vec<String> = edges()
        .iter()
        .filter(|((from, _), _)| from == "rules")
        .map(|((_, to), files)| format!("rules → {to} ({})", files.join(", ")))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The scan itself: grouped, nested and climbing paths are all seen; comments and strings are
/// not read.
#[test]
fn the_scan_sees_every_form_of_path() {
    let root = Root {
        modules: ["web", "db", "auth", "service"].map(String::from).into(),
        items: ["blocking".to_string()].into(),
    };
    let text = "use crate::{db::DbConn,\n    web::{AppError, ctx}};\n\
                // use crate::auth::x;\n/* crate::auth::y */ const S: &str = \"crate::auth\";\n\
                fn f() { super::super::auth::g(); crate::blocking(); }\n";
    let seen = imports(Path::new("service/scoring/x.rs"), text, &root);
    let names: Vec<&str> = seen.iter().map(String::as_str).collect();
    assert_eq!(
        names,
        ["db", "lib", "service", "web"],
        "a comment or a string is no import; a climb that stays in service names service::auth"
    );
    let climbed = imports(Path::new("service/x.rs"), text, &root);
    assert!(climbed.contains("auth"), "{climbed:?}");
    let own = imports(Path::new("lib.rs"), "use web::AppError;", &root);
    assert!(own.contains("web"), "{own:?}");
    let tests = imports(Path::new("error.rs"), "mod tests { use super::*; }", &root);
    assert!(
        tests.is_empty(),
        "a file's own items are no edge: {tests:?}"
    );
}

/// Refusals below the web are typed (`error::refusal`), worded by the web in the visitor's
/// language: only the edge words a refusal itself (`AppError::BadRequest`: `web` in the
/// visitor's language, `cli` in the command line's English), and `error.rs` declares it. Issue 30, "Refusals as types, worded in
/// web": no `BadRequest(String)` below `web`.
#[test]
fn only_the_web_words_a_refusal() {
    let mut found = Vec::new();
    for (file, module, code) in scan::files() {
        let top = module.first().map(String::as_str).unwrap_or("");
        let declares = file.ends_with("src/error.rs");
        if top == "web" || top == "cli" || declares {
            continue;
        }
        for (line, text) in code.lines().enumerate() {
            if text.contains("BadRequest(") {
                found.push(format!("{}:{}", file.display(), line + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a refusal worded below the web (use a typed refusal of `error::refusal`):\n{}",
        found.join("\n")
    );
}
