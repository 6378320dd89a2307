//! The field through the whole tournament on the entrants page: each entrant's line with its
//! marks and actions (rename, absent in a round, withdraw), the forms' handlers, and the
//! notes the standings show beside a name ("zurückgezogen nach Runde 2", "ab Runde 3").
//! Late entries use the page's usual forms ("Nachmelden" once a round is drawn).

use crate::service::field::{self, EntrantEdit, Refusal};
use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::field::{MarkKind, Note};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::access;
use crate::web::secretary::entrants::{Said, render};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use std::collections::BTreeMap;

csrf_form!(EditForm {
    entrant,
    name,
    club,
    member1,
    member2,
    member3
});
csrf_form!(WithdrawForm { entrant });
csrf_form!(AbsentForm {
    entrant,
    round,
    absent
});

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

/// A refusal in the page's words.
pub fn refusal_words(l: Locale, r: &Refusal) -> String {
    l.message(&r.message())
}

/// Shows the entrants page with the error; nothing was stored.
async fn refuse(
    ctx: Ctx,
    d: TournamentDetail,
    status: StatusCode,
    error: String,
) -> Result<HttpResponse, AppError> {
    render(ctx, d, status, Said::errors(vec![error])).await
}

/// Runs a change, then shows the page again with `notice` (a name taken in between: 409).
async fn apply(
    ctx: Ctx,
    slug: String,
    notice: String,
    change: impl FnOnce(&mut crate::db::DbConn) -> Result<(), AppError> + Send + 'static,
) -> Result<HttpResponse, AppError> {
    let done = ctx.state.db.run(change).await;
    let (_, d) = access::managed(&ctx, &slug).await?;
    match done {
        Ok(()) => render(ctx, d, StatusCode::OK, Said::notice(notice)).await,
        Err(AppError::Conflict) => {
            let error = ctx.locale.t("roster-name-taken");
            refuse(ctx, d, StatusCode::CONFLICT, error).await
        }
        Err(AppError::Refusal(crate::error::Refusal::Field(_))) => {
            // Another request changed the field between the page's check and this write.
            let error = ctx.locale.t("error-entrant-race");
            refuse(ctx, d, StatusCode::CONFLICT, error).await
        }
        Err(e) => Err(e),
    }
}

/// Renames an entrant (a player with the club, or a team with its players).
pub async fn edit(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EditForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let Some(before) = field::entrant_name(&d, &form.entrant) else {
        let error = refusal_words(l, &Refusal::Unknown);
        return refuse(ctx, d, StatusCode::BAD_REQUEST, error).await;
    };
    let edit = if d.tournament.individual() {
        let name = crate::tournament::registration::shown_name(&form.name, &form.club);
        EntrantEdit::Player { name }
    } else {
        let size = d
            .teams
            .iter()
            .find(|t| t.entrant_id == form.entrant)
            .map_or(0, |t| t.members.len());
        let members = [&form.member1, &form.member2, &form.member3]
            .into_iter()
            .take(size)
            .map(|m| m.trim().to_string())
            .collect();
        EntrantEdit::Team {
            name: form.name.trim().to_string(),
            members,
        }
    };
    let names = match &edit {
        EntrantEdit::Player { name } => vec![name.clone()],
        EntrantEdit::Team { name, members } => {
            std::iter::once(name).chain(members).cloned().collect()
        }
    };
    for name in &names {
        if crate::text::Text::parse(name, crate::text::Kind::Entrant).is_err() {
            let error = if name.trim().is_empty() {
                l.t("import-empty-name")
            } else {
                l.t_with("roster-bad-name", &[("name", name.clone())])
            };
            return refuse(ctx, d, StatusCode::BAD_REQUEST, error).await;
        }
    }
    let now = ctx.state.clock.now();
    let (target, entrant) = (slug.to_string(), form.entrant.clone());
    let after = names[0].clone();
    let notice = l.t_with("roster-edited", &[("before", before), ("after", after)]);
    apply(ctx, slug.into_inner(), notice, move |conn| {
        field::edit_entrant(conn, &actor, now, &target, &entrant, &edit)
    })
    .await
}

/// Withdraws an entrant from the next round on.
pub async fn withdraw(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let name = match field::check_withdraw(&d, &form.entrant) {
        Ok(name) => name,
        Err(r) => return refuse(ctx, d, StatusCode::BAD_REQUEST, refusal_words(l, &r)).await,
    };
    let round = field::next_round_number(&d);
    let notice = l.t_with(
        "roster-withdrawn-done",
        &[("name", name), ("round", round.to_string())],
    );
    let now = ctx.state.clock.now();
    let (target, entrant) = (slug.to_string(), form.entrant.clone());
    apply(ctx, slug.into_inner(), notice, move |conn| {
        field::withdraw(conn, &actor, now, &target, &entrant).map(|_| ())
    })
    .await
}

/// Marks an entrant absent in a round still to draw (`absent=1`), or takes it back (`0`).
pub async fn absent(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<AbsentForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let Ok(round) = form.round.trim().parse::<u32>() else {
        let error = l.t("roster-round-number");
        return refuse(ctx, d, StatusCode::BAD_REQUEST, error).await;
    };
    let absent = form.absent != "0";
    let name = match field::check_absent(&d, &form.entrant, round, absent) {
        Ok(name) => name,
        Err(r) => return refuse(ctx, d, StatusCode::BAD_REQUEST, refusal_words(l, &r)).await,
    };
    let key = if absent {
        "roster-absent-done"
    } else {
        "roster-present-done"
    };
    let notice = l.t_with(key, &[("name", name), ("round", round.to_string())]);
    let now = ctx.state.clock.now();
    let (target, entrant) = (slug.to_string(), form.entrant.clone());
    apply(ctx, slug.into_inner(), notice, move |conn| {
        field::set_absent(conn, &actor, now, &target, &entrant, round, absent)
    })
    .await
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
