//! Reviewed snapshots (`insta`) of what a reader sees: for one played tournament of each game
//! (the demo's Rutesheim Gaigel, Watten and Perlaggen, and a played Giltspiel one), in German,
//! the main public and secretary's pages as their visible text, and every export as its text
//! (CSV as written, XLSX cell by cell, PDF's text, JSON pretty-printed). A change to a page or
//! an export shows as a diff of the snapshot files in `snapshots/`, to be reviewed and
//! committed with the change (`INSTA_UPDATE=always cargo test --test web snapshots`, or
//! `cargo insta review`). Both backends compare against the same files: the pages must not
//! depend on the database.
//!
//! What varies from run to run is replaced before the comparison: the tournaments' slugs
//! (`{slug-N}`), the scorer links' secrets (`{token}`) and the test server's address
//! (`{base}`); the clock is set to a fixed moment.

use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use crate::exports::download;
use crate::german::{download_text, played_of_each_game, visible};
use kartl::clock::Clock;
use reqwest::StatusCode;
use serde_json::Value;

both_backends!(every_game_s_pages_and_exports_read_as_their_reviewed_snapshots);

/// The pages of a tournament, by a short name and their path after `/t/{slug}` or
/// `/p/{slug}` (`ENTRANT`: the first entrant the standings link).
const PAGES: &[(&str, &str)] = &[
    ("public-standings", "/p/{slug}"),
    ("public-round-1", "/p/{slug}/rounds/1"),
    ("public-entrant", "ENTRANT"),
    ("overview", "/t/{slug}"),
    ("entrants", "/t/{slug}/entrants"),
    ("round-1", "/t/{slug}/rounds/1"),
    ("round-1-tables", "/t/{slug}/rounds/1/tables"),
    ("audit", "/t/{slug}/audit"),
    ("report", "/t/{slug}/report"),
];

/// The exports of a tournament.
const EXPORTS: &[(&str, &str)] = &[
    ("standings-csv", "/t/{slug}/standings.csv"),
    ("rounds-csv", "/t/{slug}/rounds.csv"),
    ("results-xlsx", "/t/{slug}/results.xlsx"),
    ("report-pdf", "/t/{slug}/report.pdf"),
    ("seating-pdf", "/t/{slug}/rounds/1/seating.pdf"),
    ("tournament-json", "/t/{slug}/tournament.json"),
];

/// The text with what varies between runs replaced; a page's text one line per line, without
/// the template's indentation (`data` keeps a JSON export's).
fn steady(text: &str, base: &str, slugs: &[String], data: bool) -> String {
    let mut out = text.replace(base, "{base}");
    for (n, slug) in slugs.iter().enumerate() {
        out = out.replace(slug.as_str(), &format!("{{slug-{n}}}"));
    }
    // Scorer link secrets: 64 hex digits.
    let mut masked = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find("/s/") {
        masked.push_str(&rest[..at + 3]);
        rest = &rest[at + 3..];
        let hex = rest.chars().take_while(char::is_ascii_hexdigit).count();
        if hex == 64 {
            masked.push_str("{token}");
            rest = &rest[64..];
        }
    }
    masked.push_str(rest);
    if data {
        return masked;
    }
    // One line per line of text, no runs of blanks: the snapshot reads like the page.
    masked
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first entrant page the public standings link.
async fn first_entrant(b: &Browser, slug: &str) -> String {
    let page = b.get(&format!("/p/{slug}")).await;
    let from = page
        .body
        .find(&format!("/p/{slug}/entrants/"))
        .expect("the standings link an entrant");
    let len = page.body[from..].find('"').unwrap();
    page.body[from..from + len].to_string()
}

async fn every_game_s_pages_and_exports_read_as_their_reviewed_snapshots(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // A fixed moment, so the audit log's times read the same in every run.
    let fixed = chrono::NaiveDate::from_ymd_opt(2026, 3, 1)
        .and_then(|d| d.and_hms_opt(17, 0, 0))
        .unwrap();
    app.clock.advance(fixed - app.clock.now());
    let admin = app.setup().await;
    let slugs = played_of_each_game(&app).await;
    let games = ["gaigel", "watten", "perlaggen", "giltspiel"];
    for (game, slug) in games.iter().zip(&slugs) {
        for (name, path) in PAGES {
            let path = match *path {
                "ENTRANT" => first_entrant(&admin, slug).await,
                p => p.replace("{slug}", slug),
            };
            let got = admin.get(&path).await;
            assert_eq!(got.status, StatusCode::OK, "{path}: {}", got.body);
            let text = steady(&visible(&got.body), &app.base, &slugs, false);
            insta::assert_snapshot!(format!("{game}-{name}"), text);
        }
        for (name, path) in EXPORTS {
            let path = path.replace("{slug}", slug);
            let got = download(&admin, &path).await;
            assert_eq!(got.status, StatusCode::OK, "{path}");
            let kind = got
                .headers
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            let text = match download_text(&path, &got.bytes, &kind) {
                Some(text) => steady(&text, &app.base, &slugs, false),
                None => {
                    let json: Value = serde_json::from_slice(&got.bytes).unwrap();
                    steady(
                        &serde_json::to_string_pretty(&json).unwrap(),
                        &app.base,
                        &slugs,
                        true,
                    )
                }
            };
            insta::assert_snapshot!(format!("{game}-{name}"), text);
        }
    }
}
