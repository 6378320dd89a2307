//! Creating, reading and listing tournaments (their players and teams are entered in
//! [`super::entrants`]); the tournament file built from the database (export) and the
//! standings computed from it.

use super::{Actor, corrupt, managed, slug};
use crate::db::models::tournaments::NewTournamentRow;
use crate::db::models::{TournamentId, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{TextField, TournamentRefusal};
use crate::rules::Game;
use crate::rules::Variant;
use crate::rules::match_record::Options;
use crate::service::audit_detail::{AuditDetail, TournamentCreated, Visibility};
use crate::text::{Kind, Text};
use crate::tournament::file::{TournamentFile, written_options};
use crate::tournament::format::{Format, Settings};
use chrono::{Datelike, NaiveDate, NaiveDateTime};
use serde::Serialize;

/// The engine version recorded in a frozen rule set.
pub const ENGINE: &str = "kartl-rules/1";

pub use super::tournament::Tournament;
pub(crate) use super::view::detail;
pub use super::view::{
    CurrentDeals, EntrantPlayer, EntrantTeam, RoundView, TableView, TournamentDetail, audit_log,
    current_deals, deal_history, evaluate_file, export, get, list, load_file, standings,
};

/// Where a tournament stands.
pub use crate::db::models::TournamentStatus as Status;

/// The first and last year a tournament may be dated in: anything outside is a typing slip
/// (`0000-01-01`, `20226-11-21`), and no export should have to show it.
pub const FIRST_YEAR: i32 = 1900;
pub const LAST_YEAR: i32 = 2200;

/// Whether a tournament may carry this date.
pub fn date_in_range(date: NaiveDate) -> bool {
    (FIRST_YEAR..=LAST_YEAR).contains(&date.year())
}

/// What a secretary fills in to create a tournament.
#[derive(Debug, Clone)]
pub struct NewTournament {
    pub club_id: i32,
    pub name: String,
    pub date: Option<NaiveDate>,
    pub place: Option<String>,
    pub game: Game,
    pub variant: Option<Variant>,
    pub target: Option<u32>,
    pub options: Option<Options>,
    pub format: Format,
    pub settings: Option<Settings>,
    pub public: bool,
}

impl NewTournament {
    /// The header of a tournament file (no entrants, no rounds), checked like a file.
    fn as_file(&self) -> TournamentFile {
        TournamentFile {
            name: self.name.clone(),
            game: self.game,
            variant: self.variant,
            target: self.target,
            options: self.options.as_ref().map(written_options),
            format: self.format,
            players: Vec::new(),
            teams: Vec::new(),
            rounds: Vec::new(),
            settings: self.settings.clone(),
            date: None,
            place: None,
            marks: Vec::new(),
        }
    }
}

/// The rule set the referee applies: the record frame of every table plus the engine, as
/// `Record::from_rules` reads it. Fields in sorted order, the order it has always been stored
/// in.
#[derive(Debug, Serialize)]
struct RulesFrame {
    engine: &'static str,
    game: Game,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Options>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<u32>,
    variant: Variant,
}

/// The rule set of a file as it is stored; an error for options the record's types do not
/// read (no table could be refereed with them).
pub fn rules_frame(file: &TournamentFile) -> serde_json::Result<String> {
    serde_json::to_string(&RulesFrame {
        engine: ENGINE,
        game: file.game,
        options: file.typed_options()?,
        target: file.target,
        variant: file.variant(),
    })
}

/// Inserts the tournament row (inside the caller's transaction) with a free slug.
pub(crate) fn insert_row(
    conn: &mut DbConn,
    now: NaiveDateTime,
    new: &NewTournament,
    status: Status,
    rules_frozen: Option<&str>,
) -> Result<(TournamentId, String), AppError> {
    let name = Text::parse(&new.name, Kind::Title)
        .map_err(super::refused_text(TextField::TournamentName))?;
    let name = name.as_str();
    let place = new
        .place
        .as_deref()
        .map(|p| Text::optional(p, Kind::Title))
        .transpose()
        .map_err(super::refused_text(TextField::Place))?
        .flatten();
    if let Some(date) = new.date
        && !date_in_range(date)
    {
        return Err(TournamentRefusal::DateRange {
            date: date.format("%Y-%m-%d").to_string(),
            first: FIRST_YEAR,
            last: LAST_YEAR,
        }
        .into());
    }
    let file = new.as_file();
    if !file.problems().is_empty() {
        return Err(TournamentRefusal::Inconsistent.into());
    }
    db::lock_table(conn, "tournaments")?;
    let stem = slug::stem(name, new.date.map(|d| d.year()));
    let slug = slug::unguessable(&stem, |s| TournamentRow::slug_taken(conn, s))?;
    let date = new.date.map(|d| d.format("%Y-%m-%d").to_string());
    let options = serde_json::to_string(&new.options).map_err(|e| corrupt("options", e))?;
    let settings = serde_json::to_string(&new.settings).map_err(|e| corrupt("settings", e))?;
    let id = TournamentRow::insert(
        conn,
        NewTournamentRow {
            slug: &slug,
            club_id: new.club_id,
            name,
            date: date.as_deref(),
            place: place.as_ref().map(Text::as_str),
            game: new.game,
            variant: file.variant(),
            target: new.target.map(|t| t as i32),
            options: &options,
            format: new.format,
            settings: &settings,
            rules_frozen,
            public: new.public,
            status,
            created_at: now,
        },
    )?;
    Ok((id, slug))
}

/// Creates a tournament (no entrants yet) for the actor's club; returns its slug.
pub fn create(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    new: &NewTournament,
) -> Result<String, AppError> {
    if !actor.may_manage(new.club_id) {
        return Err(AppError::Forbidden);
    }
    db::write(conn, |conn| {
        let (id, slug) = insert_row(conn, now, new, Status::Setup, None)?;
        audit(
            conn,
            id,
            actor,
            now,
            TournamentCreated { slug: slug.clone() }.into(),
        )?;
        Ok(slug)
    })
}

pub(crate) fn audit(
    conn: &mut DbConn,
    id: TournamentId,
    actor: &Actor,
    now: NaiveDateTime,
    detail: AuditDetail,
) -> Result<(), AppError> {
    let at = crate::db::models::rounds::NewAuditEvent::of_tournament(id.0, &actor.name, now);
    crate::db::models::AuditEventRow::insert(conn, at, &detail)?;
    Ok(())
}

/// Makes a tournament public or private.
pub fn set_public(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    public: bool,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        TournamentRow::set_public(conn, t.id(), public)?;
        audit(conn, t.id(), actor, now, Visibility { public }.into())
    })
}
