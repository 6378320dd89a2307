//! Creating, reading and listing tournaments, their players and teams; the tournament file
//! built from the database (export) and the standings computed from it.

use super::{Actor, corrupt, managed, seen, slug, visible};
use crate::db::models::tournaments::{
    NewEntrant, NewPlayer, NewTeam, NewTournamentRow, TeamMemberRow,
};
use crate::db::models::{
    DealVersionBrief, DealVersionRow, EntrantRow, PlayerRow, RoundId, RoundRow, TableId, TableRow,
    TeamRow, TournamentId, TournamentRow,
};
use crate::db::{self, DbConn};
use crate::rules::{Game, Lang};
use crate::tournament::evaluate::{Evaluation, evaluate};
use crate::tournament::file::{Player, Round, Table, Team, TournamentFile, Variant};
use crate::tournament::format::{Format, Settings};
use crate::web::AppError;
use chrono::{Datelike, NaiveDate, NaiveDateTime};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The engine version recorded in a frozen rule set.
pub const ENGINE: &str = "kartl-rules/1";

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Entrants are being added; no round drawn yet.
    Setup,
    /// At least one round is drawn.
    Running,
    /// Over (imported files and the demo are finished).
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Setup => "setup",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        match text {
            "setup" => Some(Status::Setup),
            "running" => Some(Status::Running),
            "finished" => Some(Status::Finished),
            _ => None,
        }
    }
}

/// A tournament as the pages and the API use it (the row with its JSON columns parsed).
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub id: TournamentId,
    pub slug: String,
    pub club_id: i32,
    pub name: String,
    pub date: Option<NaiveDate>,
    pub place: Option<String>,
    pub game: Game,
    pub variant: Variant,
    pub target: Option<u32>,
    pub options: Option<Map<String, Value>>,
    pub format: Format,
    pub settings: Option<Settings>,
    /// The rule set frozen when the first round was drawn (or at import).
    pub rules_frozen: Option<Value>,
    pub public: bool,
    pub status: Status,
    pub created_at: NaiveDateTime,
}

fn parse_enum<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, AppError> {
    serde_json::from_value(Value::String(text.to_string())).map_err(|e| corrupt(what, e))
}

fn enum_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

impl TryFrom<TournamentRow> for Tournament {
    type Error = AppError;

    fn try_from(row: TournamentRow) -> Result<Tournament, AppError> {
        let date = match &row.date {
            Some(d) => {
                Some(NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|e| corrupt("date", e))?)
            }
            None => None,
        };
        Ok(Tournament {
            id: TournamentId(row.id),
            game: parse_enum("game", &row.game)?,
            variant: parse_enum("variant", &row.variant)?,
            format: parse_enum("format", &row.format)?,
            target: row.target.map(|t| t.max(0) as u32),
            options: serde_json::from_str(&row.options).map_err(|e| corrupt("options", e))?,
            settings: serde_json::from_str(&row.settings).map_err(|e| corrupt("settings", e))?,
            rules_frozen: row
                .rules_frozen
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| corrupt("rules", e))?,
            status: Status::parse(&row.status).ok_or_else(|| corrupt("status", &row.status))?,
            date,
            slug: row.slug,
            club_id: row.club_id,
            name: row.name,
            place: row.place,
            public: row.public,
            created_at: row.created_at,
        })
    }
}

/// What a secretary fills in to create a tournament.
#[derive(Debug, Clone)]
pub struct NewTournament {
    pub club_id: i32,
    pub name: String,
    pub date: Option<NaiveDate>,
    pub place: Option<String>,
    pub game: Game,
    pub variant: Option<Variant>,
    pub target: Option<u32>,
    pub options: Option<Map<String, Value>>,
    pub format: Format,
    pub settings: Option<Settings>,
    pub public: bool,
}

impl NewTournament {
    /// The header of a tournament file (no entrants, no rounds), checked like a file.
    fn as_file(&self) -> TournamentFile {
        TournamentFile {
            name: self.name.clone(),
            game: self.game,
            variant: self.variant,
            target: self.target,
            options: self.options.clone(),
            format: self.format,
            players: Vec::new(),
            teams: Vec::new(),
            rounds: Vec::new(),
            settings: self.settings.clone(),
        }
    }
}

/// The rule set the referee applies: the record frame of every table plus the engine.
pub fn rules_frame(file: &TournamentFile) -> Value {
    let mut frame = Map::new();
    frame.insert("game".into(), Value::String(enum_text(&file.game)));
    frame.insert("variant".into(), Value::String(enum_text(&file.variant())));
    if let Some(target) = file.target {
        frame.insert("target".into(), target.into());
    }
    if let Some(options) = &file.options {
        frame.insert("options".into(), Value::Object(options.clone()));
    }
    frame.insert("engine".into(), ENGINE.into());
    Value::Object(frame)
}

