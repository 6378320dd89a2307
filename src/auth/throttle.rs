//! Login throttling, by account and by client address.
//!
//! After [`ACCOUNT_FREE`] failures for one account name (known or not, so the throttle tells
//! nothing about which names exist), each further attempt must wait a delay that doubles per
//! failure: 30 s, 1 min, 2 min, ... up to 15 min. A refused attempt computes no hash and does
//! not prolong the delay; the right password works again once the delay has passed, and a
//! success clears the account's count.
//!
//! A whole pub shares one address, so the per-address limit is far looser
//! ([`ADDRESS_FREE`] failures across all names) and only a password-spraying client meets it:
//! one account's bad luck never locks out its neighbours.
//!
//! The counters live in the database (table `login_failures`), not in the process: two kartl
//! processes behind one proxy share them, so an attacker gains nothing by spreading guesses
//! over both, and a restart does not forget them. The time comes from the caller (the app's
//! injectable clock).

use crate::db::schema::login_failures;
use crate::db::{self, DbConn};
use crate::error::AppError;
use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;

pub const ACCOUNT_FREE: u32 = 5;
pub const ADDRESS_FREE: u32 = 50;
const FIRST_DELAY_SECS: i64 = 30;
const MAX_DELAY_SECS: i64 = 15 * 60;
/// Failures older than this are forgotten (and their rows deleted).
const MEMORY: TimeDelta = TimeDelta::hours(24);

const ACCOUNT: &str = "account";
const ADDRESS: &str = "address";
/// Failed reset codes, per address: a scope of their own, so no account name (typed by
/// anyone at the login form) can collide with it.
const RESET: &str = "reset";

/// When the next attempt is allowed after `count` failures, the last at `last`, if it must
/// wait at all.
fn wait_until(count: u32, last: NaiveDateTime, free: u32) -> Option<NaiveDateTime> {
    if count < free {
        return None;
    }
    let doublings = (count - free).min(10);
    let secs = (FIRST_DELAY_SECS << doublings).min(MAX_DELAY_SECS);
    Some(last + TimeDelta::seconds(secs))
}

/// Accounts are throttled by name as typed, case and surrounding space ignored.
fn account_key(name: &str) -> String {
    name.trim().to_lowercase()
}

fn pending(
    conn: &mut DbConn,
    scope: &str,
    subject: &str,
    free: u32,
    now: NaiveDateTime,
) -> QueryResult<Option<TimeDelta>> {
    let row: Option<(i32, NaiveDateTime)> = login_failures::table
        .filter(login_failures::scope.eq(scope))
        .filter(login_failures::subject.eq(subject))
        .select((login_failures::failures, login_failures::last_at))
        .first(conn)
        .optional()?;
    let Some((count, last)) = row else {
        return Ok(None);
    };
    if now - last >= MEMORY {
        return Ok(None);
    }
    let count = u32::try_from(count).unwrap_or(0);
    Ok(wait_until(count, last, free)
        .filter(|until| *until > now)
        .map(|until| until - now))
}

