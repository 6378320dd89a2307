//! The list of words that must not show on a German page, built from the sources
//! rather than typed: the English catalogue's words that the German one never uses, the keys
//! of the played deals (the contract's event codes), and the referee's error codes; plus any
//! word with an underscore (a code). A small allow-list keeps game terms and proper names.

use serde_json::Value;
use std::collections::BTreeSet;

/// Words that are the same in both languages or are names (game terms, places, the brand).
const ALLOWED: &[&str] = &[
    "kartl",
    "watten",
    "perlaggen",
    "giltspiel",
    "gaigel",
    "gaigeln",
    "rutesheim",
    "rutesheimer",
    "streitfall",
    "bummerl",
    "wattkönig",
    "maschine",
    "kritische",
    "kritischen",
    "pdf",
    "csv",
    "xlsx",
    "json",
    "ergebnisse",
    "qr",
    "ok",
    "skv",
    "demo",
    "söll",
    "innsbruck",
    "overgaigeln",
    "untergaigeln",
    "dissle",
    "gleich",
    "hanger",
    "spiel",
    "schauen",
    "farbe",
    "trumpf",
    "stiche",
];

/// The words of a Fluent catalogue's values (placeholders, selectors and ids left out),
/// lowercased, three letters or more.
fn catalogue_words(lang: &str) -> BTreeSet<String> {
    let dir = format!("{}/locales/{lang}", env!("CARGO_MANIFEST_DIR"));
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines() {
            let value = match line.split_once(" = ") {
                Some((id, v)) if !id.starts_with([' ', '#']) => v,
                _ if line.starts_with(' ') => line,
                _ => continue,
            };
            out.extend(words(&strip_placeables(value)));
        }
    }
    out
}

/// A Fluent value without its `{ … }` placeables and variant keys (`[one]`).
fn strip_placeables(value: &str) -> String {
    let mut out = String::new();
    let (mut depth, mut key) = (0, false);
    for c in value.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '[' if depth == 0 => key = true,
            ']' if key => key = false,
            _ if depth == 0 && !key => out.push(c),
            _ => {}
        }
    }
    out
}

/// The words of a text: runs of letters (and `_`, so codes stay whole), lowercased, at
/// least three characters.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphabetic() || c == '_'))
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// The referee's error codes as `src/rules/common.rs` writes them (`=> "deal_over"`).
fn error_codes() -> BTreeSet<String> {
    let path = format!("{}/src/rules/common.rs", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.split_once("=> \"").map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once('"').map(|(code, _)| code.to_string()))
        .filter(|code| code.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect()
}

/// Every object key in `v` (the deals' event codes: `bet`, `give_up`, `points`, …).
fn keys(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            for (k, v) in map {
                out.insert(k.to_lowercase());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// The forbidden words for pages of the tournaments whose files are `files`: English and
/// codes, less the German catalogue's words, the allow-list and the tournaments' own names.
pub fn forbidden(files: &[Value]) -> BTreeSet<String> {
    let german = catalogue_words("de");
    let mut bad: BTreeSet<String> = catalogue_words("en");
    let mut codes = BTreeSet::new();
    for file in files {
        for round in file["rounds"].as_array().into_iter().flatten() {
            for table in round["tables"].as_array().into_iter().flatten() {
                keys(&table["deals"], &mut codes);
            }
        }
    }
    // English words that German also uses are fine; codes are not, even where a German hint
    // quotes them (so only the allow-list and the names spare a code).
    bad.retain(|w| !german.contains(w));
    bad.extend(codes.into_iter().filter(|c| c.len() >= 3));
    bad.extend(error_codes());
    let names = names(files);
    bad.retain(|w| !ALLOWED.contains(&w.as_str()) && !names.contains(w.as_str()));
    bad
}

/// The words of the names in the files (players, teams, the tournament, club and place).
fn names(files: &[Value]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in files {
        for key in ["name", "club", "place"] {
            out.extend(words(file[key].as_str().unwrap_or("")));
        }
        for list in ["players", "teams"] {
            for e in file[list].as_array().into_iter().flatten() {
                out.extend(words(e["name"].as_str().unwrap_or("")));
            }
        }
    }
    out
}

#[test]
fn the_list_holds_codes_and_english_but_no_german() {
    let bad = forbidden(&[serde_json::json!({"rounds": [{"tables": [{"deals": [
        {"events": [{"bet": "A"}, {"give_up": "B"}]}]}]}]})]);
    for w in ["give_up", "deal_over", "the", "tricks", "round", "closed"] {
        assert!(bad.contains(w), "{w} missing from the list");
    }
    for w in ["runde", "punkte", "spiel", "watten"] {
        assert!(!bad.contains(w), "{w} is German");
    }
}
