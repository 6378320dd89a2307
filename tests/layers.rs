//! The layers of `src/`, checked by reading the source: every `crate::` path (also in a
//! `use crate::{…}` group, and `super::` paths that climb to the crate's root) is an edge from
//! the file's top module to the module it names. The picture the README draws:
//!
//! ```text
//! web (+ startup, cli, main)      the edge: HTTP, pages, the command line
//!  └─ service                     what the pages, the API and the CLI share
//!      ├─ report, auth            exports; accounts, sessions, CSRF, throttle
//!      ├─ config                  settings (names a database URL)
//!      ├─ db                      rows and queries (rows hold game, variant, format as enums)
//!      ├─ tournament, sheet       draws, standings, the file; score sheets (SVG)
//!      └─ rules                   the referee: imports nothing of the crate
//!  error, text, clock, `blocking` the foundation anyone may use
//! ```
//!
//! An edge must go down: from a module to one of a lower layer. Within the edge, `web` and
//! `startup` know each other (the server wires the routes, the handlers read the app state);
//! nothing else may import either of them. So `rules ← tournament ← db ← service ← web`, `auth`
//! lies below `service`, and there is no cycle among `db`, `auth`, `service`,
//! `tournament`, `report` and `sheet`.

// Tests may panic on the unexpected: that is how they fail. (clippy.toml's allowance covers
// `#[test]` functions only, not the helpers beside them.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top module's layer: an import must name a module of a lower layer. `lib` stands for
/// the items of `lib.rs` itself (`crate::blocking`).
const LAYERS: &[(&str, u8)] = &[
    ("web", 8),
    ("startup", 8),
    ("cli", 8),
    ("main", 8),
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

/// The layer every edge module shares: within it, imports go either way.
const EDGE: u8 = 8;

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, l)| *l)
        .unwrap_or_else(|| panic!("module {module} has no layer in LAYERS: give it one"))
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of a file below `src/` (`service/scoring/mod.rs` → `[service, scoring]`;
/// `lib.rs` → `[]`).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The source without its comments (`//` to the end of the line; doc comments included).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names at the start of the path after `at` (`web::AppError` → `web`, `{db, web::x}` →
/// `db`, `web`).
fn names_after(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.trim_start().strip_prefix('{') {
        let mut depth = 1;
        let mut names = Vec::new();
        let mut item_start = true;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 1 => break,
                '}' => depth -= 1,
                ',' if depth == 1 => item_start = true,
                c if item_start && !c.is_whitespace() => {
                    names.push(ident(&group[i..]));
                    item_start = false;
                }
                _ => {}
            }
        }
        names
    } else {
        vec![ident(rest)]
    }
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
    let code = code(text);
    let depth = module_path(relative).len();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            found.extend(names_after(&code, at + "crate::".len()));
        }
    }
    for (at, _) in code.match_indices("super::") {
        if at >= 7 && &code[at - 7..at] == "super::" {
            continue;
        }
        let mut end = at;
        let mut climbs = 0;
        while code[end..].starts_with("super::") {
            end += "super::".len();
            climbs += 1;
        }
        if climbs >= depth {
            found.extend(names_after(&code, end));
        }
    }
    let root_prefix = match relative.to_str() {
        Some("lib.rs") => Some("use "),
        Some("main.rs") => Some("kartl::"),
        _ => None,
    };
    if let Some(prefix) = root_prefix {
        for (at, _) in code.match_indices(prefix) {
            found.extend(names_after(&code, at + prefix.len()));
        }
    }
    found
        .into_iter()
        .filter_map(|name| root.module(name))
        .collect()
}

