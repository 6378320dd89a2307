use crate::db::DbConn;
use crate::db::schema::clubs;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A club's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(transparent)]
pub struct ClubId(pub i32);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = clubs)]
pub struct Club {
    pub id: i32,
    pub name: String,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = clubs)]
pub struct NewClub<'a> {
    pub name: &'a str,
    pub created_at: NaiveDateTime,
}

impl Club {
    pub fn all(conn: &mut DbConn) -> QueryResult<Vec<Club>> {
        clubs::table
            .select(Club::as_select())
            .order(clubs::name.asc())
            .load(conn)
    }

    pub fn find(conn: &mut DbConn, id: ClubId) -> QueryResult<Option<Club>> {
        clubs::table
            .find(id.0)
            .select(Club::as_select())
            .first(conn)
            .optional()
    }

    pub fn by_name(conn: &mut DbConn, name: &str) -> QueryResult<Option<Club>> {
        clubs::table
            .filter(clubs::name.eq(name))
            .select(Club::as_select())
            .first(conn)
            .optional()
    }

    pub fn set_name(conn: &mut DbConn, id: ClubId, name: &str) -> QueryResult<()> {
        diesel::update(clubs::table.find(id.0))
            .set(clubs::name.eq(name))
            .execute(conn)
            .map(|_| ())
    }

    pub fn name_taken(conn: &mut DbConn, name: &str) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            clubs::table.filter(clubs::name.eq(name)),
        ))
        .get_result(conn)
    }

    pub fn insert(conn: &mut DbConn, new: &NewClub<'_>) -> QueryResult<ClubId> {
        diesel::insert_into(clubs::table)
            .values(new)
            .returning(clubs::id)
            .get_result(conn)
            .map(ClubId)
    }
}
