//! Deals as version rows: recording, correcting, confirming and withdrawing a deal each add a
//! version (never an edit), written with its audit event in the same transaction. The current
//! version of a deal is its highest; it counts only when `confirmed`.

use super::{Actor, ActorKind, corrupt};
use crate::db::models::rounds::{NewAuditEvent, NewDealVersion};
use crate::db::models::{
    AuditEventRow, DealVersionRow, RoundStatus, TableId, TableRow, TournamentId, TournamentRow,
};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::ScoringRefusal;
use crate::rules::match_record::Deal;
use crate::rules::{self, Game, Lang, Record};
use crate::service::audit_detail::{AuditDetail, DealVersion};
use chrono::NaiveDateTime;

pub use crate::db::models::DealStatus;

pub use crate::db::models::status::DealSource;

/// One deal version to write with its audit event ([`insert_version`]).
pub(crate) struct Version<'a> {
    pub tournament: TournamentId,
    pub table_id: i32,
    pub deal_no: i32,
    pub version: i32,
    pub record: &'a str,
    pub status: DealStatus,
    pub source: DealSource,
    pub reason: Option<&'a str>,
    pub submission_key: Option<&'a str>,
    pub ip: Option<&'a str>,
    /// The caller read the tournament's row in this transaction, under the table's lock, and
    /// checked it (`store_version`): no second read.
    pub status_checked: bool,
}

/// Writes one version and its audit event (inside the caller's transaction); returns the
/// version's row id.
pub(crate) fn insert_version(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    v: Version<'_>,
) -> Result<i32, AppError> {
    let Version {
        tournament,
        table_id,
        deal_no,
        version,
        record,
        status,
        source,
        reason,
        submission_key,
        ip,
        status_checked,
    } = v;
    // The one door every deal version passes: a finished tournament's results are frozen
    // (the command line, which owns the database, still writes: `kartl import`, the demo).
    // `status_checked`: the caller read the tournament's row in this transaction, under the
    // table's lock, and checked it (`store_version`): no second read.
    if actor.kind != ActorKind::CommandLine && !status_checked {
        super::closing::require_unfinished(conn, tournament)?;
    }
    let id = DealVersionRow::insert(
        conn,
        NewDealVersion {
            table_id,
            deal_no,
            version,
            record,
            status,
            source,
            user_id: actor.user_id,
            reason,
            submission_key,
            created_at: now,
            ip,
        },
    )?;
    let detail = AuditDetail::from(DealVersion {
        deal: deal_no,
        source: source.as_str().to_string(),
        status: status.as_str().to_string(),
        version,
    });
    let at = NewAuditEvent {
        tournament_id: tournament.0,
        table_id: Some(table_id),
        deal_version_id: Some(id),
        actor: &actor.name,
        reason,
        ip,
        created_at: now,
    };
    AuditEventRow::insert(conn, at, &detail)?;
    Ok(id)
}

/// A deal as a secretary or a table's scorer submits it.
#[derive(Debug, Clone)]
pub struct DealInput {
    /// 0-based position in the table's record: an existing deal (a correction) or the next.
    pub deal_no: i32,
    /// One deal of a match record (contract 3), typed; stored as its JSON text.
    pub record: Deal,
    pub status: DealStatus,
    pub source: DealSource,
    /// Why: required to change a confirmed deal, and any deal of a closed round.
    pub reason: Option<String>,
    /// The current version the form was drawn from (0 for a new deal); a different current
    /// version is a conflict (409), never an overwrite. `None`: no check.
    pub expected_version: Option<i32>,
    /// The form's key: a retry with the same key returns the version stored the first time.
    pub submission_key: Option<String>,
    pub ip: Option<String>,
}

/// The version stored for a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stored {
    pub deal_version_id: i32,
    pub version: i32,
    /// False when the submission key had been seen: nothing new was written.
    pub new: bool,
}

/// Records a deal or a correction as a new version. Refused (400) when the table's record
/// with this version would break a rule at this deal or before (the referee's message is the
/// reason); a correction that makes a later deal break a rule is stored, and the later deals
/// stop counting until corrected too.
pub fn record_deal(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    table: TableId,
    input: &DealInput,
) -> Result<Stored, AppError> {
    record_deal_with(conn, actor, now, table, input, None)
}

