//! Drawing rounds from a stored seed, swapping seats before a round starts, closing and
//! reopening rounds. The seating comes from the pure engine ([`crate::tournament::next`]);
//! this module stores it. The rule set is frozen when the first round is drawn.

use super::tournaments::{Status, audit, detail, evaluate_file, rules_frame};
use super::{Actor, managed};
use crate::db::models::rounds::{NewRound, NewTable};
use crate::db::models::{RoundId, RoundRow, RoundStatus, TableId, TableRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{DrawRefusal, TextField};
use crate::rules::Lang;
use crate::service::audit_detail::{RoundClosed, RoundDrawn, RoundReopened, SeatsSwapped};
use crate::tournament::draw::Draw;
use crate::tournament::format::Format;
use crate::tournament::next;
use chrono::NaiveDateTime;

/// A fresh random seed (stored with the round, so the draw can be made again).
pub fn random_seed() -> Result<u64, AppError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    // Kept below 2^53 so the seed survives any JSON reader as an exact number.
    Ok(u64::from_le_bytes(bytes) >> 11)
}

/// Draws the next round the way the tournament's settings say (first round at random or by
/// start number for Wattkönig; later rounds avoiding repeats, Swiss or Wattkönig rotation)
/// from `seed` (a fresh one when `None`), and stores it open. Every earlier round must be
/// closed. Returns the round's number.
pub fn draw_round(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    seed: Option<u64>,
) -> Result<i32, AppError> {
    let seed = match seed {
        Some(s) => s,
        None => random_seed()?,
    };
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        let d = detail(conn, t.clone())?;
        if d.rounds.iter().any(|r| !r.closed) {
            return Err(DrawRefusal::RoundOpen.into());
        }
        if d.tournament.status == Status::Finished {
            return Err(DrawRefusal::Finished.into());
        }
        if d.rounds.iter().any(|r| r.knockout) {
            return Err(DrawRefusal::KnockoutBegun.into());
        }
        let file = d.file();
        let counted = file.rounds.iter().filter(|r| !r.knockout).count();
        if let Some(planned) =
            super::closing::past_plan(d.tournament.settings.as_ref(), counted as u32 + 1)
        {
            return Err(DrawRefusal::PlanComplete { planned }.into());
        }
        if file.format == Format::Sessions && counted >= file.settings().sessions as usize {
            return Err(DrawRefusal::SessionsComplete {
                sessions: file.settings().sessions,
            }
            .into());
        }
        // Start-number order (Wattkönig seats by it); entry order otherwise.
        let present: Vec<String> = if file.individual() {
            let mut players: Vec<_> = d.players.iter().enumerate().collect();
            players.sort_by_key(|(i, p)| (p.start_no.unwrap_or(i32::MAX), *i));
            players
                .into_iter()
                .map(|(_, p)| p.entrant_id.clone())
                .collect()
        } else {
            d.teams.iter().map(|x| x.entrant_id.clone()).collect()
        };
        // Withdrawn, absent and not yet entered entrants sit this round out (no bye).
        let present = d.marks.present(&present, d.rounds.len() as u32 + 1);
        if present.len() < 2 {
            return Err(DrawRefusal::TooFew.into());
        }
        let standings = evaluate_file(&file, Lang::De)?.standings.standings;
        let draw = next::next_round(&file, &present, &standings, seed).map_err(draw_refusal)?;
        let number = d.rounds.len() as i32 + 1;
        store_round(conn, &t, now, number, Some(seed), false, &draw)?;
        if t.rules_frozen.is_none() {
            let frame = rules_frame(&file).map_err(|e| super::corrupt("options", e))?;
            TournamentRow::freeze_rules(conn, t.id(), &frame)?;
        }
        // Also after round 1 was taken back (`undraw`), which returns to setup.
        if t.status == Status::Setup {
            TournamentRow::set_status(conn, t.id(), Status::Running.as_str())?;
        }
        let detail = RoundDrawn {
            round: number,
            seed,
        };
        audit(conn, t.id(), actor, now, detail.into())?;
        Ok(number)
    })
}

/// Inserts an open round with its tables.
pub(crate) fn store_round(
    conn: &mut DbConn,
    t: &TournamentRow,
    now: NaiveDateTime,
    number: i32,
    seed: Option<u64>,
    knockout: bool,
    draw: &Draw,
) -> Result<RoundId, AppError> {
    let byes = serde_json::to_string(&draw.byes).unwrap_or_else(|_| "[]".into());
    let seed = seed.map(|s| s.to_string());
    let round = RoundRow::insert(
        conn,
        NewRound {
            tournament_id: t.id,
            number,
            seed: seed.as_deref(),
            knockout,
            byes: &byes,
            status: RoundStatus::Open,
            closed_at: None,
            created_at: now,
        },
    )?;
    for table in 0..draw.tables.len() {
        let seats = serde_json::to_string(&draw.seats(table)).unwrap_or_else(|_| "[]".into());
        TableRow::insert(
            conn,
            &NewTable {
                round_id: round.0,
                number: table as i32 + 1,
                seats: &seats,
            },
        )?;
    }
    Ok(round)
}

