//! Registering many entrants from the pages at once (the secretary's list): all of
//! them in one transaction or none, with the same checks, rows and audit events as
//! `entrants::add_player` and `add_team`. The pages check the list first
//! (`tournament::registration`) and word every bad row; these functions are the last guard,
//! refusing the whole list on any problem. After the first draw the same lists are late
//! entries (`field::mark_late`): drawn from the next round on.
//!
//! The field is read once and every row made before the write ([`super::entry_rows`]); the
//! write transaction then only checks that the field is unchanged and stores the rows in
//! batches, so a long list holds the write lock for a moment, not for the whole check.

use super::entry_rows::{Mark, Rows, Snapshot, store};
use super::field::{mark_late, require_open};
use super::{Actor, managed};
use crate::db::models::TournamentRow;
use crate::db::{self, DbConn};
use crate::error::AppError;
use chrono::NaiveDateTime;

/// A player to enter: the name as shown, and a start number if the list gives one;
/// `register` names the club's register record picked (then its name is used), `None` adds
/// a new person to the register.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewEntry {
    pub name: String,
    pub start_no: Option<i32>,
    pub register: Option<i32>,
}

/// A team to enter with its players (in seat order).
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
    enter_all(conn, actor, now, slug, |_, field| {
        let mut rows = Rows::default();
        for e in entries {
            rows.player(field, &e.name, e.start_no, e.register)?;
        }
        rows.ids = rows.player_ids();
        Ok(rows)
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
    enter_all(conn, actor, now, slug, |t, field| {
        let mut rows = Rows::default();
        for team in teams {
            let members = team
                .members
                .iter()
                .map(|m| rows.player(field, &m.name, m.start_no, m.register))
                .collect::<Result<Vec<usize>, AppError>>()?;
            let id = rows.team(field, t, &team.name, members)?;
            rows.ids.push(id);
        }
        Ok(rows)
    })
}

/// How often the rows are made again when the field changed between the read and the write
/// before the list is refused as a conflict (another secretary entering at the same moment).
const ATTEMPTS: usize = 3;

/// Reads the field, makes the rows with `make` (no transaction open), then writes them in one
/// transaction that first checks the tournament is still open and its field unchanged.
fn enter_all(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    make: impl Fn(&TournamentRow, &mut Snapshot) -> Result<Rows, AppError>,
) -> Result<Vec<String>, AppError> {
    for _ in 0..ATTEMPTS {
        let t = managed(conn, actor, slug)?;
        require_open(conn, &t)?;
        let mut field = Snapshot::load(conn, &t)?;
        let rows = make(&t, &mut field)?;
        let written = db::write(conn, |conn| {
            let t = managed(conn, actor, slug)?;
            require_open(conn, &t)?;
            if Mark::read(conn, &t)? != field.mark {
                return Ok(None);
            }
            store(conn, &t, actor, now, &rows)?;
            mark_late(conn, &t, actor, now, &rows.ids)?;
            Ok(Some(()))
        })?;
        if written.is_some() {
            return Ok(rows.ids);
        }
    }
    Err(AppError::Conflict)
}