/// Inserts the tournament row (inside the caller's transaction) with a free slug.
pub(crate) fn insert_row(
    conn: &mut DbConn,
    now: NaiveDateTime,
    new: &NewTournament,
    status: Status,
    rules_frozen: Option<&str>,
) -> Result<(TournamentId, String), AppError> {
    let name = new.name.trim();
    if name.is_empty() {
        return Err(AppError::BadRequest("the tournament needs a name".into()));
    }
    let file = new.as_file();
    if let Some(p) = file.problems().into_iter().next() {
        return Err(AppError::BadRequest(p.to_string()));
    }
    db::lock_table(conn, "tournaments")?;
    let stem = slug::stem(name, new.date.map(|d| d.year()));
    let slug = slug::free(&stem, |s| TournamentRow::slug_taken(conn, s))?;
    let date = new.date.map(|d| d.format("%Y-%m-%d").to_string());
    let options = serde_json::to_string(&new.options).map_err(|e| corrupt("options", e))?;
    let settings = serde_json::to_string(&new.settings).map_err(|e| corrupt("settings", e))?;
    let id = TournamentRow::insert(
        conn,
        &NewTournamentRow {
            slug: &slug,
            club_id: new.club_id,
            name,
            date: date.as_deref(),
            place: new
                .place
                .as_deref()
                .map(str::trim)
                .filter(|p| !p.is_empty()),
            game: &enum_text(&new.game),
            variant: &enum_text(&file.variant()),
            target: new.target.map(|t| t as i32),
            options: &options,
            format: &enum_text(&new.format),
            settings: &settings,
            rules_frozen,
            public: new.public,
            status: status.as_str(),
            created_at: now,
        },
    )?;
    Ok((id, slug))
}

/// Creates a tournament (no entrants yet) for the actor's club; returns its slug.
pub fn create(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    new: &NewTournament,
) -> Result<String, AppError> {
    if !actor.may_manage(new.club_id) {
        return Err(AppError::Forbidden);
    }
    db::write(conn, |conn| {
        let (id, slug) = insert_row(conn, now, new, Status::Setup, None)?;
        audit(
            conn,
            id,
            actor,
            now,
            "tournament_created",
            serde_json::json!({"slug": slug}),
        )?;
        Ok(slug)
    })
}

pub(crate) fn audit(
    conn: &mut DbConn,
    id: TournamentId,
    actor: &Actor,
    now: NaiveDateTime,
    action: &str,
    detail: Value,
) -> Result<(), AppError> {
    crate::db::models::AuditEventRow::insert(
        conn,
        &crate::db::models::rounds::NewAuditEvent {
            tournament_id: id.0,
            table_id: None,
            deal_version_id: None,
            actor: &actor.name,
            action,
            detail: &detail.to_string(),
            reason: None,
            ip: None,
            created_at: now,
        },
    )?;
    Ok(())
}

/// Entrants can be added only before the first round is drawn.
pub(crate) fn require_setup(t: &TournamentRow) -> Result<(), AppError> {
    if t.status == Status::Setup.as_str() {
        Ok(())
    } else {
        Err(AppError::BadRequest(
            "the first round is drawn: the field is fixed".into(),
        ))
    }
}

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
        require_setup(&t)?;
        enter_player(conn, &t, actor, now, name, start_no)
    })
}

