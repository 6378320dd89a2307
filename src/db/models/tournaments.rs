//! Tournaments, their players, teams and entrants. JSON columns are text (see ECOSYSTEM.md).

use super::TournamentStatus;
use crate::db::DbConn;
use crate::db::schema::{players, team_members, teams, tournament_players, tournaments};
use crate::rules::Game;
use crate::rules::Variant;
use crate::tournament::format::Format;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A tournament's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TournamentId(pub i32);

/// A club player's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerId(pub i32);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    pub id: i32,
    pub slug: String,
    pub club_id: i32,
    pub name: String,
    pub date: Option<String>,
    pub place: Option<String>,
    #[diesel(deserialize_as = String)]
    pub game: Game,
    #[diesel(deserialize_as = String)]
    pub variant: Variant,
    pub target: Option<i32>,
    pub options: String,
    #[diesel(deserialize_as = String)]
    pub format: Format,
    pub settings: String,
    pub rules_frozen: Option<String>,
    pub public: bool,
    #[diesel(deserialize_as = String)]
    pub status: TournamentStatus,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = tournaments)]
pub struct NewTournamentRow<'a> {
    pub slug: &'a str,
    pub club_id: i32,
    pub name: &'a str,
    pub date: Option<&'a str>,
    pub place: Option<&'a str>,
    #[diesel(serialize_as = String)]
    pub game: Game,
    #[diesel(serialize_as = String)]
    pub variant: Variant,
    pub target: Option<i32>,
    pub options: &'a str,
    #[diesel(serialize_as = String)]
    pub format: Format,
    pub settings: &'a str,
    pub rules_frozen: Option<&'a str>,
    pub public: bool,
    #[diesel(serialize_as = String)]
    pub status: TournamentStatus,
    pub created_at: NaiveDateTime,
}

impl TournamentRow {
    pub fn id(&self) -> TournamentId {
        TournamentId(self.id)
    }

    pub fn by_slug(conn: &mut DbConn, slug: &str) -> QueryResult<Option<TournamentRow>> {
        tournaments::table
            .filter(tournaments::slug.eq(slug))
            .select(TournamentRow::as_select())
            .first(conn)
            .optional()
    }

    pub fn find(conn: &mut DbConn, id: TournamentId) -> QueryResult<TournamentRow> {
        tournaments::table
            .find(id.0)
            .select(TournamentRow::as_select())
            // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
            .get_result(conn)
    }

    /// Every tournament, newest first.
    pub fn all(conn: &mut DbConn) -> QueryResult<Vec<TournamentRow>> {
        tournaments::table
            .select(TournamentRow::as_select())
            .order((tournaments::created_at.desc(), tournaments::id.desc()))
            .load(conn)
    }

    pub fn slug_taken(conn: &mut DbConn, slug: &str) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            tournaments::table.filter(tournaments::slug.eq(slug)),
        ))
        .get_result(conn)
    }

    pub fn insert(conn: &mut DbConn, new: NewTournamentRow<'_>) -> QueryResult<TournamentId> {
        diesel::insert_into(tournaments::table)
            .values(new)
            .returning(tournaments::id)
            .get_result(conn)
            .map(TournamentId)
    }

    /// Freezes the rule set (only while none is frozen: it never changes after).
    pub fn freeze_rules(conn: &mut DbConn, id: TournamentId, frozen: &str) -> QueryResult<()> {
        diesel::update(
            tournaments::table
                .find(id.0)
                .filter(tournaments::rules_frozen.is_null()),
        )
        .set(tournaments::rules_frozen.eq(Some(frozen)))
        .execute(conn)
        .map(|_| ())
    }

    pub fn set_status(conn: &mut DbConn, id: TournamentId, status: &str) -> QueryResult<()> {
        diesel::update(tournaments::table.find(id.0))
            .set(tournaments::status.eq(status))
            .execute(conn)
            .map(|_| ())
    }

    pub fn set_public(conn: &mut DbConn, id: TournamentId, public: bool) -> QueryResult<()> {
        diesel::update(tournaments::table.find(id.0))
            .set(tournaments::public.eq(public))
            .execute(conn)
            .map(|_| ())
    }

    /// Replaces the settings (JSON); the planned number of rounds may change while the
    /// tournament runs, the rest is frozen with the rule set.
    pub fn set_settings(conn: &mut DbConn, id: TournamentId, settings: &str) -> QueryResult<()> {
        diesel::update(tournaments::table.find(id.0))
            .set(tournaments::settings.eq(settings))
            .execute(conn)
            .map(|_| ())
    }
}

