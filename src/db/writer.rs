//! Group commit for the scorers' saves: writer threads, each with its own
//! connection, take every save waiting at that moment, run them in one write transaction
//! (each in its own savepoint, so one failing save leaves the others stored), commit once and
//! only then answer each of them. With 64 tables saving at once the database syncs once per
//! batch instead of once per save, and the saves are served first come, first served (a
//! channel is FIFO), where before each waited on SQLite's write lock, whose waiters are woken
//! in no particular order: the slowest saves waited for many others.
//!
//! Durability is unchanged: an answer leaves only after the commit that stored its save
//! (`synchronous=FULL` on SQLite, PostgreSQL's commit); when that commit fails, every save of
//! the batch is answered 503 and nothing of it is stored.
//!
//! Each save names its lane (a scorer's save: its table's link), and every save of one lane
//! goes to the same thread, whose batches run one after the other. A batch holds the lock of
//! every table it saved until its commit (`db::lock_row`), so two batches running at once
//! that each held one table and wanted the other's would wait for each other for ever
//! (PostgreSQL ends that as a deadlock, answered 503). With one thread per lane, two batches
//! running at once never share a table, and nothing else holds two tables' locks: no cycle.

use super::{DbConn, Manager, Pool, write};
use crate::error::AppError;
use diesel::Connection;
use diesel::connection::TransactionManager;
use diesel::r2d2;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, mpsc};
use tokio::sync::oneshot;

/// At most this many saves share one transaction (a bound on the wait for a long batch).
const MAX_BATCH: usize = 256;

/// One queued save: its work and its answer.
trait Job: Send {
    /// Runs the work in the batch's transaction, in its own savepoint; returns the answer,
    /// to be sent once the batch's commit is known.
    fn run(self: Box<Self>, conn: &mut DbConn) -> Box<dyn Reply>;
    /// The batch could not run at all (no connection, no transaction): answered with `why`.
    fn refuse(self: Box<Self>, why: &str);
}

/// A save's answer, held until its batch commits.
trait Reply: Send {
    /// Sends the save's result, or `failed`'s reason when the batch's commit failed.
    fn send(self: Box<Self>, failed: Option<&str>);
}

struct Pending<T, F> {
    work: F,
    answer: oneshot::Sender<Result<T, AppError>>,
}

struct Done<T> {
    result: Result<T, AppError>,
    answer: oneshot::Sender<Result<T, AppError>>,
}

impl<T, F> Job for Pending<T, F>
where
    F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send,
    T: Send + 'static,
{
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

/// The queues of the writer threads, one each.
#[derive(Clone)]
pub struct Writer {
    // Declared before `_threads`, so the last `Writer`'s queues are closed before its threads
    // are joined.
    queues: Vec<mpsc::Sender<Box<dyn Job>>>,
    _threads: Arc<Threads>,
}

/// The writer threads, joined when the last `Writer` goes: each finishes its batch and closes
/// its connection then, not while the process exits (libpq's connections torn down by a
/// thread during the process's exit handlers aborted a test binary with a double free).
struct Threads(Vec<std::thread::JoinHandle<()>>);

impl Drop for Threads {
    fn drop(&mut self) {
        let me = std::thread::current().id();
        // A writer never joins itself (should a job's closure hold the last `Writer`).
        for thread in self.0.drain(..).filter(|t| t.thread().id() != me) {
            // A writer that panicked has nothing left to close.
            let _ = thread.join();
        }
    }
}

impl Writer {
    /// Starts `threads` writer threads, each taking its connection from `pool` for a batch.
    /// They end, and are joined, when the last `Writer` is dropped.
    pub fn start(pool: Pool, threads: usize) -> Writer {
        let mut queues = Vec::new();
        let mut handles = Vec::new();
        for n in 0..threads.max(1) {
            let (queue, jobs) = mpsc::channel::<Box<dyn Job>>();
            let pool = pool.clone();
            std::thread::Builder::new()
                .name(format!("kartl-writer-{n}"))
                .spawn(move || serve(&jobs, &pool))
                .map(|handle| {
                    handles.push(handle);
                    queues.push(queue);
                })
                .map_err(|e| tracing::error!("cannot start a writer thread: {e}"))
                .ok();
        }
        // The threads' own pool: dropped here, so the connections close with the threads.
        drop(pool);
        Writer {
            queues,
            _threads: Arc::new(Threads(handles)),
        }
    }

    /// Runs `f` in the next batch of `lane`'s thread, in a savepoint of its own (its error
    /// undoes its writes only), and answers once that transaction is committed. Every save
    /// that locks a table must name that table's lane (see the module's text).
    pub async fn run<T, F>(&self, lane: &str, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        self.queue(lane)?
            .send(Box::new(Pending { work: f, answer }))
            .map_err(|_| AppError::Internal("the writer threads have stopped".into()))?;
        answered
            .await
            .map_err(|_| AppError::Internal("a save was dropped by its writer".into()))?
    }

    /// The queue of `lane`'s thread: the same for a lane as long as the process runs
    /// (`DefaultHasher::new` has fixed keys).
    fn queue(&self, lane: &str) -> Result<&mpsc::Sender<Box<dyn Job>>, AppError> {
        use std::hash::{Hash, Hasher};
        if self.queues.is_empty() {
            return Err(AppError::Internal("no writer thread started".into()));
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        lane.hash(&mut hasher);
        let n = (hasher.finish() % self.queues.len() as u64) as usize;
        Ok(&self.queues[n])
    }
}

/// A writer thread: a batch of every job waiting, one after the other, until the queue closes.
fn serve(jobs: &mpsc::Receiver<Box<dyn Job>>, pool: &Pool) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        run_batch(pool, batch);
    }
}

type Tm = <DbConn as Connection>::TransactionManager;

/// One transaction for `batch`, committed once; then every save is answered.
fn run_batch(pool: &Pool, batch: Vec<Box<dyn Job>>) {
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(e) => return refuse(batch, &format!("no database connection: {e}")),
    };
    let conn: &mut DbConn = &mut conn;
    // The outer transaction is `db::write`'s (`BEGIN IMMEDIATE` on SQLite); the jobs run
    // inside it, each `write` of theirs a savepoint.
    let mut replies = Vec::with_capacity(batch.len());
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
        // `write` rolled back the batch; a savepoint a panic left open is not its to close.
        while super::in_transaction(conn) && Tm::rollback_transaction(conn).is_ok() {}
    }
    let why = failed.as_deref();
    for reply in replies {
        reply.send(why);
    }
    refuse(
        jobs.collect(),
        why.unwrap_or("an earlier save of the batch failed"),
    );
}

fn refuse(batch: Vec<Box<dyn Job>>, why: &str) {
    for job in batch {
        job.refuse(why);
    }
}

/// The writer threads' own connections: one per thread, never shared with the readers' pool,
/// so a burst of requests holding the readers' connections cannot keep the writers waiting.
/// PostgreSQL pings a connection on checkout (once per batch) and replaces a dropped one.
pub fn pool(url: &super::DbUrl, threads: usize, timeout: std::time::Duration) -> Pool {
    r2d2::Pool::builder()
        .max_size(threads.max(1) as u32)
        .min_idle(Some(0))
        .connection_timeout(timeout)
        .test_on_check_out(url.is_postgres())
        .build_unchecked(Manager { url: url.clone() })
}
