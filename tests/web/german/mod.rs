//! No code, key or English word on a German page. The demo's played tournaments
//! (Rutesheim Gaigel, Watten, Perlaggen) and a played Giltspiel one are rendered in German,
//! every page the secretary's and the public side link to (each kind of page twice at most)
//! and every export but JSON (CSV, XLSX through calamine, PDF text through lopdf); the text a
//! reader sees is checked against the list of [`words::forbidden`].

mod pad;
pub(crate) mod words;

use crate::both_backends;
use crate::common::fixture::{Played, Spec};
use crate::common::{Backend, Browser, TestApp};
use crate::exports::{download, pdf_text};
use calamine::{Reader, Xlsx};
use kartl::clock::Clock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

both_backends!(no_english_word_or_code_on_a_german_page_or_export);

/// The visible text of an HTML page: tags, scripts and styles out, the words a reader meets
/// in attributes (title, aria-label, placeholder, alt, a button's value) in.
pub(crate) fn visible(html: &str) -> String {
    let mut text = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        text.push(' ');
        let after = &rest[open..];
        let lower = after.get(..10).unwrap_or(after).to_lowercase();
        // A script, a style, and a text box's content (the expert forms' JSON deals, data
        // to edit like the JSON export) are not words on the page.
        let skip_to = if lower.starts_with("<script") {
            after.find("</script>").map(|i| i + 9)
        } else if lower.starts_with("<textarea") {
            after.find("</textarea>").map(|i| i + 11)
        } else if lower.starts_with("<style") {
            after.find("</style>").map(|i| i + 8)
        } else {
            None
        };
        let end = match skip_to {
            Some(end) => end,
            None => {
                let close = after.find('>').map_or(after.len(), |i| i + 1);
                let tag = &after[..close];
                for attr in ["title=\"", "aria-label=\"", "placeholder=\"", "alt=\""] {
                    if let Some(v) = crate::common::between(tag, attr, "\"") {
                        text.push_str(&v);
                        text.push(' ');
                    }
                }
                let hidden = tag.contains("type=\"hidden\"");
                if tag.starts_with("<input") && !hidden && tag.contains("type=\"submit\"") {
                    text.push_str(
                        &crate::common::between(tag, "value=\"", "\"").unwrap_or_default(),
                    );
                }
                close
            }
        };
        rest = &after[end.min(after.len())..];
    }
    text.push_str(rest);
    text.replace("&amp;", "&")
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", " ")
}

/// The links of a page (`href="/…"`) that stay inside `prefixes`.
fn links(html: &str, prefixes: &[String]) -> Vec<String> {
    html.match_indices("href=\"/")
        .filter_map(|(at, _)| {
            let from = at + 6;
            let len = html[from..].find('"')?;
            let href = html[from..from + len].replace("&amp;", "&");
            let path = href.split('#').next().unwrap_or("").to_string();
            prefixes
                .iter()
                .any(|p| {
                    path == *p
                        || path.starts_with(&format!("{p}/"))
                        || path.starts_with(&format!("{p}?"))
                })
                .then_some(path)
        })
        .collect()
}

/// The kind of a path: its numbers as `N` (a page of each kind is read twice at most).
fn kind(path: &str) -> String {
    let mut out = String::new();
    let mut digits = false;
    for c in path.chars() {
        if c.is_ascii_digit() {
            if !digits {
                out.push('N');
            }
            digits = true;
        } else {
            digits = false;
            out.push(c);
        }
    }
    out
}

/// What a reader sees in a download, by its type; `None` for JSON (data, not words).
pub(crate) fn download_text(path: &str, bytes: &[u8], content_type: &str) -> Option<String> {
    if path.ends_with(".json") || content_type.contains("json") {
        return None;
    }
    if content_type.contains("pdf") {
        return Some(pdf_text(bytes));
    }
    if content_type.contains("spreadsheet") || path.ends_with(".xlsx") {
        let mut wb: Xlsx<_> =
            calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
        let mut text = wb.sheet_names().join(" ");
        for name in wb.sheet_names() {
            let range = wb.worksheet_range(&name).unwrap();
            for row in range.rows() {
                for cell in row {
                    text.push(' ');
                    text.push_str(&cell.to_string());
                }
            }
        }
        return Some(text);
    }
    Some(String::from_utf8_lossy(bytes).to_string())
}

