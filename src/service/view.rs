//! Reading tournaments: one tournament with its entrants, rounds, tables and current deals;
//! the list; the tournament file built from the current confirmed versions (export) and the
//! standings the referee computes from it. Re-exported from [`super::tournaments`].

use super::tournament::Tournament;
use super::{Actor, corrupt, seen, visible};
use crate::db::DbConn;
use crate::db::models::{
    DealStatus, DealVersionBrief, DealVersionRow, EntrantRow, RoundId, RoundRow, RoundStatus,
    TableId, TableRow, TeamRow, TournamentRow,
};
use crate::error::AppError;
use crate::rules::match_record::Deal;
use crate::rules::{Game, Lang};
use crate::tournament::evaluate::{Evaluation, evaluate};
use crate::tournament::file::{Player, Round, Table, Team, TournamentFile, written_options};
use std::collections::BTreeMap;

/// A player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantPlayer {
    /// The id in the tournament file (`p1`, ...).
    pub entrant_id: String,
    pub player_id: i32,
    pub name: String,
    pub start_no: Option<i32>,
    /// How the public may see the name ([`super::consent`]).
    pub consent: super::public_names::Consent,
}

/// A team of the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantTeam {
    pub entrant_id: String,
    pub team_id: i32,
    pub name: String,
    /// The players' entrant ids.
    pub members: Vec<String>,
}

/// A table of a round with its current state.
#[derive(Debug, Clone, PartialEq)]
pub struct TableView {
    pub id: TableId,
    pub number: i32,
    /// Entrant ids in side order.
    pub seats: Vec<String>,
    /// The record that counts: the current confirmed deals from deal 0 up to the first deal
    /// whose current version is not confirmed, typed.
    pub deals: Vec<Deal>,
    /// Deals (by deal_no) whose current version waits for confirmation.
    pub pending: Vec<i32>,
    /// Deals whose current version is withdrawn.
    pub withdrawn: Vec<i32>,
    /// The current version number of each deal_no, 0-based positions.
    pub versions: Vec<i32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RoundView {
    pub id: RoundId,
    pub number: i32,
    pub seed: Option<u64>,
    pub knockout: bool,
    pub byes: Vec<String>,
    /// `open` or `closed`.
    pub closed: bool,
    pub tables: Vec<TableView>,
}

/// Everything about one tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentDetail {
    pub tournament: Tournament,
    pub players: Vec<EntrantPlayer>,
    pub teams: Vec<EntrantTeam>,
    pub rounds: Vec<RoundView>,
    /// Withdrawals, absences and late entries (`tournament::field`).
    pub marks: crate::tournament::field::Marks,
}

/// One tournament as `viewer` may see it (404 otherwise).
pub fn get(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    slug: &str,
) -> Result<TournamentDetail, AppError> {
    let t = seen(conn, viewer, slug)?;
    detail(conn, t)
}

/// Every tournament `viewer` may see, newest first.
pub fn list(conn: &mut DbConn, viewer: Option<&Actor>) -> Result<Vec<Tournament>, AppError> {
    TournamentRow::all(conn)?
        .into_iter()
        .filter(|t| visible(viewer, t))
        .map(Tournament::try_from)
        .collect()
}

/// The current deals of each table from all stored versions (ordered by table, deal,
/// version): for each (table, deal_no) the highest version; the table's record is its
/// confirmed prefix, each deal read as one of `game` (a stored deal that does not read is a
/// corrupt row: [`super::stored_deal`]).
pub fn current_deals(
    game: Game,
    versions: Vec<DealVersionBrief>,
) -> Result<BTreeMap<i32, CurrentDeals>, AppError> {
    let mut out: BTreeMap<i32, CurrentDeals> = BTreeMap::new();
    let mut latest: BTreeMap<(i32, i32), DealVersionBrief> = BTreeMap::new();
    for v in versions {
        latest.insert((v.table_id, v.deal_no), v);
    }
    for ((table, deal_no), v) in latest {
        let entry = out.entry(table).or_default();
        let position = entry.versions.len() as i32;
        entry.versions.push(v.version);
        let in_prefix = position == deal_no && entry.deals.len() == position as usize;
        match v.status {
            DealStatus::Confirmed if in_prefix => {
                entry.deals.push(super::stored_deal(game, &v.record)?)
            }
            DealStatus::Confirmed => {}
            DealStatus::Pending => entry.pending.push(deal_no),
            DealStatus::Withdrawn => entry.withdrawn.push(deal_no),
        }
    }
    Ok(out)
}

