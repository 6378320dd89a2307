//! Seasons: several club evenings, tournaments of one club and one game, in one
//! standings table (the club championship), optionally counting only each entrant's best N
//! evenings. Seasons are for the club's secretaries and the administrator only; they are never
//! public (a season of another club is 404, like a private tournament).
//!
//! An entrant is the same across evenings by a stable key, not by the file's per-tournament
//! ids (`p1`, `t1`). Club players are entered anew for each tournament today (every entry and
//! every import writes a new `players` row), so the club player id never repeats across
//! evenings; the key is therefore the player's name within the club, trimmed and in lowercase
//! (`player:anna huber`), and a team's the sorted names of its members
//! (`team:anna huber+bert maier`): the same two players are the same team whatever the team is
//! called that evening. The name shown is the latest evening's. Once players are picked from a
//! club roster, the key can become the club player id (`tournament_players.player_id`).

use super::Actor;
use super::tournaments::{self, Tournament, detail};
use crate::db::schema::{season_tournaments, seasons, tournaments as tournaments_table};
use crate::db::{self, DbConn, models::TournamentRow};
use crate::error::AppError;
use crate::rules::Lang;
use crate::tournament::scheme::{self, SeasonCount};
use crate::tournament::standings::Row;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use std::collections::BTreeMap;

/// A season as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = seasons)]
pub struct SeasonRow {
    pub id: i32,
    pub club_id: i32,
    pub slug: String,
    pub name: String,
    pub counting: String,
    pub created_at: NaiveDateTime,
}

impl SeasonRow {
    /// The counting rule (`all` or `best:N`); anything else counts all.
    pub fn count(&self) -> SeasonCount {
        parse_counting(&self.counting).unwrap_or_default()
    }
}

/// `all` or `best:N` (N at least 1).
pub fn parse_counting(text: &str) -> Option<SeasonCount> {
    match text.trim() {
        "all" => Some(SeasonCount::All),
        other => other
            .strip_prefix("best:")
            .and_then(|n| n.trim().parse::<usize>().ok())
            .filter(|n| *n >= 1)
            .map(SeasonCount::Best),
    }
}

/// The stored text of a counting rule.
pub fn counting_text(count: SeasonCount) -> String {
    match count {
        SeasonCount::All => "all".into(),
        SeasonCount::Best(n) => format!("best:{n}"),
    }
}

/// Why an evening cannot be added or removed (each has a catalogue id for the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The tournament belongs to another club.
    OtherClub,
    /// The tournament is of another game than the season's evenings.
    OtherGame,
    /// The tournament is in the season already.
    AlreadyIn,
    /// The tournament is not in the season.
    NotIn,
}

impl Refusal {
    /// The message's id in `locales/*/secretary.ftl`.
    pub fn id(self) -> &'static str {
        match self {
            Refusal::OtherClub => "season-error-club",
            Refusal::OtherGame => "season-error-game",
            Refusal::AlreadyIn => "season-error-already",
            Refusal::NotIn => "season-error-not-in",
        }
    }
}

/// A season with its evenings in order.
#[derive(Debug, Clone)]
pub struct Season {
    pub row: SeasonRow,
    pub evenings: Vec<Tournament>,
}

/// A season's standings: the evenings, the ranked rows (counted evenings summed) and, per row,
/// each evening's points (None: not played that evening).
#[derive(Debug, Clone)]
pub struct SeasonStandings {
    pub season: Season,
    pub rows: Vec<Row>,
    pub per_evening: Vec<Vec<Option<i64>>>,
}

/// Creates a season for `club_id`; returns its slug.
pub fn create(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    club_id: i32,
    name: &str,
    count: SeasonCount,
) -> Result<String, AppError> {
    if !actor.may_manage(club_id) {
        return Err(AppError::Forbidden);
    }
    db::write(conn, |conn| {
        db::lock_table(conn, "seasons")?;
        let stem = super::slug::stem(name, None);
        // A random suffix, as for tournaments: `saison-a-2` told a club that another had a
        // "Saison A".
        let slug = super::slug::unguessable(&stem, |s| {
            seasons::table
                .filter(seasons::slug.eq(s))
                .count()
                .get_result::<i64>(conn)
                .map(|n| n > 0)
        })?;
        diesel::insert_into(seasons::table)
            .values((
                seasons::club_id.eq(club_id),
                seasons::slug.eq(&slug),
                seasons::name.eq(name),
                seasons::counting.eq(counting_text(count)),
                seasons::created_at.eq(now),
            ))
            .execute(conn)?;
        Ok(slug)
    })
}

/// The seasons `actor` manages, newest first.
pub fn list(conn: &mut DbConn, actor: &Actor) -> Result<Vec<SeasonRow>, AppError> {
    let all = seasons::table
        .order(seasons::id.desc())
        .select(SeasonRow::as_select())
        .load(conn)?;
    Ok(all
        .into_iter()
        .filter(|s| actor.may_manage(s.club_id))
        .collect())
}

