//! kartl: tournaments and scorekeeping for Watten, Perlaggen, Giltspiel and Gaigel.
//!
//! The library holds everything; `main.rs` only parses the command line, so tests drive the
//! real code. `rules` is the pure referee; the rest is the service around it.

pub mod auth;
pub mod cli;
pub mod clock;
pub mod config;
pub mod db;
pub mod error;
pub mod report;
pub mod rules;
pub mod service;
pub mod sheet;
pub mod startup;
pub mod text;
pub mod tournament;
pub mod web;

use error::AppError;

/// Runs blocking work (diesel, argon2, a large referee run) on the blocking thread pool, so an
/// actix worker never stalls. The one helper every such call goes through.
pub async fn blocking<T, F>(f: F) -> Result<T, AppError>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    actix_web::web::block(f)
        .await
        .map_err(|e| AppError::Internal(format!("blocking task failed: {e}")))
}