/// A table's current deals (see [`current_deals`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CurrentDeals {
    pub deals: Vec<Deal>,
    pub pending: Vec<i32>,
    pub withdrawn: Vec<i32>,
    pub versions: Vec<i32>,
}

fn json_list(what: &str, text: &str) -> Result<Vec<String>, AppError> {
    serde_json::from_str(text).map_err(|e| corrupt(what, e))
}

pub(crate) fn detail(conn: &mut DbConn, row: TournamentRow) -> Result<TournamentDetail, AppError> {
    let tournament = Tournament::try_from(row)?;
    let id = tournament.id;
    let entrants = EntrantRow::of(conn, id)?;
    let players: Vec<EntrantPlayer> = entrants
        .iter()
        .map(|(e, p)| EntrantPlayer {
            entrant_id: e.entrant_id.clone(),
            player_id: p.id,
            name: p.name.clone(),
            start_no: p.start_no,
            consent: super::public_names::Consent::stored(&p.consent),
        })
        .collect();
    // Grouped and looked up once: searching every member and player for every team made a
    // field of 5,000 teams cost 10^8 comparisons on every read of the tournament.
    let entrant_of: std::collections::HashMap<i32, &str> = players
        .iter()
        .map(|x| (x.player_id, x.entrant_id.as_str()))
        .collect();
    let mut members: std::collections::HashMap<i32, Vec<String>> = Default::default();
    for (team, p) in TeamRow::members(conn, id)? {
        if let Some(e) = entrant_of.get(&p) {
            members.entry(team).or_default().push(e.to_string());
        }
    }
    let teams = TeamRow::of(conn, id)?
        .into_iter()
        .map(|t| EntrantTeam {
            members: members.remove(&t.id).unwrap_or_default(),
            entrant_id: t.entrant_id,
            team_id: t.id,
            name: t.name,
        })
        .collect();
    let game = tournament.game;
    let mut current = current_deals(game, DealVersionRow::of_tournament(conn, id)?)?;
    let tables = TableRow::of_tournament(conn, id)?;
    let mut rounds = Vec::new();
    for r in RoundRow::of(conn, id)? {
        let mut views = Vec::new();
        for t in tables.iter().filter(|t| t.round_id == r.id) {
            let c = current.remove(&t.id).unwrap_or_default();
            views.push(TableView {
                id: TableId(t.id),
                number: t.number,
                seats: json_list("seats", &t.seats)?,
                deals: c.deals,
                pending: c.pending,
                withdrawn: c.withdrawn,
                versions: c.versions,
            });
        }
        rounds.push(RoundView {
            id: RoundId(r.id),
            number: r.number,
            seed: r.seed.as_deref().and_then(|s| s.parse().ok()),
            knockout: r.knockout,
            byes: json_list("byes", &r.byes)?,
            closed: r.status == RoundStatus::Closed,
            tables: views,
        });
    }
    let marks =
        crate::tournament::field::Marks(crate::db::models::field::EntrantMarkRow::of(conn, id)?);
    Ok(TournamentDetail {
        tournament,
        players,
        teams,
        rounds,
        marks,
    })
}

impl TournamentDetail {
    /// Round `number` of the tournament, or 404.
    pub fn round(&self, number: i32) -> Result<&RoundView, AppError> {
        self.rounds
            .iter()
            .find(|r| r.number == number)
            .ok_or(AppError::NotFound)
    }

