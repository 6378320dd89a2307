//! The cup file of a stored cup (`docs/reference/cups.md`): its rules and its counted
//! evenings, each the tournament file the tournament's own JSON export gives, with one
//! change: every player's id is the cup's person key (the register id of the person, after
//! the organiser's links), so that `kartl standings` and `POST /api/v1/standings` find one
//! person across the evenings and answer the cup page's standings.

use super::Cup;
use super::standings::{counted_evenings, person_key};
use crate::db::DbConn;
use crate::error::AppError;
use crate::tournament::cup::PlacePoints;
use crate::tournament::file::TournamentFile;
use serde_json::{Value, json};
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

/// The cup file as JSON.
pub fn cup_file(conn: &mut DbConn, cup: &Cup) -> Result<Value, AppError> {
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
        PlacePoints::Table(t) => json!(t),
        PlacePoints::FieldLessPlace => json!("field_less_place"),
    };
    let tiebreaks: Vec<&str> = cup
        .rules
        .tiebreaks
        .iter()
        .map(|t| super::tiebreak_name(*t))
        .collect();
    let mut out = json!({
        "cup": cup.row.name,
        "game": cup.game.as_str(),
        "points": points,
        "min_evenings": cup.rules.min_evenings,
        "tiebreaks": tiebreaks,
        "evenings": evenings,
    });
    if let Some(n) = cup.rules.best_of {
        out["best_of"] = json!(n);
    }
    Ok(out)
}
