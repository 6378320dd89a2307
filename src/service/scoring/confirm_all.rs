//! "Alle bestätigen": the secretary confirms, in one tap, every deal that waits for a
//! confirmation in a round (at its close) or in the whole tournament (before the finish).
//! Each deal becomes confirmed through the one door every confirmation takes
//! ([`deals::set_status`]: a version with the same record, its own audit event), in deal
//! order, so the referee checks each against the confirmed deals before it. Only what still
//! waits is touched: the same tap again changes nothing.

use crate::db::DbConn;
use crate::error::AppError;
use crate::service::deals::{self, DealStatus};
use crate::service::tournaments::TournamentDetail;
use crate::service::{Actor, managed, view};
use chrono::NaiveDateTime;

/// A table whose deals wait for a confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub round: i32,
    pub table: i32,
    /// Entrant ids in side order.
    pub seats: Vec<String>,
    /// How many of its deals wait.
    pub deals: usize,
}

/// The tables of round `round` (every round: `None`) whose deals wait, in round and table
/// order.
pub fn waiting(d: &TournamentDetail, round: Option<i32>) -> Vec<Waiting> {
    d.rounds
        .iter()
        .filter(|r| round.is_none_or(|n| n == r.number))
        .flat_map(|r| {
            r.tables
                .iter()
                .filter(|t| !t.pending.is_empty())
                .map(|t| Waiting {
                    round: r.number,
                    table: t.number,
                    seats: t.seats.clone(),
                    deals: t.pending.len(),
                })
        })
        .collect()
}

/// Confirms every waiting deal of round `round` (every round: `None`); returns how many.
/// A deal of a closed round changes only with a reason: `closed_reason` (worded by the
/// caller) goes with those. A deal someone else confirmed meanwhile is left alone.
pub fn confirm_all(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round: Option<i32>,
    closed_reason: &str,
) -> Result<usize, AppError> {
    let t = managed(conn, actor, slug)?;
    let d = view::detail(conn, t)?;
    let mut done = 0;
    for r in d
        .rounds
        .iter()
        .filter(|r| round.is_none_or(|n| n == r.number))
    {
        for table in &r.tables {
            let mut pending = table.pending.clone();
            pending.sort_unstable();
            for deal_no in pending {
                let reason = r.closed.then_some(closed_reason);
                let stored = deals::set_status(
                    conn,
                    actor,
                    now,
                    table.id,
                    deal_no,
                    DealStatus::Confirmed,
                    reason,
                );
                match stored {
                    Ok(_) => done += 1,
                    // Confirmed (or changed) by someone else since the page was read.
                    Err(AppError::Conflict) => break,
                    Err(e) => return Err(e),
                }
            }
        }
    }
    Ok(done)
}
