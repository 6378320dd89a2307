//! Group commit (`db::writer`): the saves waiting at one moment share one write
//! transaction, and each is answered only after that transaction's commit. Saves that run
//! once run each in a savepoint of its own; saves that may run again (the scorers') run
//! without one, and the batch runs again with savepoints only when one of them fails. The tests start one writer thread (as SQLite's service does;
//! PostgreSQL's runs several, each with the saves of its lanes) and hold it in a first save
//! while the next ones queue up, so that those are taken as one batch.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use kartl::db::schema::clubs;
use kartl::db::writer::{self, Writer};
use kartl::db::{DbConn, DbUrl};
use kartl::error::AppError;
use std::future::Future;
use std::pin::Pin;
use std::sync::mpsc;
use std::task::{Context, Waker};
use std::time::Duration;

both_backends!(
    a_failing_save_leaves_the_others_of_its_batch_stored,
    a_failed_commit_answers_every_save_of_its_batch_with_503,
    the_saves_of_one_lane_all_run_on_one_writer_thread,
    repeatable_saves_run_without_savepoints_until_one_fails,
    a_save_that_went_on_after_a_refused_statement_loses_no_other_save,
);

type Answer = Pin<Box<dyn Future<Output = Result<Vec<String>, AppError>>>>;

/// Hands `f` to the writer (the future's first poll queues it) and returns its answer.
fn queue(
    db: &Writer,
    f: impl FnOnce(&mut DbConn) -> Result<Vec<String>, AppError> + Send + 'static,
) -> Answer {
    let db = db.clone();
    let mut answer: Answer = Box::pin(async move { db.run("", f).await });
    let polled = answer
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()));
    assert!(polled.is_pending(), "answered before its batch ran");
    answer
}

/// [`queue`] for work that may run twice (`Writer::run_again`, as the scorers' saves).
fn queue_again(
    db: &Writer,
    f: impl Fn(&mut DbConn) -> Result<Vec<String>, AppError> + Send + 'static,
) -> Answer {
    let db = db.clone();
    let mut answer: Answer = Box::pin(async move { db.run_again("", f).await });
    let polled = answer
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()));
    assert!(polled.is_pending(), "answered before its batch ran");
    answer
}

/// How deep the transaction is where a save runs: 1 in the batch's transaction itself, 2 in
/// a savepoint of it.
fn depth(conn: &mut DbConn) -> String {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let status = match conn {
        DbConn::Pg(c) => AnsiTransactionManager::transaction_manager_status_mut(c),
        DbConn::Sqlite(c) => AnsiTransactionManager::transaction_manager_status_mut(c),
    };
    let depth = status.transaction_depth().unwrap().map_or(0, |d| d.get());
    format!("depth {depth}")
}

/// A repeatable save: adds club `name`, answers the depth it ran at.
fn add_club_again(db: &Writer, name: &'static str) -> Answer {
    queue_again(db, move |conn| {
        add_club(conn, name)?;
        Ok(vec![depth(conn)])
    })
}

fn add_club(conn: &mut DbConn, name: &str) -> Result<(), AppError> {
    conn.batch_execute(&format!(
        "INSERT INTO clubs (name, created_at) VALUES ('{name}', '2026-11-25 07:00:00')"
    ))?;
    Ok(())
}

fn club_names(conn: &mut DbConn) -> Result<Vec<String>, AppError> {
    Ok(clubs::table
        .select(clubs::name)
        .order(clubs::name)
        .load(conn)?)
}

/// A save that holds the writer until `release` is sent, so that the saves queued meanwhile
/// form the next batch. Returns once the writer runs it.
fn hold_writer(db: &Writer) -> (Answer, mpsc::Sender<()>) {
    hold_writer_as(db, "Erster")
}

/// [`hold_writer`] storing club `name`.
fn hold_writer_as(db: &Writer, name: &'static str) -> (Answer, mpsc::Sender<()>) {
    let (running, is_running) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    let first = queue(db, move |conn| {
        running.send(()).unwrap();
        released.recv().unwrap();
        add_club(conn, name)?;
        Ok(vec![])
    });
    is_running.recv().unwrap();
    (first, release)
}

/// A connection of its own, outside the writer: it sees only what is committed.
fn observer(app: &TestApp) -> DbConn {
    kartl::db::open_one(&DbUrl::parse(&app.db.url).unwrap()).unwrap()
}

