//! Merging two register records of one person ("Anna Huber" and the typo "Ana Huber"): the
//! history of the one merged away moves to the one kept, every entry (`tournament_players`)
//! and every team seat (`team_members`); joined team names follow the kept name. The merged
//! record stays, marked `merged_into`, and `player_merges` keeps exactly which rows moved and
//! what they were, so the administrator's undo puts back those rows and nothing else: every
//! standings table is then as before, byte for byte. Each tournament touched gets an event
//! (`players_merged`, `players_merge_undone`), which also renews its public pages.
//!
//! Two records that were entered in one tournament are two people (that tournament had them
//! both): such a merge is refused.

use super::register::{self, TeamBefore};
use super::tournaments::audit;
use super::{Actor, ActorKind};
use crate::db::models::TournamentId;
use crate::db::models::register::{self as rows, MergeRow, RegisterRow};
use crate::db::{self, DbConn};
use crate::error::{AppError, Message};
use crate::service::audit_detail::{PlayersMergeUndone, PlayersMerged};
use crate::tournament::registration::Existing;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// An entry that moved, with its compared name before.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct MovedEntry {
    id: i32,
    tournament: i32,
    key: Option<String>,
}

/// Everything a merge changed (stored as `player_merges.moved`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Moved {
    entrants: Vec<MovedEntry>,
    seats: Vec<i32>,
    teams: Vec<TeamBefore>,
}

impl Moved {
    fn tournaments(&self) -> BTreeSet<i32> {
        self.entrants.iter().map(|e| e.tournament).collect()
    }
}

fn refused(id: &'static str) -> AppError {
    AppError::Invalid(Message::new(id))
}

/// Merges record `merged` into record `kept` (both of a club `actor` manages); returns the
/// merge's id.
pub fn merge(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    kept: i32,
    merged: i32,
) -> Result<i32, AppError> {
    db::write(conn, |conn| {
        let k = register::get(conn, actor, kept)?;
        let m = register::get(conn, actor, merged)?;
        if kept == merged {
            return Err(refused("register-merge-error-same"));
        }
        if k.club_id != m.club_id {
            return Err(AppError::NotFound);
        }
        let moved = move_history(conn, &k, &m)?;
        RegisterRow::set_merged_into(conn, merged, Some(kept))?;
        let text = serde_json::to_string(&moved).map_err(|e| AppError::Internal(e.to_string()))?;
        let id = MergeRow::insert(conn, k.club_id, kept, merged, &text, &actor.name, now)?;
        for t in moved.tournaments() {
            let detail = PlayersMerged {
                kept,
                kept_name: k.name.clone(),
                merge: id,
                merged,
                merged_name: m.name.clone(),
            };
            audit(conn, TournamentId(t), actor, now, detail.into())?;
        }
        Ok(id)
    })
}

/// Moves `m`'s entries and seats to `k`; refuses when they share a tournament.
fn move_history(conn: &mut DbConn, k: &RegisterRow, m: &RegisterRow) -> Result<Moved, AppError> {
    let theirs: BTreeSet<i32> = rows::entries_of(conn, k.id)?
        .iter()
        .map(|e| e.tournament_id)
        .collect();
    let entries = rows::entries_of(conn, m.id)?;
    if entries.iter().any(|e| theirs.contains(&e.tournament_id)) {
        return Err(refused("register-merge-error-shared"));
    }
    let key = Existing::key(&k.name);
    let mut moved = Moved::default();
    for e in entries {
        rows::move_entry(conn, e.id, k.id, e.name_key.as_ref().map(|_| key.as_str()))?;
        moved.entrants.push(MovedEntry {
            id: e.id,
            tournament: e.tournament_id,
            key: e.name_key,
        });
    }
    let mut teams = Vec::new();
    for (seat, team) in rows::seats_of(conn, m.id)? {
        rows::move_seat(conn, seat, k.id)?;
        moved.seats.push(seat);
        teams.push(team);
    }
    moved.teams = register::follow_team_names(conn, k.id, &m.name, &teams)?;
    Ok(moved)
}

/// Undoes a merge (the administrator only): the rows it moved go back as they were, and the
/// merged record is listed again. An undone merge cannot be undone twice.
pub fn undo(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    merge_id: i32,
) -> Result<(), AppError> {
    if !matches!(actor.kind, ActorKind::Admin | ActorKind::CommandLine) {
        return Err(AppError::Forbidden);
    }
    db::write(conn, |conn| {
        let row = MergeRow::find(conn, merge_id)?.ok_or(AppError::NotFound)?;
        if row.undone_at.is_some() {
            return Err(refused("register-merge-error-undone"));
        }
        let moved: Moved =
            serde_json::from_str(&row.moved).map_err(|e| AppError::Internal(e.to_string()))?;
        for e in &moved.entrants {
            rows::move_entry(conn, e.id, row.merged_id, e.key.as_deref())?;
        }
        for seat in &moved.seats {
            rows::move_seat(conn, *seat, row.merged_id)?;
        }
        for t in &moved.teams {
            rows::set_team_name(conn, t.team, &t.name, t.key.as_deref())?;
        }
        RegisterRow::set_merged_into(conn, row.merged_id, None)?;
        MergeRow::set_undone(conn, merge_id, &actor.name, now)?;
        for t in moved.tournaments() {
            let detail = PlayersMergeUndone {
                kept: row.kept_id,
                merge: merge_id,
                merged: row.merged_id,
            };
            audit(conn, TournamentId(t), actor, now, detail.into())?;
        }
        Ok(())
    })
}

/// The club's merges, newest first (for the register page).
pub fn of_club(conn: &mut DbConn, actor: &Actor, club_id: i32) -> Result<Vec<MergeRow>, AppError> {
    if !actor.may_manage(club_id) {
        return Err(AppError::NotFound);
    }
    Ok(MergeRow::of_club(conn, club_id)?)
}