/// The forbidden words in `text`, with a little of what surrounds each.
pub(crate) fn offences(text: &str, bad: &BTreeSet<String>) -> Vec<String> {
    let lower = text.to_lowercase();
    words::words(text)
        .into_iter()
        .filter(|w| bad.contains(w) || w.contains('_'))
        .collect::<BTreeSet<String>>()
        .into_iter()
        .map(|w| {
            let at = lower.find(&w).unwrap_or(0);
            let start = lower[..at]
                .char_indices()
                .rev()
                .nth(40)
                .map_or(0, |(i, _)| i);
            let end = (at + w.len() + 40).min(lower.len());
            let end = (end..=lower.len())
                .find(|&i| lower.is_char_boundary(i))
                .unwrap_or(lower.len());
            format!(
                "{w}: …{}…",
                lower[start..end]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })
        .collect()
}

/// A played Giltspiel tournament (the demo has none): one round of quick deals.
pub fn giltspiel() -> Spec {
    Spec {
        name: "Giltspiel am Freitag".into(),
        played: Some(Played {
            rounds: 1,
            deals: |_, _| {
                vec![
                    json!({"events": [{"bet": "spiel", "by": "A"}, {"hold": "spiel", "by": "B"},
                    {"tricks": "A"}, {"show": {"gleich": "stands", "hanger": "stands"}}]}),
                ]
            },
        }),
        ..Spec::new(kartl::rules::Game::Giltspiel)
    }
}

/// A played tournament of each game: the demo's Rutesheim Gaigel, Watten and Perlaggen
/// tournaments and a played Giltspiel one ([`giltspiel`]); their slugs in that order.
pub async fn played_of_each_game(app: &TestApp) -> Vec<String> {
    let now = app.clock.now();
    let mut slugs = app
        .state
        .db
        .run(move |conn| kartl::service::demo::fill(conn, now))
        .await
        .unwrap();
    slugs.push(app.build(giltspiel()).await.slug);
    slugs
}

async fn no_english_word_or_code_on_a_german_page_or_export(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let slugs = played_of_each_game(&app).await;
    let mut files = Vec::new();
    for slug in &slugs {
        let got = admin
            .get(&format!("/api/v1/tournaments/{slug}/export.json"))
            .await;
        assert_eq!(got.status, StatusCode::OK, "{}", got.body);
        files.push(serde_json::from_str::<Value>(&got.body).unwrap());
    }
    let bad = words::forbidden(&files);
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for slug in &slugs {
        check_tournament(&admin, slug, &bad, &mut found).await;
    }
    for page in [
        "/tournaments",
        "/tournaments/new",
        "/tournaments/import",
        "/streitfall",
        "/",
    ] {
        let got = admin.get(page).await;
        let hits = offences(&visible(&got.body), &bad);
        if !hits.is_empty() {
            found.insert(page.to_string(), hits);
        }
    }
    let report: Vec<String> = found
        .iter()
        .map(|(page, hits)| format!("{page}:\n  {}", hits.join("\n  ")))
        .collect();
    assert!(
        report.is_empty(),
        "English or codes on German pages:\n{}",
        report.join("\n")
    );
}

/// Every page the tournament's secretary and public pages link to, and its exports.
async fn check_tournament(
    b: &Browser,
    slug: &str,
    bad: &BTreeSet<String>,
    found: &mut BTreeMap<String, Vec<String>>,
) {
    let prefixes = [format!("/t/{slug}"), format!("/p/{slug}")];
    let mut queue: VecDeque<String> = prefixes.iter().cloned().collect();
    for export in [
        "standings.csv",
        "rounds.csv",
        "results.xlsx",
        "report",
        "report.pdf",
    ] {
        queue.push_back(format!("/t/{slug}/{export}"));
    }
    queue.push_back(format!("/t/{slug}/rounds/1/seating"));
    queue.push_back(format!("/t/{slug}/rounds/1/seating.pdf"));
    let mut seen = BTreeSet::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    while let Some(path) = queue.pop_front() {
        let k = kind(&path);
        if !seen.insert(path.clone()) || kinds.get(&k).copied().unwrap_or(0) >= 2 {
            continue;
        }
        *kinds.entry(k).or_default() += 1;
        let got = download(b, &path).await;
        if got.status != StatusCode::OK {
            continue;
        }
        let content_type = got
            .headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let text = if content_type.starts_with("text/html") || content_type.contains("svg") {
            let html = String::from_utf8_lossy(&got.bytes).to_string();
            queue.extend(links(&html, &prefixes));
            visible(&html)
        } else {
            match download_text(&path, &got.bytes, &content_type) {
                Some(text) => text,
                None => continue,
            }
        };
        let hits = offences(&text, bad);
        if !hits.is_empty() {
            found.insert(path, hits);
        }
    }
    assert!(seen.len() > 10, "{slug}: only {seen:?}");
}

/// The reset page and the guides disagreed (the guides said the page asks only for the
/// code, the page asks for the account's name too). The guides name the page's title, its
/// button and every field the page asks for, by the page's own words.
#[test]
fn the_guides_describe_the_reset_page_as_it_is() {
    let root = env!("CARGO_MANIFEST_DIR");
    let page = std::fs::read_to_string(format!("{root}/templates/reset.html")).unwrap();
    // The fields' labels: each `page.t("field-…")` of the form.
    let fields: Vec<&str> = page
        .match_indices("page.t(\"field-")
        .map(|(at, _)| {
            let id = &page[at + 8..];
            &id[..id.find('"').unwrap()]
        })
        .collect();
    assert!(!fields.is_empty(), "the page asks for nothing?");
    for (guide, lang) in [
        (
            "docs/guides/schriftfuehrung.md",
            kartl::web::i18n::Locale::De,
        ),
        ("docs/guides/en/secretary.md", kartl::web::i18n::Locale::En),
    ] {
        let text = std::fs::read_to_string(format!("{root}/{guide}")).unwrap();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for id in ["reset-title", "reset-submit"].iter().chain(&fields) {
            let word = lang.t(id);
            assert!(
                text.contains(&format!("**{word}**")),
                "{guide} lacks **{word}**"
            );
        }
        assert!(!text.contains("nur nach dem Code") && !text.contains("only for the code"));
    }
}
