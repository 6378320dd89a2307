//! A list of new entrants as rows, made before anything is written: the
//! field is read once, every entry is checked against it and against the entries before it,
//! and the write is then a few batched statements (`db::models::batch`) in one short
//! transaction. Reading the field once per team had made a list of 5,000 teams take over
//! two minutes, all of it holding SQLite's write lock.
//!
//! The rows are made outside the transaction, so the write first checks that the field is as
//! it was read ([`Mark`]); if another request changed it in between, the caller makes the rows
//! again. Two lists naming one player are still stopped by the unique index on the name.

use super::tournaments::Tournament;
use super::{Actor, entrants::name_key};
use crate::db::DbConn;
use crate::db::models::batch::{self, EntrantInsert, MemberInsert, PlayerInsert};
use crate::db::models::register::RegisterRow;
use crate::db::models::rounds::{AuditInsert, NewAuditEvent};
use crate::db::models::{EntrantRow, TeamRow, TournamentRow};
use crate::db::schema::{teams, tournament_players};
use crate::error::AppError;
use crate::error::refusal::{EntrantRefusal, TextField};
use crate::service::audit_detail::{AuditDetail, PlayerAdded, TeamAdded};
use crate::text::{Kind, Text};
use chrono::NaiveDateTime;
use diesel::dsl::{count_star, max};
use diesel::prelude::*;
use std::collections::{HashMap, HashSet};

/// How many players and teams the tournament has and the newest of each: any entry, removal
/// or re-entry since the field was read changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mark {
    players: (i64, Option<i32>),
    teams: (i64, Option<i32>),
}

impl Mark {
    pub(crate) fn read(conn: &mut DbConn, t: &TournamentRow) -> QueryResult<Mark> {
        let players = tournament_players::table
            .filter(tournament_players::tournament_id.eq(t.id))
            .select((count_star(), max(tournament_players::id)))
            .get_result(conn)?;
        let teams = teams::table
            .filter(teams::tournament_id.eq(t.id))
            .select((count_star(), max(teams::id)))
            .get_result(conn)?;
        Ok(Mark { players, teams })
    }
}

/// The field as read once: what new entries must not repeat.
pub(crate) struct Snapshot {
    pub(crate) mark: Mark,
    /// Entrant ids taken, players' and teams'.
    ids: HashSet<String>,
    start_nos: HashSet<i32>,
    /// Players' and teams' names as compared (`name_key`).
    player_names: HashSet<String>,
    team_names: HashSet<String>,
    players: usize,
    teams: usize,
    /// The club's register (records not merged away): id to name.
    register: HashMap<i32, String>,
    /// Register ids entered in the field already.
    entered: HashSet<i32>,
}

impl Snapshot {
    /// Reads the field: three queries, however large it is. The mark is read first, so a
    /// change made while the rows are read shows as a changed mark at the write.
    pub(crate) fn load(conn: &mut DbConn, t: &TournamentRow) -> Result<Snapshot, AppError> {
        let mark = Mark::read(conn, t)?;
        let entrants = EntrantRow::of(conn, t.id())?;
        let teams = TeamRow::of(conn, t.id())?;
        let mut ids: HashSet<String> = teams.iter().map(|x| x.entrant_id.clone()).collect();
        ids.extend(entrants.iter().map(|(e, _)| e.entrant_id.clone()));
        let register = RegisterRow::of_club(conn, t.club_id)?
            .into_iter()
            .map(|r| (r.id, r.name))
            .collect();
        Ok(Snapshot {
            register,
            entered: entrants.iter().map(|(_, p)| p.id).collect(),
            mark,
            ids,
            start_nos: entrants.iter().filter_map(|(_, p)| p.start_no).collect(),
            player_names: entrants.iter().map(|(_, p)| name_key(&p.name)).collect(),
            team_names: teams.iter().map(|x| name_key(&x.name)).collect(),
            players: entrants.len(),
            teams: teams.len(),
        })
    }

    /// The first of `{prefix}1`, `{prefix}2`, ... not taken; taken from then on.
    fn take_id(&mut self, prefix: &str) -> String {
        let id = (1..)
            .map(|n| format!("{prefix}{n}"))
            .find(|id| !self.ids.contains(id))
            .unwrap_or_default();
        self.ids.insert(id.clone());
        id
    }
}

struct NewPlayerRow {
    /// The register record picked; `None`: a new person, added to the register.
    existing: Option<i32>,
    name: String,
    start_no: Option<i32>,
    entrant_id: String,
    key: String,
    position: i32,
}

struct NewTeamRow {
    entrant_id: String,
    name: String,
    key: String,
    position: i32,
    /// Indexes into [`Rows::players`], in seat order.
    members: Vec<usize>,
}

/// Everything a list writes, checked; the audit events in the order entering one at a time
/// wrote them (each player, then its team).
#[derive(Default)]
pub(crate) struct Rows {
    players: Vec<NewPlayerRow>,
    teams: Vec<NewTeamRow>,
    events: Vec<AuditDetail>,
    /// The new entrants' ids: players for a list of players, teams for a list of teams.
    pub(crate) ids: Vec<String>,
}

impl Rows {
    /// The new players' entrant ids, in the order they were added.
    pub(crate) fn player_ids(&self) -> Vec<String> {
        self.players.iter().map(|p| p.entrant_id.clone()).collect()
    }

