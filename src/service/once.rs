//! The secretary's state forms done once per submission key: "Runde abschließen", reopening a
//! round or the tournament, "Turnier abschließen", drawing a round or the finals, taking a
//! round back, swapping seats, the planned rounds. Each page gives its forms a fresh key; a
//! form sent again with it (a double click, the browser's "resend", a second device) is
//! answered "already done" and changes nothing, so each effective change writes its one audit
//! event. The key is checked and stored under the tournament's row lock, in the change's own
//! transaction: two copies sent at once take turns, and the second sees the first's key.

use super::Actor;
use crate::db::schema::form_keys as k;
use crate::db::{self, DbConn};
use crate::error::AppError;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// What a keyed form did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Once<T> {
    /// Done now, with the change's answer.
    Done(T),
    /// The same form (key and action) was done before: nothing changed now.
    Already,
}

/// The longest key kept (the pages' keys are 64 hex digits); a longer one is no key.
const MAX_KEY: usize = 128;

/// Whether `key` came with `action` of `tournament` before. An empty key never did.
pub fn seen(conn: &mut DbConn, tournament: i32, key: &str, action: &str) -> Result<bool, AppError> {
    if key.is_empty() || key.len() > MAX_KEY {
        return Ok(false);
    }
    let n: i64 = k::table
        .filter(k::tournament_id.eq(tournament))
        .filter(k::submission_key.eq(key))
        .filter(k::action.eq(action))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Runs `change` (a service call that writes in its own transaction, here a savepoint of
/// ours) unless the form's `key` was done with `action` before, and keeps the key with it.
/// The tournament is locked first ([`super::closing::managed_locked`]), as every state change
/// locks it. Without a key (an old page, a script) the change runs as before.
pub fn keyed<T>(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    (slug, key, action): (&str, &str, &str),
    change: impl FnOnce(&mut DbConn) -> Result<T, AppError>,
) -> Result<Once<T>, AppError> {
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        if seen(conn, t.id, key, action)? {
            return Ok(Once::Already);
        }
        let done = change(conn)?;
        if !key.is_empty() && key.len() <= MAX_KEY {
            diesel::insert_into(k::table)
                .values((
                    k::tournament_id.eq(t.id),
                    k::submission_key.eq(key),
                    k::action.eq(action),
                    k::created_at.eq(now),
                ))
                .execute(conn)?;
        }
        Ok(Once::Done(done))
    })
}
