//! A player's data: the download (everything kartl holds of one `players` row, as JSON) and
//! the erasure (the person replaced by "Spieler N" for good, every result kept).
//!
//! **Download scope**: the register row (id, club, name, start number, consent, when it was
//! made), each tournament the row took part in (as a player or in a team; private ones too)
//! with the entrant, its name, place, points and the figures of the player's page, and the
//! counted deals of every table the entrant sat at (deal records hold facts, no names). Not
//! included: the audit log (the club's record of its own work, naming its secretaries) and
//! other players' names beyond the team's name as the public sees it.
//!
//! **Erasure**: the name becomes "Spieler {id}", the consent `hidden`; every team named after
//! the player and every audit event that names them (its `detail` and `reason`) reads
//! "Spieler {id}" instead; results, tables, deals and the audit trail itself stay. It is
//! audited in every tournament of the player and kept in `player_erasures`. It cannot be
//! undone: nothing keeps the old name.

use super::Actor;
use super::consent::{Consent, entries_of, managed_player, replace_word, tournaments_of};
use super::tournaments::TournamentDetail;
use super::view::detail;
use crate::db::DbConn;
use crate::db::models::{AuditEventRow, Club, ClubId, TournamentRow};
use crate::db::schema::{
    audit_events, player_erasures, players, team_members, teams, tournament_players,
};
use crate::error::AppError;
use crate::rules::Lang;
use crate::service::audit_detail::PlayerErased;
use crate::tournament::player_figures;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use serde_json::Value;

/// The name an erased player keeps.
pub fn erased_name(player: i32) -> String {
    format!("Spieler {player}")
}

/// The download: everything kartl holds of one player (see the module summary). Its JSON
/// is [`PlayerData::to_json`]'s; `kartl_player_data` is the format's version.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerData {
    erasures: Vec<String>,
    exported_at: String,
    kartl_player_data: u32,
    player: PlayerRow,
    tournaments: Vec<Entered>,
}

/// The register row.
#[derive(Debug, Clone, Serialize)]
struct PlayerRow {
    club: Option<String>,
    club_id: i32,
    consent: Consent,
    created_at: String,
    id: i32,
    name: String,
    start_no: Option<i32>,
}

/// One tournament the player took part in: the entrant (their own, and their team's when
/// they played in one), its place and points, the player's figures and their tables.
#[derive(Debug, Clone, Serialize)]
struct Entered {
    date: Option<String>,
    entrant: String,
    figures: player_figures::Figures,
    game: crate::rules::Game,
    name: String,
    place: Option<String>,
    points: Option<i64>,
    public: bool,
    rank: Option<u32>,
    slug: String,
    tables: Vec<Seated>,
    team: Option<Team>,
}

/// The player's team, under the name the public sees.
#[derive(Debug, Clone, Serialize)]
struct Team {
    entrant: String,
    name: Option<String>,
}

/// A table the entrant sat at (round and table from 1) with its counted deals.
#[derive(Debug, Clone, Serialize)]
struct Seated {
    deals: Vec<serde_json::Value>,
    round: usize,
    seats: Vec<String>,
    table: usize,
}

impl PlayerData {
    /// The download's bytes: pretty JSON with every object's keys sorted, at every depth
    /// (the figures and the deals too), as the download has always been written.
    pub fn to_json(&self) -> Result<Vec<u8>, serde_json::Error> {
        serde_json::to_vec_pretty(&serde_json::to_value(self)?)
    }
}

/// Everything kartl holds of player `id` (see the module summary), for those who run the
/// player's club.
pub fn export(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    id: i32,
) -> Result<PlayerData, AppError> {
    let p = managed_player(conn, actor, id)?;
    let club = Club::find(conn, ClubId(p.club_id))?.map(|c| c.name);
    let mut tournaments = Vec::new();
    for t in tournaments_of(conn, id)? {
        let row = TournamentRow::find(conn, t)?;
        let d = detail(conn, row)?;
        tournaments.extend(entered(&d, id)?);
    }
    let erasures: Vec<String> = player_erasures::table
        .filter(player_erasures::player_id.eq(id))
        .select(player_erasures::created_at)
        .load::<NaiveDateTime>(conn)?
        .iter()
        .map(stamp)
        .collect();
    Ok(PlayerData {
        erasures,
        exported_at: stamp(&now),
        kartl_player_data: 1,
        player: PlayerRow {
            club,
            club_id: p.club_id,
            consent: Consent::stored(&p.consent),
            created_at: stamp(&p.created_at),
            id: p.id,
            name: p.name,
            start_no: p.start_no,
        },
        tournaments,
    })
}

