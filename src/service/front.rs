//! The public front door: the public tournaments for the home page (running first, then
//! those not begun, then finished ones) and a club's public page (its public tournaments and
//! its seasons with their public evenings). Only public tournaments, for everybody alike: a
//! private tournament is not named here even to its own secretary (their list is
//! `/tournaments`).

use super::seasons::{self, SeasonRow};
use super::tournaments::{Status, Tournament};
use crate::db::DbConn;
use crate::db::models::{Club, ClubId, TournamentRow};
use crate::db::schema::rounds;
use crate::error::AppError;
use diesel::prelude::*;
use std::collections::HashMap;

/// A public tournament as the front door lists it.
#[derive(Debug, Clone)]
pub struct Listed {
    pub tournament: Tournament,
    pub club: String,
    /// The highest round drawn (0 before the first draw).
    pub rounds: i32,
}

/// A club's public page.
#[derive(Debug, Clone)]
pub struct ClubFront {
    pub name: String,
    pub tournaments: Vec<Listed>,
    /// Each season with its public evenings in order (a season without one is left out).
    pub seasons: Vec<(SeasonRow, Vec<Listed>)>,
    /// The club's players with a public page (`service::player::public_of_club`).
    pub players: Vec<(i32, String)>,
}

/// Every public tournament: running ones first, then those not begun, then finished ones;
/// within each, the latest date first (undated last), then the newest.
pub fn listing(conn: &mut DbConn) -> Result<Vec<Listed>, AppError> {
    let rows: Vec<TournamentRow> = TournamentRow::all(conn)?
        .into_iter()
        .filter(|t| t.public)
        .collect();
    let mut out = listed(conn, rows)?;
    out.sort_by(|a, b| {
        rank(a.tournament.status)
            .cmp(&rank(b.tournament.status))
            .then(b.tournament.date.cmp(&a.tournament.date))
            .then(b.tournament.id.0.cmp(&a.tournament.id.0))
    });
    Ok(out)
}

/// The club's public page; 404 for a club that does not exist.
pub fn club(conn: &mut DbConn, id: i32) -> Result<ClubFront, AppError> {
    let club = Club::find(conn, ClubId(id))?.ok_or(AppError::NotFound)?;
    let tournaments: Vec<Listed> = listing(conn)?
        .into_iter()
        .filter(|t| t.tournament.club_id == id)
        .collect();
    let mut seasons_out = Vec::new();
    for (season, evenings) in seasons::of_club(conn, id)? {
        let shown = listed(conn, evenings.into_iter().filter(|t| t.public).collect())?;
        if !shown.is_empty() {
            seasons_out.push((season, shown));
        }
    }
    Ok(ClubFront {
        name: club.name,
        tournaments,
        seasons: seasons_out,
        players: super::player::public_of_club(conn, id)?,
    })
}

fn rank(s: Status) -> u8 {
    match s {
        Status::Running => 0,
        Status::Setup => 1,
        Status::Finished => 2,
    }
}

/// The rows with their club's name and their highest round.
fn listed(conn: &mut DbConn, rows: Vec<TournamentRow>) -> Result<Vec<Listed>, AppError> {
    let clubs: HashMap<i32, String> = Club::all(conn)?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let ids: Vec<i32> = rows.iter().map(|t| t.id).collect();
    let highest: HashMap<i32, i32> = rounds::table
        .filter(rounds::tournament_id.eq_any(&ids))
        .group_by(rounds::tournament_id)
        .select((rounds::tournament_id, diesel::dsl::max(rounds::number)))
        .load::<(i32, Option<i32>)>(conn)?
        .into_iter()
        .map(|(t, n)| (t, n.unwrap_or(0)))
        .collect();
    rows.into_iter()
        .map(|row| {
            let (id, club_id) = (row.id, row.club_id);
            Ok(Listed {
                club: clubs.get(&club_id).cloned().unwrap_or_default(),
                rounds: highest.get(&id).copied().unwrap_or(0),
                tournament: Tournament::try_from(row)?,
            })
        })
        .collect()
}
