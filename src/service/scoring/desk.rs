//! The secretary's side of table scoring: a table of a round opened by its number (not by a
//! scorer link) and the round's overview with each table's state. Entering, confirming and
//! correcting deals go through the same referee as the scorer's page ([`super::entry`],
//! [`super::corrections`]).

use super::entry::{self, LiveDeal, Verdict};
use super::links::{ScorerTable, short_names, table_by_id};
use super::{Confirmation, confirmation};
use crate::db::DbConn;
use crate::db::models::{DealVersionRow, TableId};
use crate::error::AppError;
use crate::rules::match_record::Written;
use crate::rules::{Lang, Report};
use crate::service::tournaments::{self, TournamentDetail};
use crate::service::{Actor, managed};
use chrono::NaiveDateTime;

/// Table `table` of round `round` of a tournament `actor` manages: 404 when there is no such
/// table (or the tournament is hidden from them), 403 for another club's public tournament.
pub fn open_table(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<ScorerTable, AppError> {
    let t = managed(conn, actor, slug)?;
    let d = tournaments::detail(conn, t)?;
    let id = table_id(&d, round, table).ok_or(AppError::NotFound)?;
    table_by_id(conn, id)?.ok_or(AppError::NotFound)
}

fn table_id(d: &TournamentDetail, round: i32, table: i32) -> Option<TableId> {
    d.rounds
        .iter()
        .find(|r| r.number == round)?
        .tables
        .iter()
        .find(|t| t.number == table)
        .map(|t| t.id)
}

/// One table in the round's overview.
#[derive(Debug, Clone)]
pub struct TableSummary {
    pub number: i32,
    /// Short names per side (a team without its players), in side order.
    pub seats: Vec<String>,
    /// Live deals (confirmed or waiting).
    pub deals: usize,
    /// The referee's result over the confirmed deals only: what counts (`None` when they
    /// break a rule).
    pub counted: Option<Report>,
    pub counted_deals: usize,
    /// When the last version of any of its deals was written.
    pub last_entry: Option<NaiveDateTime>,
    /// Deals waiting for confirmation.
    pub pending: usize,
    pub finished: bool,
}

/// The round's tables for the overview.
#[derive(Debug, Clone)]
pub struct RoundTables {
    pub tournament: String,
    pub closed: bool,
    pub confirmation: Confirmation,
    pub tables: Vec<TableSummary>,
}

/// Every table of round `round` with its state (the tournament's managers only).
pub fn round_tables(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    round: i32,
    lang: Lang,
) -> Result<RoundTables, AppError> {
    let t = managed(conn, actor, slug)?;
    let d = tournaments::detail(conn, t)?;
    let r = d
        .rounds
        .iter()
        .find(|r| r.number == round)
        .ok_or(AppError::NotFound)?;
    let games = d.tournament.settings.as_ref().and_then(|s| s.games);
    let mut tables = Vec::new();
    for view in &r.tables {
        let st = table_by_id(conn, view.id)?.ok_or(AppError::NotFound)?;
        let versions = DealVersionRow::of_table(conn, view.id)?;
        let state = entry::state(conn, &st, lang)?;
        let counted_live: Vec<&LiveDeal> = state.live.iter().take_while(|d| d.confirmed).collect();
        let counted = counted_report(&st, &counted_live, lang)?;
        // A session's table is done with its session's deals confirmed; a rounds table when
        // the referee says its match is over.
        let sessions = d.tournament.format == crate::tournament::format::Format::Sessions;
        let finished = if sessions && !st.knockout {
            super::limit::reached(&st, counted_live.len(), || Ok(0))?.is_some()
        } else {
            counted.as_ref().is_some_and(|r| finished(r, games))
        };
        tables.push(TableSummary {
            number: view.number,
            seats: short_names(&d, &view.seats),
            deals: state.live.len(),
            counted_deals: counted_live.len(),
            last_entry: versions.iter().map(|v| v.created_at).max(),
            pending: state.live.iter().filter(|d| !d.confirmed).count(),
            finished,
            counted,
        });
    }
    Ok(RoundTables {
        tournament: d.tournament.name.clone(),
        closed: r.closed,
        confirmation: confirmation(conn, d.tournament.id)?,
        tables,
    })
}

/// The referee's result over the counted deals; `None` when they break a rule.
fn counted_report(
    st: &ScorerTable,
    live: &[&LiveDeal],
    lang: Lang,
) -> Result<Option<Report>, AppError> {
    let deals = live.iter().map(|d| Written::Deal(d.record.clone()));
    let record = entry::with_deals(st, deals, lang)?;
    Ok(match entry::verdict(live.len(), entry::run(record, lang)) {
        Verdict::Valid(report) => Some(report),
        Verdict::Broken { .. } => None,
    })
}

/// Whether the table's match is over, per the referee's result over what counts: a Gaigel
/// match whose tally names a winner; with a fixed number of games per table, that many
/// games; otherwise (the record decides) at least one game and no game begun after it.
pub fn finished(report: &Report, games: Option<u32>) -> bool {
    if report.match_winner().is_some() {
        return true;
    }
    let played = report.games();
    let last_ended = report.last_deal_view().is_some_and(|d| d.ends_game());
    match games {
        Some(n) => played >= n as usize,
        None => played > 0 && last_ended,
    }
}