/// What tournament `d` holds of player `id`; `None` when they are not among its players.
fn entered(d: &TournamentDetail, id: i32) -> Result<Option<Entered>, AppError> {
    let Some(own) = d.players.iter().find(|x| x.player_id == id) else {
        return Ok(None);
    };
    let team = d.teams.iter().find(|x| x.members.contains(&own.entrant_id));
    let entrant = team.map_or(own.entrant_id.clone(), |x| x.entrant_id.clone());
    let public = d.clone().public();
    let file = d.file();
    let eval = super::tournaments::evaluate_file(&file, Lang::De)?;
    let row = eval.standings.standings.iter().find(|r| r.id == entrant);
    let figures = player_figures::of_entrant(&file, &entrant, Lang::De)
        .map_err(|m| AppError::Internal(format!("stored record: {m}")))?;
    let tables: Vec<Seated> = file
        .rounds
        .iter()
        .enumerate()
        .flat_map(|(r, round)| {
            let seated = &entrant;
            round
                .tables
                .iter()
                .enumerate()
                .filter(move |(_, x)| x.seats.contains(seated))
                .map(move |(n, x)| Seated {
                    deals: x.deals.clone(),
                    round: r + 1,
                    seats: x.seats.clone(),
                    table: n + 1,
                })
        })
        .collect();
    let t = &d.tournament;
    Ok(Some(Entered {
        date: t.date.map(|d| d.to_string()),
        entrant: own.entrant_id.clone(),
        figures,
        game: t.game,
        name: t.name.clone(),
        place: t.place.clone(),
        points: row.map(|r| r.points),
        public: t.public,
        rank: row.map(|r| r.rank),
        slug: t.slug.clone(),
        tables,
        team: team.map(|x| Team {
            entrant: x.entrant_id.clone(),
            name: (public.teams.iter())
                .find(|y| y.entrant_id == x.entrant_id)
                .map(|y| y.name.clone()),
        }),
    }))
}

