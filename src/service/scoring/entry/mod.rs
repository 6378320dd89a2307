//! Deals entered at the table. The scorer's record is the table's deals whose current version
//! is confirmed or pending, from deal 0 up to the first that is withdrawn or missing; the next
//! deal goes there. Every entry is refereed against that record before anything is stored.
//!
//! A save names the record length it was drawn from (`based_on`): when another save got there
//! first the answer is [`Saved::Stale`] with both deals, never an overwrite. Its submission
//! key makes a retry return the first answer ([`Saved::Seen`]).

use super::links::ScorerTable;
use super::{Confirmation, confirmation};
use crate::db::DbConn;
use crate::db::models::DealVersionRow;
use crate::error::AppError;
use crate::rules::match_record::{Deal, Written};
use crate::rules::{self, ErrorCode, Game, Lang, Record};
use crate::service::corrupt;
use crate::service::deals::{self, DealInput, DealStatus};

mod history;
mod save;
pub use history::{ConfirmedBy, History};
pub use save::{Author, Saved, save, save_locked};

/// A deal of the scorer's record: its current version.
#[derive(Debug, Clone)]
pub struct LiveDeal {
    pub deal_no: i32,
    pub version: i32,
    pub confirmed: bool,
    /// The deal, typed (read from its stored JSON by the tournament's game).
    pub record: Deal,
    /// Corrected, or confirmed and by whom (the deal lists' words).
    pub history: History,
}

/// The table as the scorer sees it.
#[derive(Debug, Clone)]
pub struct TableState {
    pub live: Vec<LiveDeal>,
    /// The current version of the slot the next deal goes to (0: none yet; else withdrawn).
    pub next_version: i32,
    /// The referee's result (contract 4) over the live deals, typed: the pages read it per
    /// game family; JSON only where it leaves the process.
    pub report: rules::Report,
    /// The match record of the live deals (for the score sheet).
    pub record: Record,
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
    /// One quick-entry deal would decide the whole game from 0:0: asked about first, stored
    /// once the scorer confirms it (`decides=yes`).
    DecidesFromNil,
}

impl Refusal {
    /// The code as results write it: `malformed`, or the rule's code (`not_your_turn`).
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::Malformed => "malformed",
            Refusal::Rule(code) => code.as_str(),
            Refusal::TableOver => "table_over",
            Refusal::UnknownAction => "unknown_action",
            Refusal::DecidesFromNil => "decides_from_nil",
        }
    }
}

/// The record frame the tournament's tables are refereed with (no deals yet).
pub(crate) fn frame(st: &ScorerTable) -> Result<Record, AppError> {
    deals::frozen_frame(&st.tournament)?
        .ok_or_else(|| AppError::Internal("a drawn tournament without rules".into()))
}

/// The table's frame with `deals` (stored ones, or a form's in their place); `Err` the
/// referee's word when a form's deal does not read (see [`Record::read_written`]).
pub(crate) fn with_deals(
    st: &ScorerTable,
    deals: impl IntoIterator<Item = Written>,
    lang: Lang,
) -> Result<Result<Record, rules::Malformed>, AppError> {
    Ok(frame(st)?.read_written(deals, lang))
}

/// The table's frame with its live deals (typed, read by the frame's game).
pub(crate) fn with_live(mut record: Record, live: &[LiveDeal]) -> Result<Record, AppError> {
    for d in live {
        if !record.push(d.record.clone()) {
            return Err(corrupt("deal record", "a deal of another game"));
        }
    }
    Ok(record)
}

/// Referees `record`: the typed report, or its first broken rule with its code.
pub(crate) fn referee(record: &Record, lang: Lang) -> Verdict {
    verdict(record.deals.len(), rules::referee_record(record, lang))
}

/// The referee's run over a record that may be malformed already (a form's deal that does
/// not read): a malformed deal is a broken rule for the form too.
pub(crate) fn run(
    record: Result<Record, rules::Malformed>,
    lang: Lang,
) -> Result<rules::Report, rules::Malformed> {
    record.and_then(|r| rules::referee_record(&r, lang))
}

