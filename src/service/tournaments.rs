//! Creating, reading and listing tournaments, their players and teams; the tournament file
//! built from the database (export) and the standings computed from it.

use super::{Actor, corrupt, managed, slug};
use crate::db::models::tournaments::{
    NewEntrant, NewPlayer, NewTeam, NewTournamentRow, TeamMemberRow,
};
use crate::db::models::{EntrantRow, PlayerRow, TeamRow, TournamentId, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::rules::Game;
use crate::rules::Variant;
use crate::text::{Kind, Text};
use crate::tournament::file::TournamentFile;
use crate::tournament::format::{Format, Settings};
use chrono::{Datelike, NaiveDate, NaiveDateTime};
use serde_json::{Map, Value};
use std::collections::HashSet;

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

fn enum_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

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
    pub options: Option<Map<String, Value>>,
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
            options: self.options.clone(),
            format: self.format,
            players: Vec::new(),
            teams: Vec::new(),
            rounds: Vec::new(),
            settings: self.settings.clone(),
        }
    }
}

/// The rule set the referee applies: the record frame of every table plus the engine.
pub fn rules_frame(file: &TournamentFile) -> Value {
    let mut frame = Map::new();
    frame.insert("game".into(), Value::String(enum_text(&file.game)));
    frame.insert("variant".into(), Value::String(enum_text(&file.variant())));
    if let Some(target) = file.target {
        frame.insert("target".into(), target.into());
    }
    if let Some(options) = &file.options {
        frame.insert("options".into(), Value::Object(options.clone()));
    }
    frame.insert("engine".into(), ENGINE.into());
    Value::Object(frame)
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
        .map_err(|e| AppError::BadRequest(format!("the tournament's name {e}")))?;
    let name = name.as_str();
    let place = new
        .place
        .as_deref()
        .map(|p| Text::optional(p, Kind::Title))
        .transpose()
        .map_err(|e| AppError::BadRequest(format!("the place {e}")))?
        .flatten();
    if let Some(date) = new.date
        && !date_in_range(date)
    {
        return Err(AppError::BadRequest(format!(
            "the date {date} is not between {FIRST_YEAR} and {LAST_YEAR}"
        )));
    }
    let file = new.as_file();
    if let Some(p) = file.problems().into_iter().next() {
        return Err(AppError::BadRequest(p.to_string()));
    }
    db::lock_table(conn, "tournaments")?;
    let stem = slug::stem(name, new.date.map(|d| d.year()));
    let slug = slug::unguessable(&stem, |s| TournamentRow::slug_taken(conn, s))?;
    let date = new.date.map(|d| d.format("%Y-%m-%d").to_string());
    let options = serde_json::to_string(&new.options).map_err(|e| corrupt("options", e))?;
    let settings = serde_json::to_string(&new.settings).map_err(|e| corrupt("settings", e))?;
    let id = TournamentRow::insert(
        conn,
        &NewTournamentRow {
            slug: &slug,
            club_id: new.club_id,
            name,
            date: date.as_deref(),
            place: place.as_ref().map(Text::as_str),
            game: &enum_text(&new.game),
            variant: &enum_text(&file.variant()),
            target: new.target.map(|t| t as i32),
            options: &options,
            format: &enum_text(&new.format),
            settings: &settings,
            rules_frozen,
            public: new.public,
            status: status.as_str(),
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
            "tournament_created",
            serde_json::json!({"slug": slug}),
        )?;
        Ok(slug)
    })
}

pub(crate) fn audit(
    conn: &mut DbConn,
    id: TournamentId,
    actor: &Actor,
    now: NaiveDateTime,
    action: &str,
    detail: Value,
) -> Result<(), AppError> {
    crate::db::models::AuditEventRow::insert(
        conn,
        &crate::db::models::rounds::NewAuditEvent {
            tournament_id: id.0,
            table_id: None,
            deal_version_id: None,
            actor: &actor.name,
            action,
            detail: &detail.to_string(),
            reason: None,
            ip: None,
            created_at: now,
        },
    )?;
    Ok(())
}

