//! A cup's standings from the database: every accepted, finished evening is refereed as the
//! tournament pages referee it (the tournament file from the confirmed deals, through
//! [`crate::service::tournaments::evaluate_file`]), its final standings give each player a
//! place (a team's rank is each of its players'), the players are made persons through the
//! cup's links ([`super::links`]) and [`crate::tournament::cup::cup_standings`] adds them up.
//!
//! The public page's change stamp ([`stamp`]) is the cup's revision (moved by every change of
//! the cup itself) with the count and highest id of the audit events of its counted evenings
//! (accepted and finished): every write that changes a tournament's standings or status writes
//! one. The evenings still running are left out: the cup's pages and downloads show nothing of
//! them (not even their names), so a deal saved at one of them changes nothing there. Were
//! they in, every deal of a Sunday whose evenings all run at once would move the stamp, and
//! the cup's standings and pages would be computed again about once a second for nothing
//! (docs/reference/performance.md, "A federation's Sunday"). An evening enters the count when
//! it is finished (`tournament_finished`, the newest event then) and leaves it when reopened
//! (its events drop out of the count), so both move the stamp; a finished evening takes no
//! deal or correction until it is reopened.

use super::evenings::{self, EveningStatus};
use super::links::{person_of, persons};
use super::{Cup, public_name};
use crate::db::DbConn;
use crate::db::models::{Club, ClubId, TournamentStatus};
use crate::db::schema::{audit_events, cup_evenings, cups};
use crate::error::AppError;
use crate::rules::Lang;
use crate::service::tournaments::{self, TournamentDetail};
use crate::tournament::cup::{Evening, cup_standings};
use crate::tournament::cup_file::CupLine;
use crate::tournament::standings::Row;
use diesel::prelude::*;
use std::collections::BTreeMap;

/// The cup page's change stamp (see the module summary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CupStamp {
    pub cup_id: i32,
    pub revision: i32,
    pub events: i64,
    pub last_event: i32,
}

impl CupStamp {
    /// A short text for an ETag: the stamp and what else the body depends on (`extra`).
    pub fn etag(&self, extra: &str) -> String {
        format!(
            "\"cup-{}-{}-{}-{}-{extra}\"",
            self.cup_id, self.revision, self.events, self.last_event
        )
    }
}

/// The cup's stamp now; 404 when there is no such cup.
pub fn stamp(conn: &mut DbConn, slug: &str) -> Result<CupStamp, AppError> {
    use crate::db::schema::tournaments as t;
    let (cup_id, revision): (i32, i32) = cups::table
        .filter(cups::slug.eq(slug))
        .select((cups::id, cups::revision))
        .first(conn)
        .optional()?
        .ok_or(AppError::NotFound)?;
    // The evenings that count, as `CupEvening::counts` says: accepted and finished.
    let counted = cup_evenings::table
        .inner_join(t::table)
        .filter(cup_evenings::cup_id.eq(cup_id))
        .filter(cup_evenings::status.eq(EveningStatus::Accepted.as_str()))
        .filter(t::status.eq(TournamentStatus::Finished.as_str()))
        .select(cup_evenings::tournament_id);
    let (events, last): (i64, Option<i32>) = audit_events::table
        .filter(audit_events::tournament_id.eq_any(counted))
        .select((
            diesel::dsl::count_star(),
            diesel::dsl::max(audit_events::id),
        ))
        .first(conn)?;
    Ok(CupStamp {
        cup_id,
        revision,
        events,
        last_event: last.unwrap_or(0),
    })
}

/// One evening as the cup's pages list it.
#[derive(Debug, Clone)]
pub struct EveningLine {
    pub slug: String,
    pub name: String,
    /// `YYYY-MM-DD`, when the tournament has a date.
    pub date: Option<String>,
    pub club: String,
    pub status: EveningStatus,
    /// Accepted and finished: in the standings.
    pub counts: bool,
    /// The tournament's own public pages exist (the cup page links them then).
    pub public: bool,
}

/// The cup, its evenings (all of them, in the cup's order) and its standings.
#[derive(Debug, Clone)]
pub struct CupStandings {
    pub cup: Cup,
    pub evenings: Vec<EveningLine>,
    /// Each line's evenings name the tournament by its slug.
    pub lines: Vec<CupLine>,
}

