//! The field as the entrants page lists it and the standings note it: each entrant's line
//! with its marks and what its forms need, the notes beside a name ("zurückgezogen nach
//! Runde 2", "ab Runde 3"), and whether late entries are taken. The entrants page, the
//! overview and the field's handlers ([`super::field`]) all read it here.

use crate::service::field;
use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::field::{MarkKind, Note};
use crate::web::i18n::Locale;
use std::collections::BTreeMap;

/// One entrant as the entrants page lists it, with what its forms need.
pub struct EntrantLine {
    /// The id in the tournament file (`p3`, `t2`): the element ids hang on it.
    pub id: String,
    pub start_no: String,
    pub name: String,
    /// Teams: the players.
    pub members: String,
    /// The marks in words ("fehlt in Runde 3"), empty when none.
    pub note: String,
    /// The edit form's fields: a player's name without the club, and the club; a team's
    /// players' names.
    pub edit_name: String,
    pub edit_club: String,
    pub edit_members: Vec<String>,
    pub withdrawn: bool,
    /// Rounds still to draw in which the entrant is marked absent (each can be taken back),
    /// with the button's words.
    pub absent_rounds: Vec<(u32, String)>,
    /// The withdraw button's words and the question it asks first.
    pub withdraw_label: String,
    pub withdraw_confirm: String,
    /// The entrant's players (the player, or a team's members) with their `players` row
    /// and consent, for the consent form and the link to each player's page.
    pub people: Vec<Person>,
}

/// A player of an entrant line, for the consent form (`web::player`).
pub struct Person {
    pub id: i32,
    pub name: String,
    pub href: String,
    /// The stored consent (`full`, `initials`, `hidden`).
    pub consent: &'static str,
}

type PeopleIndex<'a> =
    std::collections::HashMap<&'a str, &'a crate::service::tournaments::EntrantPlayer>;

/// The tournament's players by entrant id.
fn people_index(d: &TournamentDetail) -> PeopleIndex<'_> {
    d.players
        .iter()
        .map(|p| (p.entrant_id.as_str(), p))
        .collect()
}

/// The players behind entrant ids (a player, or a team's members), for the consent forms.
fn people(index: &PeopleIndex<'_>, ids: &[String]) -> Vec<Person> {
    ids.iter()
        .filter_map(|e| index.get(e.as_str()))
        .map(|p| Person {
            id: p.player_id,
            name: p.name.clone(),
            href: crate::web::links::player_href(p.player_id),
            consent: p.consent.as_str(),
        })
        .collect()
}

/// "Anna Maier (SKV)" → ("Anna Maier", "SKV"); a name without a club in brackets stays whole.
fn split_club(shown: &str) -> (String, String) {
    if let Some(open) = shown.rfind(" (")
        && shown.ends_with(')')
    {
        let club = &shown[open + 2..shown.len() - 1];
        if !club.is_empty() && !club.contains(['(', ')']) {
            return (shown[..open].to_string(), club.to_string());
        }
    }
    (shown.to_string(), String::new())
}

/// The notes of every marked entrant, in the page's language.
pub fn notes(l: Locale, d: &TournamentDetail) -> BTreeMap<String, String> {
    d.marks
        .notes()
        .into_iter()
        .map(|(id, notes)| {
            let words: Vec<String> = notes.iter().map(|n| note_words(l, n)).collect();
            (id, words.join(", "))
        })
        .collect()
}

fn note_words(l: Locale, note: &Note) -> String {
    match note {
        Note::WithdrawnAfter(0) => l.t("roster-note-withdrawn-before"),
        Note::WithdrawnAfter(r) => l.t_with("roster-note-withdrawn", &[("round", r.to_string())]),
        Note::Absent(rounds) => {
            let list: Vec<String> = rounds.iter().map(u32::to_string).collect();
            l.t_with("roster-note-absent", &[("rounds", list.join(", "))])
        }
        Note::From(r) => l.t_with("roster-note-late", &[("round", r.to_string())]),
    }
}

/// The page's lines, in entry order.
pub fn lines(l: Locale, d: &TournamentDetail) -> Vec<EntrantLine> {
    let notes = notes(l, d);
    let next = field::next_round_number(d);
    // Looked up, not searched: a field of 5,000 teams would compare 50 million names.
    let names: std::collections::HashMap<&str, &str> = d
        .players
        .iter()
        .map(|p| (p.entrant_id.as_str(), p.name.as_str()))
        .collect();
    let name_of = |id: &str| names.get(id).map(|n| n.to_string()).unwrap_or_default();
    let rows = people_index(d);
    let people_of = |ids: &[String]| people(&rows, ids);
    let line =
        |id: &str, start_no: String, name: &str, members: Vec<String>, people: Vec<Person>| {
            let (edit_name, edit_club) = if members.is_empty() {
                split_club(name)
            } else {
                (name.to_string(), String::new())
            };
            let mut absent_rounds: Vec<u32> = d
                .marks
                .0
                .iter()
                .filter(|m| m.entrant == id && m.kind == MarkKind::Absent && m.round >= next)
                .map(|m| m.round)
                .collect();
            absent_rounds.sort_unstable();
            let round = [("round", next.to_string())];
            EntrantLine {
                withdraw_label: l.t_with("roster-withdraw", &round),
                withdraw_confirm: l.t_with(
                    "roster-withdraw-confirm",
                    &[("name", name.to_string()), ("round", next.to_string())],
                ),
                id: id.to_string(),
                start_no,
                name: name.to_string(),
                members: members.join(", "),
                note: notes.get(id).cloned().unwrap_or_default(),
                edit_name,
                edit_club,
                edit_members: members,
                withdrawn: d.marks.withdrawn_from(id).is_some(),
                absent_rounds: absent_rounds
                    .into_iter()
                    .map(|r| (r, l.t_with("roster-present", &[("round", r.to_string())])))
                    .collect(),
                people,
            }
        };
    if d.tournament.individual() {
        d.players
            .iter()
            .map(|p| {
                let no = p.start_no.map(|n| n.to_string()).unwrap_or_default();
                let people = people_of(std::slice::from_ref(&p.entrant_id));
                line(&p.entrant_id, no, &p.name, Vec::new(), people)
            })
            .collect()
    } else {
        d.teams
            .iter()
            .zip(1..)
            .map(|(t, i): (_, i32)| {
                let members = t.members.iter().map(|m| name_of(m)).collect();
                line(
                    &t.entrant_id,
                    i.to_string(),
                    &t.name,
                    members,
                    people_of(&t.members),
                )
            })
            .collect()
    }
}

/// Whether late entries are taken now (after the first draw, before the end and the finals).
pub fn late_entries(d: &TournamentDetail) -> bool {
    d.tournament.status == Status::Running && !d.rounds.iter().any(|r| r.knockout)
}

#[cfg(test)]
mod tests {
    use super::split_club;

    #[test]
    fn the_club_in_brackets_is_split_from_the_name() {
        let s = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(split_club("Anna Maier (SKV)"), s("Anna Maier", "SKV"));
        assert_eq!(split_club("Anna Maier"), s("Anna Maier", ""));
        assert_eq!(split_club("Anna (x) Maier"), s("Anna (x) Maier", ""));
    }
}
