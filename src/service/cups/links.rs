//! Players across clubs: a register row belongs to one club, so a person who plays for two
//! clubs is two rows. The cup's organiser links them **once per cup**: "this player is, in this
//! cup, the same person as that one" (a `cup_links` row). Per cup rather than for the whole
//! installation because the organiser who knows both clubs' players is the cup's; no other
//! cup, season or club page changes. Only the player's page (`service::player`) follows the
//! links of every cup: a person's evenings for both clubs are listed on each row's page.
//!
//! A person is named by the row everybody else is linked to (the root); a link to a player who
//! is linked on is followed to its root, so links never form a chain or a cycle. Namesakes of
//! one club stay apart (a link needs two clubs), and namesakes of two clubs are only offered
//! as a suggestion, never linked by themselves.

use super::{Refusal, organised, touch};
use crate::db::schema::{cup_evenings, cup_links, players, tournament_players};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::service::Actor;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use std::collections::BTreeMap;

/// A register player as the organiser picks them: id, name, club.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CupPlayer {
    pub id: i32,
    pub name: String,
    pub club_id: i32,
}

/// Each linked player's person (the root it is linked to).
pub fn persons(conn: &mut DbConn, cup_id: i32) -> Result<BTreeMap<i32, i32>, AppError> {
    let pairs: Vec<(i32, i32)> = cup_links::table
        .filter(cup_links::cup_id.eq(cup_id))
        .select((cup_links::player_id, cup_links::person_id))
        .load(conn)?;
    Ok(pairs.into_iter().collect())
}

/// The person of `player` under `links`: followed to the root (links are kept one step deep,
/// so this is at most one step; the bound guards a hand-edited table).
pub fn person_of(links: &BTreeMap<i32, i32>, player: i32) -> i32 {
    let mut at = player;
    for _ in 0..links.len() {
        match links.get(&at) {
            Some(next) if *next != at => at = *next,
            _ => break,
        }
    }
    at
}

/// The register players of the cup's proposed and accepted evenings, by name.
pub fn players_of_cup(conn: &mut DbConn, cup_id: i32) -> Result<Vec<CupPlayer>, AppError> {
    let tournaments: Vec<i32> = cup_evenings::table
        .filter(cup_evenings::cup_id.eq(cup_id))
        .filter(cup_evenings::status.ne("refused"))
        .select(cup_evenings::tournament_id)
        .load(conn)?;
    let mut rows: Vec<(i32, String, i32)> = tournament_players::table
        .inner_join(players::table)
        .filter(tournament_players::tournament_id.eq_any(tournaments))
        .select((players::id, players::name, players::club_id))
        .distinct()
        .load(conn)?;
    rows.sort_by(|a, b| {
        crate::text::fold(&a.1)
            .cmp(&crate::text::fold(&b.1))
            .then(a.0.cmp(&b.0))
    });
    Ok(rows
        .into_iter()
        .map(|(id, name, club_id)| CupPlayer { id, name, club_id })
        .collect())
}

/// Pairs of players of two clubs with the same name (folded) who are not one person yet:
/// what the organiser probably wants to link. Only a suggestion.
pub fn suggestions(
    players: &[CupPlayer],
    links: &BTreeMap<i32, i32>,
) -> Vec<(CupPlayer, CupPlayer)> {
    // The player to link must be free (neither linked nor linked to), as `link` requires.
    let free = |p: &CupPlayer| !links.contains_key(&p.id) && !links.values().any(|v| *v == p.id);
    let mut out = Vec::new();
    for (i, a) in players.iter().enumerate() {
        for b in &players[i + 1..] {
            if a.club_id == b.club_id
                || crate::text::fold(&a.name) != crate::text::fold(&b.name)
                || person_of(links, a.id) == person_of(links, b.id)
            {
                continue;
            }
            let pair = if free(b) {
                (b, a)
            } else if free(a) {
                (a, b)
            } else {
                continue;
            };
            // Through the other's person the player would join a namesake of their own club.
            let root = person_of(links, pair.1.id);
            let root_club = players.iter().find(|p| p.id == root).map(|p| p.club_id);
            if root_club != Some(pair.0.club_id) {
                out.push((pair.0.clone(), pair.1.clone()));
            }
        }
    }
    out
}