/// One writer thread on the app's database.
fn one_writer(app: &TestApp) -> Writer {
    let url = DbUrl::parse(&app.db.url).unwrap();
    Writer::start(writer::pool(&url, 1, Duration::from_secs(5)), 1)
}

async fn a_failing_save_leaves_the_others_of_its_batch_stored(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let db = one_writer(&app);
    let mut outside = observer(&app);
    let (first, release) = hold_writer(&db);
    let one = queue(&db, |conn| {
        add_club(conn, "Eins")?;
        Ok(vec![])
    });
    // Stores a row, then fails: its savepoint is rolled back, the batch goes on.
    let failing = queue(&db, |conn| {
        add_club(conn, "Fehler")?;
        Err(AppError::BadRequest("refused".into()))
    });
    // A name taken already in this batch: the database refuses it, within its savepoint.
    let taken = queue(&db, |conn| {
        add_club(conn, "Eins")?;
        Ok(vec![])
    });
    // The last save of the batch: what it sees inside the transaction, and what a connection
    // outside sees at that moment.
    let last = queue(&db, move |conn| {
        add_club(conn, "Letzter")?;
        let mut seen = club_names(conn)?;
        seen.push("|".into());
        seen.extend(club_names(&mut outside)?);
        Ok(seen)
    });
    release.send(()).unwrap();
    assert_eq!(first.await.unwrap(), Vec::<String>::new());
    assert_eq!(one.await.unwrap(), Vec::<String>::new());
    assert!(matches!(failing.await, Err(AppError::BadRequest(_))));
    assert!(matches!(taken.await, Err(AppError::Conflict)));
    // Inside: the batch's own saves without the failed ones. Outside: only the first batch,
    // committed before; this batch was not, though "Eins" had been stored in it.
    assert_eq!(
        last.await.unwrap(),
        ["Eins", "Erster", "Letzter", "|", "Erster"]
    );
    let stored = app.state.db.run(club_names).await.unwrap();
    assert_eq!(stored, ["Eins", "Erster", "Letzter"]);
}

