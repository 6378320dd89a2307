//! Seasons: several club evenings, tournaments of one club and one game, in one
//! standings table (the club championship), optionally counting only each entrant's best N
//! evenings. Seasons are managed by the club's secretaries and the administrator (a season of
//! another club is 404, like a private tournament).
//!
//! An entrant is the same across evenings by a stable key, not by the file's per-tournament
//! ids (`p1`, `t1`): a player is their record in the club's register (`player:17`, the
//! `players` id every evening of theirs points at), a team the sorted ids of its players
//! (`team:17+23`): the same two players are the same team whatever the team is called that
//! evening. So a typo in one evening's name no longer splits a person (correct the register,
//! or merge the two records), and two namesakes (two records) stay two. The name shown is the
//! latest evening's.
//!
//! A season may be made public (`seasons.public`): then its standings are on a page of their
//! own, linked from the club's page, showing the public evenings only.

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
    /// Shown to everybody on its own page (public evenings only), linked from the club's page.
    pub public: bool,
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
    let rows = evening_rows(conn, season.row.id)?;
    compute(conn, season, rows, lang)
}

/// A season's standings as everybody sees them: the season public, its public evenings only.
/// A season that is not public is 404 to everybody but its managers, who see it as it will be
/// (the preview, as for tournaments).
pub fn public_standings(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    slug: &str,
    lang: Lang,
) -> Result<SeasonStandings, AppError> {
    let row = seasons::table
        .filter(seasons::slug.eq(slug))
        .select(SeasonRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(AppError::NotFound)?;
    let manager = viewer.is_some_and(|a| a.may_manage(row.club_id));
    if !row.public && !manager {
        return Err(AppError::NotFound);
    }
    let rows: Vec<TournamentRow> = evening_rows(conn, row.id)?
        .into_iter()
        .filter(|t| t.public)
        .collect();
    let evenings = rows
        .iter()
        .cloned()
        .map(Tournament::try_from)
        .collect::<Result<_, _>>()?;
    compute(conn, Season { row, evenings }, rows, lang)
}

/// Shows the season to everybody, or no longer.
pub fn set_public(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    public: bool,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let season = get(conn, actor, slug)?;
        diesel::update(seasons::table.find(season.row.id))
            .set(seasons::public.eq(public))
            .execute(conn)?;
        Ok(())
    })
}

fn compute(
    conn: &mut DbConn,
    season: Season,
    rows: Vec<TournamentRow>,
    lang: Lang,
) -> Result<SeasonStandings, AppError> {
    let mut evenings: Vec<Vec<Row>> = Vec::new();
    for row in rows {
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

/// Each entrant id of the tournament file mapped to its stable key: a player's register id
/// (`player:17`), a team's the sorted register ids of its players (`team:17+23`).
fn stable_keys(d: &tournaments::TournamentDetail) -> BTreeMap<String, String> {
    let id_of: BTreeMap<&str, i32> = d
        .players
        .iter()
        .map(|p| (p.entrant_id.as_str(), p.player_id))
        .collect();
    let mut keys: BTreeMap<String, String> = id_of
        .iter()
        .map(|(entrant, id)| (entrant.to_string(), format!("player:{id}")))
        .collect();
    for t in &d.teams {
        let mut ids: Vec<i32> = t
            .members
            .iter()
            .filter_map(|m| id_of.get(m.as_str()).copied())
            .collect();
        ids.sort_unstable();
        let ids: Vec<String> = ids.iter().map(i32::to_string).collect();
        keys.insert(t.entrant_id.clone(), format!("team:{}", ids.join("+")));
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
}
