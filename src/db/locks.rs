//! The locks a secretary's change of a round or of the whole tournament takes on the
//! tables it freezes or removes: the same row locks every writer of a table's deals takes
//! first ([`super::lock_row`]), so a save, undo, void or correction either commits before the
//! change (and the change sees it) or waits and then reads the change (and is refused).
//! Without them a scorer's save that had read its round open could commit after the round
//! was closed, the tournament finished or the round taken back.

use super::DbConn;
use crate::error::AppError;
use diesel::RunQueryDsl;
use diesel::sql_types::Integer;

/// Whose tables to lock.
#[derive(Debug, Clone, Copy)]
pub enum Tables {
    /// The tables of one round (closing it, taking it back).
    Round(i32),
    /// Every table of a tournament (finishing it).
    Tournament(i32),
}

/// Locks the tables `which` names for the rest of the caller's write transaction, in the
/// order of their ids (two such changes never wait for each other crosswise). Callers hold
/// the tournament's row lock already, so the tournament comes before its tables, as for
/// every writer. On SQLite nothing: `BEGIN IMMEDIATE` holds the database's one write lock.
pub fn lock_tables(conn: &mut DbConn, which: Tables) -> Result<(), AppError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(());
    };
    let (filter, id) = match which {
        Tables::Round(id) => ("round_id = $1", id),
        Tables::Tournament(id) => (
            "round_id IN (SELECT id FROM rounds WHERE tournament_id = $1)",
            id,
        ),
    };
    diesel::sql_query(format!(
        "SELECT id FROM round_tables WHERE {filter} ORDER BY id FOR NO KEY UPDATE"
    ))
    .bind::<Integer, _>(id)
    .execute(pg)
    .map_err(|e| super::lock_error(e, "round_tables"))?;
    Ok(())
}