/// The verdict of one referee run over a record of `deals` deals (the report is kept whole
/// by the caller when it needs more than the verdict, e.g. the games a save's record
/// finished).
pub(crate) fn verdict(deals: usize, run: Result<rules::Report, rules::Malformed>) -> Verdict {
    match run {
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
                event: v.event.filter(|_| v.deal + 1 == deals),
            },
            None => Verdict::Valid(report),
        },
    }
}

/// The table's live deals and the current version of the next slot, and the match record of
/// the live deals, not refereed.
pub(crate) fn live_record(
    st: &ScorerTable,
    versions: &[DealVersionRow],
) -> Result<(Vec<LiveDeal>, i32, Record), AppError> {
    let frame = frame(st)?;
    let (live, next_version) = live_deals(frame.game, versions)?;
    let record = with_live(frame, &live)?;
    Ok((live, next_version, record))
}

/// The table's current state.
pub fn state(conn: &mut DbConn, st: &ScorerTable, lang: Lang) -> Result<TableState, AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, next_version, record) = live_record(st, &versions)?;
    // A stored record that breaks a rule (a secretary's correction) shows what counts.
    let report = rules::referee_record(&record, lang).map_err(|e| corrupt("record", e))?;
    Ok(TableState {
        live,
        next_version,
        report,
        record,
        confirmation: confirmation(conn, st.tournament.id())?,
    })
}

/// The live deals of a table's versions (current version confirmed or pending, from deal 0
/// up to the first withdrawn or missing one), each read as a deal of `game`, and the current
/// version of the next slot. A stored deal that does not read is a corrupt row (an internal
/// error: [`crate::service::stored_deal`]).
pub(crate) fn live_deals(
    game: Game,
    versions: &[DealVersionRow],
) -> Result<(Vec<LiveDeal>, i32), AppError> {
    let mut latest: std::collections::BTreeMap<i32, &DealVersionRow> = Default::default();
    let mut all: std::collections::BTreeMap<i32, Vec<&DealVersionRow>> = Default::default();
    for v in versions {
        latest.insert(v.deal_no, v);
        all.entry(v.deal_no).or_default().push(v);
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
            record: crate::service::stored_deal(game, &v.record)?,
            history: all
                .get(&deal_no)
                .map_or_else(History::default, |v| history::history(v)),
        });
    }
    Ok((live, next_version))
}

/// Whether deal `index` of the report, a deal written as points (Watten's short form, the
/// only one the entry asks about), decides a whole game by itself from 0:0 (the first deal of
/// the record or of a new game, and it ends that game): "15 Punkte für A" typed as one deal,
/// which the entry asks about before it stores it. A deal won as a whole (Gaigel) has no
/// running score to decide from.
pub fn decides_from_nil(report: &rules::Report, index: usize) -> bool {
    let ends = |i: usize| {
        (report.deal_view(i))
            .filter(|d| d.score().is_some())
            .map(|d| d.ends_game())
    };
    let from_nil = match index.checked_sub(1) {
        None => true,
        Some(before) => ends(before) == Some(true),
    };
    from_nil && ends(index) == Some(true)
}

/// Referees the table's record with `deal` as the next deal; stores nothing.
pub fn check(state: &TableState, deal: &Deal, lang: Lang) -> Verdict {
    referee_next(&state.record, deal, lang)
}

/// What a check form needs: the number of live deals (the checked deal's place) and the
/// referee's verdict over them with `deal` as the next. One read and one referee run: the
/// record without the new deal is not refereed on its own.
pub fn check_next(
    conn: &mut DbConn,
    st: &ScorerTable,
    deal: &Deal,
    lang: Lang,
) -> Result<(usize, Verdict), AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, _, record) = live_record(st, &versions)?;
    Ok((live.len(), referee_next(&record, deal, lang)))
}

/// The verdict over `record` with `deal` (a form's, the pad's or the API's) as its next deal.
pub(crate) fn referee_next(record: &Record, deal: &Deal, lang: Lang) -> Verdict {
    let whole = record
        .clone()
        .read_written([Written::Deal(deal.clone())], lang);
    verdict(record.deals.len() + 1, run(whole, lang))
}

