//! Rounds, their tables, deal versions and audit events. Deal versions and audit events are
//! only ever inserted (the database refuses UPDATE and DELETE on them).

use super::status::{DealSource, DealStatus, RoundStatus};
use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema::{audit_events, deal_versions, round_tables, rounds};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A round's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundId(pub i32);

/// A table's id (a table of one round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableId(pub i32);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = rounds)]
pub struct RoundRow {
    pub id: i32,
    pub tournament_id: i32,
    pub number: i32,
    pub seed: Option<String>,
    pub knockout: bool,
    pub byes: String,
    #[diesel(deserialize_as = String)]
    pub status: RoundStatus,
    pub closed_at: Option<NaiveDateTime>,
    pub reopened_reason: Option<String>,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = rounds)]
pub struct NewRound<'a> {
    pub tournament_id: i32,
    pub number: i32,
    pub seed: Option<&'a str>,
    pub knockout: bool,
    pub byes: &'a str,
    #[diesel(serialize_as = String)]
    pub status: RoundStatus,
    pub closed_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}

impl RoundRow {
    pub fn insert(conn: &mut DbConn, new: NewRound<'_>) -> QueryResult<RoundId> {
        diesel::insert_into(rounds::table)
            .values(new)
            .returning(rounds::id)
            .get_result(conn)
            .map(RoundId)
    }

    /// The tournament's rounds in play order.
    pub fn of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<RoundRow>> {
        rounds::table
            .filter(rounds::tournament_id.eq(tournament.0))
            .select(RoundRow::as_select())
            .order(rounds::number.asc())
            .load(conn)
    }

    pub fn set_byes(conn: &mut DbConn, id: RoundId, byes: &str) -> QueryResult<()> {
        diesel::update(rounds::table.find(id.0))
            .set(rounds::byes.eq(byes))
            .execute(conn)
            .map(|_| ())
    }

    pub fn close(conn: &mut DbConn, id: RoundId, now: NaiveDateTime) -> QueryResult<()> {
        diesel::update(rounds::table.find(id.0))
            .set((
                rounds::status.eq(RoundStatus::Closed.as_str()),
                rounds::closed_at.eq(Some(now)),
            ))
            .execute(conn)
            .map(|_| ())
    }

    pub fn reopen(conn: &mut DbConn, id: RoundId, reason: &str) -> QueryResult<()> {
        diesel::update(rounds::table.find(id.0))
            .set((
                rounds::status.eq(RoundStatus::Open.as_str()),
                rounds::closed_at.eq(None::<NaiveDateTime>),
                rounds::reopened_reason.eq(Some(reason)),
            ))
            .execute(conn)
            .map(|_| ())
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = round_tables)]
pub struct TableRow {
    pub id: i32,
    pub round_id: i32,
    pub number: i32,
    pub seats: String,
    pub scorer_token_hash: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = round_tables)]
pub struct NewTable<'a> {
    pub round_id: i32,
    pub number: i32,
    pub seats: &'a str,
}

impl TableRow {
    pub fn insert(conn: &mut DbConn, new: &NewTable<'_>) -> QueryResult<TableId> {
        diesel::insert_into(round_tables::table)
            .values(new)
            .returning(round_tables::id)
            .get_result(conn)
            .map(TableId)
    }

    /// Every table of the tournament as (round id, table), by round and table number.
    pub fn of_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<TableRow>> {
        round_tables::table
            .inner_join(rounds::table)
            .filter(rounds::tournament_id.eq(tournament.0))
            .select(TableRow::as_select())
            .order((rounds::number.asc(), round_tables::number.asc()))
            .load(conn)
    }

    pub fn find(conn: &mut DbConn, id: TableId) -> QueryResult<Option<(TableRow, RoundRow)>> {
        round_tables::table
            .inner_join(rounds::table)
            .filter(round_tables::id.eq(id.0))
            .select((TableRow::as_select(), RoundRow::as_select()))
            // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
            .get_result(conn)
            .optional()
    }

