//! What a scorer's save costs the database, counted rather than timed (a count repeats
//! on a busy machine): the statements the writer's batch sends for one save, the batch's
//! `BEGIN` and `COMMIT` included. The save runs without a savepoint of its own (the writer
//! gives it one only when a save of its batch failed: `group_commit`). Each is a round trip to PostgreSQL.
//! The save once took fifteen of its own: the link, the table and the tournament read apart,
//! two savepoints, the lock, the key, the table again, the confirmation rule and the
//! tournament's status; then nine, with one savepoint (docs/reference/performance.md).

use super::*;
use diesel::Connection;
use diesel::connection::{Instrumentation, InstrumentationEvent};
use kartl::db::{DbConn, DbUrl};
use kartl::service::scoring::entry::Saved;
use kartl::web::entry::{SaveRequest, save_by_link};
use std::sync::{Arc, Mutex};

crate::both_backends!(a_scorers_save_takes_seven_statements_with_its_batch);

/// Every statement a connection sends, as SQL.
#[derive(Clone, Default)]
struct Statements(Arc<Mutex<Vec<String>>>);

impl Instrumentation for Statements {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            self.0.lock().unwrap().push(query.to_string());
        }
    }
}

/// One save as the writer runs it while no save of its batch fails: in the batch's
/// transaction, without a savepoint.
fn save_in_a_batch(conn: &mut DbConn, token: &str, based_on: i32, now: chrono::NaiveDateTime) {
    let request = SaveRequest {
        deal: Some(
            json!({"winner": if based_on % 2 == 0 { "A" } else { "B" }, "points": 2}).to_string(),
        ),
        actions: Vec::new(),
        based_on,
        key: kartl::auth::tokens::random_token().unwrap(),
        decides: false,
    };
    let answer = kartl::db::write(conn, |conn| {
        save_by_link(
            conn,
            token,
            Ok(request),
            now,
            (None, kartl::rules::Lang::De),
        )
    });
    assert!(
        matches!(answer, Ok(Ok((_, Saved::New { deal_no }))) if deal_no == based_on),
        "{answer:?}"
    );
}

async fn a_scorers_save_takes_seven_statements_with_its_batch(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let t = watten(&app, Confirmation::None).await;
    let (_, token) = t.tables[0].clone();
    let mut conn = kartl::db::open_one(&DbUrl::parse(&app.db.url).unwrap()).unwrap();
    let seen = Statements::default();
    conn.set_instrumentation(seen.clone());
    let now = app.clock.now();
    // The table holds deals before the counted save, as it does for most of a round.
    for based_on in 0..4 {
        seen.0.lock().unwrap().clear();
        save_in_a_batch(&mut conn, &token, based_on, now);
    }
    let statements = seen.0.lock().unwrap().clone();
    // BEGIN, the table's lock found by the link, its rows, its versions, the version, its
    // audit event, COMMIT.
    assert_eq!(statements.len(), 7, "{statements:#?}");
    assert!(
        !statements.iter().any(|s| s.contains("SAVEPOINT")),
        "{statements:#?}"
    );
}
