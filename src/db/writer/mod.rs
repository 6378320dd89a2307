//! Group commit for the scorers' saves: writer threads, each with its own
//! connection, take every save waiting at that moment, run them in one write transaction
//! (one failing save leaves the others stored: see `batch` for when a save gets a savepoint
//! of its own), commit once and only then answer each of them. With 64 tables saving at once the database syncs once per
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

mod batch;
mod jobs;
mod priority;

pub use priority::WRITER_NICE;

use super::{DbConn, Manager, Pool};
use crate::error::AppError;
use batch::{Refusals, refuse, run_batch};
use diesel::r2d2;
use jobs::{Again, Job, Once};
use std::sync::{Arc, mpsc};
use std::time::Duration;
use tokio::sync::oneshot;

/// At most this many saves share one transaction (a bound on the wait for a long batch).
const MAX_BATCH: usize = 256;

/// A writer thread keeps its connection from batch to batch while saves keep coming, so a
/// batch costs no checkout and no ping; idle this long, it gives the connection back to the
/// pool, which pings it (PostgreSQL) before the next batch: a connection the server dropped
/// meanwhile is replaced before a save sees it.
const KEEP_IDLE: Duration = Duration::from_secs(1);

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
            .send(Box::new(Once { work: f, answer }))
            .map_err(|_| AppError::Internal("the writer threads have stopped".into()))?;
        answered
            .await
            .map_err(|_| AppError::Internal("a save was dropped by its writer".into()))?
    }

    /// [`Writer::run`] for work that may run twice: a batch of such saves runs first
    /// without savepoints (two round trips less per save), and only when one of them fails
    /// again with each in its own savepoint (`batch`). `f` must read what it decides from
    /// the database it is given, as a save does: its first run may be rolled back.
    pub async fn run_again<T, F>(&self, lane: &str, f: F) -> Result<T, AppError>
    where
        F: Fn(&mut DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job = Again {
            work: f,
            answer,
            kept: None,
        };
        self.queue(lane)?
            .send(Box::new(job))
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
    priority::lower_this_thread();
    let mut held: Option<(super::PooledConn, Refusals)> = None;
    loop {
        let first = match jobs.recv_timeout(KEEP_IDLE) {
            Ok(job) => job,
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                held = None;
                match jobs.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                }
            }
        };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let (mut conn, refusals) = match held.take() {
            Some(held) => held,
            None => match pool.get() {
                Ok(mut conn) => {
                    let refusals = Refusals::watch(&mut conn);
                    (conn, refusals)
                }
                Err(e) => {
                    refuse(batch, &format!("no database connection: {e}"));
                    continue;
                }
            },
        };
        // A failed batch gives its connection back, to be checked before it serves again.
        if run_batch(&mut conn, &refusals, batch) {
            held = Some((conn, refusals));
        }
    }
}

/// The writer threads' own connections: one per thread, never shared with the readers' pool,
/// so a burst of requests holding the readers' connections cannot keep the writers waiting.
/// PostgreSQL pings a connection on checkout and replaces a dropped one; a thread checks its
/// connection out again only after an idle second or a failed batch (`KEEP_IDLE`).
pub fn pool(url: &super::DbUrl, threads: usize, timeout: Duration) -> Pool {
    r2d2::Pool::builder()
        .max_size(threads.max(1) as u32)
        .min_idle(Some(0))
        .connection_timeout(timeout)
        .test_on_check_out(url.is_postgres())
        .build_unchecked(Manager { url: url.clone() })
}
