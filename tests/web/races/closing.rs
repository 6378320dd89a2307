//! A table's change racing the secretary's change of its round or tournament, fired at once
//! `KARTL_RACE_TRIALS` times (default 25): a scorer's save against "Runde abschließen" and
//! against taking the round back, a secretary's correction of a closed round against
//! "Turnier abschließen". Both may be acknowledged only in the one order that keeps the save:
//! the save first (its `deal_version` event before the close's or finish's event); a save
//! acknowledged after them, or into a round taken back, is the race (on PostgreSQL the save
//! read its round open, then committed after the close; the undraw answered 500 on the
//! deal's foreign key).

use super::model::Live;
use super::{backend_name, key};
use crate::both_backends;
use crate::common::{Backend, Browser, csrf_in};
use crate::tables::{Desk, audit_events, desk, table_path};
use kartl::db::models::{AuditEventRow, TableId};
use kartl::service::scoring::{Confirmation, links};
use kartl::service::{Actor, closing, draws, tournaments};
use reqwest::StatusCode;
use serde_json::json;
use std::future::Future;

both_backends!(
    a_save_racing_the_close_is_stored_before_it_or_refused,
    a_correction_racing_the_finish_is_stored_before_it_or_refused,
    a_save_racing_the_undraw_keeps_its_round_or_is_refused,
);

fn trials() -> usize {
    std::env::var("KARTL_RACE_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25)
}

/// Runs both requests at once after a barrier; their answers.
async fn at_once<A, B>(a: A, b: B) -> (StatusCode, StatusCode)
where
    A: Future<Output = StatusCode> + Send + 'static,
    B: Future<Output = StatusCode> + Send + 'static,
{
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(2));
    let (ba, bb) = (barrier.clone(), barrier);
    let x = tokio::spawn(async move {
        ba.wait().await;
        a.await
    });
    let y = tokio::spawn(async move {
        bb.wait().await;
        b.await
    });
    let (x, y) = tokio::join!(x, y);
    (x.unwrap(), y.unwrap())
}

/// Runs a service call as the command line (the trials' own preparations).
async fn service<T: Send + 'static>(
    d: &Desk,
    f: impl FnOnce(
        &mut kartl::db::DbConn,
        &Actor,
        chrono::NaiveDateTime,
    ) -> Result<T, kartl::error::AppError>
    + Send
    + 'static,
) -> T {
    use kartl::clock::Clock;
    let now = d.app.clock.now();
    d.app
        .state
        .db
        .run(move |conn| f(conn, &Actor::command_line(), now))
        .await
        .expect("the trial's preparation")
}

/// The scorer of round `round`'s table 1 with fresh cards: its browser, link and CSRF token.
async fn scorer(d: &Desk, round: i32) -> (Browser, String, String) {
    let slug = d.slug.clone();
    let cards = service(d, move |c, a, now| {
        links::issue_cards(c, a, now, &slug, round)
    })
    .await;
    let card = cards.cards.into_iter().find(|c| c.table == 1).unwrap();
    let b = d.app.browser();
    let csrf = csrf_in(&b.get(&format!("/s/{}", card.token)).await.body).unwrap();
    (b, card.token, csrf)
}

/// The scorer's save of a quick deal as the next after `based_on`, with submission key
/// `key`; the answer.
fn save(
    (b, token, csrf): &(Browser, String, String),
    based_on: usize,
    key: &str,
) -> impl Future<Output = StatusCode> + use<> {
    let (client, url) = (b.client.clone(), b.url(&format!("/s/{token}/save")));
    let deal = json!({"winner": "A", "points": 2}).to_string();
    let form = vec![
        ("csrf", csrf.to_string()),
        ("deal", deal),
        ("based_on", based_on.to_string()),
        ("key", key.to_string()),
    ];
    async move { client.post(url).form(&form).send().await.unwrap().status() }
}

