//! Reports and exports over HTTP: every download read back (CSV with the `csv`
//! crate, XLSX with calamine, PDF text with lopdf, JSON parsed and re-imported by the real
//! binary), checked against the referee's standings of the confirmed deals; and who may have
//! which file.

mod access;
mod downloads;

use crate::common::{Browser, Reply, TestApp, fixture};
use kartl::clock::Clock;
use kartl::rules::Lang;
use kartl::service::import::{ImportOptions, import};
use kartl::service::{Actor, deals};
use kartl::tournament::evaluate::{Evaluation, evaluate};
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The club `TestApp::secretary` creates.
pub const OWN_CLUB: &str = "SK Testverein";

/// One Rutesheim deal (P2 goes out with 104), and another (P1 with 112).
pub fn deal_a() -> Value {
    json!({"points": {"P1": 45, "P2": 104, "P3": 61},
           "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"})
}

pub fn deal_b() -> Value {
    json!({"points": {"P1": 112, "P2": 73, "P3": 35},
           "tricks": {"P1": 7, "P2": 4, "P3": 2}, "out": "P1"})
}

/// A Rutesheim tournament in two sessions of two tables and a bye; four names look like
/// spreadsheet formulas, two carry umlauts.
pub fn tournament_file() -> TournamentFile {
    let names = [
        "Jürgen Weiß",
        "=HYPERLINK(\"http://x.example\",\"klick\")",
        "+1",
        "-1",
        "@x",
        "Ännchen Öttl",
        "Franz Ott",
    ];
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| json!({"id": format!("p{}", i + 1), "name": n}))
        .collect();
    TournamentFile::parse(
        &json!({
            "name": "Preisgaigeln Größingen", "game": "gaigel", "variant": "three",
            "options": {"scoring": "rutesheim"}, "format": "sessions",
            "settings": {"sessions": 3, "deals": 2},
            "players": players,
            "rounds": [
                {"tables": [{"seats": ["p1", "p2", "p3"], "deals": [deal_a()]},
                            {"seats": ["p4", "p5", "p6"], "deals": [deal_b()]}],
                 "byes": ["p7"]},
                {"tables": [{"seats": ["p2", "p4", "p7"], "deals": [deal_a()]},
                            {"seats": ["p1", "p3", "p5"], "deals": [deal_b()]}],
                 "byes": ["p6"]}
            ]
        })
        .to_string(),
    )
    .unwrap()
}

/// The referee's standings of the file: what every export must show.
pub fn expected() -> Evaluation {
    evaluate(&tournament_file(), Lang::De).unwrap()
}

/// Stores the tournament for `club` as `kartl import` would; returns its slug.
pub async fn stored_tournament(app: &TestApp, club: &str, public: bool) -> String {
    let now = app.clock.now();
    let options = ImportOptions {
        club: club.to_string(),
        public,
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        place: Some("Rutesheim".into()),
        ..ImportOptions::default()
    };
    app.state
        .db
        .run(move |conn| {
            import(
                conn,
                &Actor::command_line(),
                now,
                &tournament_file(),
                &options,
            )
        })
        .await
        .unwrap()
}

/// A deal entered at round 2, table 1 that waits for confirmation: it must appear nowhere.
pub async fn pending_deal(app: &TestApp, slug: &str) {
    let input = deals::DealInput {
        status: deals::DealStatus::Pending,
        source: deals::DealSource::Import,
        reason: Some("nachgetragen".into()),
        ..fixture::deal(1, deal_b())
    };
    app.record_at(Actor::command_line(), (slug, 2, 1), input)
        .await;
}

/// A download: the status, the headers and the raw bytes.
pub struct Download {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub bytes: Vec<u8>,
}

impl Download {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts a 200 attachment of `content_type` named `filename`, not to be stored.
    pub fn assert_attachment(&self, content_type: &str, filename: &str) {
        assert_eq!(
            self.status,
            StatusCode::OK,
            "{}",
            String::from_utf8_lossy(&self.bytes)
        );
        assert_eq!(self.header("content-type"), Some(content_type));
        assert_eq!(
            self.header("content-disposition"),
            Some(format!("attachment; filename=\"{filename}\"").as_str())
        );
        assert_eq!(self.header("cache-control"), Some("no-store"));
    }
}

pub async fn download(browser: &Browser, path: &str) -> Download {
    let res = browser.client.get(browser.url(path)).send().await.unwrap();
    Download {
        status: res.status(),
        headers: res.headers().clone(),
        bytes: res.bytes().await.unwrap().to_vec(),
    }
}

/// A PDF's text, one space between words.
pub fn pdf_text(bytes: &[u8]) -> String {
    assert!(bytes.starts_with(b"%PDF"), "a PDF");
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a page shows for `text` (askama's escaping).
pub fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

/// The body of a page answered 200.
pub fn ok_page(reply: &Reply) -> &str {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    &reply.body
}
