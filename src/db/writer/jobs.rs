//! The saves a writer thread queues: their work, and their answers held until the batch's
//! commit is known. A job whose work can run again (`Fn`) may run twice: first without a
//! savepoint of its own, and, should any save of its batch fail, once more in one
//! (`super::batch`). A job that can run once only (`FnOnce`) always runs in its savepoint.

use super::super::{DbConn, write};
use crate::error::AppError;
use tokio::sync::oneshot;

/// One queued save: its work and its answer.
pub(super) trait Job: Send {
    /// Whether the work may run twice, so that the batch may run it first without a
    /// savepoint of its own.
    fn repeatable(&self) -> bool;
    /// Runs the work in the batch's transaction without a savepoint and keeps its value for
    /// the answer. False: it failed (its error is not kept: the batch runs it again in a
    /// savepoint, which answers it), or it may not run twice.
    fn run_bare(&mut self, conn: &mut DbConn) -> bool;
    /// Sends the value [`Job::run_bare`] kept, or `failed`'s reason when the batch's commit
    /// failed.
    fn answer_bare(self: Box<Self>, failed: Option<&str>);
    /// Runs the work in the batch's transaction, in its own savepoint; returns the answer,
    /// to be sent once the batch's commit is known.
    fn run(self: Box<Self>, conn: &mut DbConn) -> Box<dyn Reply>;
    /// The batch could not run at all (no connection, no transaction): answered with `why`.
    fn refuse(self: Box<Self>, why: &str);
}

/// A save's answer, held until its batch commits.
pub(super) trait Reply: Send {
    /// Sends the save's result, or `failed`'s reason when the batch's commit failed.
    fn send(self: Box<Self>, failed: Option<&str>);
}

type Answer<T> = oneshot::Sender<Result<T, AppError>>;

/// Work that runs once (`FnOnce`): always in a savepoint of its own.
pub(super) struct Once<T, F> {
    pub work: F,
    pub answer: Answer<T>,
}

/// Work that may run again (`Fn`), with the value of its run without a savepoint.
pub(super) struct Again<T, F> {
    pub work: F,
    pub answer: Answer<T>,
    pub kept: Option<T>,
}

struct Done<T> {
    result: Result<T, AppError>,
    answer: Answer<T>,
}

impl<T, F> Job for Once<T, F>
where
    F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send,
    T: Send + 'static,
{
    fn repeatable(&self) -> bool {
        false
    }

    fn run_bare(&mut self, _: &mut DbConn) -> bool {
        false
    }

    fn answer_bare(self: Box<Self>, failed: Option<&str>) {
        // Never reached: a batch with a job that runs once runs every job in a savepoint.
        self.refuse(failed.unwrap_or("the save did not run"));
    }

    fn run(self: Box<Self>, conn: &mut DbConn) -> Box<dyn Reply> {
        let result = write(conn, self.work);
        Box::new(Done {
            result,
            answer: self.answer,
        })
    }

    fn refuse(self: Box<Self>, why: &str) {
        // The request may have gone (the client hung up): nobody to tell.
        let _ = self.answer.send(Err(unavailable(why)));
    }
}

impl<T, F> Job for Again<T, F>
where
    F: Fn(&mut DbConn) -> Result<T, AppError> + Send,
    T: Send + 'static,
{
    fn repeatable(&self) -> bool {
        true
    }

    fn run_bare(&mut self, conn: &mut DbConn) -> bool {
        self.kept = (self.work)(conn).ok();
        self.kept.is_some()
    }

    fn answer_bare(self: Box<Self>, failed: Option<&str>) {
        let result = match (failed, self.kept) {
            (None, Some(value)) => Ok(value),
            (Some(why), _) => Err(unavailable(why)),
            (None, None) => Err(unavailable("the save kept no answer")),
        };
        let _ = self.answer.send(result);
    }

    fn run(self: Box<Self>, conn: &mut DbConn) -> Box<dyn Reply> {
        let result = write(conn, |conn| (self.work)(conn));
        Box::new(Done {
            result,
            answer: self.answer,
        })
    }

    fn refuse(self: Box<Self>, why: &str) {
        let _ = self.answer.send(Err(unavailable(why)));
    }
}

impl<T: Send> Reply for Done<T> {
    fn send(self: Box<Self>, failed: Option<&str>) {
        let result = match failed {
            None => self.result,
            Some(why) => Err(unavailable(why)),
        };
        let _ = self.answer.send(result);
    }
}

fn unavailable(why: &str) -> AppError {
    AppError::Unavailable(format!("the saves' transaction failed: {why}"))
}
