//! Deals entered at the table. The scorer's record is the table's deals whose current version
//! is confirmed or pending, from deal 0 up to the first that is withdrawn or missing; the next
//! deal goes there. Every entry is refereed against that record before anything is stored.
//!
//! A save names the record length it was drawn from (`based_on`): when another save got there
//! first the answer is [`Saved::Stale`] with both deals, never an overwrite. Its submission
//! key makes a retry return the first answer ([`Saved::Seen`]).

use super::links::ScorerTable;
use super::{Confirmation, confirmation, scorer_actor};
use crate::db::DbConn;
use crate::db::models::{DealVersionRow, TableRow};
use crate::error::AppError;
use crate::rules::{self, ErrorCode, Lang};
use crate::service::deals::{self, DealInput, DealSource, DealStatus, PrefixCheck, TableRows};
use crate::service::{Actor, corrupt};
use chrono::NaiveDateTime;
use serde_json::Value;

/// A deal of the scorer's record: its current version.
#[derive(Debug, Clone)]
pub struct LiveDeal {
    pub deal_no: i32,
    pub version: i32,
    pub confirmed: bool,
    pub record: Value,
}

/// The table as the scorer sees it.
#[derive(Debug, Clone)]
pub struct TableState {
    pub live: Vec<LiveDeal>,
    /// The current version of the slot the next deal goes to (0: none yet; else withdrawn).
    pub next_version: i32,
    /// The referee's result (contract 4) over the live deals.
    pub report: Value,
    /// The match record of the live deals (for the score sheet).
    pub record: Value,
    pub confirmation: Confirmation,
}

/// What the referee says about an entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Keeps the rules: the result over the record with the new deal.
    Valid(rules::Report),
    /// A broken rule: the referee's message and code; nothing is stored. `event`: the index
    /// of the checked deal's event that broke it (the form shows the message beside it).
    Broken {
        message: String,
        code: Refusal,
        event: Option<usize>,
    },
}

/// Why the referee refuses an entry: the record is not well-formed, or it breaks the rule
/// with this code (contract 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Malformed,
    Rule(ErrorCode),
    /// The table takes no more deals: its games per table are played or its session's deals
    /// are entered.
    TableOver,
    /// The pad's taps name an action it does not know (the offline queue's `actions`).
    UnknownAction,
}

impl Refusal {
    /// The code as results write it: `malformed`, or the rule's code (`not_your_turn`).
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::Malformed => "malformed",
            Refusal::Rule(code) => code.as_str(),
            Refusal::TableOver => "table_over",
            Refusal::UnknownAction => "unknown_action",
        }
    }
}

/// The record frame the tournament's tables are refereed with (no deals yet).
pub(crate) fn frame(st: &ScorerTable) -> Result<Value, AppError> {
    let mut frame = match &st.tournament.rules_frozen {
        Some(text) => serde_json::from_str(text).map_err(|e| corrupt("rule set", e))?,
        None => {
            return Err(AppError::Internal(
                "a drawn tournament without rules".into(),
            ));
        }
    };
    if let Value::Object(map) = &mut frame {
        map.remove("engine");
    }
    Ok(frame)
}

pub(crate) fn with_deals(mut frame: Value, deals: Vec<Value>) -> Value {
    if let Value::Object(map) = &mut frame {
        map.insert("deals".into(), Value::Array(deals));
    }
    frame
}

/// Referees `record`: the typed report, or its first broken rule with its code; a malformed
/// deal is a broken rule for the form too.
pub(crate) fn referee(record: &Value, lang: Lang) -> Verdict {
    match rules::referee(&record.to_string(), lang) {
        Err(m) => Verdict::Broken {
            message: m.to_string(),
            code: Refusal::Malformed,
            event: None,
        },
        Ok(report) => match report.violations().first() {
            // Only the checked deal (the record's last) is the form's: an event of an
            // earlier deal is no line of it.
            Some(v) => Verdict::Broken {
                message: v.message.clone(),
                code: Refusal::Rule(v.code),
                event: v.event.filter(|_| v.deal + 1 == deal_count(record)),
            },
            None => Verdict::Valid(report),
        },
    }
}

fn deal_count(record: &Value) -> usize {
    record["deals"].as_array().map_or(0, Vec::len)
}

/// The table's live deals and the current version of the next slot, and the match record of
/// the live deals, not refereed.
pub(crate) fn live_record(
    st: &ScorerTable,
    versions: &[DealVersionRow],
) -> Result<(Vec<LiveDeal>, i32, Value), AppError> {
    let (live, next_version) = live_deals(versions)?;
    let record = with_deals(frame(st)?, live.iter().map(|d| d.record.clone()).collect());
    Ok((live, next_version, record))
}

