//! What every handler shares (behind `web::Data`), built once by `startup` at start. It lives
//! in `web` so the handlers need nothing from the edge above them: `startup` wires `web`,
//! never the other way round.

use crate::auth::password::Hasher;
use crate::clock::Clock;
use crate::config::Settings;
use crate::db::Db;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What every handler shares (behind `web::Data`).
pub struct AppState {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub settings: Settings,
    pub hasher: Hasher,
    /// Set once an account exists, so the "no user yet: go to setup" check stops asking the
    /// database (accounts are never all deleted).
    pub setup_done: AtomicBool,
}
