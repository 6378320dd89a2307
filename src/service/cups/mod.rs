//! Cups across clubs (a Watt-Cup, a Gaigel series) in the database: the cup and its rules
//! (`tournament::cup::CupRules`), its member clubs, the evenings the clubs propose and the
//! organiser accepts or refuses, and the links that make two register players of different
//! clubs one person in the cup. The standings are [`standings`]; the pure computation is
//! [`crate::tournament::cup`].
//!
//! Who may do what is decided here ([`access`]) and nowhere else:
//! - the cup's **organiser** (the account that owns it) and the administrator run the cup:
//!   its rules, its member clubs, accepting and refusing evenings, linking players;
//! - a **member club's secretary** sees the cup's page and proposes the club's own
//!   tournaments of the cup's game;
//! - anyone else: the cup does not exist for them (404), as a private tournament.
//!
//! The public cup page and its downloads are for everybody: a cup is a public series, and a
//! club that proposes an evening agrees to its places being shown there.

pub mod evenings;
pub mod file;
pub mod links;
pub mod standings;

use super::{Actor, ActorKind};
use crate::db::schema::{cup_clubs, cups};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::rules::Game;
use crate::tournament::cup::{CupRules, CupTiebreak, PlacePoints};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A cup as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = cups)]
pub struct CupRow {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub game: String,
    pub organiser_id: i32,
    pub points: String,
    pub best_of: Option<i32>,
    pub min_evenings: i32,
    pub tiebreaks: String,
    pub revision: i32,
    pub created_at: NaiveDateTime,
}

/// A cup with its columns parsed.
#[derive(Debug, Clone)]
pub struct Cup {
    pub row: CupRow,
    pub game: Game,
    pub rules: CupRules,
    /// The member clubs' ids.
    pub clubs: Vec<i32>,
}

/// What the asker may do with a cup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The cup's organiser or the administrator: everything.
    Organiser,
    /// A secretary of this member club: the page and proposing the club's tournaments.
    Member { club_id: i32 },
}

/// Cup points per place as stored: `25,20,16` or `field_less_place`.
pub fn parse_points(text: &str) -> Option<PlacePoints> {
    let text = text.trim();
    if text == "field_less_place" {
        return Some(PlacePoints::FieldLessPlace);
    }
    let table: Option<Vec<u32>> = text
        .split([',', ' ', '-', ';'])
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.trim().parse::<u32>().ok().filter(|n| *n <= 10_000))
        .collect();
    table
        .filter(|t| !t.is_empty() && t.len() <= 500)
        .map(PlacePoints::Table)
}

pub fn points_text(points: &PlacePoints) -> String {
    match points {
        PlacePoints::FieldLessPlace => "field_less_place".into(),
        PlacePoints::Table(t) => t.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
    }
}

/// The tie-breaks' names as stored and as forms send them.
pub fn tiebreak_name(t: CupTiebreak) -> &'static str {
    match t {
        CupTiebreak::BetterPlaces => "better_places",
        CupTiebreak::MoreEvenings => "more_evenings",
        CupTiebreak::StruckPoints => "struck_points",
    }
}

pub const TIEBREAKS: [CupTiebreak; 3] = [
    CupTiebreak::BetterPlaces,
    CupTiebreak::MoreEvenings,
    CupTiebreak::StruckPoints,
];

/// `better_places,more_evenings`: known names, none twice (empty: none at all).
pub fn parse_tiebreaks(text: &str) -> Option<Vec<CupTiebreak>> {
    let mut out = Vec::new();
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let t = TIEBREAKS.into_iter().find(|t| tiebreak_name(*t) == name)?;
        if out.contains(&t) {
            return None;
        }
        out.push(t);
    }
    Some(out)
}

