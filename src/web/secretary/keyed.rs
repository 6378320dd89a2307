//! The secretary's state forms done once per submission key (`service::once`): each page
//! gives its forms a fresh `key`; a form sent again with it is answered as the first time
//! (303 back to the page) and the page says "already done", where the page's own checks
//! would have refused the repeat as out of date (409 or 422: the round is gone, the round is
//! open, the tournament is not finished).

use crate::db::DbConn;
use crate::service::Actor;
use crate::service::once::{self, Once};
use crate::service::tournaments::TournamentDetail;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use chrono::NaiveDateTime;

/// A fresh key for the state forms of one page.
pub fn form_key() -> Result<String, AppError> {
    crate::auth::tokens::random_token()
}

/// Whether this form (its key, with `action`) was done before: asked before the page's own
/// checks, which would refuse the repeat.
pub async fn seen(
    ctx: &Ctx,
    d: &TournamentDetail,
    key: &str,
    action: &'static str,
) -> Result<bool, AppError> {
    let (id, key) = (d.tournament.id.0, key.trim().to_string());
    ctx.state
        .db
        .run(move |conn| once::seen(conn, id, &key, action))
        .await
}

/// Runs `change` (a service call) as form `action` with `key`, once per key.
pub async fn run<T: Send + 'static>(
    ctx: &Ctx,
    actor: Actor,
    slug: &str,
    (key, action): (&str, &'static str),
    change: impl FnOnce(&mut DbConn, &Actor, NaiveDateTime, &str) -> Result<T, AppError>
    + Send
    + 'static,
) -> Result<Once<T>, AppError> {
    let now = ctx.state.clock.now();
    let (slug, key) = (slug.to_string(), key.trim().to_string());
    ctx.state
        .db
        .run(move |conn| {
            once::keyed(conn, &actor, now, (&slug, &key, action), |conn| {
                change(conn, &actor, now, &slug)
            })
        })
        .await
}