/// A UTC time as ISO 8601 ("2026-11-21T19:30:00Z").
fn stamp(t: &NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Erases player `id` (see the module summary) in one transaction; the name it stored
/// before is returned to nobody. Erasing an erased player again changes nothing.
pub fn erase(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    id: i32,
) -> Result<(), AppError> {
    crate::db::write(conn, |conn| {
        let p = managed_player(conn, actor, id)?;
        let new = erased_name(id);
        if p.name == new {
            return Ok(());
        }
        // Open the audit log to this transaction's rewrite (the trigger checks for it).
        diesel::insert_into(player_erasures::table)
            .values((
                player_erasures::player_id.eq(id),
                player_erasures::club_id.eq(p.club_id),
                player_erasures::actor.eq(&actor.name),
                player_erasures::running.eq(true),
                player_erasures::created_at.eq(now),
            ))
            .execute(conn)?;
        diesel::update(players::table.find(id))
            .set((
                players::name.eq(&new),
                players::consent.eq(Consent::Hidden.as_str()),
                // The register's other marks of the person go with the name.
                players::member_no.eq(None::<String>),
                players::birth_year.eq(None::<i32>),
            ))
            .execute(conn)?;
        let mut names = mentions(&p.name);
        for (t, entrant) in entries_of(conn, id)? {
            for former in former_names(conn, t, &entrant, id)? {
                names.extend(mentions(&former));
            }
        }
        // Longest first, so "Anna Huber (SKV)" goes whole before "Anna Huber" is looked for.
        names.sort_by_key(|n| std::cmp::Reverse(n.chars().count()));
        names.dedup();
        rename_entries(conn, id, &names, &new)?;
        for t in tournaments_of(conn, id)? {
            for e in AuditEventRow::of(conn, t)? {
                rewrite_event(conn, &e, &names, &new)?;
            }
        }
        for (t, entrant) in entries_of(conn, id)? {
            super::tournaments::audit(
                conn,
                t,
                actor,
                now,
                PlayerErased {
                    entrant,
                    name: new.clone(),
                    player: id,
                }
                .into(),
            )?;
        }
        diesel::update(player_erasures::table.filter(player_erasures::player_id.eq(id)))
            .set(player_erasures::running.eq(false))
            .execute(conn)?;
        Ok(())
    })
}

/// The names the player was entered or edited under in tournament `t` (the audit log keeps
/// them: `player_added`, and `entrant_edited` of their own entry or of their team's, where
/// the member's position gives their name before and after).
fn former_names(
    conn: &mut DbConn,
    t: crate::db::models::TournamentId,
    entrant: &str,
    player: i32,
) -> Result<Vec<String>, AppError> {
    let team: Option<(String, i32)> = teams::table
        .inner_join(team_members::table)
        .filter(team_members::player_id.eq(player))
        .filter(teams::tournament_id.eq(t.0))
        .select((teams::entrant_id, team_members::position))
        .first(conn)
        .optional()?;
    let mut out = Vec::new();
    for e in AuditEventRow::of(conn, t)? {
        let Ok(detail) = serde_json::from_str::<Value>(&e.detail) else {
            continue;
        };
        let about = detail["entrant"].as_str().unwrap_or_default();
        let keys: &[&str] = match e.action.as_str() {
            "player_added" if about == entrant => &["name"],
            "entrant_edited" if about == entrant => &["before", "after"],
            "entrant_edited" => {
                if let Some((team_id, position)) = &team
                    && about == team_id
                {
                    for key in ["players_before", "players_after"] {
                        let at = usize::try_from(*position).unwrap_or(usize::MAX);
                        out.extend(
                            detail[key]
                                .get(at)
                                .and_then(Value::as_str)
                                .map(String::from),
                        );
                    }
                }
                &[]
            }
            _ => &[],
        };
        out.extend(
            keys.iter()
                .filter_map(|k| detail[*k].as_str().map(String::from)),
        );
    }
    Ok(out)
}

/// The forms a name is written in: as stored ("Anna Huber (SKV)") and without the club in
/// brackets ("Anna Huber"), longest first so the longer one is replaced whole.
fn mentions(name: &str) -> Vec<String> {
    let mut out = vec![name.to_string()];
    if let Some(open) = name.rfind(" (")
        && name.ends_with(')')
        && !name[..open].trim().is_empty()
    {
        out.push(name[..open].to_string());
    }
    out
}

fn replace_all(text: &str, names: &[String], new: &str) -> String {
    names
        .iter()
        .fold(text.to_string(), |t, n| replace_word(&t, n, new))
}

/// The player's entries (their compared name) and the teams named after them.
fn rename_entries(conn: &mut DbConn, id: i32, names: &[String], new: &str) -> Result<(), AppError> {
    let key = super::entrants::name_key(new);
    diesel::update(
        tournament_players::table
            .filter(tournament_players::player_id.eq(id))
            .filter(tournament_players::name_key.is_not_null()),
    )
    .set(tournament_players::name_key.eq(&key))
    .execute(conn)?;
    let team_rows: Vec<(i32, String, Option<String>)> = teams::table
        .inner_join(team_members::table)
        .filter(team_members::player_id.eq(id))
        .select((teams::id, teams::name, teams::name_key))
        .load(conn)?;
    for (team, name, name_key) in team_rows {
        let renamed = replace_all(&name, names, new);
        if renamed != name {
            diesel::update(teams::table.find(team))
                .set((
                    teams::name.eq(&renamed),
                    teams::name_key.eq(name_key.map(|_| super::entrants::name_key(&renamed))),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// One audit event with the player's name replaced in its detail (every string of the JSON)
/// and its reason; untouched when it does not name them.
fn rewrite_event(
    conn: &mut DbConn,
    e: &AuditEventRow,
    names: &[String],
    new: &str,
) -> Result<(), AppError> {
    let detail = match serde_json::from_str::<Value>(&e.detail) {
        Ok(mut v) => {
            replace_strings(&mut v, names, new);
            v.to_string()
        }
        Err(_) => replace_all(&e.detail, names, new),
    };
    let reason = e.reason.as_deref().map(|r| replace_all(r, names, new));
    let same_detail = detail == e.detail
        || serde_json::from_str::<Value>(&e.detail).ok()
            == serde_json::from_str::<Value>(&detail).ok();
    if same_detail && reason == e.reason {
        return Ok(());
    }
    diesel::update(audit_events::table.find(e.id))
        .set((
            audit_events::detail.eq(detail),
            audit_events::reason.eq(reason),
        ))
        .execute(conn)?;
    Ok(())
}

fn replace_strings(v: &mut Value, names: &[String], new: &str) {
    match v {
        Value::String(s) => *s = replace_all(s, names, new),
        Value::Array(items) => items
            .iter_mut()
            .for_each(|x| replace_strings(x, names, new)),
        Value::Object(map) => map
            .values_mut()
            .for_each(|x| replace_strings(x, names, new)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_replaced_as_a_whole_word_only() {
        let names = mentions("Anna Huber (SKV)");
        assert_eq!(
            replace_all("Anna Huber (SKV) / Sepp Mair", &names, "Spieler 4"),
            "Spieler 4 / Sepp Mair"
        );
        assert_eq!(replace_all("Anna Huber", &names, "Spieler 4"), "Spieler 4");
        assert_eq!(
            replace_all("Anna Hubertus", &names, "Spieler 4"),
            "Anna Hubertus"
        );
        assert_eq!(replace_word("Almhütte Al", "Al", "X"), "Almhütte X");
        assert_eq!(replace_word("text", "", "X"), "text");
    }
}
