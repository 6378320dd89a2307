//! A player's page (`/spieler/{id}`): the tournaments the `players` row took part in (as a
//! player or in a team), with place, points and the figures of the game
//! ([`crate::tournament::player_figures`], read from the referee's reports).
//!
//! Who sees what: the club's secretaries and the administrator see the player with the full
//! name and every tournament of theirs. Everybody else sees only public tournaments, with
//! the names the players allow ([`TournamentDetail::public`]); a hidden player, or one with
//! no public tournament, does not exist for them (404, as for an unknown id).
//!
//! A person who plays for two clubs is two register rows; once a cup's organiser linked them
//! (`service::cups::links`), each row's page lists the other's evenings too (each evening as
//! its own club's row allows it).

use super::consent::{Consent, public_name, tournaments_of};
use super::view::{TournamentDetail, detail};
use super::{Actor, visible};
use crate::db::DbConn;
use crate::db::models::{Club, ClubId, PlayerRow, TournamentRow};
use crate::error::AppError;
use crate::rules::{Game, Lang};
use crate::tournament::player_figures::{self, Figures};
use chrono::NaiveDate;

/// One tournament as the player's page lists it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub slug: String,
    pub name: String,
    pub date: Option<NaiveDate>,
    pub club: String,
    pub game: Game,
    pub public: bool,
    /// The entrant the player was (`p3`, or the team `t2`) and its name as shown.
    pub entrant: String,
    pub entrant_name: String,
    /// Place and points in the standings; `None` while no deal counts.
    pub place: Option<u32>,
    pub points: Option<i64>,
    pub figures: Figures,
}

/// The whole page.
#[derive(Debug, Clone)]
pub struct PlayerPage {
    pub id: i32,
    /// The name as this viewer may see it.
    pub name: String,
    pub club_id: i32,
    pub club: String,
    /// The viewer runs the player's club: full name, the consent form, the privacy actions.
    pub manages: bool,
    pub consent: Consent,
    /// Latest first.
    pub entries: Vec<Entry>,
    /// Per game, the figures over every listed tournament.
    pub totals: Vec<(Game, Figures)>,
}

/// The page of player `id` as `viewer` may see it (see the module summary).
pub fn page(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    id: i32,
    lang: Lang,
) -> Result<PlayerPage, AppError> {
    let player = PlayerRow::find(conn, id)?.ok_or(AppError::NotFound)?;
    let manages = viewer.is_some_and(|a| a.may_manage(player.club_id));
    let consent = Consent::stored(&player.consent);
    if !manages && consent == Consent::Hidden {
        return Err(AppError::NotFound);
    }
    let mut entries = Vec::new();
    for (record, manages_record) in records_of_person(conn, viewer, &player)? {
        for t in tournaments_of(conn, record)? {
            let row = TournamentRow::find(conn, t)?;
            // The public sees public tournaments only; a manager also their own private ones.
            if !(row.public || manages_record) || !visible(viewer, &row) {
                continue;
            }
            let d = detail(conn, row)?;
            let d = if manages_record { d } else { d.public() };
            if let Some(entry) = entry(conn, &d, record, lang)? {
                entries.push(entry);
            }
        }
    }
    if entries.is_empty() && !manages {
        return Err(AppError::NotFound);
    }
    entries.sort_by(|a, b| b.date.cmp(&a.date).then(b.slug.cmp(&a.slug)));
    let club = club_name(conn, player.club_id)?;
    Ok(PlayerPage {
        id,
        name: if manages {
            player.name.clone()
        } else {
            public_name(&player.name, consent, "")
        },
        club_id: player.club_id,
        club,
        manages,
        consent,
        totals: totals(&entries),
        entries,
    })
}

