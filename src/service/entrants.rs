//! Entering players and teams: one at a time from the pages (late entries marked as such), or
//! many in one transaction from a list ([`super::registration`]) or an import. Each gets the
//! next free id of the tournament file (`p1`, `t1`, ...) and an audit event.

use super::tournaments::{Tournament, audit};
use super::{Actor, managed};
use crate::db::models::tournaments::{NewEntrant, NewPlayer, NewTeam, TeamMemberRow};
use crate::db::models::{EntrantRow, PlayerRow, TeamRow, TournamentId, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{EntrantRefusal, TextField};
use crate::service::audit_detail::{PlayerAdded, TeamAdded};
use crate::text::{Kind, Text};
use chrono::NaiveDateTime;
use std::collections::HashSet;

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
pub(crate) fn name_key(name: &str) -> String {
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
    let name =
        Text::parse(name, Kind::Entrant).map_err(super::refused_text(TextField::PlayerName))?;
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
        return Err(EntrantRefusal::StartNumberTaken { number: no }.into());
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
            start_no,
            name_key: Some(&key),
        },
    )?;
    field.ids.insert(entrant_id.clone());
    field.names.insert(key);
    field.start_nos.extend(start_no);
    field.count += 1;
    let detail = PlayerAdded {
        entrant: entrant_id.clone(),
        name: name.to_string(),
        register: None,
    };
    audit(conn, t.id(), actor, now, detail.into())?;
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
            return Err(EntrantRefusal::NoTeams.into());
        }
        if members.len() != tournament.variant.team_size() {
            return Err(EntrantRefusal::TeamSize {
                size: tournament.variant.team_size(),
            }
            .into());
        }
        let entrants = EntrantRow::of(conn, t.id())?;
        let teams = TeamRow::of(conn, t.id())?;
        let taken: Vec<(i32, i32)> = TeamRow::members(conn, t.id())?;
        let mut player_ids = Vec::new();
        for m in members {
            let Some((e, _)) = entrants.iter().find(|(e, _)| &e.entrant_id == m) else {
                return Err(EntrantRefusal::UnknownPlayer { entrant: m.clone() }.into());
            };
            if taken.iter().any(|(_, p)| *p == e.player_id) || player_ids.contains(&e.player_id) {
                return Err(EntrantRefusal::InTeamAlready { entrant: m.clone() }.into());
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
            .map_err(super::refused_text(TextField::TeamName))?
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
        let detail = TeamAdded {
            entrant: entrant_id.clone(),
            name,
            players: members.to_vec(),
        };
        audit(conn, t.id(), actor, now, detail.into())?;
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
