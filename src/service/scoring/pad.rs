//! The scorer's pad: the next allowed taps of a deal, with one read of the table; none once
//! the table has reached its limit (`limit.rs`: no deal past the tournament's games per table
//! in `rounds` with `settings.games`, or past a session's deal count in `sessions`).

use super::entry::live_record;
use super::limit::{Limit, reached};
use super::links::ScorerTable;
use crate::db::DbConn;
use crate::db::models::DealVersionRow;
use crate::error::AppError;
use crate::rules::match_record::Deal;
use crate::rules::pad::{self, Choice, Pad};
use crate::rules::{Lang, Record, Report};
use crate::service::corrupt;

/// Games finished in a referee result (contract 4), read from the typed report.
pub fn games_in(report: &Report) -> usize {
    report.games()
}

/// The pad for a table and the codes tapped so far.
#[derive(Debug, Clone)]
pub struct PadAnswer {
    /// The pad's answer: its `before` is the referee's typed result over the live deals, its
    /// `complete` the typed result over the record with the deal (the preview's words).
    pub pad: Pad,
    /// The number of live deals (the new deal's place, from 0).
    pub deal_no: usize,
    /// Set when the table takes no more deals (then no action is offered).
    pub limit: Option<Limit>,
    /// The match record of the live deals.
    pub record: Record,
    /// How many sides (or players) the table seats.
    pub sides: usize,
    /// How many live deals wait for a confirmation (they fill the table's limit but do not
    /// count toward the results yet).
    pub unconfirmed: usize,
}

/// The pad's answer for `codes` as the table's next deal: one read of the table.
pub fn answer(
    conn: &mut DbConn,
    st: &ScorerTable,
    codes: &[String],
    lang: Lang,
) -> Result<PadAnswer, AppError> {
    let versions = DealVersionRow::of_table(conn, st.table)?;
    let (live, _, record) = live_record(st, &versions)?;
    let mut pad = pad::pad(&record, codes, lang).map_err(|e| corrupt("record", e))?;
    let limit = reached(st, live.len(), || Ok(games_in(&pad.before)))?;
    if let Some(l) = limit {
        pad.actions.clear();
        pad.complete = None;
        if !codes.is_empty() {
            pad.transcript.clear();
            pad.problem = Some(pad::Problem {
                message: l.message(lang),
                code: "table_over".into(),
                at: 0,
            });
        }
    }
    Ok(PadAnswer {
        pad,
        deal_no: live.len(),
        limit,
        record,
        sides: st.seats.len(),
        unconfirmed: live.iter().filter(|d| !d.confirmed).count(),
    })
}

/// Every button the table could ever use (for entering deals offline).
pub fn vocabulary(st: &ScorerTable) -> Result<Vec<Choice>, AppError> {
    let record = super::entry::frame(st)?;
    pad::words(&record).map_err(|e| corrupt("rule set", e))
}

/// The contract deal the codes make (the offline queue's save path: `actions` instead of
/// `deal`), typed: the save referees it as every deal. `Err`: an unknown code, or no deal
/// yet.
pub fn deal_of(
    st: &ScorerTable,
    codes: &[String],
    lang: Lang,
) -> Result<Result<Deal, String>, AppError> {
    let record = super::entry::frame(st)?;
    pad::convert(&record, codes, lang).map_err(|e| corrupt("rule set", e))
}
