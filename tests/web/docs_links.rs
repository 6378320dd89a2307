//! The documentation holds together: every page under `docs/` is linked from the README, every
//! relative link resolves inside the repository, every `docs/…` path the sources name exists,
//! and no page cites a work item or a file outside the repository.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files under `dir` (relative to the repository) whose names end in one of `endings`.
fn files(dir: &str, endings: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&root().join(dir), &mut found);
    found.retain(|p| endings.iter().any(|e| p.to_string_lossy().ends_with(e)));
    found.sort();
    found
}

/// README.md and every Markdown page under `docs/`, except the copied sources (quoted as they
/// came, not written here).
fn pages() -> Vec<PathBuf> {
    let mut pages = files("docs", &[".md"]);
    pages.retain(|p| !p.starts_with(root().join("docs/rules/sources")) || p.ends_with("README.md"));
    pages.insert(0, root().join("README.md"));
    pages
}

fn name(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The targets of the Markdown links `](target)` of a text, with their line numbers; code
/// (fenced blocks and `spans`) holds no links.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect();
        for part in prose.split("](").skip(1) {
            if let Some(target) = part.split(')').next() {
                found.push((i + 1, target.to_string()));
            }
        }
    }
    found
}

/// The `docs/…` paths a text names (in links, code spans or prose), with their line numbers.
fn docs_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices("docs/") {
            if at > 0 && line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '/')
            {
                continue; // part of another path (`site/docs/...`, `../docs/`)
            }
            let path: String = line[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || "_./-".contains(*c))
                .collect();
            found.push((i + 1, path.trim_end_matches('.').to_string()));
        }
    }
    found
}

#[test]
fn every_page_of_the_documentation_is_linked_from_the_readme() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let linked: Vec<String> = links(&readme).into_iter().map(|(_, t)| t).collect();
    let unlinked: Vec<String> = pages()
        .iter()
        .skip(1)
        .map(|p| name(p))
        .filter(|p| !linked.contains(p))
        .collect();
    assert!(
        unlinked.is_empty(),
        "pages the README's section Documentation does not link (add a line `| [PATH](PATH) | what |`):\n{}",
        unlinked.join("\n")
    );
}

#[test]
fn every_link_of_the_documentation_resolves_inside_the_repository() {
    let mut faults = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (line, target) in links(&text) {
            let file = target.split('#').next().unwrap_or_default();
            if file.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let resolved = page.parent().unwrap().join(file);
            let inside = resolved
                .canonicalize()
                .is_ok_and(|r| r.starts_with(root().canonicalize().unwrap()));
            if !inside {
                faults.push(format!(
                    "{} line {line}: `{target}` is not a file of the repository",
                    name(&page)
                ));
            }
        }
    }
    assert!(faults.is_empty(), "broken links:\n{}", faults.join("\n"));
}

#[test]
fn every_docs_path_the_repository_names_exists() {
    let mut sources = pages();
    for (dir, endings) in [
        ("src", &[".rs"][..]),
        ("tests", &[".rs", ".json"]),
        ("benches", &[".rs", ".sh"]),
        ("templates", &[".html"]),
        ("audit", &["README.md", "refresh-advisory-snapshot"]),
        (".ci", &["run", "advisories-snapshot"]),
    ] {
        sources.extend(files(dir, endings));
    }
    let mut faults = Vec::new();
    for source in sources {
        let text = std::fs::read_to_string(&source).unwrap_or_default();
        for (line, path) in docs_paths(&text) {
            let pattern = path.contains('*') || path.contains('{') || path == "docs/";
            if !pattern && !root().join(&path).exists() {
                faults.push(format!(
                    "{} line {line}: `{path}` does not exist",
                    name(&source)
                ));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "paths into docs/ that lead nowhere (the pages are in docs/reference/, docs/guides/ and docs/rules/):\n{}",
        faults.join("\n")
    );
}

#[test]
fn no_page_cites_a_work_item_or_a_file_outside_the_repository() {
    let forbidden = ["issue ", "issues ", "left alone", "../shared", "/work/"];
    let mut faults = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap().to_lowercase();
        for (i, line) in text.lines().enumerate() {
            for word in forbidden {
                let cited = line.match_indices(word).any(|(at, _)| {
                    !word.starts_with("issue")
                        || line[at + word.len()..].starts_with(|c: char| c.is_ascii_digit())
                });
                if cited {
                    faults.push(format!("{} line {}: `{word}`", name(&page), i + 1));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "the documentation describes the product, not the work on it, and cites only the \
         repository's files (rules texts: docs/rules/sources/):\n{}",
        faults.join("\n")
    );
}
