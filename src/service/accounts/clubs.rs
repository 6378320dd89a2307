//! Clubs created and renamed by the administrator or the command line.

use super::{AccountName, Refusal, administers};
use crate::db::DbConn;
use crate::db::models::clubs::NewClub;
use crate::db::models::{Club, ClubId};
use crate::error::AppError;
use crate::service::Actor;
use chrono::NaiveDateTime;

/// Creates a club; refused when a club has exactly this name.
pub fn add_club(
    conn: &mut DbConn,
    actor: &Actor,
    name: &AccountName,
    now: NaiveDateTime,
) -> Result<Result<ClubId, Refusal>, AppError> {
    administers(actor)?;
    let created = crate::db::write(conn, |conn| {
        crate::db::lock_table(conn, "clubs")?;
        if Club::name_taken(conn, name.as_str())? {
            return Ok(Err(Refusal::ClubNameTaken));
        }
        let new = NewClub {
            name: name.as_str(),
            created_at: now,
        };
        Ok(Ok(Club::insert(conn, &new)?))
    })?;
    if let Ok(id) = created {
        tracing::info!(
            actor = actor.name,
            club = name.as_str(),
            id = id.0,
            "club created"
        );
    }
    Ok(created)
}

/// Renames a club (its tournaments, accounts and public page keep their ids and addresses);
/// refused when another club has exactly this name.
pub fn rename_club(
    conn: &mut DbConn,
    actor: &Actor,
    club: ClubId,
    name: &AccountName,
) -> Result<Result<(), Refusal>, AppError> {
    administers(actor)?;
    let old = crate::db::write(conn, |conn| {
        crate::db::lock_table(conn, "clubs")?;
        let Some(found) = Club::find(conn, club)? else {
            return Err(AppError::NotFound);
        };
        if Club::by_name(conn, name.as_str())?.is_some_and(|c| c.id != club.0) {
            return Ok(Err(Refusal::ClubNameTaken));
        }
        Club::set_name(conn, club, name.as_str())?;
        Ok(Ok(found.name))
    })?;
    Ok(old.map(|old| {
        tracing::info!(
            actor = actor.name,
            club = old,
            new_name = name.as_str(),
            "club renamed"
        );
    }))
}

/// The club with exactly this name.
pub fn club_named(conn: &mut DbConn, name: &str) -> Result<Option<Club>, AppError> {
    Ok(Club::by_name(conn, name.trim())?)
}
