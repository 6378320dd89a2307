//! Importing a tournament file (contract 8): checked and refereed first; a table that breaks a
//! rule refuses the whole import, naming round, table, deal and rule, and nothing is stored.
//! Otherwise players, teams, rounds, tables and one confirmed version per deal (source
//! `import`, each with its audit event) are written in one transaction.

use super::Actor;
use super::deals::{DealSource, DealStatus};
use super::entrants::insert_team;
use super::tournaments::{NewTournament, Status, insert_row, rules_frame};
use crate::db::models::clubs::NewClub;
use crate::db::models::rounds::{
    AuditEventRow, DealVersionRow, NewAuditEvent, NewDealVersion, NewRound, NewTable,
};
use crate::db::models::tournaments::{NewEntrant, NewPlayer};
use crate::db::models::{Club, EntrantRow, PlayerRow, RoundRow, TableRow, TournamentId};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::rules::Lang;
use crate::text::{Kind, Text};
use crate::tournament::evaluate::evaluate;
use crate::tournament::file::TournamentFile;
use chrono::{NaiveDate, NaiveDateTime};
use std::collections::BTreeMap;

/// The club that imported tournaments belong to unless another is named.
pub const IMPORT_CLUB: &str = "Import";

/// How to store an imported file.
#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// The club's name; created when missing (default [`IMPORT_CLUB`]).
    pub club: String,
    /// Whether anonymous visitors see it (`kartl import` publishes by default).
    pub public: bool,
    pub date: Option<NaiveDate>,
    pub place: Option<String>,
    /// `import` or `demo`: the deal versions' source.
    pub source: DealSource,
    /// Store a file that stopped halfway as running, to continue (the browser's import):
    /// see [`resume_point`]. `false` (`kartl import`, the demo): always finished.
    pub resume: bool,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            club: IMPORT_CLUB.into(),
            public: true,
            date: None,
            place: None,
            source: DealSource::Import,
            resume: false,
        }
    }
}

/// Where a file that stopped halfway continues: the tournament's status and, when its last
/// round has a table whose match is not over (the referee's result over its deals, as the
/// round overview reads it: [`super::scoring::desk::finished`]), that round's index, stored
/// open so its tables are scored on. Earlier rounds count as over: a later one was drawn.
/// No round: not begun (entrants can still change, the first round is drawn as usual). All
/// rounds over: finished, unless the format plans more sessions than the file holds, when it
/// runs on with the next draw.
pub fn resume_point(file: &TournamentFile, lang: Lang) -> (Status, Option<usize>) {
    let Some(last) = file.rounds.len().checked_sub(1) else {
        return (Status::Setup, None);
    };
    let games = file.settings().games;
    let open = (0..file.rounds[last].tables.len()).any(|t| {
        let report = file
            .match_record(last, t)
            .and_then(|r| crate::rules::referee(&r.to_string(), lang).ok());
        !report.is_some_and(|r| super::scoring::desk::finished(&r, games))
    });
    if open {
        return (Status::Running, Some(last));
    }
    let planned = file.format == crate::tournament::format::Format::Sessions
        && file.rounds.iter().filter(|r| !r.knockout).count() < file.settings().sessions as usize;
    if planned {
        (Status::Running, None)
    } else {
        (Status::Finished, None)
    }
}

/// Why a file cannot be imported: the message names the place and the rule.
pub fn refusal(file: &TournamentFile, lang: Lang) -> Option<String> {
    if let Some(p) = file.problems().into_iter().next() {
        return Some(format!("malformed tournament file: {p}"));
    }
    // Every name becomes a checked text (no control characters, a sensible length), as on
    // the pages: a NUL in a name would not even reach PostgreSQL.
    let names = std::iter::once(("the tournament's name", &file.name, Kind::Title))
        .chain(
            file.players
                .iter()
                .map(|p| ("a player's name", &p.name, Kind::Entrant)),
        )
        .chain(
            file.teams
                .iter()
                .map(|t| ("a team's name", &t.name, Kind::Entrant)),
        );
    for (what, name, kind) in names {
        if let Err(e) = Text::parse(name, kind) {
            return Some(format!(
                "malformed tournament file: {what} {e}: \"{}\"",
                name.escape_debug()
            ));
        }
    }
    match evaluate(file, lang) {
        Err(m) => Some(format!("malformed tournament file: {m}")),
        Ok(e) => e.broken.first().map(|b| {
            format!(
                "round {}, table {}, deal {}: {} ({}); nothing was imported",
                b.round + 1,
                b.table + 1,
                b.violation.deal + 1,
                b.violation.message,
                b.violation.code.as_str()
            )
        }),
    }
}

