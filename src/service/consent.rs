//! How a player may be named in public: the consent each `players` row carries (full name,
//! initials, hidden) and the one function that decides the name a public page or a public
//! export shows ([`public_name`]). Every public path gets the tournament through
//! [`TournamentDetail::public`], which puts these names in place of the stored ones before
//! anything is rendered or refereed, so no template or export can reach a full name it may
//! not show. The secretary's own pages keep reading the stored detail (full names).

use super::Actor;
use super::view::TournamentDetail;
use crate::db::DbConn;
use crate::db::models::{PlayerRow, TournamentId};
use crate::db::schema::{players, team_members, teams, tournament_players};
use crate::error::AppError;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// What the player allows the public to see of their name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Consent {
    /// The whole name, as entered (the default, as before consent existed).
    #[default]
    Full,
    /// Initials only: "Anna Huber (SKV)" shows as "A. H. (SKV)".
    Initials,
    /// No name at all: "Spieler 3" (the entrant's number in the tournament); the player's
    /// page does not exist for the public.
    Hidden,
}

impl Consent {
    pub const ALL: [Consent; 3] = [Consent::Full, Consent::Initials, Consent::Hidden];

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Consent::Full => "full",
            Consent::Initials => "initials",
            Consent::Hidden => "hidden",
        }
    }

    /// The stored word back; `None` for anything else (a form's bad value is a 400).
    pub fn parse(s: &str) -> Option<Consent> {
        Consent::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// A stored column: the CHECK constraint allows only the three words, so anything else is
    /// read as the most private one.
    pub fn stored(s: &str) -> Consent {
        Consent::parse(s).unwrap_or(Consent::Hidden)
    }
}

/// The name a public page or export shows for a player: `name` as stored, `consent` as given,
/// `entrant_id` the player's id in the tournament (`p3`), whose number names a hidden player.
pub fn public_name(name: &str, consent: Consent, entrant_id: &str) -> String {
    match consent {
        Consent::Full => name.to_string(),
        Consent::Initials => initials(name),
        Consent::Hidden => hidden_name(entrant_id),
    }
}

/// "Spieler 3" for entrant `p3`. The word stays German in both languages: it stands where a
/// name stands (and an erased player's stored name reads the same way).
pub fn hidden_name(entrant_id: &str) -> String {
    let number = entrant_id.trim_start_matches(|c: char| !c.is_ascii_digit());
    format!("Spieler {number}")
}

/// "Anna Maria Huber-Mair (SKV)" → "A. M. H.-M. (SKV)": the first letter of each part of the
/// name; a club in brackets at the end (how entries name it) is kept as it is.
pub fn initials(name: &str) -> String {
    let (person, club) = match name.rfind(" (") {
        Some(open) if name.ends_with(')') => (&name[..open], &name[open..]),
        _ => (name, ""),
    };
    let words: Vec<String> = person
        .split_whitespace()
        .map(|word| {
            word.split('-')
                .filter_map(|part| part.chars().next())
                .map(|c| format!("{c}."))
                .collect::<Vec<_>>()
                .join("-")
        })
        .filter(|w| !w.is_empty())
        .collect();
    format!("{}{club}", words.join(" "))
}

/// A team's public name: every member's full name in it replaced by what that member allows
/// (a team entered without a name is named "Anna Huber / Sepp Mair" from its players, and a
/// chosen name may hold a player's name too). `members` pairs each full name with its
/// public name.
pub fn public_team_name(team: &str, members: &[(String, String)]) -> String {
    let mut out = team.to_string();
    for (full, shown) in members {
        if !full.is_empty() && full != shown {
            out = replace_word(&out, full, shown);
        }
    }
    out
}

/// `text` with every whole-word `name` replaced by `new`: "Anna Huber" in "Anna Huber /
/// Sepp Mair", but not "Al" in "Almhütte". An empty name replaces nothing.
pub fn replace_word(text: &str, name: &str, new: &str) -> String {
    if name.trim().is_empty() {
        return text.to_string();
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().last().or_else(|| out.chars().last());
        let after = rest[at + name.len()..].chars().next();
        out.push_str(&rest[..at]);
        if word(before) || word(after) {
            out.push_str(name);
        } else {
            out.push_str(new);
        }
        rest = &rest[at + name.len()..];
    }
    out.push_str(rest);
    out
}

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
                "player_consent",
                serde_json::json!({"player": player, "entrant": entrant, "consent": consent.as_str()}),
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
