use crate::db::DbConn;
use crate::db::models::UserId;
use crate::db::schema::sessions;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A server-side session. `id` is the digest of the cookie's token.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = sessions)]
pub struct SessionRow {
    pub id: String,
    pub user_id: Option<i32>,
    pub csrf_token: String,
    pub created_at: NaiveDateTime,
    pub last_seen_at: NaiveDateTime,
}

impl SessionRow {
    pub fn find(conn: &mut DbConn, id: &str) -> QueryResult<Option<SessionRow>> {
        sessions::table
            .find(id)
            .select(SessionRow::as_select())
            // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
            .get_result(conn)
            .optional()
    }

    pub fn insert(conn: &mut DbConn, row: &SessionRow) -> QueryResult<()> {
        diesel::insert_into(sessions::table)
            .values(row)
            .execute(conn)
            .map(|_| ())
    }

    pub fn touch(conn: &mut DbConn, id: &str, now: NaiveDateTime) -> QueryResult<()> {
        diesel::update(sessions::table.find(id))
            .set(sessions::last_seen_at.eq(now))
            .execute(conn)
            .map(|_| ())
    }

    pub fn delete(conn: &mut DbConn, id: &str) -> QueryResult<()> {
        diesel::delete(sessions::table.find(id))
            .execute(conn)
            .map(|_| ())
    }

    /// Ends every session of a user (password reset, code issued), but `keep` if given.
    pub fn delete_for_user(
        conn: &mut DbConn,
        user: UserId,
        keep: Option<&str>,
    ) -> QueryResult<usize> {
        let mine = sessions::table.filter(sessions::user_id.eq(user.0));
        match keep {
            Some(keep) => diesel::delete(mine.filter(sessions::id.ne(keep))).execute(conn),
            None => diesel::delete(mine).execute(conn),
        }
    }

    /// Drops sessions idle since `idle_before` or started before `started_before`.
    pub fn delete_expired(
        conn: &mut DbConn,
        idle_before: NaiveDateTime,
        started_before: NaiveDateTime,
    ) -> QueryResult<usize> {
        diesel::delete(
            sessions::table.filter(
                sessions::last_seen_at
                    .lt(idle_before)
                    .or(sessions::created_at.lt(started_before)),
            ),
        )
        .execute(conn)
    }
}
