//! Table scoring: scorer links (secret, hashed, replaced, dead with their round),
//! the Watten check → preview → save flow, retries, stale saves, confirmation and undo, all
//! through the real pages; standings through the API.

use crate::common::fixture::Spec;
use crate::common::{Backend, Browser, TestApp, between, csrf_in};
use kartl::clock::Clock;
use kartl::db::models::{DealVersionRow, TableId};
use kartl::service::scoring::{self, Confirmation, links};
use kartl::service::{Actor, draws};
use reqwest::StatusCode;
use serde_json::{Value, json};

mod entry;
mod entry_pages;
mod gaigel_options;
mod limits;
mod many_at_once;
pub mod pad;
mod pad_page;
mod save_path;
mod save_statements;
mod scorer_links;

pub struct Table {
    pub slug: String,
    /// Round 1's tables: (id, link secret).
    pub tables: Vec<(TableId, String)>,
}

/// A Watten tournament of four teams, round 1 drawn, table cards issued.
pub async fn watten(app: &TestApp, confirmation: Confirmation) -> Table {
    tournament(app, kartl::rules::Game::Watten, confirmation).await
}

/// A tournament of `game` with four teams of two, round 1 drawn, table cards issued.
pub async fn tournament(
    app: &TestApp,
    game: kartl::rules::Game,
    confirmation: Confirmation,
) -> Table {
    tournament_with(app, game, confirmation, None).await
}

/// As [`tournament`], with the game's `options` (house rules).
pub async fn tournament_with(
    app: &TestApp,
    game: kartl::rules::Game,
    confirmation: Confirmation,
    options: Option<serde_json::Map<String, Value>>,
) -> Table {
    let built = app
        .build(Spec {
            club: "Watterclub".into(),
            name: "Wattkönig".into(),
            options,
            players: (0..8).map(|i| format!("Spieler {i}")).collect(),
            confirmation,
            ..Spec::new(game)
        })
        .await;
    Table {
        tables: built.tables_with_tokens(),
        slug: built.slug,
    }
}

pub fn unescape(text: &str) -> String {
    text.replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

pub fn field(html: &str, name: &str) -> String {
    unescape(&between(html, &format!("name=\"{name}\" value=\""), "\"").unwrap())
}

/// The save form's fields after a check: (deal, based_on, key).
pub struct Checked {
    pub deal: String,
    pub based_on: String,
    pub key: String,
}

impl Checked {
    /// The save form's fields on a checked page.
    pub fn of(body: &str) -> Checked {
        Checked {
            deal: field(body, "deal"),
            based_on: field(body, "based_on"),
            key: field(body, "key"),
        }
    }
}

pub async fn check(b: &Browser, token: &str, fields: &[(&str, &str)]) -> (StatusCode, String) {
    let res = b
        .submit(&format!("/s/{token}"), &format!("/s/{token}/check"), fields)
        .await;
    (res.status, res.body)
}

pub async fn check_quick(b: &Browser, token: &str, winner: &str, points: &str) -> Checked {
    let (status, body) = check(
        b,
        token,
        &[("mode", "quick"), ("winner", winner), ("points", points)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    Checked::of(&body)
}

pub async fn save(b: &Browser, token: &str, c: &Checked) -> crate::common::Reply {
    let page = b.get(&format!("/s/{token}")).await;
    let csrf = csrf_in(&page.body).unwrap();
    b.post(
        &format!("/s/{token}/save"),
        &[
            ("csrf", &csrf),
            ("deal", &c.deal),
            ("based_on", &c.based_on),
            ("key", &c.key),
        ],
    )
    .await
}

pub async fn versions(app: &TestApp, table: TableId) -> Vec<DealVersionRow> {
    app.versions(table).await
}

pub async fn audit_count(app: &TestApp, slug: &str, action: &'static str) -> usize {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            let t = kartl::db::models::TournamentRow::by_slug(conn, &slug)?.unwrap();
            Ok(kartl::db::models::AuditEventRow::of(conn, t.id())?
                .into_iter()
                .filter(|e| e.action == action)
                .count())
        })
        .await
        .unwrap()
}

pub async fn standings_points(app: &TestApp, slug: &str) -> i64 {
    let res = app
        .browser()
        .get(&format!("/api/v1/tournaments/{slug}/standings"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let v: Value = serde_json::from_str(&res.body).unwrap();
    v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_i64().unwrap())
        .sum()
}

/// Deals 1-4 of a game A wins 15:2 (confirmed, by the secretary); the fifth is left to the table.
pub async fn almost_a_game(app: &TestApp, table: TableId) {
    let deals = [("A", 3), ("B", 2), ("A", 4), ("A", 4)]
        .into_iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect();
    app.seed_deals(table, deals).await
}
