//! Persistence: one diesel `MultiConnection` over SQLite and PostgreSQL, chosen by the URL's
//! scheme, an r2d2 pool, embedded migrations, and the one helper through which handlers reach
//! the database without blocking an actix worker.
//!
//! Lookups by a unique key on the hot paths (a save, a session) use `get_result`, not
//! `first`: diesel's `first` adds `LIMIT ?`, and SQLite re-prepares a statement whose `LIMIT`
//! is a bound parameter every time it is bound again (the value feeds its query planner), so
//! the prepared-statement cache saved nothing: 8 re-preparations of about 115,000
//! instructions each in every scorer's save (docs/reference/performance.md).

pub mod backup;
mod locks;
pub mod models;
pub mod schema;
mod url;
pub mod writer;

pub use locks::{Tables, lock_tables};
pub use url::{DbUrl, redact};

use crate::error::AppError;
use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::pg::PgConnection;
use diesel::r2d2::{self, ManageConnection, R2D2Connection};
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, RunQueryDsl};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use std::time::Duration;

/// One connection to either backend. SQLite stays the last variant (see ECOSYSTEM.md: the
/// derive's `establish` tries the variants in order); our pool never calls that `establish`
/// anyway but picks the variant from the URL.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Pg(PgConnection),
    Sqlite(SqliteConnection),
}

pub type Pool = r2d2::Pool<Manager>;
pub type PooledConn = r2d2::PooledConnection<Manager>;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// Why the database could not be opened: one line naming the URL without its password.
#[derive(Debug, thiserror::Error)]
#[error("cannot open the database {url}: {reason}")]
pub struct OpenError {
    pub url: String,
    pub reason: String,
}

/// Opens connections for the pool, each of the variant its URL names, with SQLite's settings.
#[derive(Debug)]
pub struct Manager {
    url: DbUrl,
}

/// Every SQLite connection: WAL so readers never wait for the writer; `synchronous=FULL` so a
/// recorded deal survives a power cut; a busy timeout so a writer waits rather than fails;
/// foreign keys, which SQLite leaves off per connection.
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";

impl Manager {
    /// Opens a connection. Only the first one at start may create the SQLite file: were it
    /// deleted under a running service, later connections fail (and `/healthz` says so)
    /// rather than quietly starting an empty database.
    fn open(&self, create: bool) -> Result<DbConn, String> {
        match &self.url {
            DbUrl::Postgres(url) => PgConnection::establish(url)
                .map(DbConn::Pg)
                .map_err(|e| first_line(&e.to_string())),
            DbUrl::Sqlite(path) => {
                let path = path.to_str().ok_or("the path is not valid UTF-8")?;
                let target = if create {
                    path.to_string()
                } else {
                    existing_file_uri(path)
                };
                let mut conn = SqliteConnection::establish(&target).map_err(|e| e.to_string())?;
                conn.batch_execute(SQLITE_PRAGMAS)
                    .map_err(|e| e.to_string())?;
                Ok(DbConn::Sqlite(conn))
            }
        }
    }
}