    pub fn set_seats(conn: &mut DbConn, id: TableId, seats: &str) -> QueryResult<()> {
        diesel::update(round_tables::table.find(id.0))
            .set(round_tables::seats.eq(seats))
            .execute(conn)
            .map(|_| ())
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = deal_versions)]
pub struct DealVersionRow {
    pub id: i32,
    pub table_id: i32,
    pub deal_no: i32,
    pub version: i32,
    pub record: String,
    #[diesel(deserialize_as = String)]
    pub status: DealStatus,
    pub source: String,
    pub user_id: Option<i32>,
    pub reason: Option<String>,
    pub submission_key: Option<String>,
    pub created_at: NaiveDateTime,
    pub ip: Option<String>,
}

/// `None` is written as NULL, not as the column's default (no column here has one), so that
/// many rows make one multi-row statement on SQLite too (`batch::deals`).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = deal_versions, treat_none_as_default_value = false)]
pub struct NewDealVersion<'a> {
    pub table_id: i32,
    pub deal_no: i32,
    pub version: i32,
    pub record: &'a str,
    #[diesel(serialize_as = String)]
    pub status: DealStatus,
    #[diesel(serialize_as = String)]
    pub source: DealSource,
    pub user_id: Option<i32>,
    pub reason: Option<&'a str>,
    pub submission_key: Option<&'a str>,
    pub created_at: NaiveDateTime,
    pub ip: Option<&'a str>,
}

/// The columns the standings need of each version.
#[derive(Debug, Clone, Queryable)]
pub struct DealVersionBrief {
    pub table_id: i32,
    pub deal_no: i32,
    pub version: i32,
    #[diesel(deserialize_as = String)]
    pub status: DealStatus,
    pub record: String,
}

impl DealVersionRow {
    pub fn insert(conn: &mut DbConn, new: NewDealVersion<'_>) -> QueryResult<i32> {
        diesel::insert_into(deal_versions::table)
            .values(new)
            .returning(deal_versions::id)
            .get_result(conn)
    }

    /// Inserts `rows` and returns their ids in the same order. On PostgreSQL one multi-row
    /// `INSERT … RETURNING` (each round trip costs there: an import of 9,990 deals one by one
    /// took 5 s); on SQLite, in-process, one row at a time (`MultiConnection` has no batch
    /// insert, so the PostgreSQL arm is used directly).
    pub fn insert_many(conn: &mut DbConn, rows: &[NewDealVersion<'_>]) -> QueryResult<Vec<i32>> {
        match conn {
            DbConn::Pg(pg) => {
                let mut ids = Vec::with_capacity(rows.len());
                // 11 binds a row, under PostgreSQL's 65,535 binds a statement.
                for chunk in rows.chunks(1000) {
                    // Owned rows: the typed columns are written through `serialize_as`.
                    let got: Vec<(i32, i32, i32, i32)> = diesel::insert_into(deal_versions::table)
                        .values(chunk.to_vec())
                        .returning((
                            deal_versions::id,
                            deal_versions::table_id,
                            deal_versions::deal_no,
                            deal_versions::version,
                        ))
                        .get_results(pg)?;
                    // RETURNING's order is not promised: match the ids to the rows by key.
                    let by_key: std::collections::HashMap<(i32, i32, i32), i32> = got
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
            DbConn::Sqlite(_) => rows
                .iter()
                .map(|row| Self::insert(conn, row.clone()))
                .collect(),
        }
    }

    /// Every version of every deal of the tournament, ordered by table, deal and version.
    pub fn of_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<DealVersionBrief>> {
        deal_versions::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament.0))
            .select((
                deal_versions::table_id,
                deal_versions::deal_no,
                deal_versions::version,
                deal_versions::status,
                deal_versions::record,
            ))
            .order((
                deal_versions::table_id.asc(),
                deal_versions::deal_no.asc(),
                deal_versions::version.asc(),
            ))
            .load(conn)
    }

    /// Every version of one table's deals, by deal and version.
    pub fn of_table(conn: &mut DbConn, table: TableId) -> QueryResult<Vec<DealVersionRow>> {
        deal_versions::table
            .filter(deal_versions::table_id.eq(table.0))
            .select(DealVersionRow::as_select())
            .order((deal_versions::deal_no.asc(), deal_versions::version.asc()))
            .load(conn)
    }

    /// The highest version number of a deal (0 when it has none).
    pub fn latest_version(conn: &mut DbConn, table: TableId, deal_no: i32) -> QueryResult<i32> {
        deal_versions::table
            .filter(deal_versions::table_id.eq(table.0))
            .filter(deal_versions::deal_no.eq(deal_no))
            .select(diesel::dsl::max(deal_versions::version))
            .first::<Option<i32>>(conn)
            .map(|v| v.unwrap_or(0))
    }

    pub fn by_submission_key(conn: &mut DbConn, key: &str) -> QueryResult<Option<DealVersionRow>> {
        deal_versions::table
            .filter(deal_versions::submission_key.eq(key))
            .select(DealVersionRow::as_select())
            // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
            .get_result(conn)
            .optional()
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_events)]
pub struct AuditEventRow {
    pub id: i32,
    pub tournament_id: i32,
    pub table_id: Option<i32>,
    pub deal_version_id: Option<i32>,
    pub actor: String,
    pub action: String,
    pub detail: String,
    pub reason: Option<String>,
    pub ip: Option<String>,
    pub created_at: NaiveDateTime,
}

/// What an audit event says beyond who, where and when: its kind (the `action` column) and
/// its detail as JSON text (the `detail` column). The service's typed details
/// (`service::audit_detail`) implement it: a row's kind and detail come from one value.
pub trait EventDetail {
    fn kind(&self) -> &'static str;
    fn json(&self) -> Result<String, serde_json::Error>;
}

/// An audit event's place and author; its kind and detail come with [`AuditInsert::new`].
#[derive(Debug, Clone, Copy)]
pub struct NewAuditEvent<'a> {
    pub tournament_id: i32,
    pub table_id: Option<i32>,
    pub deal_version_id: Option<i32>,
    pub actor: &'a str,
    pub reason: Option<&'a str>,
    pub ip: Option<&'a str>,
    pub created_at: NaiveDateTime,
}