/// The first of `{prefix}1`, `{prefix}2`, ... not in `used`.
fn next_id(prefix: &str, used: &[String]) -> String {
    (1..)
        .map(|n| format!("{prefix}{n}"))
        .find(|id| !used.contains(id))
        .unwrap_or_default()
}

/// Adds a new club player to the tournament; returns the id the tournament file uses for them
/// (`p1`, `p2`, ...).
pub fn add_player(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    name: &str,
    start_no: Option<i32>,
) -> Result<String, AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        super::field::require_open(conn, &t)?;
        let mut field = Field::load(conn, &t)?;
        let id = enter_player(conn, &t, &mut field, actor, now, name, start_no)?;
        super::field::mark_late(conn, &t, actor, now, std::slice::from_ref(&id))?;
        Ok(id)
    })
}

/// What adding players must know of the field already entered: the ids and start numbers
/// taken and how many there are. Loaded once per transaction and kept up to date by
/// [`enter_player`], so a list of 1,000 names reads the field once, not 1,000 times.
pub(crate) struct Field {
    ids: HashSet<String>,
    start_nos: HashSet<i32>,
    /// The players' names as compared (`name_key`).
    names: HashSet<String>,
    count: usize,
}

/// A name as two registrations of it are compared: case and surrounding space aside (the
/// pages' `Existing::key`, stored as `name_key` under a unique index).
fn name_key(name: &str) -> String {
    crate::tournament::registration::Existing::key(name)
}

impl Field {
    pub(crate) fn load(conn: &mut DbConn, t: &TournamentRow) -> Result<Field, AppError> {
        let entrants = EntrantRow::of(conn, t.id())?;
        Ok(Field {
            count: entrants.len(),
            start_nos: entrants.iter().filter_map(|(_, p)| p.start_no).collect(),
            names: entrants.iter().map(|(_, p)| name_key(&p.name)).collect(),
            ids: entrants.into_iter().map(|(e, _)| e.entrant_id).collect(),
        })
    }

    /// The first of `p1`, `p2`, ... not taken (as [`next_id`], with a set to look in).
    fn next_player_id(&self) -> String {
        (1..)
            .map(|n| format!("p{n}"))
            .find(|id| !self.ids.contains(id))
            .unwrap_or_default()
    }
}

/// Adds a player inside the caller's transaction (the tournament checked and in setup).
pub(crate) fn enter_player(
    conn: &mut DbConn,
    t: &TournamentRow,
    field: &mut Field,
    actor: &Actor,
    now: NaiveDateTime,
    name: &str,
    start_no: Option<i32>,
) -> Result<String, AppError> {
    let name = Text::parse(name, Kind::Entrant)
        .map_err(|e| AppError::BadRequest(format!("the player's name {e}")))?;
    let name = name.as_str();
    // Checked here, inside the write, and by the unique index: two registrations of one
    // name racing each other cannot both be stored (the loser reads `Conflict`).
    let key = name_key(name);
    if field.names.contains(&key) {
        return Err(AppError::Conflict);
    }
    if let Some(no) = start_no
        && field.start_nos.contains(&no)
    {
        return Err(AppError::BadRequest(format!("start number {no} is taken")));
    }
    let entrant_id = field.next_player_id();
    let player = PlayerRow::insert(
        conn,
        &NewPlayer {
            club_id: t.club_id,
            name,
            start_no,
            created_at: now,
        },
    )?;
    EntrantRow::insert(
        conn,
        &NewEntrant {
            tournament_id: t.id,
            player_id: player.0,
            entrant_id: &entrant_id,
            position: field.count as i32,
            name_key: Some(&key),
        },
    )?;
    field.ids.insert(entrant_id.clone());
    field.names.insert(key);
    field.start_nos.extend(start_no);
    field.count += 1;
    let detail = serde_json::json!({"entrant": entrant_id, "name": name});
    audit(conn, t.id(), actor, now, "player_added", detail)?;
    Ok(entrant_id)
}

