//! Reading the source: which module each file (and each inline `mod x { … }`) is, and every
//! path it names from the crate's root (`crate::…`, `super::…`, `self::…`, also inside a
//! `use …::{…}` group), resolved to the module path it points at.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// `src/` of the crate under test.
pub fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`.
pub fn sources(dir: &Path) -> Vec<PathBuf> {
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
pub fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The source with its comments (line, block and doc comments) and the contents of its string
/// and character literals blanked, so that neither is read as a path. Byte offsets stay.
pub fn code(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut out[from..to.min(bytes.len())] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let ident = |i: usize| i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        let end = if rest.starts_with("//") {
            i + rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            let mut j = i;
            loop {
                if text[j..].starts_with("/*") {
                    depth += 1;
                    j += 2;
                } else if text[j..].starts_with("*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break j;
                    }
                } else if j >= bytes.len() {
                    break j;
                } else {
                    j += 1;
                }
            }
        } else if let Some(hashes) = raw_string(rest).filter(|_| !ident(i)) {
            let close = format!("\"{}", "#".repeat(hashes));
            let open = rest.find('"').unwrap() + 1;
            i + open
                + rest[open..]
                    .find(&close)
                    .map_or(rest.len() - open, |e| e + close.len())
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            j + 1
        } else if bytes[i] == b'\'' {
            char_literal(rest).map_or(i + 1, |len| i + len)
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        blank(&mut out, i, end);
        i = end.max(i + 1);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The number of `#` of a raw string literal starting here (`r"…"`, `br#"…"#`).
fn raw_string(rest: &str) -> Option<usize> {
    let after = rest.strip_prefix('b').unwrap_or(rest).strip_prefix('r')?;
    let hashes = after.len() - after.trim_start_matches('#').len();
    after[hashes..].starts_with('"').then_some(hashes)
}

/// The length of a character literal starting here (`'a'`, `'\n'`, `'\u{41}'`); `None` for
/// a lifetime (`'a`).
fn char_literal(rest: &str) -> Option<usize> {
    let mut chars = rest.char_indices().skip(1);
    let (_, first) = chars.next()?;
    if first == '\\' {
        return rest.get(3..)?.find('\'').map(|e| e + 4);
    }
    let (at, close) = chars.next()?;
    (close == '\'').then_some(at + 1)
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path of the use tree starting at `code[at..]`, as its segments: `a::{b, c::d}` →
/// `[a, b]`, `[a, c, d]`; `a::{self, b}` → `[a]`, `[a, b]`; `a::*` → `[a, *]`.
pub fn use_tree(code: &str, at: usize) -> Vec<Vec<String>> {
    let (paths, _) = tree(code, at, Vec::new());
    paths
}

fn tree(code: &str, mut at: usize, mut segments: Vec<String>) -> (Vec<Vec<String>>, usize) {
    loop {
        at += code[at..].len() - code[at..].trim_start().len();
        let rest = &code[at..];
        if rest.starts_with('{') {
            let mut paths = Vec::new();
            at += 1;
            loop {
                at += code[at..].len() - code[at..].trim_start_matches([' ', '\n', ',']).len();
                if code[at..].is_empty() || code[at..].starts_with('}') {
                    return (paths, at + 1);
                }
                let (inner, end) = tree(code, at, segments.clone());
                paths.extend(inner.into_iter().map(|mut p| {
                    if p.last().is_some_and(|s| s == "self") {
                        p.pop();
                    }
                    p
                }));
                at = end.max(at + 1);
            }
        }
        if rest.starts_with('*') {
            segments.push("*".into());
            return (vec![segments], at + 1);
        }
        let name: String = rest.chars().take_while(|c| is_ident(*c)).collect();
        if name.is_empty() {
            return (vec![segments], at);
        }
        at += name.len();
        segments.push(name);
        let after = code[at..].trim_start();
        if let Some(more) = after.strip_prefix("::") {
            at = code.len() - more.len();
        } else {
            return (vec![segments], at);
        }
    }
}

/// The inline modules of a file: where each body starts and ends, and its name.
fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|c| is_ident(*c))
            .collect();
        let after = rest.trim_start()[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        let close = code[open..]
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(code.len(), |(i, _)| open + i);
        found.push((open, close, name));
    }
    found
}

/// One path a module names: `from` the module (inline ones included) where it is written,
/// `to` the path it resolves to from the crate's root.
pub struct Reference {
    pub from: Vec<String>,
    pub to: Vec<String>,
}

/// Every `crate::`, `super::` and `self::` path in `code`, written in the module `module`,
/// resolved from the crate's root.
pub fn references(module: &[String], code: &str) -> Vec<Reference> {
    let inline = inline_modules(code);
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':' || c == '$') {
                continue;
            }
            let mut from = module.to_vec();
            from.extend(
                inline
                    .iter()
                    .filter(|(a, b, _)| (*a..*b).contains(&at))
                    .map(|m| m.2.clone()),
            );
            for path in use_tree(code, at) {
                if let Some(to) = resolve(&from, &path) {
                    found.push(Reference {
                        from: from.clone(),
                        to,
                    });
                }
            }
        }
    }
    found
}

/// A path's segments from the crate's root, when it climbs no higher than the root.
fn resolve(from: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut to = from.to_vec();
    let mut rest = path;
    if rest.first().is_some_and(|s| s == "crate") {
        to.clear();
        rest = &rest[1..];
    }
    while let Some(step) = rest.first().filter(|s| *s == "super" || *s == "self") {
        if step == "super" {
            to.pop()?;
        }
        rest = &rest[1..];
    }
    to.extend(rest.iter().cloned());
    Some(to)
}

/// The crate's files, each with its module path and its code (see [`code`]). A module a
/// `#[path = "x.rs"] mod name;` declares gets that name below the declaring module.
pub fn files() -> Vec<(PathBuf, Vec<String>, String)> {
    let src = src();
    let mut files: Vec<(PathBuf, Vec<String>, String)> = sources(&src)
        .into_iter()
        .map(|file| {
            let module = module_path(file.strip_prefix(&src).unwrap());
            let code = code(&std::fs::read_to_string(&file).unwrap());
            (file, module, code)
        })
        .collect();
    let text = |f: &Path| std::fs::read_to_string(f).unwrap();
    let mut moved = Vec::new();
    for (file, module, _) in &files {
        for (at, _) in text(file).match_indices("#[path = \"") {
            let text = text(file);
            let rest = &text[at + 10..];
            let target = &rest[..rest.find('"').unwrap()];
            let decl = rest[rest.find("mod ").unwrap() + 4..].trim_start();
            let name: String = decl.chars().take_while(|c| is_ident(*c)).collect();
            let path = file.parent().unwrap().join(target);
            moved.push((path, [module.clone(), vec![name]].concat()));
        }
    }
    for (path, module) in moved {
        let entry = files.iter_mut().find(|(f, _, _)| *f == path).unwrap();
        entry.1 = module;
    }
    files
}

/// Every module of the crate by its path: each file's, the folders above it, the inline ones.
pub fn modules(files: &[(PathBuf, Vec<String>, String)]) -> BTreeSet<Vec<String>> {
    let mut all = BTreeSet::new();
    for (_, module, code) in files {
        for len in 0..=module.len() {
            all.insert(module[..len].to_vec());
        }
        for (_, _, name) in inline_modules(code) {
            all.insert([module.clone(), vec![name]].concat());
        }
    }
    all
}