/// The table's current state.
pub fn state(conn: &mut DbConn, st: &ScorerTable, lang: Lang) -> Result<TableState, AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, next_version, record) = live_record(st, &versions)?;
    // A stored record that breaks a rule (a secretary's correction) shows what counts.
    let report = rules::referee(&record.to_string(), lang).map_err(|e| corrupt("record", e))?;
    let report = serde_json::to_value(&report).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(TableState {
        live,
        next_version,
        report,
        record,
        confirmation: confirmation(conn, st.tournament.id())?,
    })
}

/// The live deals of a table's versions (current version confirmed or pending, from deal 0
/// up to the first withdrawn or missing one), and the current version of the next slot.
pub(crate) fn live_deals(versions: &[DealVersionRow]) -> Result<(Vec<LiveDeal>, i32), AppError> {
    let mut latest: std::collections::BTreeMap<i32, &DealVersionRow> = Default::default();
    for v in versions {
        latest.insert(v.deal_no, v);
    }
    let mut live = Vec::new();
    let mut next_version = 0;
    for (deal_no, v) in latest {
        if deal_no != live.len() as i32 || v.status == DealStatus::Withdrawn {
            if deal_no == live.len() as i32 {
                next_version = v.version;
            }
            break;
        }
        live.push(LiveDeal {
            deal_no,
            version: v.version,
            confirmed: v.status == DealStatus::Confirmed,
            record: serde_json::from_str(&v.record).map_err(|e| corrupt("deal record", e))?,
        });
    }
    Ok((live, next_version))
}

/// Referees the table's record with `deal` as the next deal; stores nothing.
pub fn check(state: &TableState, deal: &Value, lang: Lang) -> Verdict {
    referee(&with_next(state.record.clone(), deal), lang)
}

/// What a check form needs: the number of live deals (the checked deal's place) and the
/// referee's verdict over them with `deal` as the next. One read and one referee run: the
/// record without the new deal is not refereed on its own.
pub fn check_next(
    conn: &mut DbConn,
    st: &ScorerTable,
    deal: &Value,
    lang: Lang,
) -> Result<(usize, Verdict), AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, _, record) = live_record(st, &versions)?;
    Ok((live.len(), referee(&with_next(record, deal), lang)))
}

fn with_next(mut record: Value, deal: &Value) -> Value {
    if let Some(Value::Array(deals)) = record.get_mut("deals") {
        deals.push(deal.clone());
    }
    record
}

/// The answer to a save.
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    /// Stored as deal `deal_no`.
    New { deal_no: i32 },
    /// This submission key was stored before (as deal `deal_no`): nothing new.
    Seen { deal_no: i32 },
    /// The record changed since the form was drawn: the deal stored there, and the attempt.
    Stale {
        stored: Option<Value>,
        attempted: Value,
    },
    /// The referee refuses it: nothing stored.
    Broken { message: String, code: Refusal },
}

/// Who saves a deal through an entry form, and what the save makes of it.
#[derive(Debug, Clone)]
pub struct Author {
    pub actor: Actor,
    pub source: DealSource,
    /// A secretary's entry counts at once; a scorer's waits for the tournament's rule.
    pub confirmed: bool,
}

impl Author {
    /// The scorer link of `st`'s table.
    pub fn scorer(st: &ScorerTable) -> Author {
        Author {
            actor: scorer_actor(st.tournament.club_id, st.round_number, st.table_number),
            source: DealSource::Scorer,
            confirmed: false,
        }
    }

    /// A secretary (or the administrator) entering a deal, e.g. from a paper score sheet.
    pub fn secretary(actor: Actor) -> Author {
        Author {
            actor,
            source: DealSource::Secretary,
            confirmed: true,
        }
    }
}