impl<'a> NewAuditEvent<'a> {
    /// An event of the tournament as a whole (no table, no deal version, no reason, no
    /// address); set the others with struct update syntax where an event has them.
    pub fn of_tournament(tournament_id: i32, actor: &'a str, created_at: NaiveDateTime) -> Self {
        NewAuditEvent {
            tournament_id,
            table_id: None,
            deal_version_id: None,
            actor,
            reason: None,
            ip: None,
            created_at,
        }
    }
}

/// An audit event's row as written: only [`AuditInsert::new`] makes one, from a typed
/// detail. Every column is bound as given, a `None` as NULL (none has a default), so the
/// batch insert (`batch::events`) writes many rows in one statement.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = audit_events, treat_none_as_default_value = false)]
pub struct AuditInsert<'a> {
    tournament_id: i32,
    table_id: Option<i32>,
    deal_version_id: Option<i32>,
    actor: &'a str,
    action: &'static str,
    detail: String,
    reason: Option<&'a str>,
    ip: Option<&'a str>,
    created_at: NaiveDateTime,
}

impl<'a> AuditInsert<'a> {
    pub fn new(at: NewAuditEvent<'a>, detail: &dyn EventDetail) -> QueryResult<AuditInsert<'a>> {
        let json = detail
            .json()
            .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
        Ok(AuditInsert {
            tournament_id: at.tournament_id,
            table_id: at.table_id,
            deal_version_id: at.deal_version_id,
            actor: at.actor,
            action: detail.kind(),
            detail: json,
            reason: at.reason,
            ip: at.ip,
            created_at: at.created_at,
        })
    }
}

impl AuditEventRow {
    /// Inserts one event: its place `at`, its kind and detail from `detail`.
    pub fn insert(
        conn: &mut DbConn,
        at: NewAuditEvent<'_>,
        detail: &dyn EventDetail,
    ) -> QueryResult<()> {
        diesel::insert_into(audit_events::table)
            .values(&AuditInsert::new(at, detail)?)
            .execute(conn)
            .map(|_| ())
    }

    pub fn of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<AuditEventRow>> {
        audit_events::table
            .filter(audit_events::tournament_id.eq(tournament.0))
            .select(AuditEventRow::as_select())
            .order(audit_events::id.asc())
            .load(conn)
    }
}
