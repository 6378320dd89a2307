//! Taking back a round drawn by mistake: only the last round, only while none of its tables
//! has a deal in any state (nor an audit event of its own); its tables and scorer links go
//! with it, the audit log keeps `round_undrawn`. Taking back round 1 returns the tournament
//! to its setup (entrants are entered as before a draw; the frozen rule set stays, it is the
//! same). Withdrawals and late entries made for the round after it now start with it.

use super::Actor;
use super::tournaments::{RoundView, Status, TournamentDetail, audit, detail};
use crate::db::models::TournamentRow;
use crate::db::models::field as rows;
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::service::audit_detail::RoundUndrawn;
use chrono::NaiveDateTime;

/// Why a round cannot be taken back (worded by the pages).
pub use crate::error::refusal::UndrawRefusal;

/// Whether round `number` can be taken back, from what the pages show.
pub fn check_undraw(d: &TournamentDetail, number: i32) -> Result<&RoundView, UndrawRefusal> {
    let round = d
        .rounds
        .last()
        .filter(|r| r.number == number)
        .ok_or(UndrawRefusal::NotLast)?;
    if d.tournament.status == Status::Finished {
        return Err(UndrawRefusal::Finished);
    }
    if round.knockout {
        return Err(UndrawRefusal::Knockout);
    }
    let begun = round
        .tables
        .iter()
        .any(|t| !t.versions.is_empty() || !t.deals.is_empty());
    if begun {
        return Err(UndrawRefusal::Begun);
    }
    Ok(round)
}

/// Takes back round `number`; refused (400, with the reason) once it has begun.
pub fn undraw_round(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    number: i32,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        let d = detail(conn, t.clone())?;
        // Taken back already (the same form again, or sent twice at once): done.
        if d.rounds.iter().all(|r| r.number < number) {
            return Ok(());
        }
        let round = check_undraw(&d, number)?;
        // The round's tables locked as every save locks its table, then the database's word:
        // any deal version or table-bound audit event, a save committed a moment ago included
        // (without the lock such a save committed between this read and the delete).
        db::lock_tables(conn, db::Tables::Round(round.id.0))?;
        let (deals, events) = rows::round_traces(conn, round.id.0)?;
        if deals > 0 || events > 0 {
            return Err(UndrawRefusal::Begun.into());
        }
        rows::delete_round(conn, round.id.0)?;
        rows::marks_after_undraw(conn, t.id(), number)?;
        if number == 1 {
            TournamentRow::set_status(conn, t.id(), Status::Setup.as_str())?;
        }
        let tables = round.tables.len();
        let detail = RoundUndrawn {
            round: number,
            seed: round.seed,
            tables,
        };
        audit(conn, t.id(), actor, now, detail.into())
    })
}