/// What may be done to a pending deal from a table's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Confirm it: the other side at the scorer's phone (tournaments with `other_side`
    /// confirmation), or a secretary under any rule.
    Confirm,
    /// The scorer takes back the last deal while it is unconfirmed.
    Undo,
}

/// The submission key of a form that changes deal `deal_no` shown at `version` (an undo, a
/// confirmation, a void) when the form carries none: the form's own identity, since versions
/// only grow, so the same form sent twice is seen as a repeat. A digest, so no scorer can
/// store a save under it beforehand.
pub(crate) fn form_key(what: &str, st: &ScorerTable, deal_no: i32, version: i32) -> String {
    crate::auth::tokens::digest(&format!("{what}:{}:{deal_no}:{version}", st.table.0))
}

/// `author` confirms or undoes pending deal `deal_no` at `version` (the version the page
/// showed): a new version, nothing deleted. Anything else (confirmed already, a newer version,
/// not the last deal for an undo, a scorer's confirmation where the other side does not
/// confirm) is a conflict or forbidden. The table's lock is taken first and every check runs
/// inside the writing transaction (an undo checked outside it hid a deal saved in
/// between). The form's submission key (`key`, else [`form_key`]) goes on the new version: the
/// same form again is answered as done. The referee checks the record up to a confirmed deal
/// again (in [`deals::store_version`]).
pub fn change(
    conn: &mut DbConn,
    st: &ScorerTable,
    w: crate::service::Write<'_, Author>,
    (deal_no, version): (i32, i32),
    what: Change,
    key: Option<String>,
) -> Result<(), AppError> {
    let crate::service::Write {
        by: author,
        at: now,
        ip,
        ..
    } = w;
    let ip = ip.map(str::to_string);
    let name = match what {
        Change::Confirm => "confirm",
        Change::Undo => "undo",
    };
    if !author.actor.may_manage(st.tournament.club_id) {
        return Err(AppError::NotFound);
    }
    let key = key.unwrap_or_else(|| form_key(name, st, deal_no, version));
    crate::db::write(conn, |conn| {
        crate::db::lock_row(conn, crate::db::Locked::Table(st.table.0))?;
        if let Some(seen) = DealVersionRow::by_submission_key(conn, &key)? {
            return match seen.table_id == st.table.0 && seen.deal_no == deal_no {
                true => Ok(()),
                false => Err(AppError::Conflict),
            };
        }
        let (table_row, round) =
            crate::db::models::TableRow::find(conn, st.table)?.ok_or(AppError::NotFound)?;
        let versions = DealVersionRow::of_table(conn, st.table)?;
        let (live, _) = live_deals(st.tournament.game, &versions)?;
        let deal = live
            .iter()
            .find(|d| d.deal_no == deal_no)
            .ok_or(AppError::Conflict)?;
        if deal.confirmed || deal.version != version {
            return Err(AppError::Conflict);
        }
        let status = match what {
            Change::Confirm if author.confirmed => DealStatus::Confirmed,
            Change::Confirm
                if confirmation(conn, st.tournament.id())? == Confirmation::OtherSide =>
            {
                DealStatus::Confirmed
            }
            Change::Confirm => return Err(AppError::Forbidden),
            Change::Undo if author.confirmed => return Err(AppError::Forbidden),
            Change::Undo if deal_no + 1 == live.len() as i32 => DealStatus::Withdrawn,
            Change::Undo => return Err(AppError::Conflict),
        };
        let rows = deals::TableRows {
            tournament: &st.tournament,
            table: &table_row,
            round: &round,
            versions: &versions,
            // From the link, read before this transaction: the status is read again.
            tournament_read_locked: false,
        };
        let input = DealInput {
            deal_no,
            record: deal.record.clone(),
            status,
            source: author.source,
            reason: None,
            expected_version: Some(version),
            submission_key: Some(key.clone()),
            ip,
        };
        let prefix = deals::PrefixCheck::Referee;
        deals::store_version(conn, &author.actor, now, &rows, &input, None, prefix)?;
        Ok(())
    })
}