    /// Adds a player (checked as `entrants::enter_player` checks): the register's record
    /// `existing` under its register name, or a new person named `name`; returns its index.
    pub(crate) fn player(
        &mut self,
        field: &mut Snapshot,
        name: &str,
        start_no: Option<i32>,
        existing: Option<i32>,
    ) -> Result<usize, AppError> {
        let name = match existing {
            Some(id) => {
                let Some(name) = field.register.get(&id) else {
                    return Err(EntrantRefusal::NotInRegister { id }.into());
                };
                if !field.entered.insert(id) {
                    return Err(AppError::Conflict);
                }
                name.clone()
            }
            None => Text::parse(name, Kind::Entrant)
                .map_err(super::refused_text(TextField::PlayerName))?
                .into_string(),
        };
        let key = name_key(&name);
        if !field.player_names.insert(key.clone()) {
            return Err(AppError::Conflict);
        }
        if let Some(no) = start_no
            && !field.start_nos.insert(no)
        {
            return Err(EntrantRefusal::StartNumberTaken { number: no }.into());
        }
        let entrant_id = field.take_id("p");
        self.events.push(
            PlayerAdded {
                entrant: entrant_id.clone(),
                name: name.clone(),
                register: existing,
            }
            .into(),
        );
        self.players.push(NewPlayerRow {
            existing,
            name,
            start_no,
            entrant_id,
            key,
            position: field.players as i32,
        });
        field.players += 1;
        Ok(self.players.len() - 1)
    }

    /// Adds a team of players added just before (`members`: their indexes), checked as
    /// `entrants::enter_team` checks; returns its entrant id.
    pub(crate) fn team(
        &mut self,
        field: &mut Snapshot,
        t: &TournamentRow,
        name: &str,
        members: Vec<usize>,
    ) -> Result<String, AppError> {
        let tournament = Tournament::try_from(t.clone())?;
        if tournament.individual() {
            return Err(EntrantRefusal::NoTeams.into());
        }
        let size = tournament.variant.team_size();
        if members.len() != size {
            return Err(EntrantRefusal::TeamSize { size }.into());
        }
        let name = match name.trim() {
            "" => members
                .iter()
                .map(|&m| self.players[m].name.as_str())
                .collect::<Vec<_>>()
                .join(" / "),
            n => n.to_string(),
        };
        let name = Text::parse(&name, Kind::Entrant)
            .map_err(super::refused_text(TextField::TeamName))?
            .into_string();
        let key = name_key(&name);
        if !field.team_names.insert(key.clone()) {
            return Err(AppError::Conflict);
        }
        let entrant_id = field.take_id("t");
        let players: Vec<String> = members
            .iter()
            .map(|&m| self.players[m].entrant_id.clone())
            .collect();
        self.events.push(
            TeamAdded {
                entrant: entrant_id.clone(),
                name: name.clone(),
                players,
            }
            .into(),
        );
        self.teams.push(NewTeamRow {
            entrant_id: entrant_id.clone(),
            name,
            key,
            position: field.teams as i32,
            members,
        });
        field.teams += 1;
        Ok(entrant_id)
    }
}

/// Writes `rows` inside the caller's transaction: five batched inserts (each a statement per
/// [`batch::CHUNK`] rows), whatever the number of entrants.
pub(crate) fn store(
    conn: &mut DbConn,
    t: &TournamentRow,
    actor: &Actor,
    now: NaiveDateTime,
    rows: &Rows,
) -> Result<(), AppError> {
    let players: Vec<PlayerInsert<'_>> = rows
        .players
        .iter()
        .filter(|p| p.existing.is_none())
        .map(|p| PlayerInsert {
            club_id: t.club_id,
            name: &p.name,
            start_no: p.start_no,
            created_at: now,
        })
        .collect();
    let mut fresh = batch::players(conn, &players)?.into_iter();
    // Picked players keep their register record; the new ones take theirs in list order.
    let player_ids = rows
        .players
        .iter()
        .map(|p| p.existing.or_else(|| fresh.next()))
        .collect::<Option<Vec<i32>>>()
        .ok_or_else(|| AppError::Internal("fewer player rows than players".into()))?;
    let entrants: Vec<EntrantInsert<'_>> = rows
        .players
        .iter()
        .zip(&player_ids)
        .map(|(p, id)| EntrantInsert {
            tournament_id: t.id,
            player_id: *id,
            entrant_id: &p.entrant_id,
            position: p.position,
            name_key: Some(&p.key),
            start_no: p.start_no,
        })
        .collect();
    batch::entrants(conn, &entrants)?;
    let teams: Vec<batch::TeamInsert<'_>> = rows
        .teams
        .iter()
        .map(|x| batch::TeamInsert {
            tournament_id: t.id,
            entrant_id: &x.entrant_id,
            name: &x.name,
            position: x.position,
            name_key: Some(&x.key),
        })
        .collect();
    let team_ids = batch::teams(conn, &teams)?;
    let members: Vec<MemberInsert> = rows
        .teams
        .iter()
        .zip(&team_ids)
        .flat_map(|(x, team)| {
            x.members.iter().enumerate().map(|(i, &m)| MemberInsert {
                team_id: *team,
                player_id: player_ids[m],
                position: i as i32,
            })
        })
        .collect();
    batch::members(conn, &members)?;
    let events: Vec<AuditInsert<'_>> = rows
        .events
        .iter()
        .map(|detail| {
            let at = NewAuditEvent::of_tournament(t.id, &actor.name, now);
            AuditInsert::new(at, detail)
        })
        .collect::<Result<_, _>>()?;
    batch::events(conn, &events)?;
    Ok(())
}