/// Counts one failure; run inside a write transaction.
fn record(conn: &mut DbConn, scope: &str, subject: &str, now: NaiveDateTime) -> QueryResult<()> {
    let key = login_failures::table
        .filter(login_failures::scope.eq(scope))
        .filter(login_failures::subject.eq(subject));
    let row: Option<(i32, NaiveDateTime)> = key
        .select((login_failures::failures, login_failures::last_at))
        .first(conn)
        .optional()?;
    match row {
        Some((count, last)) => {
            let count = if now - last >= MEMORY {
                1
            } else {
                count.saturating_add(1)
            };
            diesel::update(key)
                .set((
                    login_failures::failures.eq(count),
                    login_failures::last_at.eq(now),
                ))
                .execute(conn)?;
        }
        None => {
            diesel::insert_into(login_failures::table)
                .values((
                    login_failures::scope.eq(scope),
                    login_failures::subject.eq(subject),
                    login_failures::failures.eq(1),
                    login_failures::last_at.eq(now),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// How long this attempt must still wait, or `None` when it may go ahead. Callers ask this
/// before computing any hash.
pub fn wait(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<TimeDelta>> {
    let w = waits(conn, name, address, now)?;
    Ok(w.account.max(w.address))
}

/// The two waits of a login attempt, apart: the account's stops it before any hash; the
/// address's only stops a wrong password (a pub behind one address keeps logging in with
/// right ones while a sprayer there is slowed down).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waits {
    pub account: Option<TimeDelta>,
    pub address: Option<TimeDelta>,
}

pub fn waits(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> QueryResult<Waits> {
    Ok(Waits {
        account: pending(conn, ACCOUNT, &account_key(name), ACCOUNT_FREE, now)?,
        address: pending(conn, ADDRESS, address, ADDRESS_FREE, now)?,
    })
}

/// How long a reset code from `address` must still wait (5 failures free, then doubling).
pub fn reset_wait(
    conn: &mut DbConn,
    address: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<TimeDelta>> {
    pending(conn, RESET, address, ACCOUNT_FREE, now)
}

/// Counts a failed reset code against the address, in the reset scope only.
pub fn reset_failed(conn: &mut DbConn, address: &str, now: NaiveDateTime) -> Result<(), AppError> {
    db::write(conn, |conn| {
        db::lock_table(conn, "login_failures")?;
        record(conn, RESET, address, now)?;
        Ok(())
    })
}

/// Counts a failed attempt against the name and the address (one transaction; on PostgreSQL
/// the table is locked so two processes counting the same new name cannot both insert it).
pub fn failed(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        db::lock_table(conn, "login_failures")?;
        diesel::delete(login_failures::table.filter(login_failures::last_at.le(now - MEMORY)))
            .execute(conn)?;
        record(conn, ACCOUNT, &account_key(name), now)?;
        record(conn, ADDRESS, address, now)?;
        Ok(())
    })
}

/// A correct password clears the account's count (not the address's: a sprayer who knows
/// one password must not reset their budget with it).
pub fn succeeded(conn: &mut DbConn, name: &str) -> QueryResult<()> {
    diesel::delete(
        login_failures::table
            .filter(login_failures::scope.eq(ACCOUNT))
            .filter(login_failures::subject.eq(account_key(name))),
    )
    .execute(conn)
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000, 0)
            .unwrap()
            .naive_utc()
    }

    /// A fresh SQLite database with the migrations applied (the directory goes with it).
    fn conn() -> (tempfile::TempDir, DbConn) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("throttle.db").display().to_string();
        let conn = db::open_one(&db::DbUrl::parse(&path).unwrap()).unwrap();
        (dir, conn)
    }

    #[test]
    fn five_failures_are_free_then_the_delay_doubles() {
        let (_dir, mut c) = conn();
        let now = t0();
        for _ in 0..5 {
            assert_eq!(wait(&mut c, "Anna", "1.2.3.4", now).unwrap(), None);
            failed(&mut c, "Anna", "1.2.3.4", now).unwrap();
        }
        assert_eq!(
            wait(&mut c, "anna ", "1.2.3.4", now).unwrap(),
            Some(TimeDelta::seconds(30))
        );
        assert_eq!(
            wait(&mut c, "Berta", "1.2.3.4", now).unwrap(),
            None,
            "the neighbour is not locked out"
        );
        let later = now + TimeDelta::seconds(30);
        assert_eq!(wait(&mut c, "Anna", "1.2.3.4", later).unwrap(), None);
        failed(&mut c, "Anna", "1.2.3.4", later).unwrap();
        assert_eq!(
            wait(&mut c, "Anna", "1.2.3.4", later).unwrap(),
            Some(TimeDelta::seconds(60))
        );
        succeeded(&mut c, "Anna").unwrap();
        assert_eq!(wait(&mut c, "Anna", "1.2.3.4", later).unwrap(), None);
    }

    #[test]
    fn a_spraying_address_is_slowed_down_and_the_delay_is_capped() {
        let (_dir, mut c) = conn();
        let now = t0();
        for i in 0..ADDRESS_FREE {
            failed(&mut c, &format!("user{i}"), "5.6.7.8", now).unwrap();
        }
        assert!(wait(&mut c, "someone", "5.6.7.8", now).unwrap().is_some());
        assert_eq!(wait(&mut c, "someone", "9.9.9.9", now).unwrap(), None);
        for _ in 0..40 {
            failed(&mut c, "x", "1.1.1.1", now).unwrap();
        }
        assert_eq!(
            wait(&mut c, "x", "2.2.2.2", now).unwrap(),
            Some(TimeDelta::seconds(MAX_DELAY_SECS))
        );
    }

    #[test]
    fn failed_logins_under_any_name_do_not_throttle_resets() {
        let (_dir, mut c) = conn();
        let now = t0();
        for _ in 0..10 {
            failed(&mut c, "Reset Code From 10.0.0.77", "6.6.6.6", now).unwrap();
            failed(&mut c, "reset", "10.0.0.77", now).unwrap();
        }
        assert_eq!(reset_wait(&mut c, "10.0.0.77", now).unwrap(), None);
        for _ in 0..ACCOUNT_FREE {
            reset_failed(&mut c, "10.0.0.77", now).unwrap();
        }
        assert_eq!(
            reset_wait(&mut c, "10.0.0.77", now).unwrap(),
            Some(TimeDelta::seconds(30))
        );
        assert_eq!(wait(&mut c, "10.0.0.77", "1.1.1.1", now).unwrap(), None);
    }

    #[test]
    fn failures_older_than_a_day_are_forgotten() {
        let (_dir, mut c) = conn();
        let now = t0();
        for _ in 0..20 {
            failed(&mut c, "Anna", "1.2.3.4", now).unwrap();
        }
        let next_day = now + MEMORY;
        assert_eq!(wait(&mut c, "Anna", "1.2.3.4", next_day).unwrap(), None);
        failed(&mut c, "Anna", "1.2.3.4", next_day).unwrap();
        assert_eq!(
            wait(&mut c, "Anna", "1.2.3.4", next_day).unwrap(),
            None,
            "one fresh failure after the old ones were forgotten is still free"
        );
    }
}