pub fn tiebreaks_text(tiebreaks: &[CupTiebreak]) -> String {
    tiebreaks
        .iter()
        .map(|t| tiebreak_name(*t))
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_game(text: &str) -> Option<Game> {
    crate::text::named(text)
}

impl Cup {
    fn of(row: CupRow, clubs: Vec<i32>) -> Result<Cup, AppError> {
        let game = parse_game(&row.game).ok_or_else(|| super::corrupt("cup game", &row.game))?;
        let points =
            parse_points(&row.points).ok_or_else(|| super::corrupt("cup points", &row.points))?;
        let tiebreaks = parse_tiebreaks(&row.tiebreaks)
            .ok_or_else(|| super::corrupt("cup tie-breaks", &row.tiebreaks))?;
        let rules = CupRules {
            points,
            best_of: row.best_of.and_then(|n| u32::try_from(n).ok()),
            min_evenings: u32::try_from(row.min_evenings).unwrap_or(1),
            tiebreaks,
        };
        Ok(Cup {
            row,
            game,
            rules,
            clubs,
        })
    }

    /// What `actor` may do with this cup; `None`: nothing (it does not exist for them).
    pub fn access(&self, actor: &Actor) -> Option<Access> {
        match actor.kind {
            ActorKind::Admin | ActorKind::CommandLine => Some(Access::Organiser),
            ActorKind::Organiser => {
                (actor.user_id == Some(self.row.organiser_id)).then_some(Access::Organiser)
            }
            ActorKind::Secretary { club_id } => self
                .clubs
                .contains(&club_id)
                .then_some(Access::Member { club_id }),
        }
    }
}

/// Whether `actor` may create cups: organisers and the administrator.
pub fn may_create(actor: &Actor) -> bool {
    matches!(
        actor.kind,
        ActorKind::Admin | ActorKind::Organiser | ActorKind::CommandLine
    )
}

/// A new cup's or a changed cup's name, game and rules (checked by the caller's form).
#[derive(Debug, Clone)]
pub struct CupSpec {
    pub name: String,
    pub game: Game,
    pub rules: CupRules,
}

/// The cup of `slug` for anyone (the public pages); 404 when there is none.
pub fn by_slug(conn: &mut DbConn, slug: &str) -> Result<Cup, AppError> {
    let row = cups::table
        .filter(cups::slug.eq(slug))
        .select(CupRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(AppError::NotFound)?;
    let clubs = cup_clubs::table
        .filter(cup_clubs::cup_id.eq(row.id))
        .order(cup_clubs::id.asc())
        .select(cup_clubs::club_id)
        .load(conn)?;
    Cup::of(row, clubs)
}

/// The cup and what `actor` may do with it; 404 when nothing.
pub fn get(conn: &mut DbConn, actor: &Actor, slug: &str) -> Result<(Cup, Access), AppError> {
    let cup = by_slug(conn, slug)?;
    match cup.access(actor) {
        Some(access) => Ok((cup, access)),
        None => Err(AppError::NotFound),
    }
}

/// The cup if `actor` runs it: 404 when they may not see it, 403 when they see it as a member
/// club's secretary.
pub fn organised(conn: &mut DbConn, actor: &Actor, slug: &str) -> Result<Cup, AppError> {
    match get(conn, actor, slug)? {
        (cup, Access::Organiser) => Ok(cup),
        (_, Access::Member { .. }) => Err(AppError::Forbidden),
    }
}

/// The cups `actor` may see, newest first: their own (all for the administrator), or the
/// cups their club is a member of.
pub fn list(conn: &mut DbConn, actor: &Actor) -> Result<Vec<Cup>, AppError> {
    let rows = cups::table
        .order(cups::id.desc())
        .select(CupRow::as_select())
        .load(conn)?;
    let memberships: Vec<(i32, i32)> = cup_clubs::table
        .select((cup_clubs::cup_id, cup_clubs::club_id))
        .order(cup_clubs::id.asc())
        .load(conn)?;
    let mut out = Vec::new();
    for row in rows {
        let clubs = memberships
            .iter()
            .filter(|(cup, _)| *cup == row.id)
            .map(|(_, club)| *club)
            .collect();
        let cup = Cup::of(row, clubs)?;
        if cup.access(actor).is_some() {
            out.push(cup);
        }
    }
    Ok(out)
}

/// Creates a cup run by `organiser_id` (the asker's own account unless the administrator
/// names another organiser); returns its slug.
pub fn create(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    organiser_id: i32,
    spec: &CupSpec,
) -> Result<String, AppError> {
    if !may_create(actor) {
        return Err(AppError::Forbidden);
    }
    if actor.kind == ActorKind::Organiser && actor.user_id != Some(organiser_id) {
        return Err(AppError::Forbidden);
    }
    db::write(conn, |conn| {
        db::lock_table(conn, "cups")?;
        let stem = super::slug::stem(&spec.name, None);
        let slug = super::slug::unguessable(&stem, |s| {
            cups::table
                .filter(cups::slug.eq(s))
                .count()
                .get_result::<i64>(conn)
                .map(|n| n > 0)
        })?;
        diesel::insert_into(cups::table)
            .values((
                cups::slug.eq(&slug),
                cups::name.eq(&spec.name),
                cups::game.eq(spec.game.as_str()),
                cups::organiser_id.eq(organiser_id),
                cups::points.eq(points_text(&spec.rules.points)),
                cups::best_of.eq(spec.rules.best_of.map(|n| n as i32)),
                cups::min_evenings.eq(spec.rules.min_evenings as i32),
                cups::tiebreaks.eq(tiebreaks_text(&spec.rules.tiebreaks)),
                cups::revision.eq(1),
                cups::created_at.eq(now),
            ))
            .execute(conn)?;
        Ok(slug)
    })
}

/// Changes the cup's name and rules (its game stays: the evenings are of it).
pub fn update(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    name: &str,
    rules: &CupRules,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let cup = organised(conn, actor, slug)?;
        diesel::update(cups::table.find(cup.row.id))
            .set((
                cups::name.eq(name),
                cups::points.eq(points_text(&rules.points)),
                cups::best_of.eq(rules.best_of.map(|n| n as i32)),
                cups::min_evenings.eq(rules.min_evenings as i32),
                cups::tiebreaks.eq(tiebreaks_text(&rules.tiebreaks)),
                cups::revision.eq(cups::revision + 1),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// Makes a club a member of the cup (its secretaries may then propose evenings).
pub fn add_club(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    club_id: i32,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let cup = organised(conn, actor, slug)?;
        if crate::db::models::Club::find(conn, crate::db::models::ClubId(club_id))?.is_none() {
            return Ok(Err(Refusal::NoSuchClub));
        }
        if cup.clubs.contains(&club_id) {
            return Ok(Err(Refusal::AlreadyMember));
        }
        diesel::insert_into(cup_clubs::table)
            .values((
                cup_clubs::cup_id.eq(cup.row.id),
                cup_clubs::club_id.eq(club_id),
            ))
            .execute(conn)?;
        touch(conn, cup.row.id)?;
        Ok(Ok(()))
    })
}

/// Moves the cup's revision on: its public page's stamp changes (see `standings::stamp`).
pub(crate) fn touch(conn: &mut DbConn, cup_id: i32) -> Result<(), AppError> {
    diesel::update(cups::table.find(cup_id))
        .set(cups::revision.eq(cups::revision + 1))
        .execute(conn)?;
    Ok(())
}

/// Why a change of the cup was refused (each has a catalogue id for the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    NoSuchClub,
    AlreadyMember,
    /// The tournament is not one of the asker's club, or no such tournament.
    NotYourTournament,
    /// The tournament's club is not a member of the cup.
    NotMember,
    OtherGame,
    /// The tournament is proposed or accepted already.
    AlreadyIn,
    /// The tournament was not proposed to this cup.
    NotProposed,
    NoSuchPlayer,
    /// The two players are of one club (namesakes of a club stay apart).
    SameClub,
    /// A player's club is not a member of the cup.
    PlayerNotMember,
    /// The player is linked to another person already.
    AlreadyLinked,
}

impl Refusal {
    /// The message's id in `locales/*/cup.ftl`.
    pub fn id(self) -> &'static str {
        match self {
            Refusal::NoSuchClub => "cup-error-no-club",
            Refusal::AlreadyMember => "cup-error-already-member",
            Refusal::NotYourTournament => "cup-error-not-yours",
            Refusal::NotMember => "cup-error-not-member",
            Refusal::OtherGame => "cup-error-game",
            Refusal::AlreadyIn => "cup-error-already-in",
            Refusal::NotProposed => "cup-error-not-proposed",
            Refusal::NoSuchPlayer => "cup-error-no-player",
            Refusal::SameClub => "cup-error-same-club",
            Refusal::PlayerNotMember => "cup-error-player-club",
            Refusal::AlreadyLinked => "cup-error-linked",
        }
    }
}

/// The name a public cup page, projector or download shows for a player of an evening: as
/// the player's consent to public display allows (full name, initials, or "Spieler N" with
/// their number in that evening), the same rule the tournament's public pages follow. One
/// function, so that it applies to every cup output at once.
pub fn public_name(player: &crate::service::view::EntrantPlayer) -> String {
    crate::service::consent::public_name(&player.name, player.consent, &player.entrant_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_a_table_or_the_field_less_the_place() {
        assert_eq!(
            parse_points("25, 20,16"),
            Some(PlacePoints::Table(vec![25, 20, 16]))
        );
        assert_eq!(
            parse_points("25-20-16"),
            Some(PlacePoints::Table(vec![25, 20, 16]))
        );
        assert_eq!(
            parse_points("field_less_place"),
            Some(PlacePoints::FieldLessPlace)
        );
        assert_eq!(parse_points(""), None);
        assert_eq!(parse_points("25,x"), None);
        assert_eq!(points_text(&PlacePoints::Table(vec![3, 2, 1])), "3,2,1");
    }

    #[test]
    fn tiebreaks_read_in_order_and_refuse_unknown_or_repeated_names() {
        assert_eq!(
            parse_tiebreaks("more_evenings,better_places"),
            Some(vec![CupTiebreak::MoreEvenings, CupTiebreak::BetterPlaces])
        );
        assert_eq!(parse_tiebreaks(""), Some(vec![]));
        assert_eq!(parse_tiebreaks("better_places,better_places"), None);
        assert_eq!(parse_tiebreaks("lot"), None);
    }
}