fn player(conn: &mut DbConn, id: i32) -> Result<Option<CupPlayer>, AppError> {
    Ok(players::table
        .find(id)
        .select((players::id, players::name, players::club_id))
        .first::<(i32, String, i32)>(conn)
        .optional()?
        .map(|(id, name, club_id)| CupPlayer { id, name, club_id }))
}

/// Links `player` to `person` (both register players, of two member clubs): in this cup they
/// are one person, shown under the latest evening's name.
pub fn link(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    player_id: i32,
    person_id: i32,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let cup = organised(conn, actor, slug)?;
        let (Some(a), Some(b)) = (player(conn, player_id)?, player(conn, person_id)?) else {
            return Ok(Err(Refusal::NoSuchPlayer));
        };
        if a.club_id == b.club_id {
            return Ok(Err(Refusal::SameClub));
        }
        if !cup.clubs.contains(&a.club_id) || !cup.clubs.contains(&b.club_id) {
            return Ok(Err(Refusal::PlayerNotMember));
        }
        let links = persons(conn, cup.row.id)?;
        let root = person_of(&links, b.id);
        // A player others are linked to, or one linked already, is a person of their own.
        if links.contains_key(&a.id) || links.values().any(|p| *p == a.id) || root == a.id {
            return Ok(Err(Refusal::AlreadyLinked));
        }
        // Through the root a player could become one person with a namesake of their own club.
        if root != b.id && player(conn, root)?.is_some_and(|r| r.club_id == a.club_id) {
            return Ok(Err(Refusal::SameClub));
        }
        diesel::insert_into(cup_links::table)
            .values((
                cup_links::cup_id.eq(cup.row.id),
                cup_links::player_id.eq(a.id),
                cup_links::person_id.eq(root),
                cup_links::created_at.eq(now),
            ))
            .execute(conn)?;
        touch(conn, cup.row.id)?;
        Ok(Ok(()))
    })
}

/// Takes a link back (a wrong match): the player is a person of their own again.
pub fn unlink(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    player_id: i32,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let cup = organised(conn, actor, slug)?;
        let n = diesel::delete(
            cup_links::table
                .filter(cup_links::cup_id.eq(cup.row.id))
                .filter(cup_links::player_id.eq(player_id)),
        )
        .execute(conn)?;
        if n == 0 {
            return Ok(Err(Refusal::NoSuchPlayer));
        }
        touch(conn, cup.row.id)?;
        Ok(Ok(()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linked_player_is_their_root_person_and_others_are_themselves() {
        let links: BTreeMap<i32, i32> = [(5, 2), (7, 2)].into_iter().collect();
        assert_eq!(person_of(&links, 5), 2);
        assert_eq!(person_of(&links, 7), 2);
        assert_eq!(person_of(&links, 2), 2);
        assert_eq!(person_of(&links, 9), 9);
    }

    #[test]
    fn namesakes_of_two_clubs_are_suggested_and_of_one_club_are_not() {
        let p = |id, name: &str, club_id| CupPlayer {
            id,
            name: name.into(),
            club_id,
        };
        let players = vec![
            p(1, "Anna Huber", 1),
            p(2, "anna huber", 2),
            p(3, "Anna Huber", 1),
        ];
        let found = suggestions(&players, &BTreeMap::new());
        let pairs: Vec<(i32, i32)> = found.iter().map(|(a, b)| (a.id, b.id)).collect();
        assert_eq!(pairs, vec![(2, 1), (3, 2)]);
        // Once 2 is 1, player 3 (club 1, as 1) is no longer offered: that would join them.
        let linked: BTreeMap<i32, i32> = [(2, 1)].into_iter().collect();
        let pairs: Vec<(i32, i32)> = suggestions(&players, &linked)
            .iter()
            .map(|(a, b)| (a.id, b.id))
            .collect();
        assert_eq!(pairs, Vec::<(i32, i32)>::new());
        // Player 1 has others linked to them: the free one of a pair is offered as the player.
        let players = vec![p(1, "Anna Huber", 1), p(4, "Anna Huber", 3)];
        let linked: BTreeMap<i32, i32> = [(2, 1)].into_iter().collect();
        let pairs: Vec<(i32, i32)> = suggestions(&players, &linked)
            .iter()
            .map(|(a, b)| (a.id, b.id))
            .collect();
        assert_eq!(pairs, vec![(4, 1)]);
    }
}
