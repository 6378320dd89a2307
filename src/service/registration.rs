//! Registering many entrants from the pages at once (the secretary's list): all of
//! them in one transaction or none, through the same transaction-free helpers as
//! `entrants::add_player` and `add_team` (same rows, same audit events). The pages check
//! the list first (`tournament::registration`) and word every bad row; these functions are the
//! last guard, refusing the whole list on any problem. After the first draw the same lists
//! are late entries (`field::mark_late`): drawn from the next round on.

use super::entrants::{Field, enter_player, enter_team};
use super::field::{mark_late, require_open};
use super::{Actor, managed};
use crate::db::{self, DbConn};
use crate::error::AppError;
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

/// Adds players (all or none); returns their entrant ids (`p1`, ...).
pub fn add_players(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    entries: &[NewEntry],
) -> Result<Vec<String>, AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        require_open(conn, &t)?;
        let mut field = Field::load(conn, &t)?;
        let ids = entries
            .iter()
            .map(|e| enter_player(conn, &t, &mut field, actor, now, &e.name, e.start_no))
            .collect::<Result<Vec<String>, AppError>>()?;
        mark_late(conn, &t, actor, now, &ids)?;
        Ok(ids)
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
        let t = managed(conn, actor, slug)?;
        require_open(conn, &t)?;
        let mut field = Field::load(conn, &t)?;
        let mut ids = Vec::with_capacity(teams.len());
        for team in teams {
            let members = team
                .members
                .iter()
                .map(|m| enter_player(conn, &t, &mut field, actor, now, &m.name, m.start_no))
                .collect::<Result<Vec<String>, AppError>>()?;
            ids.push(enter_team(conn, &t, actor, now, &team.name, &members)?);
        }
        mark_late(conn, &t, actor, now, &ids)?;
        Ok(ids)
    })
}