/// A counted evening: the tournament as the pages load it.
pub(crate) struct Counted {
    pub detail: TournamentDetail,
}

/// The cup's evenings as lines, and the counted ones loaded.
fn load(conn: &mut DbConn, cup: &Cup) -> Result<(Vec<EveningLine>, Vec<Counted>), AppError> {
    let mut clubs: BTreeMap<i32, String> = BTreeMap::new();
    let mut lines = Vec::new();
    let mut counted = Vec::new();
    for e in evenings::of_cup(conn, cup.row.id)? {
        let club_id = e.tournament.club_id;
        if let std::collections::btree_map::Entry::Vacant(slot) = clubs.entry(club_id) {
            let name = Club::find(conn, ClubId(club_id))?.map(|c| c.name);
            slot.insert(name.unwrap_or_default());
        }
        let counts = e.counts();
        lines.push(EveningLine {
            slug: e.tournament.slug.clone(),
            name: e.tournament.name.clone(),
            date: e.tournament.date.clone(),
            club: clubs.get(&club_id).cloned().unwrap_or_default(),
            status: e.status,
            counts,
            public: e.tournament.public,
        });
        if counts {
            counted.push(Counted {
                detail: tournaments::detail(conn, e.tournament)?,
            });
        }
    }
    Ok((lines, counted))
}

/// Each entrant id of the evening's file to the register players it stands for.
fn entrant_players(d: &TournamentDetail) -> BTreeMap<String, Vec<i32>> {
    let by_entrant: BTreeMap<&str, i32> = d
        .players
        .iter()
        .map(|p| (p.entrant_id.as_str(), p.player_id))
        .collect();
    let mut out: BTreeMap<String, Vec<i32>> = by_entrant
        .iter()
        .map(|(id, player)| (id.to_string(), vec![*player]))
        .collect();
    for t in &d.teams {
        let members = t
            .members
            .iter()
            .filter_map(|m| by_entrant.get(m.as_str()).copied())
            .collect();
        out.insert(t.entrant_id.clone(), members);
    }
    out
}

/// The person key of a register player in this cup: their root's register id.
pub fn person_key(links: &BTreeMap<i32, i32>, player: i32) -> String {
    person_of(links, player).to_string()
}

/// The evening's final standings as the tournament pages compute them.
fn final_rows(d: &TournamentDetail) -> Result<Vec<Row>, AppError> {
    Ok(tournaments::evaluate_file(&d.file(), Lang::De)?
        .standings
        .standings)
}

/// The cup's standings now (for anyone: cups are public).
pub fn compute(conn: &mut DbConn, cup: Cup) -> Result<CupStandings, AppError> {
    let (evening_lines, counted) = load(conn, &cup)?;
    let links = persons(conn, cup.row.id)?;
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let mut evenings = Vec::with_capacity(counted.len());
    for c in &counted {
        let d = &c.detail;
        let players = entrant_players(d);
        let rows = final_rows(d)?;
        let mut places = Vec::new();
        for row in &rows {
            for player in players.get(&row.id).into_iter().flatten() {
                places.push((person_key(&links, *player), row.rank));
            }
        }
        // The name shown is the latest evening's (the evenings come in the cup's order).
        for p in &d.players {
            names.insert(person_key(&links, p.player_id), public_name(p));
        }
        evenings.push(Evening {
            id: d.tournament.slug.clone(),
            field: u32::try_from(rows.len()).unwrap_or(u32::MAX),
            places,
        });
    }
    let lines = cup_standings(&cup.rules, &evenings)
        .into_iter()
        .map(|row| CupLine {
            rank: row.rank,
            name: names.get(&row.player).cloned().unwrap_or_default(),
            id: row.player,
            points: row.points,
            evenings: row.evenings,
        })
        .collect();
    Ok(CupStandings {
        cup,
        evenings: evening_lines,
        lines,
    })
}

/// The counted evenings' tournaments and the cup's links, for the cup file.
pub(crate) fn counted_evenings(
    conn: &mut DbConn,
    cup: &Cup,
) -> Result<(Vec<Counted>, BTreeMap<i32, i32>), AppError> {
    let (_, counted) = load(conn, cup)?;
    Ok((counted, persons(conn, cup.row.id)?))
}