/// The secretary's post of `fields` (with `csrf`) to `action`; the answer.
fn post(
    b: &Browser,
    action: &str,
    fields: Vec<(&'static str, String)>,
) -> impl Future<Output = StatusCode> + use<> {
    let (client, url) = (b.client.clone(), b.url(action));
    async move {
        client
            .post(url)
            .form(&fields)
            .send()
            .await
            .unwrap()
            .status()
    }
}

/// The event of the version stored with submission key `key` at `table`, if any.
async fn event_of_key(d: &Desk, table: TableId, key: &str) -> Option<AuditEventRow> {
    let version = d
        .app
        .versions(table)
        .await
        .into_iter()
        .find(|v| v.submission_key.as_deref() == Some(key))?;
    let events = audit_events(&d.app, &d.slug).await;
    events
        .into_iter()
        .find(|e| e.deal_version_id == Some(version.id))
}

/// The id of the last event named `action`.
async fn last_event(d: &Desk, action: &str) -> Option<i32> {
    let events = audit_events(&d.app, &d.slug).await;
    events
        .iter()
        .filter(|e| e.action == action)
        .map(|e| e.id)
        .max()
}

/// Whether a refused request was answered as a refusal, not an error.
fn refusal(s: StatusCode) -> bool {
    [400, 404, 409, 410, 422].contains(&s.as_u16())
}

/// The live deals of `table` (up to the first withdrawn place).
async fn live(d: &Desk, table: TableId) -> usize {
    Live::of(&d.app.versions(table).await).deals.len()
}

/// Voids the table's live deal `no` (from 0) as the secretary, so the record stays short.
async fn void_last(d: &Desk, table: TableId, csrf: &str) {
    let versions = d.app.versions(table).await;
    let Some(no) = Live::of(&versions).deals.len().checked_sub(1) else {
        return;
    };
    let version = Live::of(&versions).deals[no].version;
    let path = format!("{}/deals/{}/void", table_path(&d.slug, 1), no + 1);
    let fields = vec![
        ("csrf", csrf.to_string()),
        ("version", version.to_string()),
        ("reason", "nur ein Versuch".to_string()),
        ("key", key()),
    ];
    assert_eq!(post(&d.sepp, &path, fields).await, StatusCode::SEE_OTHER);
}

/// Whether a save answered `saved` is explained by the order of the two: stored before the
/// other change's event `other` (and acknowledged), or refused and not stored.
async fn explained(
    d: &Desk,
    table: TableId,
    key: &str,
    saved: StatusCode,
    other: i32,
) -> Result<(), String> {
    let event = event_of_key(d, table, key).await.map(|e| e.id);
    match (saved, event) {
        (StatusCode::SEE_OTHER, Some(id)) if id < other => Ok(()),
        (s, None) if refusal(s) => Ok(()),
        (s, e) => Err(format!(
            "save answered {s}, its event {e:?}, the other change's {other}"
        )),
    }
}

async fn a_save_racing_the_close_is_stored_before_it_or_refused(backend: Backend) {
    let d = desk(&backend, Confirmation::None).await;
    let (table, _) = d.tables[0].clone();
    let round = format!("/t/{}/rounds/1", d.slug);
    let csrf = csrf_in(&d.sepp.get(&round).await.body).unwrap();
    let mut failures = Vec::new();
    for trial in 0..trials() {
        let scorer = scorer(&d, 1).await;
        let k = key();
        let fields = vec![("csrf", csrf.clone()), ("anyway", "yes".into())];
        let close = post(&d.sepp, &format!("{round}/close"), fields);
        let (saved, closed) = at_once(save(&scorer, live(&d, table).await, &k), close).await;
        assert_eq!(closed, StatusCode::SEE_OTHER, "trial {trial}: the close");
        let closed_at = last_event(&d, "round_closed").await.unwrap();
        if let Err(e) = explained(&d, table, &k, saved, closed_at).await {
            failures.push(format!("trial {trial}: {e}"));
        }
        let slug = d.slug.clone();
        let reason = "nächster Versuch";
        service(&d, move |c, a, now| {
            draws::reopen_round(c, a, now, &slug, 1, reason)
        })
        .await;
        void_last(&d, table, &csrf).await;
    }
    report(&backend, "save/close", &failures);
}

/// Prints the pair's count (the figure docs/reference/proofs.md quotes) and fails on any.
fn report(backend: &Backend, pair: &str, failures: &[String]) {
    let name = backend_name(backend);
    let n = failures.len();
    eprintln!(
        "races ({name}): {pair}: {n} of {} trials lost a change",
        trials()
    );
    assert!(failures.is_empty(), "{pair}:\n{}", failures.join("\n"));
}

async fn a_correction_racing_the_finish_is_stored_before_it_or_refused(backend: Backend) {
    let d = desk(&backend, Confirmation::None).await;
    let (table, _) = d.tables[0].clone();
    d.app
        .seed_deals(table, vec![json!({"winner": "A", "points": 2})])
        .await;
    let slug = d.slug.clone();
    service(&d, move |c, a, now| draws::close_round(c, a, now, &slug, 1)).await;
    let page = format!("/t/{}", d.slug);
    let csrf = csrf_in(&d.sepp.get(&page).await.body).unwrap();
    let mut failures = Vec::new();
    for trial in 0..trials() {
        let version = Live::of(&d.app.versions(table).await).deals[0].version;
        let k = key();
        let deal = json!({"winner": if trial % 2 == 0 { "B" } else { "A" }, "points": 2});
        let fields = vec![
            ("csrf", csrf.clone()),
            ("deal", deal.to_string()),
            ("based_on", version.to_string()),
            ("key", k.clone()),
            ("reason", "falsch eingetragen".to_string()),
        ];
        let correct = post(
            &d.sepp,
            &format!("{}/deals/1/save", table_path(&d.slug, 1)),
            fields,
        );
        let finish = post(
            &d.sepp,
            &format!("{page}/finish"),
            vec![("csrf", csrf.clone())],
        );
        let (corrected, finished) = at_once(correct, finish).await;
        assert_eq!(finished, StatusCode::SEE_OTHER, "trial {trial}: the finish");
        let finished_at = last_event(&d, "tournament_finished").await.unwrap();
        if let Err(e) = explained(&d, table, &k, corrected, finished_at).await {
            failures.push(format!("trial {trial}: {e}"));
        }
        let slug = d.slug.clone();
        let reason = "nächster Versuch";
        service(&d, move |c, a, now| {
            closing::reopen(c, a, now, &slug, reason)
        })
        .await;
    }
    report(&backend, "correction/finish", &failures);
}

/// Round `round`'s table 1.
async fn table_of(d: &Desk, token: &str) -> TableId {
    let token = token.to_string();
    service(d, move |c, _, _| links::resolve(c, &token))
        .await
        .unwrap()
        .table
}

async fn a_save_racing_the_undraw_keeps_its_round_or_is_refused(backend: Backend) {
    let d = desk(&backend, Confirmation::None).await;
    let page = format!("/t/{}", d.slug);
    let csrf = csrf_in(&d.sepp.get(&page).await.body).unwrap();
    let (mut round, mut failures) = (1, Vec::new());
    for trial in 0..trials() {
        let scorer = scorer(&d, round).await;
        let table = table_of(&d, &scorer.1).await;
        let k = key();
        let action = format!("{page}/rounds/{round}/undraw");
        let undraw = post(&d.sepp, &action, vec![("csrf", csrf.clone())]);
        let (saved, undrawn) = at_once(save(&scorer, 0, &k), undraw).await;
        let slug = d.slug.clone();
        let outcome = match undrawn {
            // Taken back: the save must have been refused (the round is gone).
            StatusCode::SEE_OTHER => {
                let rounds = service(&d, move |c, a, now| {
                    let left = tournaments::get(c, Some(a), &slug)?.rounds.len();
                    draws::draw_round(c, a, now, &slug, None)?;
                    Ok(left)
                })
                .await;
                let gone = rounds < round as usize;
                if gone {
                    explained(&d, table, &k, saved, 0).await
                } else {
                    Err("round kept".into())
                }
            }
            // Refused as begun: the save was stored first.
            StatusCode::CONFLICT => {
                service(&d, move |c, a, now| {
                    draws::close_round(c, a, now, &slug, round)?;
                    draws::draw_round(c, a, now, &slug, None)
                })
                .await;
                round += 1;
                explained(&d, table, &k, saved, i32::MAX).await
            }
            other => Err(format!("the undraw answered {other}")),
        };
        if let Err(e) = outcome {
            failures.push(format!("trial {trial}: {e}"));
            break;
        }
    }
    report(&backend, "save/undraw", &failures);
}