/// Adds a team of the tournament's players (their entrant ids); returns the team's id (`t1`,
/// `t2`, ...). Pairs for the partnership games, threes for Gaigel `six`.
pub fn add_team(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    name: &str,
    members: &[String],
) -> Result<String, AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        super::field::require_open(conn, &t)?;
        let id = enter_team(conn, &t, actor, now, name, members)?;
        super::field::mark_late(conn, &t, actor, now, std::slice::from_ref(&id))?;
        Ok(id)
    })
}

/// Adds a team inside the caller's transaction (the tournament checked and in setup).
pub(crate) fn enter_team(
    conn: &mut DbConn,
    t: &TournamentRow,
    actor: &Actor,
    now: NaiveDateTime,
    name: &str,
    members: &[String],
) -> Result<String, AppError> {
    {
        let tournament = Tournament::try_from(t.clone())?;
        if tournament.individual() {
            return Err(AppError::BadRequest(
                "players play for themselves in this variant: no teams".into(),
            ));
        }
        if members.len() != tournament.variant.team_size() {
            return Err(AppError::BadRequest(format!(
                "a team has {} players",
                tournament.variant.team_size()
            )));
        }
        let entrants = EntrantRow::of(conn, t.id())?;
        let teams = TeamRow::of(conn, t.id())?;
        let taken: Vec<(i32, i32)> = TeamRow::members(conn, t.id())?;
        let mut player_ids = Vec::new();
        for m in members {
            let Some((e, _)) = entrants.iter().find(|(e, _)| &e.entrant_id == m) else {
                return Err(AppError::BadRequest(format!("unknown player {m:?}")));
            };
            if taken.iter().any(|(_, p)| *p == e.player_id) || player_ids.contains(&e.player_id) {
                return Err(AppError::BadRequest(format!(
                    "{m:?} already plays in a team"
                )));
            }
            player_ids.push(e.player_id);
        }
        let mut used: Vec<String> = teams.iter().map(|x| x.entrant_id.clone()).collect();
        used.extend(entrants.iter().map(|(e, _)| e.entrant_id.clone()));
        let entrant_id = next_id("t", &used);
        let name = match name.trim() {
            "" => members
                .iter()
                .filter_map(|m| entrants.iter().find(|(e, _)| &e.entrant_id == m))
                .map(|(_, p)| p.name.clone())
                .collect::<Vec<_>>()
                .join(" / "),
            n => n.to_string(),
        };
        let name = Text::parse(&name, Kind::Entrant)
            .map_err(|e| AppError::BadRequest(format!("the team's name {e}")))?
            .into_string();
        let key = name_key(&name);
        if teams.iter().any(|x| name_key(&x.name) == key) {
            return Err(AppError::Conflict);
        }
        insert_team(
            conn,
            t.id(),
            &entrant_id,
            &name,
            Some(&key),
            teams.len() as i32,
            &player_ids,
        )?;
        let detail = serde_json::json!({"entrant": entrant_id, "name": name, "players": members});
        audit(conn, t.id(), actor, now, "team_added", detail)?;
        Ok(entrant_id)
    }
}

pub(crate) fn insert_team(
    conn: &mut DbConn,
    tournament: TournamentId,
    entrant_id: &str,
    name: &str,
    name_key: Option<&str>,
    position: i32,
    player_ids: &[i32],
) -> Result<(), AppError> {
    let team = TeamRow::insert(
        conn,
        &NewTeam {
            tournament_id: tournament.0,
            entrant_id,
            name,
            position,
            name_key,
        },
    )?;
    for (i, p) in player_ids.iter().enumerate() {
        TeamRow::add_member(
            conn,
            &TeamMemberRow {
                team_id: team,
                player_id: *p,
                position: i as i32,
            },
        )?;
    }
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
        audit(
            conn,
            t.id(),
            actor,
            now,
            "visibility",
            serde_json::json!({"public": public}),
        )
    })
}
