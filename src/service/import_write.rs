//! Writing an imported tournament file (`super::import`), inside its transaction: the rows
//! of each kind in batched statements (`db::models::batch`), so a large file holds the write
//! lock for the writes alone.

use super::Actor;
use super::deals::{DealSource, DealStatus};
use crate::db::DbConn;
use crate::db::models::batch::{
    self, EntrantInsert, MemberInsert, PlayerInsert, TableInsert, TeamInsert,
};
use crate::db::models::register::RegisterRow;
use crate::db::models::rounds::NewDealVersion;
use crate::db::models::rounds::NewRound;
use crate::db::models::rounds::{AuditInsert, NewAuditEvent};
use crate::db::models::{RoundRow, RoundStatus, TournamentId};
use crate::error::AppError;
use crate::error::refusal::TournamentRefusal;
use crate::service::audit_detail::{AuditDetail, DealVersion};
use crate::tournament::file::TournamentFile;
use crate::tournament::registration::Existing;
use chrono::NaiveDateTime;
use std::collections::{BTreeMap, HashMap};

/// Stores the file's players as the tournament's entrants, in the file's order; returns their
/// register ids by the file's player ids. Tells `progress` every 100 players and at the end.
///
/// A file carries no identity beyond a name, so a player is matched to the club's register
/// only where that is sure: exactly one register record has the name (case and spaces aside)
/// and no other player of the file has it. Everyone else is added to the register as a new
/// person (namesakes stay apart). The register is read once, whatever the file's size.
pub(super) fn insert_players<'f>(
    conn: &mut DbConn,
    now: NaiveDateTime,
    club_id: i32,
    tournament: TournamentId,
    file: &'f TournamentFile,
    progress: &mut dyn FnMut(Progress),
) -> Result<BTreeMap<&'f str, i32>, AppError> {
    let matched = sure_matches(conn, club_id, file)?;
    let mut player_ids = BTreeMap::new();
    // A hundred at a time: each hundred two statements, then the progress.
    for (n, chunk) in file.players.chunks(100).enumerate() {
        let rows: Vec<PlayerInsert<'_>> = chunk
            .iter()
            .filter(|p| !matched.contains_key(p.id.as_str()))
            .map(|p| PlayerInsert {
                club_id,
                name: &p.name,
                start_no: None,
                created_at: now,
            })
            .collect();
        let mut fresh = batch::players(conn, &rows)?.into_iter();
        let ids = chunk
            .iter()
            .map(|p| matched.get(p.id.as_str()).copied().or_else(|| fresh.next()))
            .collect::<Option<Vec<i32>>>()
            .ok_or_else(|| AppError::Internal("fewer player rows than players".into()))?;
        let entrants: Vec<EntrantInsert<'_>> = chunk
            .iter()
            .zip(&ids)
            .enumerate()
            .map(|(i, (p, player))| EntrantInsert {
                tournament_id: tournament.0,
                player_id: *player,
                entrant_id: &p.id,
                position: (100 * n + i) as i32,
                name_key: None,
                start_no: None,
            })
            .collect();
        batch::entrants(conn, &entrants)?;
        player_ids.extend(chunk.iter().map(|p| p.id.as_str()).zip(ids));
        progress(Progress::Players {
            done: 100 * n + chunk.len(),
            total: file.players.len(),
        });
    }
    Ok(player_ids)
}

/// The file's players whose name names exactly one register record and no other player of
/// the file: file id to register id.
fn sure_matches<'f>(
    conn: &mut DbConn,
    club_id: i32,
    file: &'f TournamentFile,
) -> Result<HashMap<&'f str, i32>, AppError> {
    let mut register: HashMap<String, Vec<i32>> = HashMap::new();
    for r in RegisterRow::of_club(conn, club_id)? {
        register
            .entry(Existing::key(&r.name))
            .or_default()
            .push(r.id);
    }
    let mut in_file: HashMap<String, usize> = HashMap::new();
    for p in &file.players {
        *in_file.entry(Existing::key(&p.name)).or_default() += 1;
    }
    Ok(file
        .players
        .iter()
        .filter_map(|p| {
            let key = Existing::key(&p.name);
            match (register.get(&key).map(Vec::as_slice), in_file.get(&key)) {
                (Some([id]), Some(1)) => Some((p.id.as_str(), *id)),
                _ => None,
            }
        })
        .collect())
}

/// Stores the file's withdrawals, absences and late entries as they were.
pub(super) fn insert_marks(
    conn: &mut DbConn,
    tournament: TournamentId,
    file: &TournamentFile,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    for m in &file.marks {
        let round = i32::try_from(m.round).map_err(|_| {
            AppError::from(TournamentRefusal::ImportRoundRange {
                round: u64::from(m.round),
            })
        })?;
        crate::db::models::field::EntrantMarkRow::insert(
            conn,
            crate::db::models::field::NewEntrantMark {
                tournament_id: tournament.0,
                entrant_id: &m.entrant,
                kind: m.kind,
                round,
                created_at: now,
            },
        )?;
    }
    Ok(())
}