impl ManageConnection for Manager {
    type Connection = DbConn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConn, r2d2::Error> {
        self.open(false).map_err(|reason| {
            r2d2::Error::ConnectionError(diesel::ConnectionError::BadConnection(reason))
        })
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        conn.ping().map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConn) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// An SQLite URI that opens `path` read-write but never creates it (`?`, `#` and `%` are
/// escaped, since they would end or change the URI's path).
fn existing_file_uri(path: &str) -> String {
    let mut uri = String::from("file:");
    for c in path.chars() {
        match c {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3f"),
            '#' => uri.push_str("%23"),
            c => uri.push(c),
        }
    }
    uri.push_str("?mode=rw");
    uri
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim().to_string()
}

/// Opens one connection in the calling thread and applies the pending migrations: for the
/// one-shot commands (`kartl import`, `kartl demo`). A pool would keep opening connections on
/// its own threads, and a process that exits while one of them is inside libpq can die of a
/// signal instead of returning its exit code.
pub fn open_one(url: &DbUrl) -> Result<DbConn, OpenError> {
    let fail = |reason: String| OpenError {
        url: url.to_string(),
        reason,
    };
    let mut conn = Manager { url: url.clone() }.open(true).map_err(fail)?;
    migrate(&mut conn).map_err(|e| fail(format!("migrations failed: {e}")))?;
    Ok(conn)
}

/// Opens the pool, checking one connection first so that a bad path, a refused connection or
/// a wrong password fails here with its own message (not r2d2's timeout), then applies the
/// pending migrations.
pub fn connect(url: &DbUrl, checkout_timeout: Duration) -> Result<Pool, OpenError> {
    let fail = |reason: String| OpenError {
        url: url.to_string(),
        reason,
    };
    drop(open_one(url)?);
    let manager = Manager { url: url.clone() };
    // SQLite allows one writer at a time; a handful of connections serve the readers.
    let size = if url.is_postgres() { 10 } else { 8 };
    r2d2::Pool::builder()
        .max_size(size)
        .min_idle(Some(1))
        .connection_timeout(checkout_timeout)
        // A ping per checkout on PostgreSQL: a connection the server has dropped (restart,
        // failover) is replaced before a request sees it. An SQLite connection is a file
        // handle in this process that nothing can drop; a ping would cost a query per request.
        .test_on_check_out(url.is_postgres())
        .build(manager)
        .map_err(|e| fail(e.to_string()))
}

/// Applies every pending migration of the connection's backend.
pub fn migrate(conn: &mut DbConn) -> Result<(), String> {
    let result = match conn {
        DbConn::Pg(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
        DbConn::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|_| ()),
    };
    result.map_err(|e| e.to_string())
}

/// Reverts every applied migration (used by the up/down/up test and by nothing else).
pub fn revert_all(conn: &mut DbConn) -> Result<(), String> {
    let result = match conn {
        DbConn::Pg(c) => c.revert_all_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
        DbConn::Sqlite(c) => c.revert_all_migrations(SQLITE_MIGRATIONS).map(|_| ()),
    };
    result.map_err(|e| e.to_string())
}

/// Runs `f` in a write transaction: `BEGIN IMMEDIATE` on SQLite, so the write lock is taken
/// up front and a read-then-write never fails half way with SQLITE_BUSY; a plain transaction
/// on PostgreSQL. Rolled back when `f` fails. Inside a transaction already (a save in the
/// [`writer`]'s batch) it is a savepoint of it: `f`'s failure undoes `f`'s writes only.
pub fn write<T>(
    conn: &mut DbConn,
    f: impl FnOnce(&mut DbConn) -> Result<T, AppError>,
) -> Result<T, AppError> {
    let nested = in_transaction(conn);
    let _turn = sqlite_writer_turn(conn);
    match conn {
        // Begun through diesel's own transaction manager, so it knows a transaction is open
        // (and r2d2 throws the connection away should `f` panic half way).
        DbConn::Sqlite(c) if nested => AnsiTransactionManager::begin_transaction(c)?,
        DbConn::Sqlite(c) => AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?,
        DbConn::Pg(_) => <DbConn as Connection>::TransactionManager::begin_transaction(conn)?,
    }
    match f(conn) {
        Ok(value) => {
            <DbConn as Connection>::TransactionManager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(e) => {
            if let Err(rollback) =
                <DbConn as Connection>::TransactionManager::rollback_transaction(conn)
            {
                tracing::error!("rollback failed: {rollback}");
            }
            Err(e)
        }
    }
}

/// One SQLite write transaction at a time in this process. SQLite's busy handler makes a
/// writer that finds the lock taken sleep 1, 2, 5, 10 … ms before it tries again, so with many
/// tables saving at once the lock sat free while writers slept (the tables bench showed it);
/// waiting here wakes the next writer as soon as the last one commits. The file's own lock still
/// orders writers of other processes (and `busy_timeout` still applies to them). Not taken
/// when a transaction is open already (then [`write`] makes a savepoint of it: `None` says
/// so). Only an optimisation: nothing depends on it for correctness.
static SQLITE_WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn sqlite_writer_turn(conn: &mut DbConn) -> Option<std::sync::MutexGuard<'static, ()>> {
    if !matches!(conn, DbConn::Sqlite(_)) || in_transaction(conn) {
        return None;
    }
    Some(
        SQLITE_WRITER
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    )
}

/// Whether `conn` has a transaction open (or diesel lost track of it, when it refuses a new
/// one anyway).
pub fn in_transaction(conn: &mut DbConn) -> bool {
    let depth = match conn {
        DbConn::Sqlite(c) => AnsiTransactionManager::transaction_manager_status_mut(c),
        DbConn::Pg(c) => AnsiTransactionManager::transaction_manager_status_mut(c),
    }
    .transaction_depth();
    !matches!(depth, Ok(None))
}

/// Takes a table lock on PostgreSQL where a check-then-insert must not race (SQLite's
/// `BEGIN IMMEDIATE` already serialises writers).
pub fn lock_table(conn: &mut DbConn, table: &str) -> Result<(), AppError> {
    if let DbConn::Pg(_) = conn {
        diesel::sql_query(format!("LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE"))
            .execute(conn)?;
    }
    Ok(())
}

/// The rows whose lock serialises a check-then-change: a table's deals, a
/// tournament's state.
#[derive(Debug, Clone, Copy)]
pub enum Locked {
    /// `round_tables`: every writer of the table's deal versions.
    Table(i32),
    /// `tournaments`: finishing, reopening, closing, drawing and undrawing rounds.
    Tournament(i32),
}

/// Takes `row`'s lock for the rest of the caller's write transaction, so the checks read after
/// it see every change committed before and none can come between them and the write. On
/// PostgreSQL a row lock (`FOR NO KEY UPDATE`: it does not block the foreign-key checks of
/// inserts that point at the row); on SQLite nothing, since `BEGIN IMMEDIATE` ([`write`])
/// already holds the database's one write lock. Concurrent writers of one row wait for each
/// other; writers of different rows do not.
pub fn lock_row(conn: &mut DbConn, row: Locked) -> Result<(), AppError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(());
    };
    // Through diesel's query builder, not `sql_query`: its statement is prepared once per
    // connection and cached, where `sql_query`'s is parsed again on every call.
    use diesel::QueryDsl;
    use schema::{round_tables, tournaments};
    let locked = match row {
        Locked::Table(id) => round_tables::table
            .find(id)
            .select(round_tables::id)
            .for_no_key_update()
            .execute(pg)
            .map_err(|e| lock_error(e, "round_tables")),
        Locked::Tournament(id) => tournaments::table
            .find(id)
            .select(tournaments::id)
            .for_no_key_update()
            .execute(pg)
            .map_err(|e| lock_error(e, "tournaments")),
    };
    locked.map(|_| ())
}