/// A check of the table's whole record with the new version in place, run inside the
/// writing transaction on the versions as they are there (a secretary's correction must
/// leave every later deal valid too). Its error refuses the write.
pub type WholeCheck<'a> = &'a dyn Fn(&mut DbConn, &[DealVersionRow]) -> Result<(), AppError>;

/// [`record_deal`] with a check of the whole record. The table's lock comes first
/// ([`db::lock_row`]: every writer of the table's deals takes it), so the record checked is
/// the record the version joins.
pub fn record_deal_with(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    table: TableId,
    input: &DealInput,
    whole: Option<WholeCheck<'_>>,
) -> Result<Stored, AppError> {
    db::write(conn, |conn| {
        db::lock_row(conn, db::Locked::Table(table.0))?;
        let (table_row, round) = TableRow::find(conn, table)?.ok_or(AppError::NotFound)?;
        let t = TournamentRow::find(conn, TournamentId(round.tournament_id))?;
        if !actor.may_manage(t.club_id) {
            return Err(AppError::NotFound);
        }
        if let Some(key) = &input.submission_key
            && let Some(seen) = DealVersionRow::by_submission_key(conn, key)?
        {
            if seen.table_id != table.0 || seen.deal_no != input.deal_no {
                return Err(AppError::Conflict);
            }
            return Ok(Stored {
                deal_version_id: seen.id,
                version: seen.version,
                new: false,
            });
        }
        let versions = DealVersionRow::of_table(conn, table)?;
        let rows = TableRows {
            tournament: &t,
            table: &table_row,
            round: &round,
            versions: &versions,
            tournament_read_locked: true,
        };
        store_version(conn, actor, now, &rows, input, whole, PrefixCheck::Referee)
    })
}

/// A table's rows as read inside the writing transaction.
pub(crate) struct TableRows<'a> {
    pub tournament: &'a TournamentRow,
    pub table: &'a TableRow,
    pub round: &'a crate::db::models::RoundRow,
    pub versions: &'a [DealVersionRow],
    /// The tournament's row was read in this transaction after the table's lock: its status
    /// is checked from it (a finished tournament takes no deal) instead of read again.
    pub tournament_read_locked: bool,
}

/// Whether [`store_version`] referees the confirmed prefix with a confirmed version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PrefixCheck {
    Referee,
    /// The caller refereed that very record in this transaction already (a scorer's save
    /// whose live deals are all confirmed: the live record is the confirmed prefix).
    DoneByCaller,
}

/// The checks and the write of [`record_deal_with`] once the table's rows are read, in the
/// caller's write transaction (the submission key checked already).
pub(crate) fn store_version(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    rows: &TableRows<'_>,
    input: &DealInput,
    whole: Option<WholeCheck<'_>>,
    prefix: PrefixCheck,
) -> Result<Stored, AppError> {
    let (t, versions) = (rows.tournament, rows.versions);
    let deals = versions.iter().map(|v| v.deal_no + 1).max().unwrap_or(0);
    if input.deal_no < 0 || input.deal_no > deals {
        return Err(ScoringRefusal::NoSuchDeal {
            deal: input.deal_no + 1,
            next: deals + 1,
        }
        .into());
    }
    let latest = versions
        .iter()
        .filter(|v| v.deal_no == input.deal_no)
        .max_by_key(|v| v.version);
    let current = latest.map_or(0, |v| v.version);
    let was_confirmed = latest.is_some_and(|v| v.status == DealStatus::Confirmed);
    if input.expected_version.is_some_and(|e| e != current) {
        return Err(AppError::Conflict);
    }
    let reason = input
        .reason
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty());
    if was_confirmed && reason.is_none() && actor.kind != ActorKind::CommandLine {
        return Err(ScoringRefusal::CorrectionNeedsReason.into());
    }
    if rows.round.status == RoundStatus::Closed && reason.is_none() {
        return Err(ScoringRefusal::ClosedNeedsReason.into());
    }
    if rows.tournament_read_locked && actor.kind != ActorKind::CommandLine {
        super::closing::refuse_finished(t.status)?;
    }
    if let Some(check) = whole {
        check(conn, versions)?;
    }
    let record = input.record.to_json();
    if input.status == DealStatus::Confirmed && prefix == PrefixCheck::Referee {
        check_table(conn, t, rows.table, versions, input.deal_no, &record)?;
    }
    let version = Version {
        tournament: TournamentId(t.id),
        table_id: rows.table.id,
        deal_no: input.deal_no,
        version: current + 1,
        record: &record,
        status: input.status,
        source: input.source,
        reason,
        submission_key: input.submission_key.as_deref(),
        ip: input.ip.as_deref(),
        status_checked: rows.tournament_read_locked,
    };
    let id = insert_version(conn, actor, now, version)?;
    Ok(Stored {
        deal_version_id: id,
        version: current + 1,
        new: true,
    })
}

