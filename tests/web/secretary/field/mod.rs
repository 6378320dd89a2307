//! The field through the whole tournament over HTTP (docs/reference/tournaments.md, "The field
//! during the tournament"): renaming, withdrawing, marking absent and entering late after the
//! first draw, the draws that follow, the marks beside the standings, the refusals in German,
//! and taking back a round before its first deal (and not after).
//!
//! Split by topic: `changes` (the field changed after the first draw, teams and players, and
//! the draws that follow), `refusals` (what is refused, in German, changing nothing),
//! `take_back` (a round taken back before its first deal). This file holds what they share.

mod changes;
mod refusals;
mod take_back;

use super::{secretary, stored};
use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Browser, TestApp};
use kartl::db::models::{AuditEventRow, TournamentRow};
use kartl::service::tournaments::Status;
use kartl::tournament::field::MarkKind;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A Watten tournament of six teams of the test club, round 1 drawn (seed 3, three tables),
/// and its secretary Sepp.
async fn six_teams(backend: &crate::common::Backend) -> (TestApp, Browser, String) {
    let app = TestApp::spawn(backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let built = app
        .build(Spec {
            club: "SK Testverein".into(),
            players: fixture::numbered(12),
            ..Spec::new(kartl::rules::Game::Watten)
        })
        .await;
    (app, sepp, built.slug)
}

/// The tournament's audit events as (action, detail).
async fn audit(app: &TestApp, slug: &str) -> Vec<(String, Value)> {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            let t = TournamentRow::by_slug(conn, &slug)?.expect("the tournament");
            Ok(AuditEventRow::of(conn, t.id())?)
        })
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.action, serde_json::from_str(&e.detail).unwrap()))
        .collect()
}

fn detail_of<'a>(events: &'a [(String, Value)], action: &str) -> &'a Value {
    &events
        .iter()
        .rev()
        .find(|(a, _)| a == action)
        .unwrap_or_else(|| panic!("no {action} in {events:?}"))
        .1
}

/// Everyone round `n` names (seats and byes).
fn drawn(d: &kartl::service::tournaments::TournamentDetail, n: usize) -> Vec<String> {
    let r = &d.rounds[n - 1];
    let mut ids: Vec<String> = r.tables.iter().flat_map(|t| t.seats.clone()).collect();
    ids.extend(r.byes.iter().cloned());
    ids.sort();
    ids
}

async fn post(
    b: &Browser,
    slug: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String) {
    let res = b
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/entrants/{action}"),
            fields,
        )
        .await;
    (res.status, res.body)
}

/// Enters the team "Nachzügler" (Cilli and Dora) from the field page, as the secretary's form
/// does: after the first draw a late entry, before it an ordinary one.
async fn enter_late_team(b: &Browser, slug: &str) {
    let res = b
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/teams"),
            &[
                ("name", "Nachzügler"),
                ("member1", "Cilli"),
                ("member2", "Dora"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
}

async fn close_and_draw(b: &Browser, slug: &str, round: i32) {
    let page = format!("/t/{slug}/rounds/{round}");
    let res = b
        .submit(
            &page,
            &format!("/t/{slug}/rounds/{round}/close"),
            &[("anyway", "yes")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let res = b
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}
