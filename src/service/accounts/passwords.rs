//! Passwords and one-time reset codes: a code issued (by the administrator or the command
//! line), a password set or changed, a code redeemed.

use super::administers;
use crate::auth::{throttle, tokens};
use crate::db::DbConn;
use crate::db::models::reset_codes::NewResetCode;
use crate::db::models::{ResetCode, SessionRow, User, UserId};
use crate::error::AppError;
use crate::service::Actor;
use chrono::{NaiveDateTime, TimeDelta};

/// How long a reset code works.
pub const RESET_CODE_VALID: TimeDelta = TimeDelta::minutes(30);

/// A reset code just issued, for the account named: shown once, stored only as a digest.
#[derive(Debug, Clone)]
pub struct Issued {
    pub user: UserId,
    pub name: String,
    pub code: String,
}

/// Stores a new code for `user` and ends the user's sessions: whoever holds the account now
/// (perhaps not its owner) is out until the code is redeemed. Inside the caller's write.
pub(super) fn issue(
    conn: &mut DbConn,
    actor: &Actor,
    user: UserId,
    now: NaiveDateTime,
) -> Result<Issued, AppError> {
    let Some(account) = User::find(conn, user)? else {
        return Err(AppError::NotFound);
    };
    let code = tokens::reset_code()?;
    let digest = tokens::digest(&tokens::normalise_code(&code));
    ResetCode::replace(
        conn,
        &NewResetCode {
            user_id: user.0,
            code_hash: &digest,
            created_by: actor.user_id,
            created_at: now,
            expires_at: now + RESET_CODE_VALID,
        },
    )?;
    SessionRow::delete_for_user(conn, user, None)?;
    Ok(Issued {
        user,
        name: account.name,
        code,
    })
}

/// Issues a new reset code for an account (404 when there is none); any earlier code of it
/// stops working and its sessions end.
pub fn issue_reset_code(
    conn: &mut DbConn,
    actor: &Actor,
    user: UserId,
    now: NaiveDateTime,
) -> Result<Issued, AppError> {
    administers(actor)?;
    let issued = crate::db::write(conn, |conn| issue(conn, actor, user, now))?;
    tracing::info!(
        actor = actor.name,
        account = issued.name,
        "reset code issued"
    );
    Ok(issued)
}

/// Sets an account's password hash and ends every session of it but `keep` (the browser that
/// changed its own password). The account itself (having proved its current password) or
/// the administrator and the command line may.
pub fn set_password(
    conn: &mut DbConn,
    actor: &Actor,
    user: UserId,
    hash: &str,
    keep: Option<&str>,
) -> Result<(), AppError> {
    if actor.user_id != Some(user.0) {
        administers(actor)?;
    }
    let name = crate::db::write(conn, |conn| {
        let Some(account) = User::find(conn, user)? else {
            return Err(AppError::NotFound);
        };
        User::set_password_hash(conn, user, hash)?;
        SessionRow::delete_for_user(conn, user, keep)?;
        Ok(account.name)
    })?;
    tracing::info!(actor = actor.name, account = name, "password set");
    Ok(())
}

/// A reset code to redeem: its digest, the account it is meant for (as typed at login), and
/// the new password's hash.
pub struct Redeem<'a> {
    pub code_hash: &'a str,
    pub name: &'a str,
    pub hash: &'a str,
    /// For the throttle: the address the attempt came from.
    pub address: &'a str,
}

/// Redeems a code: checked again inside the write (two tabs with one code use it once), used
/// up, the password set, every session of the account ended, the throttle's count cleared.
/// `false`: the code is unknown, used, expired or another account's.
pub fn redeem_reset_code(
    conn: &mut DbConn,
    owner: UserId,
    redeem: &Redeem<'_>,
    now: NaiveDateTime,
) -> Result<bool, AppError> {
    let redeemed = crate::db::write(conn, |conn| {
        if code_owner(conn, redeem.code_hash, redeem.name, now)? != Some(owner) {
            return Ok(false);
        }
        let Some(code) = ResetCode::by_hash(conn, redeem.code_hash)? else {
            return Ok(false);
        };
        ResetCode::mark_used(conn, code.id, now)?;
        User::set_password_hash(conn, owner, redeem.hash)?;
        SessionRow::delete_for_user(conn, owner, None)?;
        throttle::reset_succeeded(conn, redeem.name, redeem.address)?;
        Ok(true)
    })?;
    if redeemed {
        tracing::info!(account = redeem.name, "reset code redeemed");
    }
    Ok(redeemed)
}

/// The account a reset code may set the password of: the code is known, unused and not
/// expired, and its account is the one named (matched like a login name).
pub fn code_owner(
    conn: &mut DbConn,
    code_hash: &str,
    name: &str,
    now: NaiveDateTime,
) -> diesel::QueryResult<Option<UserId>> {
    let Some(code) = ResetCode::by_hash(conn, code_hash)? else {
        return Ok(None);
    };
    if code.used_at.is_some() || code.expires_at <= now {
        return Ok(None);
    }
    let named = User::by_name(conn, name)?.map(|(user, _)| user.id);
    Ok(named.filter(|id| *id == code.user()))
}