/// A club's player.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub start_no: Option<i32>,
    pub created_at: NaiveDateTime,
    /// Public display: `full`, `initials` or `hidden` (`service::consent::Consent`).
    pub consent: String,
}

#[derive(Insertable)]
#[diesel(table_name = players)]
pub struct NewPlayer<'a> {
    pub club_id: i32,
    pub name: &'a str,
    pub start_no: Option<i32>,
    pub created_at: NaiveDateTime,
}

impl PlayerRow {
    pub fn insert(conn: &mut DbConn, new: &NewPlayer<'_>) -> QueryResult<PlayerId> {
        diesel::insert_into(players::table)
            .values(new)
            .returning(players::id)
            .get_result(conn)
            .map(PlayerId)
    }

    pub fn find(conn: &mut DbConn, id: i32) -> QueryResult<Option<PlayerRow>> {
        players::table
            .find(id)
            .select(PlayerRow::as_select())
            .first(conn)
            .optional()
    }

    pub fn of_club(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<PlayerRow>> {
        players::table
            .filter(players::club_id.eq(club_id))
            .select(PlayerRow::as_select())
            .order((players::name.asc(), players::id.asc()))
            .load(conn)
    }
}

/// A player entered in a tournament, with the id the tournament file uses.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournament_players)]
pub struct EntrantRow {
    pub id: i32,
    pub tournament_id: i32,
    pub player_id: i32,
    pub entrant_id: String,
    pub position: i32,
    /// The start number in this tournament (a register player has one per tournament).
    pub start_no: Option<i32>,
}

#[derive(Insertable)]
#[diesel(table_name = tournament_players)]
pub struct NewEntrant<'a> {
    pub tournament_id: i32,
    pub player_id: i32,
    pub entrant_id: &'a str,
    pub position: i32,
    pub start_no: Option<i32>,
    /// The name as compared (`Existing::key`), unique per tournament; `None` for imported
    /// fields, whose files may name two players alike.
    pub name_key: Option<&'a str>,
}

impl EntrantRow {
    pub fn insert(conn: &mut DbConn, new: &NewEntrant<'_>) -> QueryResult<()> {
        diesel::insert_into(tournament_players::table)
            .values(new)
            .execute(conn)
            .map(|_| ())
    }

    /// The tournament's players in entry order, each with its name and start number.
    pub fn of(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<(EntrantRow, PlayerRow)>> {
        tournament_players::table
            .inner_join(players::table)
            .filter(tournament_players::tournament_id.eq(tournament.0))
            .select((EntrantRow::as_select(), PlayerRow::as_select()))
            .order(tournament_players::position.asc())
            .load(conn)
            .map(|rows: Vec<(EntrantRow, PlayerRow)>| {
                // The start number is the tournament's (the register row serves many).
                rows.into_iter()
                    .map(|(e, mut p)| {
                        p.start_no = e.start_no;
                        (e, p)
                    })
                    .collect()
            })
    }
}

/// A partnership in a tournament.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = teams)]
pub struct TeamRow {
    pub id: i32,
    pub tournament_id: i32,
    pub entrant_id: String,
    pub name: String,
    pub position: i32,
}

#[derive(Insertable)]
#[diesel(table_name = teams)]
pub struct NewTeam<'a> {
    pub tournament_id: i32,
    pub entrant_id: &'a str,
    pub name: &'a str,
    pub position: i32,
    /// As for [`NewEntrant::name_key`].
    pub name_key: Option<&'a str>,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = team_members)]
pub struct TeamMemberRow {
    pub team_id: i32,
    pub player_id: i32,
    pub position: i32,
}

impl TeamRow {
    pub fn insert(conn: &mut DbConn, new: &NewTeam<'_>) -> QueryResult<i32> {
        diesel::insert_into(teams::table)
            .values(new)
            .returning(teams::id)
            .get_result(conn)
    }

    pub fn add_member(conn: &mut DbConn, member: &TeamMemberRow) -> QueryResult<()> {
        diesel::insert_into(team_members::table)
            .values(member)
            .execute(conn)
            .map(|_| ())
    }

    /// The tournament's teams in entry order.
    pub fn of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<TeamRow>> {
        teams::table
            .filter(teams::tournament_id.eq(tournament.0))
            .select(TeamRow::as_select())
            .order(teams::position.asc())
            .load(conn)
    }

    /// The members of the tournament's teams: (team id, player id), in member order.
    pub fn members(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<(i32, i32)>> {
        team_members::table
            .inner_join(teams::table)
            .filter(teams::tournament_id.eq(tournament.0))
            .select((team_members::team_id, team_members::player_id))
            .order((team_members::team_id.asc(), team_members::position.asc()))
            .load(conn)
    }
}