    /// The tournament file (contract 8 with kartl's optional keys) of the current confirmed
    /// deals. The frozen rule set, once there, gives the record frame.
    pub fn file(&self) -> TournamentFile {
        let t = &self.tournament;
        // The frozen rule set's frame once a draw froze it; before, the tournament's own settings.
        let frozen = t.rules_frozen.as_ref();
        let variant = frozen.and_then(|f| f.variant).unwrap_or(t.variant);
        let (target, options) = match frozen {
            Some(f) => (f.target, f.options.as_ref()),
            None => (t.target, t.options.as_ref()),
        };
        // The file's options as written (keys sorted).
        let options = options.map(written_options);
        TournamentFile {
            name: t.name.clone(),
            game: t.game,
            variant: Some(variant),
            target,
            options,
            format: t.format,
            players: self
                .players
                .iter()
                .map(|p| Player {
                    id: p.entrant_id.clone(),
                    name: p.name.clone(),
                })
                .collect(),
            teams: self
                .teams
                .iter()
                .map(|x| Team {
                    id: x.entrant_id.clone(),
                    name: x.name.clone(),
                    players: x.members.clone(),
                })
                .collect(),
            rounds: self
                .rounds
                .iter()
                .map(|r| Round {
                    tables: r
                        .tables
                        .iter()
                        .map(|x| Table {
                            seats: x.seats.clone(),
                            // Where the deals leave as the file's JSON. A deal's types write
                            // only what serde_json takes; were that ever to fail, `null`
                            // stands there and the referee refuses the record as malformed.
                            deals: (x.deals.iter())
                                .map(|d| serde_json::to_value(d).unwrap_or_default())
                                .collect(),
                        })
                        .collect(),
                    byes: r.byes.clone(),
                    seed: r.seed,
                    knockout: r.knockout,
                })
                .collect(),
            settings: t.settings.clone(),
            date: t.date.map(|d| d.format("%Y-%m-%d").to_string()),
            place: t.place.clone(),
            marks: self.marks.0.clone(),
        }
    }
}

/// The tournament file of the current confirmed deals (404 when `viewer` may not see it).
/// Its managers get the names as stored; everybody else the names the players allow
/// ([`TournamentDetail::public`]).
pub fn export(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    slug: &str,
) -> Result<TournamentFile, AppError> {
    let d = get(conn, viewer, slug)?;
    if viewer.is_some_and(|a| a.may_manage(d.tournament.club_id)) {
        Ok(d.file())
    } else {
        Ok(d.public().file())
    }
}

/// The tournament file of a tournament row (no visibility check: for the service itself).
pub fn load_file(conn: &mut DbConn, row: TournamentRow) -> Result<TournamentFile, AppError> {
    Ok(detail(conn, row)?.file())
}

/// The standings, computed from scratch by the referee from the current confirmed versions
/// (overall and per round in `standings.rounds`; tables whose record breaks a rule in
/// `broken`).
pub fn standings(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    slug: &str,
    lang: Lang,
) -> Result<Evaluation, AppError> {
    let file = export(conn, viewer, slug)?;
    evaluate_file(&file, lang)
}

/// The referee over a whole file; a record that is not well-formed (only a hand-edited
/// database could hold one) is an internal error.
pub fn evaluate_file(file: &TournamentFile, lang: Lang) -> Result<Evaluation, AppError> {
    evaluate(file, lang).map_err(|m| AppError::Internal(format!("stored record: {m}")))
}

/// The audit log of a tournament, oldest first (for those who manage it).
pub fn audit_log(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
) -> Result<Vec<crate::db::models::AuditEventRow>, AppError> {
    let t = super::managed(conn, actor, slug)?;
    Ok(crate::db::models::AuditEventRow::of(conn, t.id())?)
}

/// Every version of every deal of one table, by deal and version (for those who manage its
/// tournament): what a correction page shows.
pub fn deal_history(
    conn: &mut DbConn,
    actor: &Actor,
    table: TableId,
) -> Result<Vec<DealVersionRow>, AppError> {
    let (_, round) = TableRow::find(conn, table)?.ok_or(AppError::NotFound)?;
    let t = TournamentRow::find(conn, crate::db::models::TournamentId(round.tournament_id))?;
    if !actor.may_manage(t.club_id) {
        return Err(AppError::NotFound);
    }
    Ok(DealVersionRow::of_table(conn, table)?)
}