/// A save from an entry form: the deal as the next one after `based_on` deals.
///
/// One write transaction reads the table, referees the record with the new deal once and
/// stores it with its audit event; its commit is the answer's durability. A submission key
/// seen before answers as the first time, before and inside the transaction (a retry racing
/// its original) and after a conflict.
#[allow(clippy::too_many_arguments)]
pub fn save(
    conn: &mut DbConn,
    st: &ScorerTable,
    author: &Author,
    now: NaiveDateTime,
    deal: &Value,
    based_on: i32,
    key: &str,
    ip: Option<String>,
    lang: Lang,
) -> Result<Saved, AppError> {
    // A plain read first: a retry of a stored save takes no write turn. In the writer's batch
    // (`Db::write_batched`) the transaction is open already, and the read inside it suffices.
    if !crate::db::in_transaction(conn)
        && let Some(seen) = seen_key(conn, st, key)?
    {
        return seen;
    }
    if !author.actor.may_manage(st.tournament.club_id) {
        return Err(AppError::NotFound);
    }
    let attempt = crate::db::write(conn, |conn| {
        if let Some(seen) = seen_key(conn, st, key)? {
            return seen;
        }
        let versions = DealVersionRow::of_table(conn, st.table)?;
        let (live, next_version, record) = live_record(st, &versions)?;
        if based_on != live.len() as i32 {
            // On PostgreSQL the original of a retry may have committed between the key's
            // read and this one: the key, not the record's length, decides.
            return match seen_key(conn, st, key)? {
                Some(seen) => seen,
                None => Ok(stale(&live, based_on, deal)),
            };
        }
        // No deal past the tournament's games per table or the session's deals.
        let over = super::pad::limit(st, live.len(), || {
            Ok(match referee(&record, lang) {
                Verdict::Valid(report) => report.games(),
                Verdict::Broken { .. } => 0,
            })
        })?;
        if let Some(limit) = over {
            return Ok(Saved::Broken {
                message: limit.message(lang),
                code: Refusal::TableOver,
            });
        }
        if let Verdict::Broken { message, code, .. } = referee(&with_next(record, deal), lang) {
            return Ok(Saved::Broken { message, code });
        }
        let status = match confirmation(conn, st.tournament.id())? {
            _ if author.confirmed => DealStatus::Confirmed,
            Confirmation::None => DealStatus::Confirmed,
            _ => DealStatus::Pending,
        };
        // With every live deal confirmed the record just refereed is the confirmed prefix
        // that `store_version` would referee again for a confirmed version.
        let prefix = if live.iter().all(|d| d.confirmed) {
            PrefixCheck::DoneByCaller
        } else {
            PrefixCheck::Referee
        };
        let (table_row, round) = TableRow::find(conn, st.table)?.ok_or(AppError::NotFound)?;
        let rows = TableRows {
            tournament: &st.tournament,
            table: &table_row,
            round: &round,
            versions: &versions,
        };
        let input = DealInput {
            deal_no: based_on,
            record: deal.clone(),
            status,
            source: author.source,
            reason: None,
            expected_version: Some(next_version),
            submission_key: Some(key.to_string()),
            ip,
        };
        deals::store_version(conn, &author.actor, now, &rows, &input, None, prefix)?;
        Ok(Saved::New { deal_no: based_on })
    });
    match attempt {
        // Another writer got there between our read and the insert (on PostgreSQL, where the
        // transaction does not lock the table), or the same key raced us: read again after the
        // rollback.
        Err(AppError::Conflict) => match seen_key(conn, st, key)? {
            Some(seen) => seen,
            None => {
                let versions = DealVersionRow::of_table(conn, st.table)?;
                Ok(stale(&live_deals(&versions)?.0, based_on, deal))
            }
        },
        other => other,
    }
}

/// The answer for a submission key stored before: the same as the first time on its own
/// table, a conflict on another.
fn seen_key(
    conn: &mut DbConn,
    st: &ScorerTable,
    key: &str,
) -> Result<Option<Result<Saved, AppError>>, AppError> {
    Ok(DealVersionRow::by_submission_key(conn, key)?.map(|seen| {
        if seen.table_id == st.table.0 {
            Ok(Saved::Seen {
                deal_no: seen.deal_no,
            })
        } else {
            Err(AppError::Conflict)
        }
    }))
}

/// The stale answer: the deal stored where the save was meant to go (or the last), and the
/// attempt.
fn stale(live: &[LiveDeal], based_on: i32, deal: &Value) -> Saved {
    Saved::Stale {
        stored: live
            .get(based_on.max(0) as usize)
            .or(live.last())
            .map(|d| d.record.clone()),
        attempted: deal.clone(),
    }
}

/// What the scorer's phone may do to a pending deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The other side confirms it (tournaments with `other_side` confirmation).
    Confirm,
    /// The scorer takes back the last deal while it is unconfirmed.
    Undo,
}

/// Confirms or undoes pending deal `deal_no` at `version` (the version the page showed):
/// a new version, nothing deleted. Anything else (confirmed already, a newer version, not the
/// last deal for an undo, confirmation not by the other side) is a conflict or forbidden.
pub fn change(
    conn: &mut DbConn,
    st: &ScorerTable,
    now: NaiveDateTime,
    deal_no: i32,
    version: i32,
    what: Change,
    lang: Lang,
) -> Result<(), AppError> {
    let state = state(conn, st, lang)?;
    let deal = state
        .live
        .iter()
        .find(|d| d.deal_no == deal_no)
        .ok_or(AppError::Conflict)?;
    if deal.confirmed || deal.version != version {
        return Err(AppError::Conflict);
    }
    let status = match what {
        Change::Confirm if state.confirmation == Confirmation::OtherSide => DealStatus::Confirmed,
        Change::Confirm => return Err(AppError::Forbidden),
        Change::Undo if deal_no + 1 == state.live.len() as i32 => DealStatus::Withdrawn,
        Change::Undo => return Err(AppError::Conflict),
    };
    let actor = scorer_actor(st.tournament.club_id, st.round_number, st.table_number);
    deals::record_deal(
        conn,
        &actor,
        now,
        st.table,
        &DealInput {
            deal_no,
            record: deal.record.clone(),
            status,
            source: DealSource::Scorer,
            reason: None,
            expected_version: Some(version),
            submission_key: None,
            ip: None,
        },
    )?;
    Ok(())
}