/// Every edge between top modules: (from, to) → the files that make it.
fn edges() -> BTreeMap<(String, String), Vec<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = sources(&src);
    let lib = code(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let root = Root {
        modules: files
            .iter()
            .filter_map(|f| module_path(f.strip_prefix(&src).unwrap()).first().cloned())
            .collect(),
        items: lib
            .match_indices("fn ")
            .flat_map(|(at, _)| names_after(&lib, at + "fn ".len()))
            .collect(),
    };
    let mut edges: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let from = module_path(relative)
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
        let (a, b) = (layer(from), layer(to));
        let both_edge = a == EDGE && b == EDGE;
        if !(a > b || both_edge) {
            wrong.push(format!("{from} → {to} ({})", files.join(", ")));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// `web` and `startup` are imported by the edge only (`startup` by `cli`, which starts the
/// server, and `main`).
#[test]
fn only_the_edge_imports_web_or_startup() {
    let edges = edges();
    let wrong: Vec<String> = edges
        .iter()
        .filter(|((from, to), _)| {
            (to == "web" || to == "startup") && !matches!(from.as_str(), "web" | "startup")
        })
        .filter(|((from, to), _)| !(to == "startup" && matches!(from.as_str(), "cli" | "main")))
        .map(|((from, to), files)| format!("{from} → {to} ({})", files.join(", ")))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
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

/// The scan itself: grouped, nested and climbing paths are all seen.
#[test]
fn the_scan_sees_every_form_of_path() {
    let root = Root {
        modules: ["web", "db", "auth", "service"].map(String::from).into(),
        items: ["blocking".to_string()].into(),
    };
    let text = "use crate::{db::DbConn,\n    web::{AppError, ctx}};\n\
                // use crate::auth::x;\n\
                fn f() { super::super::service::g(); crate::blocking(); }\n";
    let seen = imports(Path::new("service/scoring/x.rs"), text, &root);
    let names: Vec<&str> = seen.iter().map(String::as_str).collect();
    assert_eq!(names, ["db", "lib", "web"], "a comment is no import");
    let climbed = imports(Path::new("service/x.rs"), text, &root);
    assert!(climbed.contains("service"), "{climbed:?}");
    let own = imports(Path::new("lib.rs"), "use web::AppError;", &root);
    assert!(own.contains("web"), "{own:?}");
    let tests = imports(Path::new("error.rs"), "mod tests { use super::*; }", &root);
    assert!(
        tests.is_empty(),
        "a file's own items are no edge: {tests:?}"
    );
}

/// The folders whose modules may not import each other: a pair that does is a cycle, untied by
/// moving what both need to the module that owns it.
const UNTIED: &[&str] = &["rules/gaigel", "service", "web/secretary"];

/// The pairs in those folders still tied, each named so that none is added unseen and the list
/// shrinks as they are untied (the test fails on a pair listed here that no longer exists).
/// The secretary's pages re-render the overview on an error while the overview shows their
/// parts; Gaigel's card-level play
/// reads the record's deal and the record reads the play.
const STILL_TIED: &[&str] = &[
    "rules/gaigel: input ↔ play",
    "web/secretary: entrants ↔ field",
    "web/secretary: finals ↔ overview",
    "web/secretary: finish ↔ overview",
    "web/secretary: overview ↔ tiebreaks",
];

/// Each module of `folder` (a file or a subfolder) with the siblings it imports: `super::…::y`
/// climbing to the folder, or `crate::folder::y`. Only real siblings count (`*` and a file's
/// own items do not).
fn folder_edges(folder: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let dir = src.join(folder);
    let prefix: Vec<String> = folder.split('/').map(String::from).collect();
    let siblings: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .filter(|m| m != "mod")
        .collect();
    let crate_path = format!("crate::{}::", prefix.join("::"));
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in sources(&dir) {
        let path = module_path(file.strip_prefix(&src).unwrap());
        let Some(from) = path.get(prefix.len()).cloned() else {
            continue;
        };
        let code = code(&std::fs::read_to_string(&file).unwrap());
        let mut names = Vec::new();
        for (at, _) in code.match_indices(&crate_path) {
            names.extend(names_after(&code, at + crate_path.len()));
        }
        for (at, _) in code.match_indices("super::") {
            if at >= 7 && &code[at - 7..at] == "super::" {
                continue;
            }
            let mut end = at;
            let mut climbs = 0;
            while code[end..].starts_with("super::") {
                end += "super::".len();
                climbs += 1;
            }
            if path.len().checked_sub(climbs) == Some(prefix.len()) {
                names.extend(names_after(&code, end));
            }
        }
        names.retain(|n| siblings.contains(n) && *n != from);
        edges.entry(from).or_default().extend(names);
    }
    edges
}

/// No two modules of an [`UNTIED`] folder import each other, but for [`STILL_TIED`].
#[test]
fn no_two_modules_of_a_folder_import_each_other() {
    let mut cycles = Vec::new();
    for folder in UNTIED {
        let edges = folder_edges(folder);
        assert!(
            edges.values().any(|to| !to.is_empty()),
            "the scan finds no imports in {folder}: it is broken"
        );
        for (a, to) in &edges {
            for b in to.iter().filter(|b| a < *b) {
                if edges.get(b).is_some_and(|back| back.contains(a)) {
                    cycles.push(format!("{folder}: {a} ↔ {b}"));
                }
            }
        }
    }
    let new: Vec<&String> = cycles
        .iter()
        .filter(|c| !STILL_TIED.contains(&c.as_str()))
        .collect();
    assert!(new.is_empty(), "modules that import each other: {new:?}");
    let untied: Vec<&&str> = STILL_TIED
        .iter()
        .filter(|t| !cycles.iter().any(|c| c == *t))
        .collect();
    assert!(
        untied.is_empty(),
        "untied now, strike from STILL_TIED: {untied:?}"
    );
}