/// A lock's error: PostgreSQL's deadlock detector ending a wait is answered 503 (nothing was
/// stored, the pad sends it again), anything else as any database error. The writer's lanes
/// (`writer`) keep two of its batches from holding one table's lock each and waiting for
/// the other's; a deadlock left would be between other writers.
pub fn lock_error(e: diesel::result::Error, table: &str) -> AppError {
    match e {
        diesel::result::Error::DatabaseError(_, ref info)
            if info.message().contains("deadlock") =>
        {
            AppError::Unavailable(format!("lock of {table}: {}", info.message()))
        }
        e => e.into(),
    }
}

/// The pool plus the one way to use it from async code: checkout and query both run on the
/// blocking thread pool, never on an actix worker.
#[derive(Clone)]
pub struct Db {
    pool: Pool,
    url: DbUrl,
    writer: writer::Writer,
}

/// Writer threads: SQLite has one writer at a time anyway; PostgreSQL runs several batches at
/// once, so that its round trips overlap.
const fn writer_threads(postgres: bool) -> usize {
    if postgres { 4 } else { 1 }
}

impl Db {
    /// The pool for requests, and writer threads with their own connections (see [`writer`]).
    pub fn new(pool: Pool, url: DbUrl) -> Db {
        let threads = writer_threads(url.is_postgres());
        let writers = writer::pool(&url, threads, pool.connection_timeout());
        Db {
            pool,
            writer: writer::Writer::start(writers, threads),
            url,
        }
    }

    pub fn url(&self) -> &DbUrl {
        &self.url
    }

    /// Runs `f` with a pooled connection on the blocking thread pool.
    pub async fn run<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        self.refuse_without_file()?;
        let pool = self.pool.clone();
        crate::blocking(move || {
            let mut conn = pool.get().map_err(AppError::pool)?;
            f(&mut conn)
        })
        .await?
    }

    /// Runs `f` in a write transaction shared with the other saves waiting at that moment on
    /// `lane`'s writer thread, and returns once that transaction is committed (group commit:
    /// see [`writer`]). For the scorers' saves, the one write many tables make at once; a save
    /// that locks a table names it as its lane (its link). `f` may run twice: first without a
    /// savepoint, and again in one of its own should a save of its batch fail (the first run
    /// is then rolled back, never answered).
    pub async fn write_batched<T, F>(&self, lane: &str, f: F) -> Result<T, AppError>
    where
        F: Fn(&mut DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        self.refuse_without_file()?;
        self.writer.run_again(lane, f).await
    }

    /// An SQLite file deleted under us would go on answering through the open connections
    /// and swallow every write: refuse instead (503), so the loss shows.
    fn refuse_without_file(&self) -> Result<(), AppError> {
        match &self.url {
            DbUrl::Sqlite(path) if !path.is_file() => {
                Err(AppError::Unavailable(format!("{} is gone", path.display())))
            }
            _ => Ok(()),
        }
    }

    /// Whether the database answers (for `/healthz`).
    pub async fn ping(&self) -> Result<(), AppError> {
        self.run(|conn| {
            conn.batch_execute("SELECT 1")?;
            Ok(())
        })
        .await
    }
}
