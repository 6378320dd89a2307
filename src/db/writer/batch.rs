//! One batch of saves in one write transaction, committed once, then every save answered.
//!
//! A batch whose every save may run again runs first without savepoints: a save's
//! `SAVEPOINT` and `RELEASE` are two of its round trips to PostgreSQL (and a subtransaction
//! there), and most batches have no failing save to undo. Should one fail (its error, a
//! panic, or any statement the database refused, even one the save went on from), the whole
//! transaction is rolled back and the batch runs again with every save in a savepoint of its
//! own, as before: the failing save is answered with its error, the others are stored.
//! Nothing is answered before the commit, so the first run leaves no trace.

use super::super::{DbConn, in_transaction, write};
use super::jobs::{Job, Reply};
use crate::error::AppError;
use diesel::Connection;
use diesel::connection::{Instrumentation, InstrumentationEvent, TransactionManager};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

type Tm = <DbConn as Connection>::TransactionManager;

/// Whether the database refused a statement on the writer's connection since last asked.
/// Needed on PostgreSQL: a refused statement aborts the whole transaction, and its `COMMIT`
/// then rolls back without an error (diesel sees success), so a save that went on from a
/// refused statement would be answered as stored and be lost. In a savepoint its `RELEASE`
/// fails instead.
#[derive(Clone, Default)]
pub(super) struct Refusals(Arc<AtomicBool>);

impl Instrumentation for Refusals {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::FinishQuery { error: Some(_), .. } = event {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

impl Refusals {
    /// Watches every statement of `conn` from now on.
    pub(super) fn watch(conn: &mut DbConn) -> Refusals {
        let refusals = Refusals::default();
        conn.set_instrumentation(refusals.clone());
        refusals
    }

    /// Whether a statement was refused since the last call.
    fn take(&self) -> bool {
        self.0.swap(false, Ordering::Relaxed)
    }
}

/// Runs `batch` in one transaction on `conn` and answers each save. False: the transaction
/// failed (every save answered 503), so the connection should be checked before its next use.
pub(super) fn run_batch(conn: &mut DbConn, refusals: &Refusals, batch: Vec<Box<dyn Job>>) -> bool {
    let batch = if batch.iter().all(|job| job.repeatable()) {
        match bare(conn, refusals, batch) {
            Bare::Done { committed } => return committed,
            Bare::Again(batch) => batch,
        }
    } else {
        batch
    };
    in_savepoints(conn, batch)
}

enum Bare {
    /// Answered: stored, or 503 for all when the commit failed.
    Done { committed: bool },
    /// A save failed: the transaction is rolled back, the batch runs again in savepoints.
    Again(Vec<Box<dyn Job>>),
}

/// The batch without savepoints.
fn bare(conn: &mut DbConn, refusals: &Refusals, mut batch: Vec<Box<dyn Job>>) -> Bare {
    refusals.take();
    let mut save_failed = false;
    let outcome = write(conn, |conn| {
        for job in batch.iter_mut() {
            let ran = catch_unwind(AssertUnwindSafe(|| job.run_bare(conn))).unwrap_or(false);
            if !ran || refusals.take() {
                save_failed = true;
                return Err(AppError::Internal("a save of the batch failed".into()));
            }
        }
        Ok(())
    });
    if outcome.is_err() {
        close_open(conn);
    }
    match outcome {
        Ok(()) => {
            batch.into_iter().for_each(|job| job.answer_bare(None));
            Bare::Done { committed: true }
        }
        Err(_) if save_failed => Bare::Again(batch),
        Err(e) => {
            let why = format!("{e:?}");
            batch
                .into_iter()
                .for_each(|job| job.answer_bare(Some(&why)));
            Bare::Done { committed: false }
        }
    }
}

/// The batch with every save in a savepoint of its own: a failing save's writes are undone,
/// the others are stored.
fn in_savepoints(conn: &mut DbConn, batch: Vec<Box<dyn Job>>) -> bool {
    // The outer transaction is `db::write`'s (`BEGIN IMMEDIATE` on SQLite); the jobs run
    // inside it, each `write` of theirs a savepoint.
    let mut replies: Vec<Box<dyn Reply>> = Vec::with_capacity(batch.len());
    let mut jobs = batch.into_iter();
    let outcome = write(conn, |conn| {
        for job in jobs.by_ref() {
            match catch_unwind(AssertUnwindSafe(|| job.run(conn))) {
                Ok(reply) => replies.push(reply),
                // Its answer went with the unwinding (the request reads a 500); the batch is
                // rolled back, since that save's savepoint may still be open.
                Err(_) => return Err(AppError::Internal("a save panicked".into())),
            }
        }
        Ok(())
    });
    let failed = outcome.err().map(|e| format!("{e:?}"));
    if failed.is_some() {
        close_open(conn);
    }
    let why = failed.as_deref();
    for reply in replies {
        reply.send(why);
    }
    refuse(
        jobs.collect(),
        why.unwrap_or("an earlier save of the batch failed"),
    );
    failed.is_none()
}

/// After a failed batch: `write` rolled back its transaction; a savepoint a panic left open
/// is not its to close.
fn close_open(conn: &mut DbConn) {
    while in_transaction(conn) && Tm::rollback_transaction(conn).is_ok() {}
}

pub(super) fn refuse(batch: Vec<Box<dyn Job>>, why: &str) {
    for job in batch {
        job.refuse(why);
    }
}
