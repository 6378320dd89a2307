//! How a player may be named in public: the consent each `players` row carries (full name,
//! initials, hidden) and the one function that decides the name a public page or a public
//! export shows ([`public_name`]). Every public path gets the tournament through
//! [`TournamentDetail::public`], which puts these names in place of the stored ones before
//! anything is rendered or refereed, so no template or export can reach a full name it may
//! not show. The secretary's own pages keep reading the stored detail (full names).

use super::Actor;
pub use super::public_names::{
    Consent, hidden_name, initials, public_name, public_team_name, replace_word,
};
use super::view::TournamentDetail;
use crate::db::DbConn;
use crate::db::models::{PlayerRow, TournamentId};
use crate::db::schema::{players, team_members, teams, tournament_players};
use crate::error::AppError;
use crate::service::audit_detail::PlayerConsent;
use chrono::NaiveDateTime;
use diesel::prelude::*;

impl TournamentDetail {
    /// The tournament as the public may see it: each player's and team's name as their
    /// consent allows. Everything public (pages, exports for visitors, the API for anonymous
    /// callers, the player pages) reads the tournament through this.
    pub fn public(mut self) -> TournamentDetail {
        let mut names = std::collections::HashMap::new();
        for p in &mut self.players {
            let shown = public_name(&p.name, p.consent, &p.entrant_id);
            names.insert(p.entrant_id.clone(), (p.name.clone(), shown.clone()));
            p.name = shown;
        }
        for t in &mut self.teams {
            let members: Vec<(String, String)> = t
                .members
                .iter()
                .filter_map(|m| names.get(m).cloned())
                .collect();
            t.name = public_team_name(&t.name, &members);
        }
        self
    }
}

/// The player row if `actor` manages its club; 404 otherwise (another club's player is not
/// confirmed to exist).
pub fn managed_player(
    conn: &mut DbConn,
    actor: &Actor,
    player: i32,
) -> Result<PlayerRow, AppError> {
    match PlayerRow::find(conn, player)? {
        Some(p) if actor.may_manage(p.club_id) => Ok(p),
        _ => Err(AppError::NotFound),
    }
}

/// Every tournament the player took part in: as a player, or in a team.
pub fn tournaments_of(conn: &mut DbConn, player: i32) -> QueryResult<Vec<TournamentId>> {
    let mut ids: Vec<i32> = tournament_players::table
        .filter(tournament_players::player_id.eq(player))
        .select(tournament_players::tournament_id)
        .load(conn)?;
    let in_teams: Vec<i32> = team_members::table
        .inner_join(teams::table)
        .filter(team_members::player_id.eq(player))
        .select(teams::tournament_id)
        .load(conn)?;
    ids.extend(in_teams);
    ids.sort_unstable();
    ids.dedup();
    Ok(ids.into_iter().map(TournamentId).collect())
}

/// The player's entries: each tournament with the player's entrant id in it (`p3`).
pub fn entries_of(conn: &mut DbConn, player: i32) -> QueryResult<Vec<(TournamentId, String)>> {
    let rows: Vec<(i32, String)> = tournament_players::table
        .filter(tournament_players::player_id.eq(player))
        .select((
            tournament_players::tournament_id,
            tournament_players::entrant_id,
        ))
        .order(tournament_players::tournament_id.asc())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(t, e)| (TournamentId(t), e))
        .collect())
}

/// Sets how the player may be named in public (the player's setting, wherever the
/// secretary's page for a player lives). Audited in every tournament the player took part
/// in, in the same transaction, so each one's public pages and caches move on at once.
pub fn set_consent(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    player: i32,
    consent: Consent,
) -> Result<(), AppError> {
    crate::db::write(conn, |conn| {
        let row = managed_player(conn, actor, player)?;
        if Consent::stored(&row.consent) == consent {
            return Ok(());
        }
        diesel::update(players::table.find(player))
            .set(players::consent.eq(consent.as_str()))
            .execute(conn)?;
        for (t, entrant) in entries_of(conn, player)? {
            super::tournaments::audit(
                conn,
                t,
                actor,
                now,
                PlayerConsent {
                    consent: consent.as_str().to_string(),
                    entrant,
                    player,
                }
                .into(),
            )?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_keep_the_first_letter_of_each_part_and_the_club() {
        assert_eq!(initials("Anna Huber"), "A. H.");
        assert_eq!(initials("Anna Maria Huber-Mair (SKV)"), "A. M. H.-M. (SKV)");
        assert_eq!(initials("Ägidius Öttl"), "Ä. Ö.");
    }

    #[test]
    fn a_hidden_player_is_named_by_the_entrant_number() {
        assert_eq!(
            public_name("Anna Huber", Consent::Hidden, "p7"),
            "Spieler 7"
        );
        assert_eq!(public_name("Anna Huber", Consent::Full, "p7"), "Anna Huber");
    }

    #[test]
    fn a_team_named_after_its_players_follows_their_consent() {
        let members = vec![
            ("Anna Huber".to_string(), "A. H.".to_string()),
            ("Sepp Mair".to_string(), "Sepp Mair".to_string()),
        ];
        assert_eq!(
            public_team_name("Anna Huber / Sepp Mair", &members),
            "A. H. / Sepp Mair"
        );
        assert_eq!(public_team_name("Die Gamsböcke", &members), "Die Gamsböcke");
    }

    #[test]
    fn consent_words_read_back_and_unknown_ones_are_refused() {
        for c in Consent::ALL {
            assert_eq!(Consent::parse(c.as_str()), Some(c));
        }
        assert_eq!(Consent::parse("everyone"), None);
    }
}
