//! What the public pages (no login) read: whether a tournament may be shown, its change
//! stamp, and its current confirmed state.
//!
//! The change stamp is the count and the highest id of the tournament's audit events. Every
//! write that changes what the public pages show (a deal version, a draw, a swap, closing or
//! reopening a round, entrants, publishing) writes an audit event in its own transaction
//! (`docs/reference/data.md`), and the audit log is append-only. So the stamp changes with every such
//! commit, in every process on the same database. The highest id alone is not enough on
//! PostgreSQL: two transactions may take ids 10 and 11 and commit in the other order, so a
//! reader could see 11 before 10 arrives; the count still moves when 10 commits. SQLite
//! commits one writer at a time, so there the highest id suffices (and costs one index seek).

use super::view::{TournamentDetail, detail};
use super::{Actor, seen};
use crate::db::DbConn;
use crate::db::models::TournamentRow;
use crate::db::schema::audit_events;
use crate::error::AppError;
use diesel::prelude::*;

/// The tournament's change stamp (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stamp {
    pub tournament_id: i32,
    pub events: i64,
    pub last_event: i32,
}

impl Stamp {
    /// A short text for an ETag: the stamp and what else the body depends on (`extra`).
    pub fn etag(&self, extra: &str) -> String {
        format!(
            "\"{}-{}-{}-{extra}\"",
            self.tournament_id, self.events, self.last_event
        )
    }
}

/// The tournament as the public pages see it: `None` when `viewer` may not see it (private
/// and not theirs, or no such slug), so every public route answers 404 alike.
pub fn stamp(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    slug: &str,
) -> Result<(TournamentRow, Stamp), AppError> {
    let row = seen(conn, viewer, slug)?;
    let stamp = stamp_of(conn, row.id)?;
    Ok((row, stamp))
}

/// The change stamp of the tournament `id`, for a caller that has already let the reader in
/// (the scorer's link polls it: a second phone at the table sees a stored deal).
pub fn stamp_of(conn: &mut DbConn, id: i32) -> Result<Stamp, AppError> {
    let events = audit_events::table.filter(audit_events::tournament_id.eq(id));
    let (events, last): (i64, Option<i32>) = if matches!(conn, DbConn::Sqlite(_)) {
        // SQLite has one writer at a time, so ids are taken in commit order and the highest
        // id alone moves with every commit; it is one index seek, where a count walks every
        // event of the tournament (the load benchmark's bottleneck).
        (
            0,
            events
                .select(diesel::dsl::max(audit_events::id))
                .first(conn)?,
        )
    } else {
        events
            .select((
                diesel::dsl::count_star(),
                diesel::dsl::max(audit_events::id),
            ))
            .first(conn)?
    };
    Ok(Stamp {
        tournament_id: id,
        events,
        last_event: last.unwrap_or(0),
    })
}

/// The tournament's current state (entrants, rounds, tables, the counted deals) for a row
/// [`stamp`] has let through. Read after the stamp, so it is never older than the stamp.
/// Names as the players allow ([`TournamentDetail::public`]): the public pages show the
/// same names to everybody, the tournament's secretary included (their preview is what the
/// public will see; their own pages show the full names).
pub fn load(conn: &mut DbConn, row: TournamentRow) -> Result<TournamentDetail, AppError> {
    Ok(detail(conn, row)?.public())
}
