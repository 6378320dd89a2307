//! Code outside `src/rules` that names the referee's game families one by one
//! (`Report::Watten(…)`, `Report::Gaigel(…)`, …): each such place is one a sixth game or a
//! new figure must touch. Pages, transcripts and standings read `rules::view` instead (one
//! view of a result that every family gives: `Report::deal_view`, `game_views`,
//! `tally_view`, …); what is left names a family because it draws that family's own picture,
//! and is counted here, per file, and may only go down.

use std::collections::BTreeMap;

use crate::scan;

/// The families of `rules::Report`, longest name first so `WattenThree` is not read as
/// `Watten`.
const FAMILIES: [&str; 5] = ["WattenThree", "FiguresThree", "Watten", "Figures", "Gaigel"];

/// The files below `src/` (not `rules/`) that still name a family, with how many times
/// (match arms and `if let`s; tests not counted). A file not listed may name none; a listed
/// one no more than its number, and the test fails on a number above what the file holds,
/// so the list is tightened as each place moves to the view.
const STILL_NAMED: &[(&str, usize)] = &[
    // The score sheet's one match, choosing the drawing: each family has its own picture
    // (Watten's Bummerl and scissors, the figure games' target and gestrichen line, Gaigel's
    // stroke lines or Rutesheim table, a column per player of three), drawn from its own
    // result and its own rule frame (variant, target) read from the record; the drawing is
    // the family's own, not a view shared by all.
    ("sheet/mod.rs", 5),
];

/// How many times `code` names a family of `Report` (`Report::Watten`, not
/// `TallyReport::…` or `watten::Report`).
fn named(code: &str) -> usize {
    let mut count = 0;
    for (at, _) in code.match_indices("Report::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "Report::".len()..];
        let family = FAMILIES.iter().find(|f| {
            rest.strip_prefix(**f)
                .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        });
        count += usize::from(family.is_some());
    }
    count
}

/// The code of a file without its inline test module (`#[cfg(test)] mod tests { … }` closes
/// a file by the house's convention).
fn without_tests(code: &str) -> &str {
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]") {
        let at = from + at;
        let after = code[at + "#[cfg(test)]".len()..].trim_start();
        if after.starts_with("mod ") && after.split('\n').next().is_some_and(|l| l.contains('{')) {
            return &code[..at];
        }
        from = at + 1;
    }
    code
}

/// No code outside `src/rules` names more of `Report`'s families than [`STILL_NAMED`] lists.
#[test]
fn code_outside_the_rules_names_no_more_families_than_listed() {
    let src = scan::src();
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    for (file, module, code) in scan::files() {
        let shown = file
            .strip_prefix(&src)
            .unwrap_or(&file)
            .display()
            .to_string();
        if module.first().is_some_and(|m| m == "rules")
            || module.iter().any(|m| m == "tests" || m.ends_with("_tests"))
        {
            continue;
        }
        let n = named(without_tests(&code));
        if n > 0 {
            found.insert(shown, n);
        }
    }
    assert!(
        found.contains_key("sheet/mod.rs"),
        "the scan finds no family named anywhere: it is broken"
    );
    let listed: BTreeMap<String, usize> = STILL_NAMED
        .iter()
        .map(|(file, n)| ((*file).to_string(), *n))
        .collect();
    let more: Vec<String> = found
        .iter()
        .filter(|(file, n)| listed.get(*file).is_none_or(|max| *n > max))
        .map(|(file, n)| format!("{file}: {n} (listed: {:?})", listed.get(file)))
        .collect();
    assert!(
        more.is_empty(),
        "families of Report named outside src/rules (read a view of the result instead):\n{}",
        more.join("\n")
    );
    let fewer: Vec<String> = listed
        .iter()
        .filter(|(file, max)| found.get(*file).copied().unwrap_or(0) < **max)
        .map(|(file, max)| format!("{file}: {} (listed: {max})", found.get(file).unwrap_or(&0)))
        .collect();
    assert!(
        fewer.is_empty(),
        "fewer now, lower the number in STILL_NAMED: {fewer:?}"
    );
}

/// The count reads family names only, whole, and skips an inline test module.
#[test]
fn the_count_reads_whole_family_names() {
    let code = "match r { Report::Watten(a) => 1, Report::WattenThree(b) => 2,\n\
                TallyReport::Strokes(t) => 3, watten::Report { .. } => 4, Report::Wattens => 5 }\n\
                #[cfg(test)]\nmod tests {\n Report::Gaigel(x) \n}\n";
    assert_eq!(named(code), 3, "the whole code");
    assert_eq!(named(without_tests(code)), 2, "without its tests");
}
