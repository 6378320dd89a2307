//! Login throttling, by account and by client address.
//!
//! After [`ACCOUNT_FREE`] failures for one account name (known or not, so the throttle tells
//! nothing about which names exist), each further attempt must wait a delay that doubles per
//! failure: 30 s, 1 min, 2 min, ... up to 15 min. A refused attempt computes no hash and does
//! not prolong the delay; the right password works again once the delay has passed, and a
//! success clears the account's count.
//!
//! Every attempt is counted *before* it is checked, in the same transaction that decides
//! whether it may go ahead ([`login_attempt`], [`password_attempt`], [`reset_attempt`]): 60
//! parallel wrong passwords get five checks, not one each (they used to be checked first and
//! counted after, so a burst all passed the check before any failure was recorded).
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

/// The waits of a login attempt, apart, as they stand (read only; the web decides through
/// [`login_attempt`], which counts first).
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

/// How long this attempt must still wait, or `None` (read only).
pub fn wait(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<TimeDelta>> {
    let w = waits(conn, name, address, now)?;
    Ok(w.account.max(w.address))
}

/// One counter an attempt is counted against.
struct Counter<'a> {
    scope: &'a str,
    subject: String,
    free: u32,
}

/// What the throttle says to an attempt, decided and counted in one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Refused before anything is checked; not counted (a refusal does not prolong the wait).
    Wait(TimeDelta),
    /// Counted already as a failure (a success gives it back); `address` is the soft wait
    /// the caller applies to a wrong answer only.
    Go { address: Option<TimeDelta> },
}

/// Decides and counts an attempt in one write transaction (PostgreSQL: the table locked;
/// SQLite: `BEGIN IMMEDIATE`), so parallel attempts are taken one after another and each sees
/// the ones before it: a wait on a `hard` counter refuses the attempt uncounted; otherwise
/// every counter counts it before the caller checks anything.
fn claim(
    conn: &mut DbConn,
    hard: &[Counter],
    soft: &[Counter],
    now: NaiveDateTime,
) -> Result<Claim, AppError> {
    db::write(conn, |conn| {
        db::lock_table(conn, "login_failures")?;
        diesel::delete(login_failures::table.filter(login_failures::last_at.le(now - MEMORY)))
            .execute(conn)?;
        let mut refuse = None;
        for c in hard {
            refuse = refuse.max(pending(conn, c.scope, &c.subject, c.free, now)?);
        }
        if let Some(wait) = refuse {
            return Ok(Claim::Wait(wait));
        }
        let mut address = None;
        for c in soft {
            address = address.max(pending(conn, c.scope, &c.subject, c.free, now)?);
        }
        for c in hard.iter().chain(soft) {
            record(conn, c.scope, &c.subject, now)?;
        }
        Ok(Claim::Go { address })
    })
}

/// Takes back one counted attempt (it turned out right): the count goes down by one, never
/// below zero; the time of the last failure stays.
fn give_back(conn: &mut DbConn, scope: &str, subject: &str) -> QueryResult<()> {
    diesel::update(
        login_failures::table
            .filter(login_failures::scope.eq(scope))
            .filter(login_failures::subject.eq(subject))
            .filter(login_failures::failures.gt(0)),
    )
    .set(login_failures::failures.eq(login_failures::failures - 1))
    .execute(conn)
    .map(|_| ())
}

/// A login attempt, counted before its password is checked: the name's wait refuses it
/// before any hash; the address's wait (`Go { address }`) only stops a wrong password (a pub
/// behind one address keeps logging in with right ones while a sprayer there is slowed down).
pub fn login_attempt(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> Result<Claim, AppError> {
    let hard = [Counter {
        scope: ACCOUNT,
        subject: account_key(name),
        free: ACCOUNT_FREE,
    }];
    let soft = [Counter {
        scope: ADDRESS,
        subject: address.to_string(),
        free: ADDRESS_FREE,
    }];
    claim(conn, &hard, &soft, now)
}

/// A signed-in user's attempt at their current password (changing it): both waits refuse it.
pub fn password_attempt(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> Result<Claim, AppError> {
    let hard = [
        Counter {
            scope: ACCOUNT,
            subject: account_key(name),
            free: ACCOUNT_FREE,
        },
        Counter {
            scope: ADDRESS,
            subject: address.to_string(),
            free: ADDRESS_FREE,
        },
    ];
    claim(conn, &hard, &[], now)
}

/// The reset scope's subjects: per account name (as typed, like logins) and per address,
/// told apart by a prefix so no name can collide with an address.
fn reset_counters(name: &str, address: &str) -> [Counter<'static>; 2] {
    [
        Counter {
            scope: RESET,
            subject: format!("name:{}", account_key(name)),
            free: ACCOUNT_FREE,
        },
        Counter {
            scope: RESET,
            subject: format!("address:{address}"),
            free: ADDRESS_FREE,
        },
    ]
}

/// A reset code, counted before it is looked up: five wrong codes for one account name make
/// that name wait; an address waits only after [`ADDRESS_FREE`] (an inn behind one address is
/// not locked out by one guesser there).
pub fn reset_attempt(
    conn: &mut DbConn,
    name: &str,
    address: &str,
    now: NaiveDateTime,
) -> Result<Claim, AppError> {
    claim(conn, &reset_counters(name, address), &[], now)
}

/// A right reset code: the name's count is cleared, the address's attempt given back.
pub fn reset_succeeded(conn: &mut DbConn, name: &str, address: &str) -> QueryResult<()> {
    let [by_name, by_address] = reset_counters(name, address);
    diesel::delete(
        login_failures::table
            .filter(login_failures::scope.eq(RESET))
            .filter(login_failures::subject.eq(by_name.subject)),
    )
    .execute(conn)?;
    give_back(conn, RESET, &by_address.subject)
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
/// one password must not reset their budget with it; only this attempt is given back).
pub fn succeeded(conn: &mut DbConn, name: &str, address: &str) -> QueryResult<()> {
    diesel::delete(
        login_failures::table
            .filter(login_failures::scope.eq(ACCOUNT))
            .filter(login_failures::subject.eq(account_key(name))),
    )
    .execute(conn)?;
    give_back(conn, ADDRESS, address)
}

#[cfg(test)]
mod tests;