/// Finds the club by name or creates it.
pub fn club_named(conn: &mut DbConn, name: &str, now: NaiveDateTime) -> Result<i32, AppError> {
    if let Some(c) = Club::all(conn)?.into_iter().find(|c| c.name == name) {
        return Ok(c.id);
    }
    Ok(Club::insert(
        conn,
        &NewClub {
            name,
            created_at: now,
        },
    )?
    .0)
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

/// Stores a tournament file; returns the new tournament's slug. 400 with the reason when the
/// file is malformed or a table breaks a rule (nothing stored).
pub fn import(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    file: &TournamentFile,
    options: &ImportOptions,
) -> Result<String, AppError> {
    import_reporting(conn, actor, now, file, options, &mut |_| {})
}

/// [`import`], telling `progress` after the check, every 100 players and every 10 tables (and
/// at each end), so a long import can show how far it is.
pub fn import_reporting(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    file: &TournamentFile,
    options: &ImportOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<String, AppError> {
    if let Some(reason) = refusal(file, Lang::En) {
        return Err(AppError::BadRequest(reason));
    }
    progress(Progress::Checked);
    let club = Text::parse(&options.club, Kind::Name)
        .map_err(|e| AppError::BadRequest(format!("the club's name {e}")))?;
    db::write(conn, |conn| {
        let club_id = club_named(conn, club.as_str(), now)?;
        if !actor.may_manage(club_id) {
            return Err(AppError::Forbidden);
        }
        let new = NewTournament {
            club_id,
            name: file.name.clone(),
            date: options.date,
            place: options.place.clone(),
            game: file.game,
            variant: file.variant,
            target: file.target,
            options: file.options.clone(),
            format: file.format,
            settings: file.settings.clone(),
            public: options.public,
        };
        let frozen = rules_frame(file).to_string();
        let (status, open) = if options.resume {
            resume_point(file, Lang::En)
        } else {
            (Status::Finished, None)
        };
        let frozen = (status != Status::Setup).then_some(frozen);
        let (id, slug) = insert_row(conn, now, &new, status, frozen.as_deref())?;
        let player_ids = insert_players(conn, now, club_id, id, file, progress)?;
        for (i, t) in file.teams.iter().enumerate() {
            let members: Vec<i32> = t
                .players
                .iter()
                .filter_map(|p| player_ids.get(p.as_str()).copied())
                .collect();
            insert_team(conn, id, &t.id, &t.name, None, i as i32, &members)?;
        }
        for r in 0..file.rounds.len() {
            let stored = Stored {
                actor,
                now,
                tournament: id,
                source: options.source,
            };
            insert_round(conn, &stored, file, r, open == Some(r), progress)?;
        }
        let detail = serde_json::json!({
            "slug": slug, "source": options.source.as_str(), "status": status.as_str(),
            "rounds": file.rounds.len(), "open_round": open.map(|r| r + 1),
        });
        super::tournaments::audit(conn, id, actor, now, "tournament_imported", detail)?;
        Ok(slug)
    })
}

/// Stores the file's players as the tournament's entrants, in the file's order; returns their
/// new ids by the file's player ids. Tells `progress` every 100 players and at the end.
fn insert_players<'f>(
    conn: &mut DbConn,
    now: NaiveDateTime,
    club_id: i32,
    tournament: TournamentId,
    file: &'f TournamentFile,
    progress: &mut dyn FnMut(Progress),
) -> Result<BTreeMap<&'f str, i32>, AppError> {
    let mut player_ids = BTreeMap::new();
    for (i, p) in file.players.iter().enumerate() {
        let player = PlayerRow::insert(
            conn,
            &NewPlayer {
                club_id,
                name: &p.name,
                start_no: None,
                created_at: now,
            },
        )?;
        player_ids.insert(p.id.as_str(), player.0);
        EntrantRow::insert(
            conn,
            &NewEntrant {
                tournament_id: tournament.0,
                player_id: player.0,
                entrant_id: &p.id,
                position: i as i32,
                name_key: None,
            },
        )?;
        let done = i + 1;
        if done % 100 == 0 || done == file.players.len() {
            progress(Progress::Players {
                done,
                total: file.players.len(),
            });
        }
    }
    Ok(player_ids)
}

/// Who stores an import, when, into which tournament, and as which source.
struct Stored<'a> {
    actor: &'a Actor,
    now: NaiveDateTime,
    tournament: TournamentId,
    source: DealSource,
}

/// Stores round `r` (from 0) of the file, closed (or `open`, to be scored on), with its tables
/// and their confirmed deals. Tells `progress` after every ten tables and at the end.
fn insert_round(
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
        &NewRound {
            tournament_id: stored.tournament.0,
            number: r as i32 + 1,
            seed: seed.as_deref(),
            knockout: round.knockout,
            byes: &byes,
            status: if open { "open" } else { "closed" },
            closed_at: (!open).then_some(stored.now),
            created_at: stored.now,
        },
    )?;
    let seats: Vec<String> = round
        .tables
        .iter()
        .map(|t| serde_json::to_string(&t.seats).unwrap_or_else(|_| "[]".into()))
        .collect();
    // One row at a time: MultiConnection has no batch insert.
    let mut table_ids = Vec::with_capacity(seats.len());
    for (t, s) in seats.iter().enumerate() {
        let row = NewTable {
            round_id: round_id.0,
            number: t as i32 + 1,
            seats: s,
        };
        table_ids.push(TableRow::insert(conn, &row)?.0);
    }
    // Ten tables at a time: their deals in one batch (one statement on PostgreSQL), then the
    // progress.
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
            status: status.as_str(),
            source: source.as_str(),
            user_id: actor.user_id,
            reason: None,
            submission_key: None,
            created_at: now,
            ip: None,
        })
        .collect();
    let ids = DealVersionRow::insert_many(conn, &versions)?;
    let details: Vec<String> = deals
        .iter()
        .map(|(_, deal_no, _)| {
            serde_json::json!({
                "deal": deal_no, "version": 1, "status": status.as_str(),
                "source": source.as_str(),
            })
            .to_string()
        })
        .collect();
    let events: Vec<NewAuditEvent<'_>> = deals
        .iter()
        .zip(ids)
        .zip(&details)
        .map(|(((table_id, _, _), id), detail)| NewAuditEvent {
            tournament_id: tournament.0,
            table_id: Some(*table_id),
            deal_version_id: Some(id),
            actor: &actor.name,
            action: "deal_version",
            detail,
            reason: None,
            ip: None,
            created_at: now,
        })
        .collect();
    AuditEventRow::insert_many(conn, &events)?;
    Ok(())
}
