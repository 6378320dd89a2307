//! Many rows in few statements, for the imports: a list of 5,000 teams is 50,000 rows, and
//! one statement per row kept SQLite's write lock for seconds (docs/reference/performance.md).
//!
//! The rows go in chunks of [`CHUNK`], one multi-row `INSERT` each. Every column is bound as
//! given, a `None` as NULL (`treat_none_as_default_value = false`): diesel writes rows whose
//! values it may leave to a column's default as one statement per row on SQLite, which has no
//! `DEFAULT` in `VALUES`. None of these columns has a default.
//!
//! `RETURNING` promises no order, so ids come back matched to the rows by a key the caller
//! makes unique (or by content: rows with equal content are interchangeable).

use super::rounds::{AuditInsert, NewDealVersion};
use crate::db::DbConn;
use crate::db::schema::{
    audit_events, deal_versions, players, round_tables, team_members, teams, tournament_players,
};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use std::collections::{HashMap, VecDeque};

/// Rows a statement: at most 11 binds a row here, so 5,500 binds a statement, under SQLite's
/// 32,766 variables (the bundled SQLite) and PostgreSQL's 65,535 binds.
pub const CHUNK: usize = 500;

/// Runs the same diesel expression on whichever backend `conn` is: MultiConnection has no
/// batch insert of its own, each backend's connection has.
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            DbConn::Pg($c) => $body,
            DbConn::Sqlite($c) => $body,
        }
    };
}

#[derive(Insertable)]
#[diesel(table_name = players, treat_none_as_default_value = false)]
pub struct PlayerInsert<'a> {
    pub club_id: i32,
    pub name: &'a str,
    pub start_no: Option<i32>,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = tournament_players, treat_none_as_default_value = false)]
pub struct EntrantInsert<'a> {
    pub tournament_id: i32,
    pub player_id: i32,
    pub entrant_id: &'a str,
    pub position: i32,
    pub name_key: Option<&'a str>,
    pub start_no: Option<i32>,
}

#[derive(Insertable)]
#[diesel(table_name = teams, treat_none_as_default_value = false)]
pub struct TeamInsert<'a> {
    pub tournament_id: i32,
    pub entrant_id: &'a str,
    pub name: &'a str,
    pub position: i32,
    pub name_key: Option<&'a str>,
}

#[derive(Insertable)]
#[diesel(table_name = team_members, treat_none_as_default_value = false)]
pub struct MemberInsert {
    pub team_id: i32,
    pub player_id: i32,
    pub position: i32,
}

/// Inserts players; returns their ids in the order of `rows`. Matched by (name, start
/// number): two rows alike in both are alike in every column, so either id fits either.
pub fn players(conn: &mut DbConn, rows: &[PlayerInsert<'_>]) -> QueryResult<Vec<i32>> {
    let mut ids = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(CHUNK) {
        let got: Vec<(i32, String, Option<i32>)> = on_backend!(&mut *conn, |c| {
            diesel::insert_into(players::table)
                .values(chunk)
                .returning((players::id, players::name, players::start_no))
                .get_results(c)?
        });
        let mut by_key: HashMap<(String, Option<i32>), VecDeque<i32>> = HashMap::new();
        for (id, name, start_no) in got {
            by_key.entry((name, start_no)).or_default().push_back(id);
        }
        for row in chunk {
            let id = by_key
                .get_mut(&(row.name.to_string(), row.start_no))
                .and_then(VecDeque::pop_front)
                .ok_or(diesel::result::Error::NotFound)?;
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Inserts entrants (players entered in a tournament).
pub fn entrants(conn: &mut DbConn, rows: &[EntrantInsert<'_>]) -> QueryResult<()> {
    for chunk in rows.chunks(CHUNK) {
        on_backend!(&mut *conn, |c| diesel::insert_into(
            tournament_players::table
        )
        .values(chunk)
        .execute(c)?);
    }
    Ok(())
}

/// Inserts teams of one tournament; returns their ids in the order of `rows`, matched by the
/// entrant id (unique in a tournament).
pub fn teams(conn: &mut DbConn, rows: &[TeamInsert<'_>]) -> QueryResult<Vec<i32>> {
    let mut ids = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(CHUNK) {
        let got: Vec<(i32, String)> = on_backend!(&mut *conn, |c| {
            diesel::insert_into(teams::table)
                .values(chunk)
                .returning((teams::id, teams::entrant_id))
                .get_results(c)?
        });
        let by_entrant: HashMap<String, i32> = got.into_iter().map(|(id, e)| (e, id)).collect();
        for row in chunk {
            let id = by_entrant
                .get(row.entrant_id)
                .copied()
                .ok_or(diesel::result::Error::NotFound)?;
            ids.push(id);
        }
    }
    Ok(ids)
}

pub fn members(conn: &mut DbConn, rows: &[MemberInsert]) -> QueryResult<()> {
    for chunk in rows.chunks(CHUNK) {
        on_backend!(&mut *conn, |c| diesel::insert_into(team_members::table)
            .values(chunk)
            .execute(c)?);
    }
    Ok(())
}

pub fn events(conn: &mut DbConn, rows: &[AuditInsert<'_>]) -> QueryResult<()> {
    for chunk in rows.chunks(CHUNK) {
        on_backend!(&mut *conn, |c| diesel::insert_into(audit_events::table)
            .values(chunk)
            .execute(c)?);
    }
    Ok(())
}

#[derive(Insertable)]
#[diesel(table_name = round_tables, treat_none_as_default_value = false)]
pub struct TableInsert<'a> {
    pub round_id: i32,
    pub number: i32,
    pub seats: &'a str,
}

/// Inserts the tables of one round; returns their ids in the order of `rows`, matched by the
/// table's number (unique in a round).
pub fn tables(conn: &mut DbConn, rows: &[TableInsert<'_>]) -> QueryResult<Vec<i32>> {
    let mut ids = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(CHUNK) {
        let got: Vec<(i32, i32)> = on_backend!(&mut *conn, |c| {
            diesel::insert_into(round_tables::table)
                .values(chunk)
                .returning((round_tables::id, round_tables::number))
                .get_results(c)?
        });
        let by_number: HashMap<i32, i32> = got.into_iter().map(|(id, n)| (n, id)).collect();
        for row in chunk {
            let id = by_number
                .get(&row.number)
                .copied()
                .ok_or(diesel::result::Error::NotFound)?;
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Inserts deal versions; returns their ids in the order of `rows`, matched by (table, deal,
/// version), unique.
pub fn deals(conn: &mut DbConn, rows: &[NewDealVersion<'_>]) -> QueryResult<Vec<i32>> {
    let mut ids = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(CHUNK) {
        let got: Vec<(i32, i32, i32, i32)> = on_backend!(&mut *conn, |c| {
            // Owned rows: the typed columns are written through `serialize_as`.
            diesel::insert_into(deal_versions::table)
                .values(chunk.to_vec())
                .returning((
                    deal_versions::id,
                    deal_versions::table_id,
                    deal_versions::deal_no,
                    deal_versions::version,
                ))
                .get_results(c)?
        });
        let by_key: HashMap<(i32, i32, i32), i32> = got
            .into_iter()
            .map(|(id, t, d, v)| ((t, d, v), id))
            .collect();
        for row in chunk {
            let id = by_key
                .get(&(row.table_id, row.deal_no, row.version))
                .copied()
                .ok_or(diesel::result::Error::NotFound)?;
            ids.push(id);
        }
    }
    Ok(ids)
}
