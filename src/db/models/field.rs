//! The field after the first draw: entrant marks (withdrawn, absent, late; see
//! `tournament::field`), renaming players and teams, and removing an undrawn round.

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema::{
    audit_events, deal_versions, entrant_marks, players, round_tables, rounds, teams,
    tournament_players,
};
use crate::tournament::field::{Mark, MarkKind};
use chrono::NaiveDateTime;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = entrant_marks)]
pub struct EntrantMarkRow {
    pub id: i32,
    pub tournament_id: i32,
    pub entrant_id: String,
    pub kind: String,
    pub round: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = entrant_marks)]
pub struct NewEntrantMark<'a> {
    pub tournament_id: i32,
    pub entrant_id: &'a str,
    #[diesel(serialize_as = String)]
    pub kind: MarkKind,
    pub round: i32,
    pub created_at: NaiveDateTime,
}

/// The `entrant_marks.kind` column holds the kind's `as_str`.
impl From<MarkKind> for String {
    fn from(kind: MarkKind) -> String {
        kind.as_str().to_string()
    }
}

impl EntrantMarkRow {
    pub fn insert(conn: &mut DbConn, new: NewEntrantMark<'_>) -> QueryResult<()> {
        diesel::insert_into(entrant_marks::table)
            .values(new)
            .execute(conn)
            .map(|_| ())
    }

    /// The tournament's marks as the engine reads them (rows of an unknown kind, which the
    /// table's CHECK refuses, are skipped).
    pub fn of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<Mark>> {
        let rows: Vec<EntrantMarkRow> = entrant_marks::table
            .filter(entrant_marks::tournament_id.eq(tournament.0))
            .select(EntrantMarkRow::as_select())
            .order(entrant_marks::id.asc())
            .load(conn)?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                Some(Mark {
                    kind: MarkKind::parse(&r.kind)?,
                    round: u32::try_from(r.round).ok()?,
                    entrant: r.entrant_id,
                })
            })
            .collect())
    }

    /// Removes one mark; returns whether there was one.
    pub fn delete(
        conn: &mut DbConn,
        tournament: TournamentId,
        entrant: &str,
        kind: MarkKind,
        round: i32,
    ) -> QueryResult<bool> {
        diesel::delete(
            entrant_marks::table
                .filter(entrant_marks::tournament_id.eq(tournament.0))
                .filter(entrant_marks::entrant_id.eq(entrant))
                .filter(entrant_marks::kind.eq(kind.as_str()))
                .filter(entrant_marks::round.eq(round)),
        )
        .execute(conn)
        .map(|n| n > 0)
    }
}

/// Renames a club player (the name shown everywhere, clubs included: "Anna Maier (SKV)").
pub fn rename_player(conn: &mut DbConn, player_id: i32, name: &str) -> QueryResult<()> {
    diesel::update(players::table.find(player_id))
        .set(players::name.eq(name))
        .execute(conn)
        .map(|_| ())
}

/// Sets the compared name of a player entered in the tournament (`name_key`).
pub fn set_player_key(
    conn: &mut DbConn,
    tournament: TournamentId,
    entrant: &str,
    key: &str,
) -> QueryResult<()> {
    diesel::update(
        tournament_players::table
            .filter(tournament_players::tournament_id.eq(tournament.0))
            .filter(tournament_players::entrant_id.eq(entrant)),
    )
    .set(tournament_players::name_key.eq(key))
    .execute(conn)
    .map(|_| ())
}

/// Renames a team and sets its compared name.
pub fn rename_team(conn: &mut DbConn, team_id: i32, name: &str, key: &str) -> QueryResult<()> {
    diesel::update(teams::table.find(team_id))
        .set((teams::name.eq(name), teams::name_key.eq(key)))
        .execute(conn)
        .map(|_| ())
}

/// How many deal versions and table-bound audit events name a table of the round: a round
/// can be taken back only while both are 0.
pub fn round_traces(conn: &mut DbConn, round_id: i32) -> QueryResult<(i64, i64)> {
    let tables: Vec<i32> = round_tables::table
        .filter(round_tables::round_id.eq(round_id))
        .select(round_tables::id)
        .load(conn)?;
    let deals = deal_versions::table
        .filter(deal_versions::table_id.eq_any(&tables))
        .count()
        .get_result(conn)?;
    let events = audit_events::table
        .filter(audit_events::table_id.eq_any(tables.iter().map(|t| Some(*t))))
        .count()
        .get_result(conn)?;
    Ok((deals, events))
}

/// Deletes a round and its tables (with their scorer links).
pub fn delete_round(conn: &mut DbConn, round_id: i32) -> QueryResult<()> {
    diesel::delete(round_tables::table.filter(round_tables::round_id.eq(round_id)))
        .execute(conn)?;
    diesel::delete(rounds::table.find(round_id))
        .execute(conn)
        .map(|_| ())
}

/// After round `round` is taken back: withdrawals and late entries made for the round after
/// it now start at `round`; a late entry "from round 1" is no late entry at all.
pub fn marks_after_undraw(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
) -> QueryResult<()> {
    let of = entrant_marks::tournament_id.eq(tournament.0);
    let moving = entrant_marks::kind.eq_any(["withdrawn", "late"]);
    diesel::update(
        entrant_marks::table
            .filter(of)
            .filter(moving)
            .filter(entrant_marks::round.eq(round + 1)),
    )
    .set(entrant_marks::round.eq(round))
    .execute(conn)?;
    diesel::delete(
        entrant_marks::table
            .filter(of)
            .filter(entrant_marks::kind.eq("late"))
            .filter(entrant_marks::round.le(1)),
    )
    .execute(conn)
    .map(|_| ())
}
