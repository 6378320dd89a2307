//! A secretary's correction of a deal: a new `confirmed` version with a mandatory reason,
//! drawn from the version the form showed. The whole record with the corrected deal must
//! still keep the rules (later deals too): checked inside the writing transaction on the
//! versions as they are there, so nothing that breaks a rule is ever stored. A stale form is
//! [`Corrected::Stale`] with both deals; a retry with the same submission key answers as the
//! first time.

use super::entry::{self, Refusal, Verdict};
use super::links::ScorerTable;
use crate::db::DbConn;
use crate::db::models::DealVersionRow;
use crate::error::AppError;
use crate::error::refusal::{ScoringRefusal, TextField};
use crate::rules::match_record::{Deal, Written};
use crate::rules::{Lang, Record, Report};
use crate::service::Actor;
use crate::service::deals::{self, DealInput, DealSource, DealStatus};
use chrono::NaiveDateTime;
use std::cell::RefCell;

/// The longest reason kept (characters).
pub const REASON_MAX: usize = crate::text::Kind::Reason.max();

/// What a correction asks for.
#[derive(Debug, Clone)]
pub struct Correction {
    pub deal_no: i32,
    /// The corrected deal as the form sent it: typed, or as written when it does not read
    /// (refused in the referee's words, nothing stored).
    pub deal: Written,
    /// The current version the form was drawn from.
    pub version: i32,
    pub reason: String,
    pub key: String,
    pub ip: Option<String>,
}

/// The answer to a correction.
#[derive(Debug, Clone, PartialEq)]
pub enum Corrected {
    /// Stored as `version`.
    New { version: i32 },
    /// This submission key was stored before (as `version`): nothing new.
    Seen { version: i32 },
    /// The deal changed since the form was drawn: what is stored now (its latest version,
    /// for the conflict page), and the attempt.
    Stale {
        /// (Boxed: a deal is large beside the other answers.)
        stored: Option<Box<Written>>,
        stored_version: i32,
        attempted: Box<Written>,
    },
    /// The record with the correction breaks a rule (at this deal or a later one): the
    /// referee's message; nothing stored. `event`: the corrected deal's event that broke it
    /// (`None` when the rule is broken elsewhere or by the deal as a whole).
    Broken {
        deal: usize,
        message: String,
        code: Refusal,
        event: Option<usize>,
    },
}

/// Checks the correction against the record as it is now; stores nothing. Valid: the
/// referee's result over the corrected record.
pub fn check(
    conn: &mut DbConn,
    st: &ScorerTable,
    deal_no: i32,
    deal: &Deal,
    lang: Lang,
) -> Result<Result<Report, Corrected>, AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let deal = Written::Deal(deal.clone());
    whole_record(st, &versions, deal_no, &deal, lang)
}

/// Referees the table's live deals with `deal` in place of deal `deal_no`. A deal that is not
/// live (withdrawn, or never entered) cannot be corrected here: a conflict.
fn whole_record(
    st: &ScorerTable,
    versions: &[DealVersionRow],
    deal_no: i32,
    deal: &Written,
    lang: Lang,
) -> Result<Result<Report, Corrected>, AppError> {
    let (live, _) = entry::live_deals(st.tournament.game, versions)?;
    let index = usize::try_from(deal_no).map_err(|_| AppError::NotFound)?;
    if index >= live.len() {
        return Err(AppError::Conflict);
    }
    let deals = live.iter().enumerate().map(|(i, d)| match i == index {
        true => deal.clone(),
        false => Written::Deal(d.record.clone()),
    });
    let record = entry::with_deals(st, deals, lang)?;
    // One referee run: its verdict, and where its first broken rule is.
    let run = entry::run(record, lang);
    let first = run
        .as_ref()
        .ok()
        .and_then(|r| r.violations().first())
        .map(|v| (v.deal, v.event));
    Ok(match entry::verdict(live.len(), run) {
        Verdict::Valid(report) => Ok(report),
        Verdict::Broken { message, code, .. } => {
            // The referee stops at the first broken rule; its deal is the first one missing.
            let at = first.map_or(index, |(deal, _)| deal);
            // Only an event of the corrected deal is a line of the form.
            let event = first.and_then(|(deal, event)| event.filter(|_| deal == index));
            Err(Corrected::Broken {
                deal: at,
                message,
                code,
                event,
            })
        }
    })
}

/// What the correction of deal `deal_no` follows: the table's frame with the live deals before
/// it, and the referee's result over them (`None` if they break a rule); the figure panel of
/// the correction form starts from there.
pub fn before(
    conn: &mut DbConn,
    st: &ScorerTable,
    deal_no: i32,
    lang: Lang,
) -> Result<(Record, Option<Report>), AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, _) = entry::live_deals(st.tournament.game, &versions)?;
    let index = usize::try_from(deal_no).map_err(|_| AppError::NotFound)?;
    let record = entry::with_live(entry::frame(st)?, live.get(..index).unwrap_or(&live))?;
    let report = match entry::referee(&record, lang) {
        Verdict::Valid(report) => Some(report),
        Verdict::Broken { .. } => None,
    };
    Ok((record, report))
}