/// Adds a player inside the caller's transaction (the tournament checked and in setup).
pub(crate) fn enter_player(
    conn: &mut DbConn,
    t: &TournamentRow,
    actor: &Actor,
    now: NaiveDateTime,
    name: &str,
    start_no: Option<i32>,
) -> Result<String, AppError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AppError::BadRequest("the player needs a name".into()));
    }
    let entrants = EntrantRow::of(conn, t.id())?;
    if let Some(no) = start_no
        && entrants.iter().any(|(_, p)| p.start_no == Some(no))
    {
        return Err(AppError::BadRequest(format!("start number {no} is taken")));
    }
    let used: Vec<String> = entrants.iter().map(|(e, _)| e.entrant_id.clone()).collect();
    let entrant_id = next_id("p", &used);
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
            position: entrants.len() as i32,
        },
    )?;
    let detail = serde_json::json!({"entrant": entrant_id, "name": name});
    audit(conn, t.id(), actor, now, "player_added", detail)?;
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
        require_setup(&t)?;
        enter_team(conn, &t, actor, now, name, members)
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
        if tournament.variant.individual() {
            return Err(AppError::BadRequest(
                "players play for themselves in this variant: no teams".into(),
            ));
        }
        if members.len() != tournament.variant.team_size() {
            return Err(AppError::BadRequest(format!(
                "a team has {} players",
                tournament.variant.team_size()
            )));
        }
        let entrants = EntrantRow::of(conn, t.id())?;
        let teams = TeamRow::of(conn, t.id())?;
        let taken: Vec<(i32, i32)> = TeamRow::members(conn, t.id())?;
        let mut player_ids = Vec::new();
        for m in members {
            let Some((e, _)) = entrants.iter().find(|(e, _)| &e.entrant_id == m) else {
                return Err(AppError::BadRequest(format!("unknown player {m:?}")));
            };
            if taken.iter().any(|(_, p)| *p == e.player_id) || player_ids.contains(&e.player_id) {
                return Err(AppError::BadRequest(format!(
                    "{m:?} already plays in a team"
                )));
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
        insert_team(
            conn,
            t.id(),
            &entrant_id,
            &name,
            teams.len() as i32,
            &player_ids,
        )?;
        let detail = serde_json::json!({"entrant": entrant_id, "name": name, "players": members});
        audit(conn, t.id(), actor, now, "team_added", detail)?;
        Ok(entrant_id)
    }
}

pub(crate) fn insert_team(
    conn: &mut DbConn,
    tournament: TournamentId,
    entrant_id: &str,
    name: &str,
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

/// Makes a tournament public or private.
pub fn set_public(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    public: bool,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        TournamentRow::set_public(conn, t.id(), public)?;
        audit(
            conn,
            t.id(),
            actor,
            now,
            "visibility",
            serde_json::json!({"public": public}),
        )
    })
}

/// A player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantPlayer {
    /// The id in the tournament file (`p1`, ...).
    pub entrant_id: String,
    pub player_id: i32,
    pub name: String,
    pub start_no: Option<i32>,
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
    /// whose current version is not confirmed.
    pub deals: Vec<Value>,
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
/// confirmed prefix.
pub fn current_deals(
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
        match v.status.as_str() {
            "confirmed" if in_prefix => entry
                .deals
                .push(serde_json::from_str(&v.record).map_err(|e| corrupt("deal record", e))?),
            "confirmed" => {}
            "pending" => entry.pending.push(deal_no),
            _ => entry.withdrawn.push(deal_no),
        }
    }
    Ok(out)
}

/// A table's current deals (see [`current_deals`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CurrentDeals {
    pub deals: Vec<Value>,
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
        })
        .collect();
    let members = TeamRow::members(conn, id)?;
    let teams = TeamRow::of(conn, id)?
        .into_iter()
        .map(|t| EntrantTeam {
            members: members
                .iter()
                .filter(|(team, _)| *team == t.id)
                .filter_map(|(_, p)| players.iter().find(|x| x.player_id == *p))
                .map(|x| x.entrant_id.clone())
                .collect(),
            entrant_id: t.entrant_id,
            team_id: t.id,
            name: t.name,
        })
        .collect();
    let mut current = current_deals(DealVersionRow::of_tournament(conn, id)?)?;
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
            closed: r.status == "closed",
            tables: views,
        });
    }
    Ok(TournamentDetail {
        tournament,
        players,
        teams,
        rounds,
    })
}

impl TournamentDetail {
    /// The tournament file (contract 8 with kartl's optional keys) of the current confirmed
    /// deals. The frozen rule set, once there, gives the record frame.
    pub fn file(&self) -> TournamentFile {
        let t = &self.tournament;
        let frozen = t.rules_frozen.as_ref();
        let variant = frozen
            .and_then(|f| f.get("variant"))
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or(t.variant);
        let (target, options) = match frozen {
            Some(f) => (
                f.get("target").and_then(Value::as_u64).map(|t| t as u32),
                f.get("options").and_then(Value::as_object).cloned(),
            ),
            None => (t.target, t.options.clone()),
        };
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
                            deals: x.deals.clone(),
                        })
                        .collect(),
                    byes: r.byes.clone(),
                    seed: r.seed,
                    knockout: r.knockout,
                })
                .collect(),
            settings: t.settings.clone(),
        }
    }
}

/// The tournament file of the current confirmed deals (404 when `viewer` may not see it).
pub fn export(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    slug: &str,
) -> Result<TournamentFile, AppError> {
    Ok(get(conn, viewer, slug)?.file())
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
