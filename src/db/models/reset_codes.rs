use crate::db::DbConn;
use crate::db::models::UserId;
use crate::db::schema::reset_codes;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A one-time password reset code (only its digest is stored).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = reset_codes)]
pub struct ResetCode {
    pub id: i32,
    pub user_id: i32,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
}

#[derive(Insertable)]
#[diesel(table_name = reset_codes)]
pub struct NewResetCode<'a> {
    pub user_id: i32,
    pub code_hash: &'a str,
    pub created_by: Option<i32>,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

impl ResetCode {
    /// Stores a new code for a user; any earlier unused code of that user stops working.
    pub fn replace(conn: &mut DbConn, new: &NewResetCode<'_>) -> QueryResult<()> {
        diesel::delete(
            reset_codes::table
                .filter(reset_codes::user_id.eq(new.user_id))
                .filter(reset_codes::used_at.is_null()),
        )
        .execute(conn)?;
        diesel::insert_into(reset_codes::table)
            .values(new)
            .execute(conn)
            .map(|_| ())
    }

    /// Voids every unused code of a user (the account is disabled).
    pub fn delete_unused_for_user(conn: &mut DbConn, user: UserId) -> QueryResult<usize> {
        diesel::delete(
            reset_codes::table
                .filter(reset_codes::user_id.eq(user.0))
                .filter(reset_codes::used_at.is_null()),
        )
        .execute(conn)
    }

    pub fn by_hash(conn: &mut DbConn, code_hash: &str) -> QueryResult<Option<ResetCode>> {
        reset_codes::table
            .filter(reset_codes::code_hash.eq(code_hash))
            .select(ResetCode::as_select())
            .first(conn)
            .optional()
    }

    pub fn mark_used(conn: &mut DbConn, id: i32, now: NaiveDateTime) -> QueryResult<()> {
        diesel::update(reset_codes::table.find(id))
            .set(reset_codes::used_at.eq(Some(now)))
            .execute(conn)
            .map(|_| ())
    }

    pub fn user(&self) -> UserId {
        UserId(self.user_id)
    }
}