/// Stores the correction as a new confirmed version of the deal, with its audit event.
pub fn correct(
    conn: &mut DbConn,
    actor: &Actor,
    st: &ScorerTable,
    now: NaiveDateTime,
    c: &Correction,
    lang: Lang,
) -> Result<Corrected, AppError> {
    let reason = crate::text::Text::parse(&c.reason, crate::text::Kind::Reason)
        .map_err(crate::service::refused_text(TextField::ChangeReason))?;
    let reason = reason.as_str();
    if let Some(seen) = seen(conn, st, c)? {
        return Ok(seen);
    }
    let Some(deal) = c.deal.deal() else {
        // A deal that does not read can never be stored: refused at once, in the referee's
        // words on the corrected record as written (before a stale form's conflict page,
        // which only a form sent by hand can meet: the correction page sends checked deals).
        let versions = DealVersionRow::of_table(conn, st.table)?;
        return match whole_record(st, &versions, c.deal_no, &c.deal, lang)? {
            Err(broken) => Ok(broken),
            Ok(_) => Err(AppError::Internal("an unread deal kept the rules".into())),
        };
    };
    let refused: RefCell<Option<Corrected>> = RefCell::new(None);
    let whole = |_: &mut DbConn, versions: &[DealVersionRow]| match whole_record(
        st, versions, c.deal_no, &c.deal, lang,
    )? {
        Ok(_) => Ok(()),
        Err(broken) => {
            *refused.borrow_mut() = Some(broken);
            Err(ScoringRefusal::CorrectionBreaksRule.into())
        }
    };
    let input = DealInput {
        deal_no: c.deal_no,
        record: deal.clone(),
        status: DealStatus::Confirmed,
        source: DealSource::Secretary,
        reason: Some(reason.to_string()),
        expected_version: Some(c.version),
        submission_key: Some(c.key.clone()),
        ip: c.ip.clone(),
    };
    match deals::record_deal_with(conn, actor, now, st.table, &input, Some(&whole)) {
        Ok(stored) if stored.new => Ok(Corrected::New {
            version: stored.version,
        }),
        Ok(stored) => Ok(Corrected::Seen {
            version: stored.version,
        }),
        Err(e) => {
            if let Some(broken) = refused.into_inner() {
                return Ok(broken);
            }
            match e {
                // Another correction got there first (or the same key raced us).
                AppError::Conflict => match seen(conn, st, c)? {
                    Some(seen) => Ok(seen),
                    None => stale(conn, st, c),
                },
                e => Err(e),
            }
        }
    }
}

/// The first answer to this submission key, if it was stored; another deal's key: conflict.
fn seen(
    conn: &mut DbConn,
    st: &ScorerTable,
    c: &Correction,
) -> Result<Option<Corrected>, AppError> {
    match DealVersionRow::by_submission_key(conn, &c.key)? {
        Some(row) if row.table_id == st.table.0 && row.deal_no == c.deal_no => {
            Ok(Some(Corrected::Seen {
                version: row.version,
            }))
        }
        Some(_) => Err(AppError::Conflict),
        None => Ok(None),
    }
}

fn stale(conn: &mut DbConn, st: &ScorerTable, c: &Correction) -> Result<Corrected, AppError> {
    let latest = DealVersionRow::of_table(conn, st.table)?
        .into_iter()
        .filter(|v| v.deal_no == c.deal_no)
        .max_by_key(|v| v.version);
    // Shown on the conflict page only: a stored deal that does not read shows as written.
    let game = st.tournament.game;
    Ok(Corrected::Stale {
        stored_version: latest.as_ref().map_or(0, |v| v.version),
        stored: latest.map(|v| Box::new(Written::read(game, &v.record))),
        attempted: Box::new(c.deal.clone()),
    })
}

/// The deal as it is now, for the correction form: its current version and record.
pub fn current(
    conn: &mut DbConn,
    st: &ScorerTable,
    deal_no: i32,
) -> Result<(i32, Deal, String), AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, _) = entry::live_deals(st.tournament.game, &versions)?;
    let deal = live
        .into_iter()
        .find(|d| d.deal_no == deal_no)
        .ok_or(AppError::NotFound)?;
    let status = if deal.confirmed {
        DealStatus::Confirmed
    } else {
        DealStatus::Pending
    };
    Ok((deal.version, deal.record, status.as_str().to_string()))
}
