//! The secretary's pages end to end over HTTP: a Rutesheim tournament in sessions
//! and a Watten tournament in rounds, created, filled by form and by list, drawn, swapped,
//! printed, closed and reopened; and what another club's secretary and a visitor get.

mod access;
mod field;
mod finals;
mod finish;
mod finish_cards;
mod historical;
mod house_rules;
mod namesakes;
mod prizes;
mod prizes_form;
mod register;
mod register_merge;
mod rutesheim;
mod seasons;
mod tiebreaks;
mod watten;
mod wattkoenig_form;

use crate::common::{Browser, TestApp};
use kartl::clock::Clock;
use kartl::service::tournaments;
use kartl::service::{Actor, deals, draws};
use kartl::tournament::next::next_round;
use reqwest::StatusCode;
use serde_json::Value;

/// A secretary of the test club, logged in.
pub async fn secretary(app: &TestApp, admin: &Browser, name: &str) -> Browser {
    let password = app.secretary(admin, name).await;
    let browser = app.browser();
    let res = browser.login(name, &password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    browser
}

/// Creates a tournament through the form; returns its slug.
pub async fn create(browser: &Browser, fields: &[(&str, &str)]) -> String {
    let res = browser
        .submit("/tournaments/new", "/tournaments/new", fields)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let to = res.location().expect("a location").to_string();
    to.strip_prefix("/t/")
        .expect("the tournament's page")
        .to_string()
}

/// The tournament as stored (the service's own view, for checks the page cannot show).
pub async fn stored(app: &TestApp, slug: &str) -> tournaments::TournamentDetail {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
        .await
        .unwrap()
}

/// Enters one confirmed deal at a table, as an import would.
pub async fn confirmed_deal(
    app: &TestApp,
    slug: &str,
    round: i32,
    table: i32,
    no: i32,
    deal: Value,
) {
    try_deal(app, slug, (round, table), no, deal).await.unwrap();
}

/// Enters one confirmed deal at table `(round, table)`; the referee's refusal comes back as
/// the error's text.
pub async fn try_deal(
    app: &TestApp,
    slug: &str,
    (round, table): (i32, i32),
    no: i32,
    deal: Value,
) -> Result<(), String> {
    let slug = slug.to_string();
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let id = draws::table_id(conn, &actor, &slug, round, table)?;
            let input = deals::DealInput {
                deal_no: no,
                record: crate::common::fixture::typed(&deal),
                status: deals::DealStatus::Confirmed,
                source: deals::DealSource::Import,
                reason: None,
                expected_version: None,
                submission_key: None,
                ip: None,
            };
            deals::record_deal(conn, &actor, now, id, &input)
        })
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The stored seed of round 1 reproduces its seating through the pure engine.
pub fn assert_seed_reproduces_round_one(d: &tournaments::TournamentDetail) {
    let mut file = d.file();
    let drawn = file.rounds.remove(0);
    file.rounds.clear();
    let mut players: Vec<_> = d.players.iter().enumerate().collect();
    players.sort_by_key(|(i, p)| (p.start_no.unwrap_or(i32::MAX), *i));
    let present: Vec<String> = if file.variant().individual() {
        players.iter().map(|(_, p)| p.entrant_id.clone()).collect()
    } else {
        d.teams.iter().map(|t| t.entrant_id.clone()).collect()
    };
    let again = next_round(&file, &present, &[], drawn.seed.expect("a stored seed")).unwrap();
    let seats: Vec<Vec<String>> = (0..again.tables.len()).map(|t| again.seats(t)).collect();
    let stored: Vec<Vec<String>> = drawn.tables.iter().map(|t| t.seats.clone()).collect();
    assert_eq!(seats, stored);
    assert_eq!(again.byes, drawn.byes);
}
