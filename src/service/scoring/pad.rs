//! The scorer's pad (issue 13): the next allowed taps of a deal, with one read of the table,
//! and the limits of a table: no deal past the tournament's games per table (`rounds` with
//! `settings.games`) or past a session's deal count (`sessions`, Rutesheim).

use super::entry::live_record;
use super::links::ScorerTable;
use crate::db::DbConn;
use crate::db::models::DealVersionRow;
use crate::error::AppError;
use crate::rules::pad::{self, Choice, Pad};
use crate::rules::{Lang, Report};
use crate::service::corrupt;
use crate::tournament::format::Settings;
use serde_json::Value;

/// Why a table takes no more deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The table has played the tournament's games per table.
    Games(u32),
    /// The table has played the session's deals.
    Deals(u32),
}

impl Limit {
    /// The refusal in plain words.
    pub fn message(self, lang: Lang) -> String {
        match (self, lang) {
            (Limit::Games(1), Lang::De) => {
                "Dieser Tisch hat seine Partie gespielt: das Turnier spielt eine Partie je Tisch, ein weiteres Spiel wird nicht angenommen.".into()
            }
            (Limit::Games(g), Lang::De) => format!(
                "Dieser Tisch hat seine {g} Partien gespielt: das Turnier spielt {g} Partien je Tisch, ein weiteres Spiel wird nicht angenommen."
            ),
            (Limit::Deals(n), Lang::De) => format!(
                "Dieser Tisch hat alle {n} Spiele der Runde gespielt: ein weiteres Spiel wird nicht angenommen."
            ),
            (Limit::Games(g), Lang::En) => format!(
                "This table has played its {g} game(s): the tournament plays {g} per table, no further deal is accepted."
            ),
            (Limit::Deals(n), Lang::En) => format!(
                "This table has played all {n} deals of the session: no further deal is accepted."
            ),
        }
    }
}

/// The tournament's settings (a tournament file's defaults when it has none).
fn settings(st: &ScorerTable) -> Result<Settings, AppError> {
    let s: Option<Settings> =
        serde_json::from_str(&st.tournament.settings).map_err(|e| corrupt("settings", e))?;
    Ok(s.unwrap_or_default())
}

/// The limit a table with `live` deals has reached, if any. `games` counts the games the
/// live record finished; it is asked only when the tournament limits games per table.
pub fn limit(
    st: &ScorerTable,
    live: usize,
    games: impl FnOnce() -> Result<usize, AppError>,
) -> Result<Option<Limit>, AppError> {
    let s = settings(st)?;
    if st.tournament.format == crate::tournament::format::Format::Sessions {
        if st.knockout {
            return Ok(None);
        }
        // A four-player table plays a third more deals (the dealer sits out each deal; the
        // same count the tournament file's check uses).
        let most = if st.seats.len() == 4 {
            s.deals / 3 * 4
        } else {
            s.deals
        };
        return Ok((live >= most as usize).then_some(Limit::Deals(most)));
    }
    match s.games {
        Some(g) if games()? >= g as usize => Ok(Some(Limit::Games(g))),
        _ => Ok(None),
    }
}

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
    pub record: Value,
    /// How many sides (or players) the table seats.
    pub sides: usize,
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
    let limit = limit(st, live.len(), || Ok(games_in(&pad.before)))?;
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
    })
}

/// Every button the table could ever use (for entering deals offline).
pub fn vocabulary(st: &ScorerTable) -> Result<Vec<Choice>, AppError> {
    let record = super::entry::frame(st)?;
    let record = super::entry::with_deals(record, Vec::new());
    pad::words(&record).map_err(|e| corrupt("rule set", e))
}

/// The contract deal the codes make (the offline queue's save path: `actions` instead of
/// `deal`); the save referees it as every deal. `Err`: an unknown code, or no deal yet.
pub fn deal_of(
    st: &ScorerTable,
    codes: &[String],
    lang: Lang,
) -> Result<Result<Value, String>, AppError> {
    let record = super::entry::with_deals(super::entry::frame(st)?, Vec::new());
    pad::convert(&record, codes, lang).map_err(|e| corrupt("rule set", e))
}
