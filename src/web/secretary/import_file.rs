//! `/tournaments/import`: a secretary uploads a tournament file (contract 8, as `kartl import`
//! takes it; the page's script reads the chosen file into the text box, as for entrant
//! lists). Every problem is listed with where it is, and nothing is stored until the whole
//! file is good. A file that stopped halfway continues: its last round stays open when a
//! table's match is not over (`service::import::resume_point`).

use crate::db::models::{Club, ClubId};
use crate::service::import::{self, ImportOptions};
use crate::service::import_check::{self, Problem};
use crate::service::{Actor, ActorKind};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

csrf_form!(ImportForm { file, club, public } limit crate::web::LIST_LIMIT);

#[derive(Template)]
#[template(path = "tournament_import.html")]
struct ImportPage {
    page: Page,
    csrf: String,
    /// The clubs the user may import for (a secretary: their own).
    clubs: Vec<Club>,
    chosen: String,
    public: bool,
    text: String,
    problems: Vec<String>,
    summary: Option<String>,
}

/// The clubs `actor` may import a tournament for.
fn clubs_of(actor: &Actor, all: Vec<Club>) -> Vec<Club> {
    all.into_iter()
        .filter(|c| match actor.kind {
            ActorKind::Secretary { club_id } => club_id == c.id,
            // An organiser runs cups, not a club's tournaments.
            ActorKind::Organiser => false,
            _ => true,
        })
        .collect()
}

async fn render(
    mut ctx: Ctx,
    status: StatusCode,
    form: ImportForm,
    problems: Vec<String>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let all = ctx.state.db.run(|conn| Ok(Club::all(conn)?)).await?;
    let summary = (!problems.is_empty()).then(|| {
        ctx.locale
            .t_with("timport-refused", &[("count", problems.len().to_string())])
    });
    let view = ImportPage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        clubs: clubs_of(&actor, all),
        chosen: form.club,
        // Private until the organiser ticks the box, as a new tournament starts.
        public: form.public == "on",
        text: form.file,
        problems,
        summary,
    };
    ctx.render(status, &view)
}

pub async fn form(ctx: Ctx) -> Result<HttpResponse, AppError> {
    access::actor(&ctx)?;
    let empty = ImportForm {
        csrf: String::new(),
        file: String::new(),
        club: String::new(),
        public: String::new(),
    };
    render(ctx, StatusCode::OK, empty, Vec::new()).await
}

pub async fn upload(CsrfForm(ctx, form): CsrfForm<ImportForm>) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let l = ctx.locale;
    let club_id = match actor.kind {
        ActorKind::Secretary { club_id } => Some(club_id),
        ActorKind::Organiser => None,
        _ => form.club.trim().parse::<i32>().ok(),
    };
    let club = match club_id {
        Some(id) => {
            ctx.state
                .db
                .run(move |conn| Ok(Club::find(conn, ClubId(id))?))
                .await?
        }
        None => None,
    };
    let Some(club) = club.filter(|c| actor.may_manage(c.id)) else {
        let problems = vec![l.t("timport-no-club")];
        return render(ctx, StatusCode::UNPROCESSABLE_ENTITY, form, problems).await;
    };
    let text = form.file.clone();
    let checked = crate::blocking(move || import_check::check(&text, l.rules_lang())).await?;
    let file = match checked {
        Ok(file) => file,
        Err(problems) => {
            let problems = problems.iter().map(|p| problem_words(l, p)).collect();
            return render(ctx, StatusCode::UNPROCESSABLE_ENTITY, form, problems).await;
        }
    };
    let options = ImportOptions {
        club: club.name,
        public: form.public == "on",
        resume: true,
        ..ImportOptions::default()
    };
    let now = ctx.state.clock.now();
    let slug = ctx
        .state
        .db
        .run(move |conn| import::import(conn, &actor, now, &file, &options))
        .await?;
    Ok(ctx.redirect(&access::href(&slug)))
}

/// "Runde 2, Tisch 3, Spiel 1: …" for a problem at `rounds[1].tables[2].deals[0]`; a path
/// part kartl has no words for (a field inside a deal) is quoted as the file writes it.
pub fn problem_words(l: Locale, p: &Problem) -> String {
    let place = place_words(l, &p.path);
    let message = match &p.words {
        Some((id, args)) => l.t_with(id, args),
        None => p.message.clone(),
    };
    if place.is_empty() {
        l.t_with("timport-problem-file", &[("message", message)])
    } else {
        format!("{place}: {message}")
    }
}

