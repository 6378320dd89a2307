//! The public pages over HTTP: private tournaments are 404 on every route for
//! strangers, the organiser's toggle, only confirmed deals show, nothing private leaks (scorer
//! link secrets, IPs, audit reasons, who entered what), ETags and 304, and the chart's SVG.
//!
//! Split by topic: `visibility` (private tournaments and the toggle), `pages` (what the pages
//! show and what they never show), `live` (ETags and 304, the chart), `gzip` (the compressed
//! copies). This file holds the tournament they share and its helpers.

pub(crate) mod gzip;
mod live;
mod names;
mod pages;
mod phone_words;
mod visibility;

use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Backend, Browser, TestApp, csrf_in};
use kartl::clock::Clock;
use kartl::db::DbConn;
use kartl::error::AppError;
use kartl::service::deals::{DealInput, DealSource, DealStatus};
use kartl::service::{Actor, ActorKind, deals, draws, scoring, tournaments};
use reqwest::StatusCode;
use serde_json::{Value, json};

const CLUB: &str = "SK Testverein";
/// An audit reason, a scorer's IP and a submission key: none may reach a public page.
const REASON: &str = "Tippfehler 4711 korrigiert";
const IP: &str = "198.51.100.23";
const KEY: &str = "submission-key-0815";
/// The name the secretary acts under (the audit log's actor).
const SECRETARY: &str = "Zenzi Schriftführerin";

fn secretary_actor() -> Actor {
    Actor {
        user_id: None,
        name: SECRETARY.into(),
        kind: ActorKind::CommandLine,
    }
}

/// A Watten tournament of four teams in the test club with round 1 drawn (two tables);
/// returns its slug.
pub(crate) fn running(
    conn: &mut DbConn,
    now: chrono::NaiveDateTime,
    public: bool,
) -> Result<String, AppError> {
    let spec = Spec {
        actor: secretary_actor(),
        club: CLUB.into(),
        name: "Wattturnier am Sonntag".into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 22),
        place: Some("Söll".into()),
        public,
        players: (0..8).map(|i| format!("Watterin {i}")).collect(),
        team_names: (1..=4).map(|t| format!("Mannschaft {t}")).collect(),
        seed: Some(11),
        cards: false,
        ..Spec::new(kartl::rules::Game::Watten)
    };
    Ok(fixture::build(conn, now, &spec)?.slug)
}

/// Records a deal at table 1 of round 1.
pub(crate) async fn deal(
    app: &TestApp,
    slug: &str,
    no: i32,
    record: Value,
    status: DealStatus,
    source: DealSource,
) {
    let scorer = source == DealSource::Scorer;
    let input = DealInput {
        status,
        source,
        submission_key: scorer.then(|| KEY.to_string()),
        ip: scorer.then(|| IP.to_string()),
        ..fixture::deal(no, record)
    };
    app.record_at(secretary_actor(), (slug, 1, 1), input).await;
}

/// Confirms deal `no` at table 1 of round 1 (with a reason, as a secretary's correction).
/// Anonymous visitors' pages may reuse the change stamp read less than `STAMP_TTL` ago (see
/// `web::public::cache`): a test that expects a change to show waits that out.
async fn settle() {
    let ttl = kartl::web::public::cache::STAMP_TTL;
    tokio::time::sleep(ttl + std::time::Duration::from_millis(100)).await;
}

async fn confirm(app: &TestApp, slug: &str, no: i32) {
    let slug = slug.to_string();
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = secretary_actor();
            let table = draws::table_id(conn, &actor, &slug, 1, 1)?;
            deals::set_status(
                conn,
                &actor,
                now,
                table,
                no,
                DealStatus::Confirmed,
                Some(REASON),
            )
        })
        .await
        .unwrap();
}

async fn create(app: &TestApp, public: bool) -> String {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| running(conn, now, public))
        .await
        .unwrap()
}

/// The seat ids of table 1 in round 1.
async fn seats(app: &TestApp, slug: &str) -> Vec<String> {
    let slug = slug.to_string();
    let d = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
        .await
        .unwrap();
    d.rounds[0].tables[0].seats.clone()
}

fn routes(slug: &str, entrant: &str) -> Vec<String> {
    vec![
        format!("/p/{slug}"),
        format!("/p/{slug}/live"),
        format!("/p/{slug}/projector"),
        format!("/p/{slug}/rounds/1"),
        format!("/p/{slug}/rounds/1/tables/1"),
        format!("/p/{slug}/entrants/{entrant}"),
        format!("/p/{slug}/chart"),
        format!("/p/{slug}/chart.svg"),
    ]
}
