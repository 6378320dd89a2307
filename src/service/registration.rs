//! Registering many entrants at once (the secretary's list import, issue 6): all of them in
//! one transaction or none. `tournaments::add_player` and `add_team` each open their own
//! transaction, which cannot nest on SQLite (`BEGIN IMMEDIATE`), so a list of fifty would be
//! fifty transactions and a failure at the thirtieth would leave twenty-nine behind. Same
//! rows, same audit events as those two.

use super::tournaments::{Status, audit, insert_team};
use super::{Actor, managed};
use crate::db::models::tournaments::{NewEntrant, NewPlayer};
use crate::db::models::{EntrantRow, PlayerRow, TeamRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::tournament::file::Variant;
use crate::web::AppError;
use chrono::NaiveDateTime;

/// A player to enter: the name as shown, and a start number if the list gives one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntry {
    pub name: String,
    pub start_no: Option<i32>,
}

/// A team to enter with its players (new players, in seat order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTeamEntry {
    pub name: String,
    pub members: Vec<NewEntry>,
}

/// The first of `{prefix}1`, `{prefix}2`, ... not in `used`.
fn next_id(prefix: &str, used: &[String]) -> String {
    (1..)
        .map(|n| format!("{prefix}{n}"))
        .find(|id| !used.contains(id))
        .unwrap_or_default()
}

/// The tournament if the actor manages it and its field is still open.
fn open_field(conn: &mut DbConn, actor: &Actor, slug: &str) -> Result<TournamentRow, AppError> {
    let t = managed(conn, actor, slug)?;
    if t.status != Status::Setup.as_str() {
        return Err(AppError::BadRequest(
            "the first round is drawn: the field is fixed".into(),
        ));
    }
    Ok(t)
}

/// Adds the players in one transaction; returns their entrant ids in order. A start number
/// already taken (by someone registered meanwhile) refuses the whole list (409).
fn insert_players(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    t: &TournamentRow,
    entries: &[NewEntry],
) -> Result<Vec<String>, AppError> {
    let entrants = EntrantRow::of(conn, t.id())?;
    let mut used: Vec<String> = entrants.iter().map(|(e, _)| e.entrant_id.clone()).collect();
    let mut numbers: Vec<i32> = entrants.iter().filter_map(|(_, p)| p.start_no).collect();
    let mut ids = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let name = entry.name.trim();
        if name.is_empty() {
            return Err(AppError::BadRequest("the player needs a name".into()));
        }
        if let Some(n) = entry.start_no {
            if numbers.contains(&n) {
                return Err(AppError::Conflict);
            }
            numbers.push(n);
        }
        let entrant_id = next_id("p", &used);
        let player = PlayerRow::insert(
            conn,
            &NewPlayer {
                club_id: t.club_id,
                name,
                start_no: entry.start_no,
                created_at: now,
            },
        )?;
        EntrantRow::insert(
            conn,
            &NewEntrant {
                tournament_id: t.id,
                player_id: player.0,
                entrant_id: &entrant_id,
                position: (entrants.len() + i) as i32,
            },
        )?;
        let detail = serde_json::json!({"entrant": entrant_id, "name": name});
        audit(conn, t.id(), actor, now, "player_added", detail)?;
        used.push(entrant_id.clone());
        ids.push(entrant_id);
    }
    Ok(ids)
}

/// Adds players (all or none); returns their entrant ids (`p1`, ...).
pub fn add_players(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    entries: &[NewEntry],
) -> Result<Vec<String>, AppError> {
    db::write(conn, |conn| {
        let t = open_field(conn, actor, slug)?;
        insert_players(conn, actor, now, &t, entries)
    })
}

/// Adds teams with their new players (all or none); returns the teams' entrant ids (`t1`, ...).
pub fn add_teams(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    teams: &[NewTeamEntry],
) -> Result<Vec<String>, AppError> {
    db::write(conn, |conn| {
        let t = open_field(conn, actor, slug)?;
        let variant: Variant = serde_json::from_value(serde_json::Value::String(t.variant.clone()))
            .map_err(|e| super::corrupt("variant", e))?;
        if variant.individual() {
            return Err(AppError::BadRequest(
                "players play for themselves in this variant: no teams".into(),
            ));
        }
        let existing = TeamRow::of(conn, t.id())?;
        let mut used: Vec<String> = existing.iter().map(|x| x.entrant_id.clone()).collect();
        used.extend(
            EntrantRow::of(conn, t.id())?
                .into_iter()
                .map(|(e, _)| e.entrant_id),
        );
        let mut ids = Vec::with_capacity(teams.len());
        for (i, team) in teams.iter().enumerate() {
            if team.members.len() != variant.team_size() || team.name.trim().is_empty() {
                return Err(AppError::BadRequest(format!(
                    "a team has a name and {} players",
                    variant.team_size()
                )));
            }
            let members = insert_players(conn, actor, now, &t, &team.members)?;
            used.extend(members.iter().cloned());
            let entrants = EntrantRow::of(conn, t.id())?;
            let player_ids: Vec<i32> = members
                .iter()
                .filter_map(|m| entrants.iter().find(|(e, _)| &e.entrant_id == m))
                .map(|(e, _)| e.player_id)
                .collect();
            let entrant_id = next_id("t", &used);
            let name = team.name.trim();
            let position = (existing.len() + i) as i32;
            insert_team(conn, t.id(), &entrant_id, name, position, &player_ids)?;
            let detail =
                serde_json::json!({"entrant": entrant_id, "name": name, "players": members});
            audit(conn, t.id(), actor, now, "team_added", detail)?;
            used.push(entrant_id.clone());
            ids.push(entrant_id);
        }
        Ok(ids)
    })
}