fn place_words(l: Locale, path: &str) -> String {
    path.split('.')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (name, index) = match part.split_once('[') {
                Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
                None => (part, None),
            };
            match (counted_part(name), index, named_part(name)) {
                (Some(key), Some(i), _) => l.t_with(key, &[("n", (i + 1).to_string())]),
                (_, None, Some(key)) => l.t(key),
                (None, Some(i), Some(key)) => format!("{} {}", l.t(key), i + 1),
                // A key of the file kartl has no words for (a field inside a deal): quoted as
                // the file writes it, so the reader finds the place in their file.
                _ => l.t_with("timport-part-quoted", &[("part", part.to_string())]),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words of a numbered part of a path (`rounds[1]`: "Runde 2").
fn counted_part(name: &str) -> Option<&'static str> {
    Some(match name {
        "rounds" => "timport-at-round",
        "tables" => "timport-at-table",
        "deals" => "timport-at-deal",
        "players" => "timport-at-player",
        "teams" => "timport-at-team",
        "byes" => "timport-at-bye",
        "marks" => "timport-at-mark",
        "tiebreaks" => "timport-at-tiebreak",
        "seats" => "timport-at-seat",
        "events" => "timport-at-event",
        _ => return None,
    })
}

/// The words of a part of a path without a number (`seats`: "Plätze"); a part the file
/// names that has none (a field of a deal) is shown as the file writes it.
fn named_part(name: &str) -> Option<&'static str> {
    Some(match name {
        "id" => "timport-part-id",
        "name" => "timport-part-name",
        "seats" => "timport-part-seats",
        "entrant" => "timport-part-entrant",
        "round" => "timport-part-round",
        "date" => "timport-part-date",
        "place" => "timport-part-place",
        "variant" => "timport-part-variant",
        "format" => "timport-part-format",
        "options" => "timport-part-options",
        "settings" => "timport-part-settings",
        "players" => "timport-part-players",
        "scoring" => "timport-part-scoring",
        "fill" => "timport-part-fill",
        "draw" => "timport-part-draw",
        "prizes" => "timport-part-prizes",
        "deals" => "timport-part-deals",
        "game" => "timport-part-game",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_reads_as_round_table_and_deal_counted_from_one() {
        let p = Problem {
            path: "rounds[1].tables[2].deals[0]".into(),
            message: "x".into(),
            words: None,
        };
        assert_eq!(
            problem_words(Locale::De, &p),
            "Runde 2, Tisch 3, Spiel 1: x"
        );
        let p = Problem {
            path: "players[3].name".into(),
            message: "y".into(),
            words: None,
        };
        assert_eq!(problem_words(Locale::En, &p), "player 4, name: y");
        assert_eq!(problem_words(Locale::De, &p), "Spieler 4, Name: y");
    }

    /// A file's structure is named in the page's language: the place and the problem.
    #[test]
    fn a_problem_of_the_files_structure_reads_in_german() {
        use crate::tournament::file_words::{FileCheck, Placed};
        let said = |path: &str, check: FileCheck| {
            let p = Problem {
                path: path.into(),
                message: check.to_string(),
                words: Some(check.words()),
            };
            problem_words(Locale::De, &p)
        };
        assert_eq!(
            said("teams[1].players", FileCheck::TeamSize { size: 2, got: 3 }),
            "Mannschaft 2, Spieler: Eine Mannschaft hat 2 Spieler, hier 3."
        );
        assert_eq!(
            said(
                "rounds[0].byes[0]",
                FileCheck::ByeTwice {
                    id: "t3".into(),
                    before: Placed::Table(1)
                }
            ),
            "Runde 1, Freilos 1: „t3“ sitzt in dieser Runde schon an Tisch 2."
        );
        assert_eq!(
            said("settings.tiebreaks[0]", FileCheck::Tiebreak("x".into())),
            "Einstellungen, Feinwertung 1: Diese Feinwertung gibt es bei diesem Spiel und \
             dieser Spielform nicht."
        );
        let blank = Problem {
            path: "players[0].name".into(),
            message: "is empty".into(),
            words: Some(("timport-text-empty", vec![("max", "0".into())])),
        };
        assert_eq!(
            problem_words(Locale::De, &blank),
            "Spieler 1, Name: ist leer."
        );
    }

    /// The file reader's English ("EOF while parsing a string at line 1 column 9") never
    /// reaches a German page: the reader's stop is said from the catalogue.
    #[test]
    fn a_file_the_reader_cannot_read_is_named_in_german() {
        for (text, words) in [
            ("{\"name\": \"Kart", "endet mitten"),
            ("{\"name\": }", "kein gültiges JSON"),
            ("{\"name\": 3}", "nicht die erwartete Form"),
        ] {
            let problems = crate::service::import_check::check(text, crate::rules::Lang::De)
                .err()
                .unwrap();
            let said = problem_words(Locale::De, &problems[0]);
            assert!(said.contains(words), "{text}: {said}");
            assert!(said.contains("Zeile 1, Spalte"), "{text}: {said}");
            assert!(
                !said.contains("while") && !said.contains("expected"),
                "{said}"
            );
        }
        let empty = crate::service::import_check::check(" ", crate::rules::Lang::De)
            .err()
            .unwrap();
        assert_eq!(
            problem_words(Locale::De, &empty[0]),
            "Datei: Die Datei ist leer."
        );
    }
}
