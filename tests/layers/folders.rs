//! No cycle among the modules of a folder: in every folder of `src/`, the modules (files and
//! subfolders) import each other one way only, so each can be read, tested and moved with
//! what lies below it. What two modules both need lives in the module that owns it, or in a
//! small leaf both import. (The top modules among themselves are the layers' business.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::scan;

/// The cycles still standing, each named by its folder and its modules in alphabetical order
/// (a strongly connected component: every module reaches every other). None may be added
/// unseen, and the test fails on one listed here that no longer exists. Each says why it
/// stays.
const STILL_TIED: &[&str] = &[
    // The figure games' card-level engine and the parts that extend its `Play`: each part
    // (the decider, the deal's setup and exchanges, the show) moves the play's state, and the
    // engine calls each in turn; `naming` words a refusal from the same state (who holds
    // what), and the engine and its parts name every refusal through it.
    "rules/figures/play: decider ↔ engine ↔ exchange ↔ naming ↔ setup ↔ showing",
    // Watten's card-level engine and its breaches: a breach is judged on the engine's `Play`,
    // and the engine rules each action with them; `naming` words a breach with the seat and
    // its card.
    "rules/watten/play: breach ↔ engine ↔ naming",
];

/// A folder's modules, each with the siblings it imports and the files that do.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// Every folder's graph, by the folder's path (`rules/watten`). An edge is a path from a
/// module to a sibling's (`super::sibling::x`, `crate::…::folder::sibling`, also inside a
/// group); a path to an item of the folder's own `mod.rs` is none.
fn graphs(files: &[(PathBuf, Vec<String>, String)]) -> BTreeMap<String, Graph> {
    let src = scan::src();
    let modules = scan::modules(files);
    let mut graphs: BTreeMap<String, Graph> = BTreeMap::new();
    for (file, module, code) in files {
        for reference in scan::references(module, code) {
            let (from, to) = (&reference.from, &reference.to);
            let shared = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if shared == 0 || shared >= from.len() || shared >= to.len() {
                continue;
            }
            if !modules.contains(&to[..=shared]) {
                continue;
            }
            let shown = file
                .strip_prefix(&src)
                .unwrap_or(file)
                .display()
                .to_string();
            graphs
                .entry(from[..shared].join("/"))
                .or_default()
                .entry(from[shared].clone())
                .or_default()
                .entry(to[shared].clone())
                .or_default()
                .insert(shown);
        }
    }
    graphs
}

/// The cycles of a graph: its strongly connected components of two modules or more, each in
/// alphabetical order.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let reach = |start: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start];
        while let Some(module) = todo.pop() {
            for next in graph.get(module).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(next.clone()) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut found: Vec<Vec<String>> = Vec::new();
    for (module, reached) in &reaches {
        if !reached.contains(*module) || found.iter().any(|c| c.contains(module)) {
            continue;
        }
        let back = |other: &&String| reaches.get(other).is_some_and(|r| r.contains(*module));
        found.push(reached.iter().filter(back).cloned().collect());
    }
    found
}

/// A cycle as [`STILL_TIED`] names it, with the edges that make it.
fn shown(folder: &str, cycle: &[String], graph: &Graph) -> (String, String) {
    let name = format!("{folder}: {}", cycle.join(" ↔ "));
    let mut edges = Vec::new();
    for a in cycle {
        for (b, files) in graph.get(a).into_iter().flatten() {
            if cycle.contains(b) {
                let files: Vec<&str> = files.iter().map(String::as_str).collect();
                edges.push(format!("    {a} → {b} ({})", files.join(", ")));
            }
        }
    }
    (name, edges.join("\n"))
}

/// No folder of `src/` has modules that import each other round a cycle, but for
/// [`STILL_TIED`].
#[test]
fn no_modules_of_a_folder_import_each_other_round_a_cycle() {
    let graphs = graphs(&scan::files());
    assert!(
        graphs.get("rules/watten").is_some_and(|g| !g.is_empty())
            && graphs.get("web/secretary").is_some_and(|g| !g.is_empty()),
        "the scan finds no imports between siblings: it is broken"
    );
    let found: Vec<(String, String)> = graphs
        .iter()
        .flat_map(|(folder, graph)| cycles(graph).into_iter().map(|c| shown(folder, &c, graph)))
        .collect();
    let new: Vec<String> = found
        .iter()
        .filter(|(name, _)| !STILL_TIED.contains(&name.as_str()))
        .map(|(name, edges)| format!("{name}\n{edges}"))
        .collect();
    assert!(
        new.is_empty(),
        "modules that import each other round a cycle:\n{}",
        new.join("\n")
    );
    let untied: Vec<&&str> = STILL_TIED
        .iter()
        .filter(|tie| !found.iter().any(|(name, _)| name == *tie))
        .collect();
    assert!(
        untied.is_empty(),
        "untied now, strike from STILL_TIED: {untied:?}"
    );
}

/// The cycles of a made-up graph: a three-module ring, a pair, and a module that only leads
/// into them.
#[test]
fn cycles_are_the_strongly_connected_components() {
    let mut graph = Graph::new();
    for (a, b) in [
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("c", "d"),
        ("d", "e"),
        ("e", "d"),
        ("f", "a"),
    ] {
        graph
            .entry(a.into())
            .or_default()
            .entry(b.into())
            .or_default();
    }
    assert_eq!(cycles(&graph), [vec!["a", "b", "c"], vec!["d", "e"]]);
    graph.get_mut("e").unwrap().clear();
    assert_eq!(
        cycles(&graph),
        [vec!["a", "b", "c"]],
        "d → e alone is no cycle"
    );
}

/// The scan resolves climbs from inline modules and `self` in groups, and reads no string.
#[test]
fn the_scan_resolves_paths_from_where_they_are_written() {
    let module: Vec<String> = ["rules", "watten", "play", "engine"]
        .map(String::from)
        .into();
    let code = scan::code(
        "use super::{breach::{self, Breach}, Trick};\n\
         const S: &str = \"super::words\";\n\
         mod tests { use super::super::order::x; use super::*; }\n",
    );
    let seen: Vec<String> = scan::references(&module, &code)
        .iter()
        .map(|r| format!("{} → {}", r.from.join("::"), r.to.join("::")))
        .collect();
    let e = "rules::watten::play::engine";
    assert_eq!(
        seen,
        [
            format!("{e} → rules::watten::play::breach"),
            format!("{e} → rules::watten::play::breach::Breach"),
            format!("{e} → rules::watten::play::Trick"),
            format!("{e}::tests → rules::watten::play::order::x"),
            format!("{e}::tests → {e}::*"),
        ]
    );
    let files = scan::files();
    let moved = files
        .iter()
        .find(|(f, _, _)| f.ends_with(Path::new("web/secretary/new_form_tests.rs")))
        .map(|(_, m, _)| m.join("::"));
    assert_eq!(
        moved.as_deref(),
        Some("web::secretary::new_form::tests"),
        "a #[path] module sits below the module that declares it"
    );
}
