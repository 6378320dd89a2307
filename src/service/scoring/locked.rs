//! A table's rows as a save needs them, read in one query after the table's lock
//! (`db::lock_row`): the table, its round, its tournament and the tournament's confirmation
//! rule. The scorer's save in the writer's batch takes the lock and finds the table in one
//! statement (by the link's digest), so a save costs two round trips here where it cost five
//! (the link, the table, the tournament, the lock, the table again, the rule).

use super::links::{ScorerTable, scorer_table, well_formed};
use super::{Confirmation, scoring_settings};
use crate::auth::tokens;
use crate::db::models::{RoundRow, TableId, TableRow, TournamentRow};
use crate::db::schema::{round_tables, rounds, tournaments};
use crate::db::{self, DbConn};
use crate::error::AppError;
use diesel::prelude::*;

/// A table read under its lock, inside the write transaction that holds the lock.
#[derive(Debug, Clone)]
pub struct LockedTable {
    pub st: ScorerTable,
    pub table: TableRow,
    pub round: RoundRow,
    pub confirmation: Confirmation,
}

/// The table whose link secret is `token`, its lock taken (on PostgreSQL in the same
/// statement that finds it: `FOR NO KEY UPDATE`, as [`db::lock_row`] takes it; on SQLite
/// `BEGIN IMMEDIATE` holds the write lock already), then its rows read. `None`: an unknown
/// link (a replaced one too: PostgreSQL checks the digest again on the row it waited for).
pub fn resolve_locked(conn: &mut DbConn, token: &str) -> Result<Option<LockedTable>, AppError> {
    if !well_formed(token) {
        return Ok(None);
    }
    let found = round_tables::table
        .filter(round_tables::scorer_token_hash.eq(tokens::digest(token)))
        .select(round_tables::id);
    // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
    let id: Option<i32> = match conn {
        DbConn::Pg(pg) => found
            .for_no_key_update()
            .get_result(pg)
            .optional()
            .map_err(|e| db::lock_error(e, "round_tables"))?,
        DbConn::Sqlite(_) => found.get_result(conn).optional()?,
    };
    match id {
        Some(id) => read(conn, TableId(id)),
        None => Ok(None),
    }
}

/// Takes table `id`'s lock and reads its rows.
pub fn lock(conn: &mut DbConn, id: TableId) -> Result<Option<LockedTable>, AppError> {
    db::lock_row(conn, db::Locked::Table(id.0))?;
    read(conn, id)
}

/// Reads table `id`'s rows in one query; the caller holds its lock.
fn read(conn: &mut DbConn, id: TableId) -> Result<Option<LockedTable>, AppError> {
    let found: Option<(TableRow, RoundRow, TournamentRow, Option<String>)> = round_tables::table
        .inner_join(rounds::table.inner_join(tournaments::table))
        .left_join(
            scoring_settings::table.on(scoring_settings::tournament_id.eq(rounds::tournament_id)),
        )
        .filter(round_tables::id.eq(id.0))
        .select((
            TableRow::as_select(),
            RoundRow::as_select(),
            TournamentRow::as_select(),
            scoring_settings::confirmation.nullable(),
        ))
        .get_result(conn)
        .optional()?;
    let Some((table, round, tournament, confirmation)) = found else {
        return Ok(None);
    };
    Ok(Some(LockedTable {
        st: scorer_table(&table, &round, tournament)?,
        confirmation: confirmation
            .as_deref()
            .and_then(Confirmation::parse)
            .unwrap_or_default(),
        table,
        round,
    }))
}