/// The register records the page lists evenings of, each with whether `viewer` runs its
/// club: the player's own, then the records of other clubs a cup's organiser linked to it as
/// one person (`cup_links`, in any cup), so a player who plays for two clubs sees both
/// clubs' evenings on one page. A linked record its person keeps hidden adds nothing for a
/// viewer who does not run its club.
fn records_of_person(
    conn: &mut DbConn,
    viewer: Option<&Actor>,
    player: &PlayerRow,
) -> Result<Vec<(i32, bool)>, AppError> {
    use crate::db::schema::{cup_links, players};
    use diesel::prelude::*;
    let own = viewer.is_some_and(|a| a.may_manage(player.club_id));
    let mut roots: Vec<i32> = cup_links::table
        .filter(cup_links::player_id.eq(player.id))
        .select(cup_links::person_id)
        .load(conn)?;
    roots.push(player.id);
    let mut linked: Vec<i32> = cup_links::table
        .filter(cup_links::person_id.eq_any(&roots))
        .select(cup_links::player_id)
        .load(conn)?;
    linked.extend(roots);
    linked.sort_unstable();
    linked.dedup();
    linked.retain(|r| *r != player.id);
    let rows: Vec<(i32, i32, String)> = players::table
        .filter(players::id.eq_any(&linked))
        .filter(players::merged_into.is_null())
        .select((players::id, players::club_id, players::consent))
        .load(conn)?;
    let mut out = vec![(player.id, own)];
    for (id, club, consent) in rows {
        let manages = viewer.is_some_and(|a| a.may_manage(club));
        if manages || Consent::stored(&consent) != Consent::Hidden {
            out.push((id, manages));
        }
    }
    Ok(out)
}

fn club_name(conn: &mut DbConn, id: i32) -> Result<String, AppError> {
    Ok(Club::find(conn, ClubId(id))?
        .map(|c| c.name)
        .unwrap_or_default())
}

/// The player's line for one tournament: their entrant (the team they played in, where
/// teams play), its place, points and figures.
fn entry(
    conn: &mut DbConn,
    d: &TournamentDetail,
    player: i32,
    lang: Lang,
) -> Result<Option<Entry>, AppError> {
    let Some(own) = d.players.iter().find(|p| p.player_id == player) else {
        return Ok(None);
    };
    let entrant = d
        .teams
        .iter()
        .find(|t| t.members.contains(&own.entrant_id))
        .map_or_else(|| own.entrant_id.clone(), |t| t.entrant_id.clone());
    let file = d.file();
    let eval = super::tournaments::evaluate_file(&file, lang)?;
    let any_deal = d
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .any(|t| !t.deals.is_empty());
    let row = eval
        .standings
        .standings
        .iter()
        .find(|r| r.id == entrant)
        .filter(|_| any_deal);
    let figures = player_figures::of_entrant(&file, &entrant, lang)
        .map_err(|m| AppError::Internal(format!("stored record: {m}")))?;
    let entrant_name = file
        .entrants()
        .into_iter()
        .find(|(e, _)| *e == entrant)
        .map(|(_, n)| n)
        .unwrap_or_default();
    let t = &d.tournament;
    Ok(Some(Entry {
        slug: t.slug.clone(),
        name: t.name.clone(),
        date: t.date,
        club: club_name(conn, t.club_id)?,
        game: t.game,
        public: t.public,
        entrant,
        entrant_name,
        place: row.map(|r| r.rank),
        points: row.map(|r| r.points),
        figures,
    }))
}

/// Per game (in the order first met), the sum of the entries' figures.
fn totals(entries: &[Entry]) -> Vec<(Game, Figures)> {
    let mut out: Vec<(Game, Figures)> = Vec::new();
    for e in entries {
        match out.iter_mut().find(|(g, _)| *g == e.game) {
            Some((_, f)) => f.add(&e.figures),
            None => out.push((e.game, e.figures)),
        }
    }
    out
}

/// The club's players who have a public page (not hidden, in at least one public
/// tournament): id and name as they allow it, by name. The club's public page lists them.
pub fn public_of_club(conn: &mut DbConn, club: i32) -> Result<Vec<(i32, String)>, AppError> {
    use crate::db::schema::{players, tournament_players, tournaments};
    use diesel::prelude::*;
    let rows: Vec<(i32, String, String)> = players::table
        .inner_join(tournament_players::table.inner_join(tournaments::table))
        .filter(players::club_id.eq(club))
        .filter(players::consent.ne(Consent::Hidden.as_str()))
        .filter(tournaments::public.eq(true))
        .select((players::id, players::name, players::consent))
        .distinct()
        .load(conn)?;
    let mut out: Vec<(i32, String)> = rows
        .into_iter()
        .map(|(id, name, consent)| (id, public_name(&name, Consent::stored(&consent), "")))
        .collect();
    out.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    Ok(out)
}
