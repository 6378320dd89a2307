//! The club's register: its `players` rows with member number and year of birth, where each
//! plays (entries and team seats), and what a merge moved (`player_merges`).

use crate::db::DbConn;
use crate::db::schema::{player_merges, players, team_members, teams, tournament_players};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A person in a club's register.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct RegisterRow {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub member_no: Option<String>,
    pub birth_year: Option<i32>,
    /// Set when this record was merged into another (it is then no longer listed).
    pub merged_into: Option<i32>,
}

impl RegisterRow {
    /// The club's register, merged records left out, by name (then by age of the record).
    pub fn of_club(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<RegisterRow>> {
        players::table
            .filter(players::club_id.eq(club_id))
            .filter(players::merged_into.is_null())
            .select(RegisterRow::as_select())
            .order((players::name.asc(), players::id.asc()))
            .load(conn)
    }

    pub fn find(conn: &mut DbConn, id: i32) -> QueryResult<Option<RegisterRow>> {
        players::table
            .find(id)
            .select(RegisterRow::as_select())
            .first(conn)
            .optional()
    }

    pub fn insert(
        conn: &mut DbConn,
        club_id: i32,
        name: &str,
        member_no: Option<&str>,
        birth_year: Option<i32>,
        now: NaiveDateTime,
    ) -> QueryResult<i32> {
        diesel::insert_into(players::table)
            .values((
                players::club_id.eq(club_id),
                players::name.eq(name),
                players::member_no.eq(member_no),
                players::birth_year.eq(birth_year),
                players::created_at.eq(now),
            ))
            .returning(players::id)
            .get_result(conn)
    }

    pub fn update(
        conn: &mut DbConn,
        id: i32,
        name: &str,
        member_no: Option<&str>,
        birth_year: Option<i32>,
    ) -> QueryResult<()> {
        diesel::update(players::table.find(id))
            .set((
                players::name.eq(name),
                players::member_no.eq(member_no),
                players::birth_year.eq(birth_year),
            ))
            .execute(conn)
            .map(|_| ())
    }

    pub fn set_merged_into(conn: &mut DbConn, id: i32, into: Option<i32>) -> QueryResult<()> {
        diesel::update(players::table.find(id))
            .set(players::merged_into.eq(into))
            .execute(conn)
            .map(|_| ())
    }
}

/// One entry of a player in a tournament: the `tournament_players` row.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Entry {
    pub id: i32,
    pub tournament_id: i32,
    pub name_key: Option<String>,
}

/// Every entry of the player, oldest first.
pub fn entries_of(conn: &mut DbConn, player: i32) -> QueryResult<Vec<Entry>> {
    tournament_players::table
        .filter(tournament_players::player_id.eq(player))
        .select((
            tournament_players::id,
            tournament_players::tournament_id,
            tournament_players::name_key,
        ))
        .order(tournament_players::id.asc())
        .load(conn)
}

/// How many tournaments each of the club's players was entered in.
pub fn entry_counts(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<(i32, i64)>> {
    tournament_players::table
        .inner_join(players::table)
        .filter(players::club_id.eq(club_id))
        .group_by(tournament_players::player_id)
        .select((tournament_players::player_id, diesel::dsl::count_star()))
        .load(conn)
}

/// Points entries at another player; `key` is the entry's compared name afterwards (kept
/// NULL for the imported fields that have none).
pub fn move_entry(conn: &mut DbConn, id: i32, player: i32, key: Option<&str>) -> QueryResult<()> {
    diesel::update(tournament_players::table.find(id))
        .set((
            tournament_players::player_id.eq(player),
            tournament_players::name_key.eq(key),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Sets the compared name of one entry.
pub fn set_entry_key(conn: &mut DbConn, id: i32, key: &str) -> QueryResult<()> {
    diesel::update(tournament_players::table.find(id))
        .set(tournament_players::name_key.eq(key))
        .execute(conn)
        .map(|_| ())
}

/// The player's team seats: (`team_members` row id, team id).
pub fn seats_of(conn: &mut DbConn, player: i32) -> QueryResult<Vec<(i32, i32)>> {
    team_members::table
        .filter(team_members::player_id.eq(player))
        .select((team_members::id, team_members::team_id))
        .order(team_members::id.asc())
        .load(conn)
}

pub fn move_seat(conn: &mut DbConn, id: i32, player: i32) -> QueryResult<()> {
    diesel::update(team_members::table.find(id))
        .set(team_members::player_id.eq(player))
        .execute(conn)
        .map(|_| ())
}

/// A team as a rename may touch it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct TeamName {
    pub id: i32,
    pub tournament_id: i32,
    pub name: String,
    pub name_key: Option<String>,
}

pub fn team(conn: &mut DbConn, id: i32) -> QueryResult<TeamName> {
    teams::table
        .find(id)
        .select((
            teams::id,
            teams::tournament_id,
            teams::name,
            teams::name_key,
        ))
        .first(conn)
}

/// The team's players in seat order: (player id, name).
pub fn team_players(conn: &mut DbConn, team: i32) -> QueryResult<Vec<(i32, String)>> {
    team_members::table
        .inner_join(players::table)
        .filter(team_members::team_id.eq(team))
        .select((players::id, players::name))
        .order(team_members::position.asc())
        .load(conn)
}

pub fn set_team_name(conn: &mut DbConn, id: i32, name: &str, key: Option<&str>) -> QueryResult<()> {
    diesel::update(teams::table.find(id))
        .set((teams::name.eq(name), teams::name_key.eq(key)))
        .execute(conn)
        .map(|_| ())
}

/// A merge as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = player_merges)]
pub struct MergeRow {
    pub id: i32,
    pub club_id: i32,
    pub kept_id: i32,
    pub merged_id: i32,
    pub moved: String,
    pub actor: String,
    pub created_at: NaiveDateTime,
    pub undone_by: Option<String>,
    pub undone_at: Option<NaiveDateTime>,
}

impl MergeRow {
    pub fn insert(
        conn: &mut DbConn,
        club_id: i32,
        kept: i32,
        merged: i32,
        moved: &str,
        actor: &str,
        now: NaiveDateTime,
    ) -> QueryResult<i32> {
        diesel::insert_into(player_merges::table)
            .values((
                player_merges::club_id.eq(club_id),
                player_merges::kept_id.eq(kept),
                player_merges::merged_id.eq(merged),
                player_merges::moved.eq(moved),
                player_merges::actor.eq(actor),
                player_merges::created_at.eq(now),
            ))
            .returning(player_merges::id)
            .get_result(conn)
    }

    pub fn find(conn: &mut DbConn, id: i32) -> QueryResult<Option<MergeRow>> {
        player_merges::table
            .find(id)
            .select(MergeRow::as_select())
            .first(conn)
            .optional()
    }

    /// The club's merges, newest first.
    pub fn of_club(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<MergeRow>> {
        player_merges::table
            .filter(player_merges::club_id.eq(club_id))
            .select(MergeRow::as_select())
            .order(player_merges::id.desc())
            .load(conn)
    }

    pub fn set_undone(conn: &mut DbConn, id: i32, by: &str, at: NaiveDateTime) -> QueryResult<()> {
        diesel::update(player_merges::table.find(id))
            .set((
                player_merges::undone_by.eq(by),
                player_merges::undone_at.eq(at),
            ))
            .execute(conn)
            .map(|_| ())
    }
}
