//! `Application::build(settings)`: opens the database (migrations applied), binds the socket
//! (port 0 in tests) and wires the app. No global state: everything lives in [`AppState`].

use crate::auth::password::Hasher;
use crate::clock::{Clock, SystemClock};
use crate::config::Settings;
use crate::db::{self, Db, OpenError};
use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, web};
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The handlers' shared state lives with the handlers (`web`); the server only builds it.
pub use crate::web::AppState;

/// Why the service could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Database(#[from] OpenError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("{0}")]
    Io(std::io::Error),
    #[error("{0}")]
    Other(String),
}

pub struct Application {
    address: SocketAddr,
    server: Server,
    state: web::Data<AppState>,
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Application, StartupError> {
        Application::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// As [`Application::build`], with the clock the app asks for the time (tests pass a
    /// `ManualClock`).
    pub async fn build_with_clock(
        settings: Settings,
        clock: Arc<dyn Clock>,
    ) -> Result<Application, StartupError> {
        let url = settings.database.clone();
        let timeout = settings.db_timeout;
        let pool = crate::blocking(move || db::connect(&url, timeout))
            .await
            .map_err(|e| StartupError::Other(e.to_string()))??;
        let hasher = crate::blocking(Hasher::new)
            .await
            .map_err(|e| StartupError::Other(e.to_string()))?
            .map_err(StartupError::Other)?;
        let state = web::Data::new(AppState {
            db: Db::new(pool, settings.database.clone()),
            clock,
            hasher,
            setup_done: AtomicBool::new(false),
            settings: settings.clone(),
        });

        let listener = TcpListener::bind(settings.bind).map_err(|source| StartupError::Bind {
            addr: settings.bind,
            source,
        })?;
        let address = listener.local_addr().map_err(StartupError::Io)?;
        let data = state.clone();
        // The public pages' caches, one per process and shared by the actix workers: each
        // tournament's snapshot and each page is built once, not once per worker (at a round's
        // start every worker rebuilt every tournament; docs/reference/performance.md).
        let public_cache = web::Data::new(crate::web::public::cache::PublicCache::new(
            settings.refresh_wait,
        ));
        let cup_cache = web::Data::new(crate::web::cups::cache::CupCache::default());
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .app_data(public_cache.clone())
                .app_data(cup_cache.clone())
                .configure(crate::web::configure)
                // Innermost first. The setup gate and the Origin check answer refusals as
                // `AppError`s, which the error pages then render; the security headers wrap
                // all of it, so every response, error pages included, carries them.
                .wrap(from_fn(crate::web::setup_gate::setup_gate))
                .wrap(from_fn(crate::web::guard::origin_check))
                // Before anything reads the path or the query (the database least of all).
                .wrap(from_fn(crate::web::guard::refuse_control_characters))
                .wrap(from_fn(crate::web::guard::head_as_get))
                .wrap(from_fn(crate::web::errors::error_pages))
                .wrap(crate::web::headers::security_headers(data.settings.https))
                .wrap(tracing_actix_web::TracingLogger::<
                    crate::web::score::redact::RedactedSpans,
                >::new())
        })
        // In-flight requests get this long to finish after Ctrl-C / SIGTERM.
        .shutdown_timeout(30)
        .worker_max_blocking_threads(BLOCKING_THREADS_PER_WORKER);
        if let Some(workers) = settings.workers {
            server = server.workers(workers);
        }
        let server = server.listen(listener).map_err(StartupError::Io)?.run();
        Ok(Application {
            address,
            server,
            state,
        })
    }

    /// The address actually bound (the real port when the settings said 0).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The database in use, as it may be shown (without its password).
    pub fn database(&self) -> String {
        self.state.settings.database.to_string()
    }

    pub fn state(&self) -> web::Data<AppState> {
        self.state.clone()
    }

    /// Serves until the server is stopped (Ctrl-C, SIGTERM, or the handle).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }

    /// A handle to stop the server from elsewhere (tests, graceful shutdown).
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }
}

/// The blocking threads each actix worker may start (`crate::blocking`: diesel, argon2, a
/// large referee run). actix's default is 512 shared out among the workers, and under a burst
/// every request waiting for one of the readers' ten connections held a thread of its own (250
/// threads on a busy Sunday, each with its stack and its allocator cache, and an argon2 hash
/// of 19 MiB each should they be logins). Past this bound the work waits in the pool's queue
/// instead, in the order it came: the connections, not the threads, set how much runs at once,
/// and this leaves room beside them for the work that needs no connection.
const BLOCKING_THREADS_PER_WORKER: usize = 32;

/// Logs to stderr; `RUST_LOG` overrides the default level.
pub fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
}
