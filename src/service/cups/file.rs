//! The cup file of a stored cup (`docs/reference/cups.md`): its rules and its counted
//! evenings, each the tournament file the tournament's own JSON export gives, with one
//! change: every player's id is the cup's person key (the register id of the person, after
//! the organiser's links), so that `kartl standings` and `POST /api/v1/standings` find one
//! person across the evenings and answer the cup page's standings.

use super::Cup;
use super::standings::{counted_evenings, person_key};
use crate::db::DbConn;
use crate::error::AppError;
use crate::rules::Game;
use crate::tournament::cup::{CupTiebreak, PlacePoints};
use crate::tournament::cup_file::{NamedPoints, PointsSpec};
use crate::tournament::file::TournamentFile;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// Renames the players of `file` by `ids` (file id to new id) wherever they are named.
fn rename_players(file: &mut TournamentFile, ids: &BTreeMap<String, String>) {
    let new = |id: &mut String| {
        if let Some(n) = ids.get(id.as_str()) {
            *id = n.clone();
        }
    };
    for p in &mut file.players {
        new(&mut p.id);
    }
    for t in &mut file.teams {
        t.players.iter_mut().for_each(new);
    }
    for r in &mut file.rounds {
        r.byes.iter_mut().for_each(new);
        for t in &mut r.tables {
            t.seats.iter_mut().for_each(new);
        }
    }
}

/// The cup file as it is written (`docs/reference/cups.md`); [`crate::tournament::cup_file::CupFile`]
/// reads it. Fields in sorted order, the order the cup file has always been written in.
#[derive(Debug, Serialize)]
pub struct CupFileOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_of: Option<u32>,
    pub cup: String,
    /// Each counted evening's tournament file as a JSON value: the cup file has always
    /// written an evening's keys sorted (a value's order), where the tournament's own export
    /// writes the file's field order, so the evening stays a value here, where it leaves.
    pub evenings: Vec<Value>,
    pub game: Game,
    pub min_evenings: u32,
    pub points: PointsSpec,
    pub tiebreaks: Vec<CupTiebreak>,
}

/// The cup file of a stored cup.
pub fn cup_file(conn: &mut DbConn, cup: &Cup) -> Result<CupFileOut, AppError> {
    let (counted, links) = counted_evenings(conn, cup)?;
    let mut evenings = Vec::with_capacity(counted.len());
    for c in counted {
        let d = &c.detail;
        let ids: BTreeMap<String, String> = d
            .players
            .iter()
            .map(|p| (p.entrant_id.clone(), person_key(&links, p.player_id)))
            .collect();
        let mut file = d.file();
        rename_players(&mut file, &ids);
        evenings.push(serde_json::to_value(&file).map_err(|e| AppError::Internal(e.to_string()))?);
    }
    let points = match &cup.rules.points {
        PlacePoints::Table(t) => PointsSpec::Table(t.clone()),
        PlacePoints::FieldLessPlace => PointsSpec::Named(NamedPoints::FieldLessPlace),
    };
    Ok(CupFileOut {
        best_of: cup.rules.best_of,
        cup: cup.row.name.clone(),
        evenings,
        game: cup.game,
        min_evenings: cup.rules.min_evenings,
        points,
        tiebreaks: cup.rules.tiebreaks.clone(),
    })
}
