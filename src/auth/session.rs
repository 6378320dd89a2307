//! Server-side sessions: the cookie holds a random token, the database its digest, so logout
//! and a password reset end a session for good. Idle timeout 30 minutes, absolute 12 hours.
//!
//! A visitor without an account who is shown a form (login, reset, a scorer's pad) gets no
//! session row: their form token lives in a cookie of its own ([`form_cookie`]) and the form
//! must carry the same value (a double-submit token, checked in `web::ctx::CsrfForm`).
//! Logging in starts a session with a token of its own, so a token planted before login is
//! worth nothing after it. Expired rows are swept out whenever a session starts.

use crate::auth::tokens;
use crate::config::Https;
use crate::db::DbConn;
pub use crate::db::models::users::Role;
use crate::db::models::{SessionRow, User, UserId};
use crate::error::AppError;
use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};
use chrono::{NaiveDateTime, TimeDelta};

pub const IDLE_TIMEOUT: TimeDelta = TimeDelta::minutes(30);
pub const ABSOLUTE_TIMEOUT: TimeDelta = TimeDelta::hours(12);
/// `last_seen_at` is written at most this often, not on every request.
const TOUCH_EVERY: TimeDelta = TimeDelta::minutes(1);

/// The cookie over HTTPS: `__Host-` makes the browser insist on Secure, path `/` and no
/// Domain, so a sibling subdomain cannot plant or read it.
pub const COOKIE_SECURE: &str = "__Host-kartl_session";
/// The cookie over plain HTTP (a laptop at the club).
pub const COOKIE_PLAIN: &str = "kartl_session";

/// Whether this request reached us over HTTPS, as far as the settings let us know.
pub fn is_https(req: &HttpRequest, https: Https) -> bool {
    match https {
        Https::Off => false,
        Https::On => true,
        Https::Proxy => req
            .headers()
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https")),
    }
}

pub fn cookie_name(secure: bool) -> &'static str {
    if secure { COOKIE_SECURE } else { COOKIE_PLAIN }
}

/// The session cookie: HttpOnly, SameSite=Lax, path `/`; Secure over HTTPS. No Max-Age: the
/// server decides when a session ends, and the browser forgets it when it closes.
pub fn cookie(token: &str, secure: bool) -> Cookie<'static> {
    flagged(cookie_name(secure), token, secure)
}

/// The anonymous form token's cookie over HTTPS (`__Host-`: no sibling subdomain can plant
/// one) and over plain HTTP.
pub const FORM_COOKIE_SECURE: &str = "__Host-kartl_form";
pub const FORM_COOKIE_PLAIN: &str = "kartl_form";

pub fn form_cookie_name(secure: bool) -> &'static str {
    if secure {
        FORM_COOKIE_SECURE
    } else {
        FORM_COOKIE_PLAIN
    }
}

/// The cookie that holds an anonymous visitor's form token, with the session cookie's flags.
pub fn form_cookie(token: &str, secure: bool) -> Cookie<'static> {
    flagged(form_cookie_name(secure), token, secure)
}

fn flagged(name: &'static str, token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(name, token.to_string())
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .finish()
}

/// A cookie that tells the browser to forget the session.
pub fn removal(secure: bool) -> Cookie<'static> {
    let mut c = cookie("", secure);
    c.make_removal();
    c
}

/// A live session and its user.
#[derive(Debug, Clone)]
pub struct Live {
    pub row: SessionRow,
    pub user: Option<User>,
}

/// Finds the session of a cookie token. An expired session is deleted and reads as none;
/// a live one has its `last_seen_at` moved on.
pub fn load(conn: &mut DbConn, token: &str, now: NaiveDateTime) -> Result<Option<Live>, AppError> {
    let id = tokens::digest(token);
    let Some(row) = SessionRow::find(conn, &id)? else {
        return Ok(None);
    };
    if now - row.last_seen_at >= IDLE_TIMEOUT || now - row.created_at >= ABSOLUTE_TIMEOUT {
        crate::db::write(conn, |conn| Ok(SessionRow::delete(conn, &id)?))?;
        return Ok(None);
    }
    if now - row.last_seen_at >= TOUCH_EVERY {
        crate::db::write(conn, |conn| Ok(SessionRow::touch(conn, &id, now)?))?;
    }
    let user = match row.user_id {
        Some(uid) => match User::find(conn, UserId(uid))? {
            Some(user) => Some(user),
            None => return Ok(None),
        },
        None => None,
    };
    Ok(Some(Live { row, user }))
}

/// Starts a session (for `user`, or anonymous) and returns the cookie's token with the row.
/// `replaces` is ended in the same step: logging in never keeps the old session id.
pub fn start(
    conn: &mut DbConn,
    user: Option<UserId>,
    replaces: Option<&str>,
    now: NaiveDateTime,
) -> Result<(String, SessionRow), AppError> {
    let token = tokens::random_token()?;
    let row = SessionRow {
        id: tokens::digest(&token),
        user_id: user.map(|u| u.0),
        csrf_token: tokens::random_token()?,
        created_at: now,
        last_seen_at: now,
    };
    crate::db::write(conn, |conn| {
        if let Some(old) = replaces {
            SessionRow::delete(conn, old)?;
        }
        // Expired sessions are swept out whenever one starts, so the table stays small.
        SessionRow::delete_expired(conn, now - IDLE_TIMEOUT, now - ABSOLUTE_TIMEOUT)?;
        SessionRow::insert(conn, &row)?;
        Ok(())
    })?;
    Ok((token, row))
}