/// The season if `actor` manages it; 404 otherwise (its existence is not revealed).
pub fn get(conn: &mut DbConn, actor: &Actor, slug: &str) -> Result<Season, AppError> {
    let row = seasons::table
        .filter(seasons::slug.eq(slug))
        .select(SeasonRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = row.filter(|s| actor.may_manage(s.club_id)) else {
        return Err(AppError::NotFound);
    };
    let evenings = evening_rows(conn, row.id)?
        .into_iter()
        .map(Tournament::try_from)
        .collect::<Result<_, _>>()?;
    Ok(Season { row, evenings })
}

/// Every season of the club, newest first, with its evenings' rows in order (for the club's
/// public page, which shows only the public ones).
pub(crate) fn of_club(
    conn: &mut DbConn,
    club_id: i32,
) -> Result<Vec<(SeasonRow, Vec<TournamentRow>)>, AppError> {
    let rows = seasons::table
        .filter(seasons::club_id.eq(club_id))
        .order(seasons::id.desc())
        .select(SeasonRow::as_select())
        .load(conn)?;
    rows.into_iter()
        .map(|row| {
            let evenings = evening_rows(conn, row.id)?;
            Ok((row, evenings))
        })
        .collect()
}

fn evening_rows(conn: &mut DbConn, season_id: i32) -> Result<Vec<TournamentRow>, AppError> {
    Ok(season_tournaments::table
        .inner_join(tournaments_table::table)
        .filter(season_tournaments::season_id.eq(season_id))
        .order(season_tournaments::position.asc())
        .select(TournamentRow::as_select())
        .load(conn)?)
}

/// Adds a tournament of the season's club and game as the last evening.
pub fn add(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    tournament: &str,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let season = get(conn, actor, slug)?;
        let t = match TournamentRow::by_slug(conn, tournament)? {
            Some(t) if t.club_id == season.row.club_id => Tournament::try_from(t)?,
            _ => return Ok(Err(Refusal::OtherClub)),
        };
        if season.evenings.iter().any(|e| e.id == t.id) {
            return Ok(Err(Refusal::AlreadyIn));
        }
        if season.evenings.iter().any(|e| e.game != t.game) {
            return Ok(Err(Refusal::OtherGame));
        }
        let position: Option<i32> = season_tournaments::table
            .filter(season_tournaments::season_id.eq(season.row.id))
            .select(diesel::dsl::max(season_tournaments::position))
            .first(conn)?;
        diesel::insert_into(season_tournaments::table)
            .values((
                season_tournaments::season_id.eq(season.row.id),
                season_tournaments::tournament_id.eq(t.id.0),
                season_tournaments::position.eq(position.unwrap_or(0) + 1),
            ))
            .execute(conn)?;
        Ok(Ok(()))
    })
}

/// Removes an evening from the season (the tournament itself stays).
pub fn remove(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    tournament: &str,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let season = get(conn, actor, slug)?;
        let Some(t) = season.evenings.iter().find(|e| e.slug == tournament) else {
            return Ok(Err(Refusal::NotIn));
        };
        diesel::delete(
            season_tournaments::table
                .filter(season_tournaments::season_id.eq(season.row.id))
                .filter(season_tournaments::tournament_id.eq(t.id.0)),
        )
        .execute(conn)?;
        Ok(Ok(()))
    })
}

/// The season's standings: [`scheme::season`] over each evening's overall standings, entrants
/// matched by their stable keys (see the module's summary).
pub fn standings(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    lang: Lang,
) -> Result<SeasonStandings, AppError> {
    let season = get(conn, actor, slug)?;
    let mut evenings: Vec<Vec<Row>> = Vec::new();
    for row in evening_rows(conn, season.row.id)? {
        let d = detail(conn, row)?;
        let evaluation = tournaments::evaluate_file(&d.file(), lang)?;
        let keys = stable_keys(&d);
        let rows = evaluation
            .standings
            .standings
            .into_iter()
            .map(|mut r| {
                if let Some(k) = keys.get(&r.id) {
                    r.id = k.clone();
                }
                r
            })
            .collect();
        evenings.push(rows);
    }
    let rows = scheme::season(&evenings, season.row.count());
    let per_evening = rows
        .iter()
        .map(|r| {
            evenings
                .iter()
                .map(|e| e.iter().find(|x| x.id == r.id).map(|x| x.points))
                .collect()
        })
        .collect();
    Ok(SeasonStandings {
        season,
        rows,
        per_evening,
    })
}

/// A player's key: the name within the club, trimmed, in lowercase, inner spaces single.
fn player_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Each entrant id of the tournament file mapped to its stable key.
fn stable_keys(d: &tournaments::TournamentDetail) -> BTreeMap<String, String> {
    let name_of: BTreeMap<&str, String> = d
        .players
        .iter()
        .map(|p| (p.entrant_id.as_str(), player_key(&p.name)))
        .collect();
    let mut keys: BTreeMap<String, String> = name_of
        .iter()
        .map(|(id, name)| (id.to_string(), format!("player:{name}")))
        .collect();
    for t in &d.teams {
        let mut names: Vec<&str> = t
            .members
            .iter()
            .filter_map(|m| name_of.get(m.as_str()).map(String::as_str))
            .collect();
        names.sort_unstable();
        keys.insert(t.entrant_id.clone(), format!("team:{}", names.join("+")));
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_rules_read_and_write() {
        assert_eq!(parse_counting("all"), Some(SeasonCount::All));
        assert_eq!(parse_counting("best:3"), Some(SeasonCount::Best(3)));
        assert_eq!(parse_counting("best:0"), None);
        assert_eq!(parse_counting("best"), None);
        assert_eq!(counting_text(SeasonCount::Best(2)), "best:2");
        assert_eq!(counting_text(SeasonCount::All), "all");
    }

    #[test]
    fn player_keys_ignore_case_and_spacing() {
        assert_eq!(player_key("  Anna   Huber "), "anna huber");
        assert_eq!(player_key("ANNA HUBER"), player_key("Anna Huber"));
    }
}