/// Swaps two entrants (two seats, or a seat and a bye) of an open round before any deal of it
/// is recorded.
pub fn swap_seats(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round_number: i32,
    a: &str,
    b: &str,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        // The tables' locks before "no deal yet" is read: a first deal saved at the same
        // moment is either seen (the swap refused) or saved under the new seats.
        if let Some(r) = RoundRow::of(conn, t.id())?
            .into_iter()
            .find(|r| r.number == round_number)
        {
            db::lock_tables(conn, db::Tables::Round(r.id))?;
        }
        let d = detail(conn, t.clone())?;
        let view = d
            .rounds
            .iter()
            .find(|r| r.number == round_number)
            .ok_or(AppError::NotFound)?;
        let started = view
            .tables
            .iter()
            .any(|x| !x.versions.is_empty() || !x.deals.is_empty());
        if view.closed || started {
            return Err(DrawRefusal::Started.into());
        }
        let file = d.file();
        let round = &file.rounds[(round_number - 1) as usize];
        let swapped = next::swap_seats(round, a, b).map_err(draw_refusal)?;
        for (table, new) in view.tables.iter().zip(&swapped.tables) {
            if table.seats != new.seats {
                let seats = serde_json::to_string(&new.seats).unwrap_or_else(|_| "[]".into());
                TableRow::set_seats(conn, table.id, &seats)?;
            }
        }
        if swapped.byes != round.byes {
            let byes = serde_json::to_string(&swapped.byes).unwrap_or_else(|_| "[]".into());
            RoundRow::set_byes(conn, view.id, &byes)?;
        }
        let detail = SeatsSwapped {
            round: round_number,
            swapped: [a.to_string(), b.to_string()],
        };
        audit(conn, t.id(), actor, now, detail.into())
    })
}

/// Closes an open round (its results are final unless it is reopened with a reason).
pub fn close_round(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round_number: i32,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        let round = RoundRow::of(conn, t.id())?
            .into_iter()
            .find(|r| r.number == round_number)
            .ok_or(AppError::NotFound)?;
        if round.status == RoundStatus::Closed {
            return Ok(());
        }
        // The round's tables locked as every save locks its table: a save that read the round
        // open commits before the close, one after it reads the round closed and is refused.
        db::lock_tables(conn, db::Tables::Round(round.id))?;
        RoundRow::close(conn, RoundId(round.id), now)?;
        audit(
            conn,
            t.id(),
            actor,
            now,
            RoundClosed {
                round: round_number,
            }
            .into(),
        )
    })
}

/// Reopens a closed round; the reason is stored with it and in the audit log.
pub fn reopen_round(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round_number: i32,
    reason: &str,
) -> Result<(), AppError> {
    let reason = crate::text::Text::parse(reason, crate::text::Kind::Reason)
        .map_err(super::refused_text(TextField::ReopenReason))?;
    let reason = reason.as_str();
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        let round = RoundRow::of(conn, t.id())?
            .into_iter()
            .find(|r| r.number == round_number)
            .ok_or(AppError::NotFound)?;
        super::closing::require_unfinished(conn, t.id())?;
        RoundRow::reopen(conn, RoundId(round.id), reason)?;
        // The round's old scorer links stay dead: a secretary corrects, or issues new cards
        // for the tables that should score again (`links::issue_cards`).
        super::scoring::links::revoke(conn, RoundId(round.id))?;
        let detail = RoundReopened {
            reason: reason.to_string(),
            round: round_number,
        };
        audit(conn, t.id(), actor, now, detail.into())
    })
}

/// The table id of round `round_number`, table `table_number` (both from 1).
pub fn table_id(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    round_number: i32,
    table_number: i32,
) -> Result<TableId, AppError> {
    let t = managed(conn, actor, slug)?;
    let d = detail(conn, t)?;
    d.rounds
        .iter()
        .find(|r| r.number == round_number)
        .and_then(|r| r.tables.iter().find(|x| x.number == table_number))
        .map(|x| x.id)
        .ok_or(AppError::NotFound)
}

/// The draw's own refusal as the service's (its facts only).
fn draw_refusal(e: next::NextError) -> AppError {
    use crate::tournament::draw::DrawError;
    use crate::tournament::format::PlanError;
    AppError::from(match e {
        next::NextError::Plan(PlanError::TooFew(players)) => {
            DrawRefusal::TooFewForTable { players }
        }
        next::NextError::Plan(PlanError::DealsNotDivisibleByThree(deals)) => {
            DrawRefusal::DealsNotDivisibleByThree { deals }
        }
        next::NextError::Draw(DrawError::Unknown(entrant)) => DrawRefusal::UnknownSeat { entrant },
        next::NextError::Draw(_) => DrawRefusal::NoFit,
        next::NextError::Started => DrawRefusal::Started,
    })
}