async fn a_failed_commit_answers_every_save_of_its_batch_with_503(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let db = one_writer(&app);
    // A reference checked at the commit only: a row breaking it makes the commit fail.
    app.state
        .db
        .run(|conn| {
            conn.batch_execute(
                "CREATE TABLE probe_parent (id INTEGER PRIMARY KEY); \
             CREATE TABLE probe_child (id INTEGER PRIMARY KEY, parent INTEGER \
                 REFERENCES probe_parent (id) DEFERRABLE INITIALLY DEFERRED)",
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let (first, release) = hold_writer(&db);
    let before = queue(&db, |conn| {
        add_club(conn, "Davor")?;
        Ok(vec![])
    });
    let breaking = queue(&db, |conn| {
        conn.batch_execute("INSERT INTO probe_child (id, parent) VALUES (1, 999)")?;
        Ok(vec![])
    });
    let after = queue(&db, |conn| {
        add_club(conn, "Danach")?;
        Ok(vec![])
    });
    release.send(()).unwrap();
    first.await.unwrap();
    // Each save succeeded in its savepoint, but none is answered as stored: the commit failed.
    for answer in [before, breaking, after] {
        assert!(matches!(answer.await, Err(AppError::Unavailable(_))));
    }
    assert_eq!(app.state.db.run(club_names).await.unwrap(), ["Erster"]);
    let children = app
        .state
        .db
        .run(|conn| {
            let n: i64 =
                diesel::dsl::sql::<diesel::sql_types::BigInt>("SELECT count(*) FROM probe_child")
                    .get_result(conn)?;
            Ok(n)
        })
        .await
        .unwrap();
    assert_eq!(children, 0);
    // The writer goes on: the next save is stored.
    let next = queue(&db, |conn| {
        add_club(conn, "Weiter")?;
        club_names(conn)
    });
    assert_eq!(next.await.unwrap(), ["Erster", "Weiter"]);
}

/// Every save of a lane (a table's link) runs on the same one of several writer threads, so
/// two batches running at once never hold the locks of one table (`db::writer`): a save
/// records the thread it ran on.
async fn the_saves_of_one_lane_all_run_on_one_writer_thread(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let url = DbUrl::parse(&app.db.url).unwrap();
    let db = Writer::start(writer::pool(&url, 4, Duration::from_secs(5)), 4);
    let lanes: Vec<String> = (0..8).map(|n| format!("Tisch {n}")).collect();
    let mut saves = Vec::new();
    for round in 0..6 {
        for lane in &lanes {
            let db = db.clone();
            let lane = lane.clone();
            saves.push(tokio::spawn(async move {
                let thread = db
                    .run(&lane, move |_| {
                        // Long enough that the next saves queue up beside it.
                        std::thread::sleep(Duration::from_millis(round));
                        Ok(std::thread::current().name().unwrap_or("").to_string())
                    })
                    .await
                    .unwrap();
                (lane, thread)
            }));
        }
    }
    let mut threads: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for save in saves {
        let (lane, thread) = save.await.unwrap();
        threads.entry(lane).or_default().insert(thread);
    }
    assert_eq!(threads.len(), 8);
    for (lane, ran_on) in &threads {
        assert_eq!(ran_on.len(), 1, "{lane} ran on {ran_on:?}");
    }
    // The lanes are spread: more than one thread works.
    let used: std::collections::BTreeSet<_> = threads.values().flatten().collect();
    assert!(used.len() > 1, "every lane on {used:?}");
}

/// The scorers' saves (`Writer::run_again`) cost no `SAVEPOINT` and `RELEASE` while none of
/// their batch fails; when one fails, the batch's transaction is rolled back and the batch
/// runs again with each save in its savepoint: the failing one answered with its error and
/// none of its writes kept, the others stored (docs/reference/performance.md).
async fn repeatable_saves_run_without_savepoints_until_one_fails(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let db = one_writer(&app);
    let (first, release) = hold_writer(&db);
    let batch = [
        add_club_again(&db, "A1"),
        add_club_again(&db, "A2"),
        add_club_again(&db, "A3"),
    ];
    release.send(()).unwrap();
    first.await.unwrap();
    for answer in batch {
        assert_eq!(answer.await.unwrap(), ["depth 1"], "no savepoint");
    }
    let (first, release) = hold_writer_as(&db, "Zweiter");
    let before = add_club_again(&db, "B1");
    // Stores a row, then fails: its row must go, the batch's others stay.
    let failing = queue_again(&db, |conn| {
        add_club(conn, "Fehler")?;
        Err(AppError::BadRequest("refused".into()))
    });
    let after = add_club_again(&db, "B2");
    release.send(()).unwrap();
    first.await.unwrap();
    assert_eq!(
        before.await.unwrap(),
        ["depth 2"],
        "run again in a savepoint"
    );
    assert!(matches!(failing.await, Err(AppError::BadRequest(_))));
    assert_eq!(after.await.unwrap(), ["depth 2"]);
    let stored = app.state.db.run(club_names).await.unwrap();
    assert_eq!(stored, ["A1", "A2", "A3", "B1", "B2", "Erster", "Zweiter"]);
}

/// A save that goes on after the database refused one of its statements and answers success:
/// on PostgreSQL the refusal aborted the whole transaction, whose `COMMIT` then rolls back
/// without an error, so without savepoints every save of the batch would be answered as
/// stored and none be kept. The writer notices the refusal and runs the batch again with
/// savepoints: every save answered as stored is stored.
async fn a_save_that_went_on_after_a_refused_statement_loses_no_other_save(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let db = one_writer(&app);
    let (first, release) = hold_writer(&db);
    let before = add_club_again(&db, "Davor");
    // Last in its batch, so no later statement of the batch shows the aborted transaction.
    let swallowing = queue_again(&db, |conn| {
        let refused = add_club(conn, "Erster");
        assert!(refused.is_err(), "the name is taken");
        Ok(vec![depth(conn)])
    });
    release.send(()).unwrap();
    first.await.unwrap();
    let before = before.await;
    let swallowed = swallowing.await;
    // "Davor" was answered as stored: it must be.
    let stored = app.state.db.run(club_names).await.unwrap();
    assert_eq!(stored, ["Davor", "Erster"]);
    assert_eq!(before.unwrap(), ["depth 2"], "run again in a savepoint");
    // PostgreSQL refuses the savepoint's `RELEASE` in the aborted transaction (the save is
    // answered with that error); SQLite's refused statement aborts nothing.
    match backend {
        Backend::Postgres(_) => assert!(swallowed.is_err(), "{swallowed:?}"),
        _ => assert_eq!(swallowed.unwrap(), ["depth 2"]),
    }
}
