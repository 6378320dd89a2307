//! Every number the catalogue shows beside a counted noun goes through a plural selector:
//! "1 Stiche", "1 fehlerhafte Zeilen" and "1 Sekunden" read wrong, and a bare `{ $n } Stiche`
//! cannot help it. The scan drops every selector block (`{ $n -> … }`), then looks for a
//! placeable followed by a word of the list below.

use super::Locale;

/// Words that follow a count and change with it (German words whose plural is their
/// singular, such as Spieler, Zeichen, Fehler, Bummerl, are left out).
const COUNTED: &[&str] = &[
    "abende",
    "anmeldungen",
    "augen",
    "fehlerhafte",
    "geplanten",
    "minuten",
    "partien",
    "punkte",
    "runden",
    "sekunden",
    "spalten",
    "spiele",
    "spätere",
    "stiche",
    "striche",
    "tische",
    "zeilen",
    "bad",
    "card",
    "characters",
    "columns",
    "deals",
    "entries",
    "evenings",
    "games",
    "lines",
    "minutes",
    "planned",
    "players",
    "points",
    "problems",
    "rounds",
    "seconds",
    "strokes",
    "tables",
    "tricks",
];

/// Messages whose number is not a count: the old Gaigel steppers' labels are signed steps
/// ("+50 Augen", "-1 Stich"), text to Fluent, so no selector could pick by them.
const STEPS: &[&str] = &["padr-g-points", "padr-g-tricks"];

/// The catalogue's text of `lang` with every selector block taken out, message by message.
fn without_selectors(lang: &str) -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut key = String::new();
        let mut body = String::new();
        for line in text.lines() {
            if let Some((k, rest)) = line.split_once(" = ")
                && !line.starts_with([' ', '}', '#'])
            {
                out.push((std::mem::take(&mut key), std::mem::take(&mut body)));
                key = k.to_string();
                body = rest.to_string();
            } else {
                body.push('\n');
                body.push_str(line);
            }
        }
        out.push((key, body));
    }
    out.into_iter()
        .map(|(k, body)| (k, drop_selectors(&body)))
        .collect()
}

/// `body` without its `{ $x -> … }` blocks (nested placeables counted).
fn drop_selectors(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let head = after
            .get(..after.find('}').unwrap_or(after.len()))
            .unwrap_or("");
        if !head.contains("->") {
            out.push('{');
            rest = &after[1..];
            continue;
        }
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push_str(" SELECTOR ");
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn no_count_beside_a_counted_noun_without_a_plural_selector() {
    let mut found = Vec::new();
    for lang in ["de", "en"] {
        for (key, text) in without_selectors(lang) {
            if STEPS.contains(&key.as_str()) {
                continue;
            }
            for (at, _) in text.match_indices("{ $") {
                let Some(close) = text[at..].find('}') else {
                    continue;
                };
                let next = text[at + close + 1..]
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_matches(|c: char| !c.is_alphabetic())
                    .to_lowercase();
                if COUNTED.contains(&next.as_str()) {
                    found.push(format!("{lang} {key}: {}", text.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "numbers without a plural selector:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_gaigel_pad_says_one_stich_and_one_fehlerhafte_zeile() {
    let said = |tricks: &str| {
        Locale::De.t_with(
            "padr-g-said-side",
            &[
                ("side", "A".into()),
                ("points", "1".into()),
                ("tricks", tricks.into()),
            ],
        )
    };
    assert_eq!(said("1"), "A: 1 Auge, 1 Stich");
    assert_eq!(
        said("6").replace(['\u{2068}', '\u{2069}'], ""),
        "A: 1 Auge, 6 Stiche"
    );
    let refused = Locale::De.t_with("import-refused", &[("count", "1".into())]);
    assert!(refused.starts_with("1 fehlerhafte Zeile:"), "{refused}");
    let wait = Locale::En.t_with("error-wait", &[("seconds", "1".into())]);
    assert!(wait.ends_with("wait 1 second."), "{wait}");
}
