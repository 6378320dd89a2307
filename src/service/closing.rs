//! The end of a tournament and the plan before it: "Turnier abschließen" freezes the result
//! (no draws, no deals, no corrections, no reopened rounds), reopening it needs a reason, and a
//! rounds tournament may state how many rounds it plans. Each change is audited
//! (`tournament_finished`, `tournament_reopened`, `rounds_planned`).

use super::tournaments::{Status, audit, detail};
use super::{Actor, managed};
use crate::db::models::{TournamentId, TournamentRow, TournamentStatus};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{CloseRefusal, TextField};
use crate::service::audit_detail::{
    AuditDetail, RoundsPlanned, TournamentFinished, TournamentReopened,
};
use crate::text::{Kind, Text};
use crate::tournament::format::{Format, Settings};
use chrono::NaiveDateTime;

/// The most rounds a plan may name.
pub const MAX_PLANNED: u32 = 50;

/// The tournament `actor` manages, its row locked for the rest of the write transaction and
/// read again under the lock: two state changes posted at once (finish, close, undraw, draw)
/// take turns and the second sees what the first did (six parallel finishes wrote
/// `tournament_finished` six times on PostgreSQL).
pub(crate) fn managed_locked(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
) -> Result<TournamentRow, AppError> {
    let t = managed(conn, actor, slug)?;
    db::lock_row(conn, db::Locked::Tournament(t.id))?;
    managed(conn, actor, slug)
}

/// Refused while the tournament is finished: every write of a result asks this first.
pub(crate) fn require_unfinished(conn: &mut DbConn, id: TournamentId) -> Result<(), AppError> {
    use crate::db::schema::tournaments as t;
    use diesel::{QueryDsl, RunQueryDsl};
    // The status alone: every deal version passes here (`deals::insert_version`, once a
    // save), and reading the whole row, its columns built by diesel on each call, cost about
    // 64,000 instructions a save (docs/reference/performance.md, "Where a save's work goes").
    let status: String = t::table.find(id.0).select(t::status).get_result(conn)?;
    if status == Status::Finished.as_str() {
        Err(finished())
    } else {
        Ok(())
    }
}

/// [`require_unfinished`] on a status read already in the caller's write transaction.
pub(crate) fn refuse_finished(status: TournamentStatus) -> Result<(), AppError> {
    match status {
        TournamentStatus::Finished => Err(finished()),
        _ => Ok(()),
    }
}

fn finished() -> AppError {
    CloseRefusal::Finished.into()
}

/// Declares the tournament over: its standings become the final ones ("Endstand"). Refused
/// while a round is open (close it first) or before any round is drawn. Finished already (the
/// same form again, or sent twice at once): done, nothing more written.
pub fn finish(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = managed_locked(conn, actor, slug)?;
        // Every table's lock before the rounds are read: a correction of a closed round
        // either commits before (and is in the finished result) or waits and is refused.
        db::lock_tables(conn, db::Tables::Tournament(t.id))?;
        let d = detail(conn, t.clone())?;
        if d.tournament.status == Status::Finished {
            return Ok(());
        }
        if d.rounds.is_empty() {
            return Err(CloseRefusal::NothingDrawn.into());
        }
        if let Some(open) = d.rounds.iter().find(|r| !r.closed) {
            return Err(CloseRefusal::RoundOpen { round: open.number }.into());
        }
        TournamentRow::set_status(conn, t.id(), Status::Finished.as_str())?;
        let rounds = d.rounds.len();
        audit(
            conn,
            t.id(),
            actor,
            now,
            TournamentFinished { rounds }.into(),
        )
    })
}

/// Takes back "Turnier abschließen": the tournament runs again (its rounds stay closed until
/// one is reopened or the next is drawn). The reason goes to the audit log.
pub fn reopen(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    reason: &str,
) -> Result<(), AppError> {
    let reason =
        Text::parse(reason, Kind::Reason).map_err(super::refused_text(TextField::ReopenReason))?;
    db::write(conn, |conn| {
        let t = managed_locked(conn, actor, slug)?;
        if t.status != Status::Finished {
            return Err(CloseRefusal::NotFinished.into());
        }
        TournamentRow::set_status(conn, t.id(), Status::Running.as_str())?;
        let detail = AuditDetail::from(TournamentReopened {
            reason: reason.as_str().to_string(),
        });
        let at = crate::db::models::rounds::NewAuditEvent {
            reason: Some(reason.as_str()),
            ..crate::db::models::rounds::NewAuditEvent::of_tournament(t.id, &actor.name, now)
        };
        crate::db::models::AuditEventRow::insert(conn, at, &detail)?;
        Ok(())
    })
}

/// Sets (or clears, with `None`) the planned number of rounds of a rounds tournament. The plan
/// may not fall below the rounds drawn already.
pub fn plan_rounds(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    planned: Option<u32>,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        let d = detail(conn, t.clone())?;
        if d.tournament.format != Format::Rounds {
            return Err(CloseRefusal::PlanOnlyRounds.into());
        }
        if d.tournament.status == Status::Finished {
            return Err(CloseRefusal::PlanFinished.into());
        }
        let drawn = d.rounds.iter().filter(|r| !r.knockout).count() as u32;
        match planned {
            Some(n) if n == 0 || n > MAX_PLANNED => {
                return Err(CloseRefusal::PlanRange { max: MAX_PLANNED }.into());
            }
            Some(n) if n < drawn => {
                return Err(CloseRefusal::PlanBelowDrawn { drawn, planned: n }.into());
            }
            _ => {}
        }
        let mut settings: Settings = d.tournament.settings.clone().unwrap_or_default();
        let before = settings.rounds;
        settings.rounds = planned;
        let text = serde_json::to_string(&settings)
            .map_err(|e| AppError::Internal(format!("settings: {e}")))?;
        TournamentRow::set_settings(conn, t.id(), &text)?;
        let detail = RoundsPlanned {
            after: planned,
            before,
        };
        audit(conn, t.id(), actor, now, detail.into())
    })
}

/// Whether drawing round `next` (numbered from 1, counting rounds only) goes past the plan.
pub fn past_plan(settings: Option<&Settings>, next: u32) -> Option<u32> {
    settings
        .and_then(|s| s.rounds)
        .filter(|&planned| next > planned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_past_the_plan_is_named_and_one_within_it_is_not() {
        let s = Settings {
            rounds: Some(3),
            ..Settings::default()
        };
        assert_eq!(past_plan(Some(&s), 3), None);
        assert_eq!(past_plan(Some(&s), 4), Some(3));
        assert_eq!(past_plan(Some(&Settings::default()), 9), None);
        assert_eq!(past_plan(None, 9), None);
    }
}