/// Referees the table's confirmed prefix with `record` (the deal's stored JSON) as deal
/// `deal_no`.
fn check_table(
    conn: &mut DbConn,
    t: &TournamentRow,
    table: &TableRow,
    versions: &[DealVersionRow],
    deal_no: i32,
    record: &str,
) -> Result<(), AppError> {
    let briefs = versions
        .iter()
        .map(|v| crate::db::models::DealVersionBrief {
            table_id: v.table_id,
            deal_no: v.deal_no,
            version: v.version,
            status: v.status,
            record: if v.deal_no == deal_no {
                record.to_string()
            } else {
                v.record.clone()
            },
        })
        .chain(std::iter::once(crate::db::models::DealVersionBrief {
            table_id: table.id,
            deal_no,
            version: i32::MAX,
            status: DealStatus::Confirmed,
            record: record.to_string(),
        }))
        .collect();
    // The frozen rule set is the frame (`draws` stores `rules_frame` of the file there); only a
    // tournament without one builds it from the whole file. This runs inside the write lock,
    // where loading every entrant, round and table would hold up every other save.
    let mut frame = match frozen_frame(t)? {
        Some(frame) => frame,
        None => super::tournaments::load_file(conn, t.clone())?
            .frame()
            .map_err(|_| AppError::from(ScoringRefusal::Malformed))?,
    };
    // The deal to store as the frame's game reads it: a typed deal of another game is a
    // malformed record (the refusal it always was), not a corrupt row.
    if Deal::from_json(frame.game, record).is_err() {
        return Err(ScoringRefusal::Malformed.into());
    }
    // Each stored deal read as one of the frame's game (a stored deal that does not read is a
    // corrupt row, see `current_deals`).
    let mut current = super::tournaments::current_deals(frame.game, briefs)?;
    let deals = current.remove(&table.id).map(|c| c.deals);
    for deal in deals.into_iter().flatten() {
        if !frame.push(deal) {
            return Err(ScoringRefusal::Malformed.into());
        }
    }
    let report = rules::referee_record(&frame, Lang::De)
        .map_err(|_| AppError::from(ScoringRefusal::Malformed))?;
    match report.violations().first() {
        Some(v) if v.deal as i32 <= deal_no => Err(ScoringRefusal::BreaksRule {
            deal: v.deal as u32 + 1,
            code: v.code.as_str().to_string(),
            rule: v.message.clone(),
        }
        .into()),
        _ => Ok(()),
    }
}

/// The record frame (no deals) a tournament's tables are refereed with: its frozen rule set;
/// `None` before a draw froze it. Every table record the scoring entry builds starts here.
pub(crate) fn frozen_frame(t: &TournamentRow) -> Result<Option<Record>, AppError> {
    let frozen = t.rules_frozen.as_deref();
    frozen
        .map(|text| Record::from_rules(text).map_err(|e| corrupt("rule set", e)))
        .transpose()
}

/// Confirms or withdraws a deal's current version: a new version with the same record.
pub fn set_status(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    table: TableId,
    deal_no: i32,
    status: DealStatus,
    reason: Option<&str>,
) -> Result<Stored, AppError> {
    let latest = DealVersionRow::of_table(conn, table)?
        .into_iter()
        .filter(|v| v.deal_no == deal_no)
        .max_by_key(|v| v.version)
        .ok_or(AppError::NotFound)?;
    let record = super::stored_deal(game_of(conn, table)?, &latest.record)?;
    record_deal(
        conn,
        actor,
        now,
        table,
        &DealInput {
            deal_no,
            record,
            status,
            source: DealSource::Secretary,
            reason: reason.map(str::to_string),
            expected_version: Some(latest.version),
            submission_key: None,
            ip: None,
        },
    )
}

/// The game a table's tournament plays (how its stored deals read).
fn game_of(conn: &mut DbConn, table: TableId) -> Result<Game, AppError> {
    let (_, round) = TableRow::find(conn, table)?.ok_or(AppError::NotFound)?;
    Ok(TournamentRow::find(conn, TournamentId(round.tournament_id))?.game)
}