/// Stores the file's teams (of players stored just before) in the file's order.
pub(super) fn insert_teams(
    conn: &mut DbConn,
    tournament: TournamentId,
    file: &TournamentFile,
    player_ids: &BTreeMap<&str, i32>,
) -> Result<(), AppError> {
    let rows: Vec<TeamInsert<'_>> = file
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| TeamInsert {
            tournament_id: tournament.0,
            entrant_id: &t.id,
            name: &t.name,
            position: i as i32,
            name_key: None,
        })
        .collect();
    let team_ids = batch::teams(conn, &rows)?;
    let members: Vec<MemberInsert> = file
        .teams
        .iter()
        .zip(team_ids)
        .flat_map(|(t, team_id)| {
            t.players
                .iter()
                .filter_map(|p| player_ids.get(p.as_str()).copied())
                .enumerate()
                .map(move |(i, player_id)| MemberInsert {
                    team_id,
                    player_id,
                    position: i as i32,
                })
        })
        .collect();
    batch::members(conn, &members)?;
    Ok(())
}

/// Who stores an import, when, into which tournament, and as which source.
pub(super) struct Stored<'a> {
    pub(super) actor: &'a Actor,
    pub(super) now: NaiveDateTime,
    pub(super) tournament: TournamentId,
    pub(super) source: DealSource,
}

/// Stores round `r` (from 0) of the file, closed (or `open`, to be scored on), with its tables
/// and their confirmed deals. Tells `progress` after every ten tables and at the end.
pub(super) fn insert_round(
    conn: &mut DbConn,
    stored: &Stored<'_>,
    file: &TournamentFile,
    r: usize,
    open: bool,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), AppError> {
    let round = &file.rounds[r];
    let byes = serde_json::to_string(&round.byes).unwrap_or_else(|_| "[]".into());
    let seed = round.seed.map(|s| s.to_string());
    let round_id = RoundRow::insert(
        conn,
        NewRound {
            tournament_id: stored.tournament.0,
            number: r as i32 + 1,
            seed: seed.as_deref(),
            knockout: round.knockout,
            byes: &byes,
            status: if open {
                RoundStatus::Open
            } else {
                RoundStatus::Closed
            },
            closed_at: (!open).then_some(stored.now),
            created_at: stored.now,
        },
    )?;
    let seats: Vec<String> = round
        .tables
        .iter()
        .map(|t| serde_json::to_string(&t.seats).unwrap_or_else(|_| "[]".into()))
        .collect();
    let rows: Vec<TableInsert<'_>> = seats
        .iter()
        .enumerate()
        .map(|(t, s)| TableInsert {
            round_id: round_id.0,
            number: t as i32 + 1,
            seats: s,
        })
        .collect();
    let table_ids = batch::tables(conn, &rows)?;
    // Ten tables at a time: their deals in one batch (one statement each for the versions and
    // the events), then the progress.
    let tables: Vec<_> = round.tables.iter().zip(table_ids).collect();
    let mut done = 0;
    for batch in tables.chunks(10) {
        let deals: Vec<(i32, i32, String)> = batch
            .iter()
            .flat_map(|(table, table_id)| {
                table
                    .deals
                    .iter()
                    .enumerate()
                    .map(move |(d, deal)| (*table_id, d as i32, deal.to_string()))
            })
            .collect();
        let (actor, now, id) = (stored.actor, stored.now, stored.tournament);
        insert_confirmed(conn, actor, now, id, &deals, stored.source)?;
        done += batch.len();
        progress(Progress::Tables {
            round: r + 1,
            rounds: file.rounds.len(),
            done,
            total: round.tables.len(),
        });
    }
    Ok(())
}

/// Stores imported deals (table id, deal index, record) as confirmed version 1 each, with
/// their audit events: the same rows [`insert_version`] writes, batched.
fn insert_confirmed(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    tournament: TournamentId,
    deals: &[(i32, i32, String)],
    source: DealSource,
) -> Result<(), AppError> {
    let status = DealStatus::Confirmed;
    let versions: Vec<NewDealVersion<'_>> = deals
        .iter()
        .map(|(table_id, deal_no, record)| NewDealVersion {
            table_id: *table_id,
            deal_no: *deal_no,
            version: 1,
            record,
            status,
            source,
            user_id: actor.user_id,
            reason: None,
            submission_key: None,
            created_at: now,
            ip: None,
        })
        .collect();
    let ids = batch::deals(conn, &versions)?;
    let events: Vec<AuditInsert<'_>> = deals
        .iter()
        .zip(ids)
        .map(|((table_id, deal_no, _), id)| {
            let detail = AuditDetail::from(DealVersion {
                deal: *deal_no,
                source: source.as_str().to_string(),
                status: status.as_str().to_string(),
                version: 1,
            });
            let at = NewAuditEvent {
                tournament_id: tournament.0,
                table_id: Some(*table_id),
                deal_version_id: Some(id),
                actor: &actor.name,
                reason: None,
                ip: None,
                created_at: now,
            };
            AuditInsert::new(at, &detail)
        })
        .collect::<Result<_, _>>()?;
    batch::events(conn, &events)?;
    Ok(())
}

/// How far an import has come, for a progress display (`kartl import` on a terminal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// The file was checked and refereed; nothing is written yet.
    Checked,
    /// `done` of `total` players written.
    Players { done: usize, total: usize },
    /// Round `round` of `rounds` (from 1): `done` of its `total` tables written with their deals.
    Tables {
        round: usize,
        rounds: usize,
        done: usize,
        total: usize,
    },
}
