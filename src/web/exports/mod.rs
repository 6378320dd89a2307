//! Reports, printables and exports served to users. Every download of a tournament is
//! built from one [`ReportData`] (or, for the JSON file, the tournament file it comes from),
//! made from the same current confirmed deals as the pages: pending deals appear nowhere.
//!
//! Who may download what is decided in [`load`] and nowhere else:
//! - the tournament's managers (a secretary of its club, the administrator): everything;
//! - anyone else, for a **public** tournament: the results (report as PDF and HTML, CSV
//!   standings, rounds and prize list, XLSX, the JSON file, which the API offers anyway, and
//!   the prize list as JSON) — the same facts a public standings page shows, with each player
//!   named as their consent allows (`service::consent`);
//! - working papers (session sheets) only for managers: anonymous visitors of a public
//!   tournament go to the login page, other clubs' secretaries get 403;
//! - a private tournament does not exist for anyone else (404, as everywhere).
//!
//! Blank score pads (`/pads/{game}`) hold no tournament data and are public.

mod files;
mod pads;
mod printable;

use crate::report::{Meta, ReportData};
use crate::service::Actor;
use crate::service::tournaments::{self, TournamentDetail};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::secretary::export_links::stage_meta;
use crate::web::secretary::list::date_words;
use actix_web::http::header;
use actix_web::{HttpResponse, web};

/// The export routes; registered from `web::configure`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}/report", web::get().to(printable::page))
        .route("/t/{slug}/report.pdf", web::get().to(files::report_pdf))
        .route(
            "/t/{slug}/standings.csv",
            web::get().to(files::standings_csv),
        )
        .route("/t/{slug}/rounds.csv", web::get().to(files::rounds_csv))
        .route("/t/{slug}/results.xlsx", web::get().to(files::xlsx))
        .route("/t/{slug}/prizes.csv", web::get().to(files::prizes_csv))
        .route("/t/{slug}/prizes.json", web::get().to(files::prizes_json))
        .route("/t/{slug}/tournament.json", web::get().to(files::json))
        .route(
            "/t/{slug}/rounds/{n}/sheets.pdf",
            web::get().to(files::session_sheets),
        )
        .route("/pads/{game}", web::get().to(pads::pdf));
}

/// Who may have an export: see the module summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// The results: also everybody when the tournament is public.
    PublicResults,
    /// Working papers: the tournament's managers only.
    Managers,
}

/// The tournament if the visitor may have an export meant for `audience`.
pub async fn load(ctx: &Ctx, slug: &str, audience: Audience) -> Result<TournamentDetail, AppError> {
    load_as(ctx, slug, audience).await.map(|(d, _)| d)
}

/// [`load`], saying too whether the visitor manages the tournament.
pub async fn load_as(
    ctx: &Ctx,
    slug: &str,
    audience: Audience,
) -> Result<(TournamentDetail, bool), AppError> {
    let viewer = ctx.user().map(Actor::of_user);
    let who = viewer.clone();
    let slug = slug.to_string();
    // `get` answers 404 for a private tournament the viewer does not manage.
    let d = ctx
        .state
        .db
        .run(move |conn| tournaments::get(conn, who.as_ref(), &slug))
        .await?;
    let manages = viewer
        .as_ref()
        .is_some_and(|a| a.may_manage(d.tournament.club_id));
    if manages {
        Ok((d, manages))
    } else if audience == Audience::PublicResults && d.tournament.public {
        // Everybody else reads the names the players allow (`service::consent`).
        Ok((d.public(), manages))
    } else if viewer.is_none() {
        Err(AppError::LoginRequired)
    } else {
        Err(AppError::Forbidden)
    }
}

/// The report's date: the tournament's own, else the day of the download.
fn report_date(ctx: &Ctx, d: &TournamentDetail) -> String {
    match d.tournament.date {
        Some(_) => date_words(d.tournament.date),
        None => date_words(Some(ctx.state.clock.now().date())),
    }
}

/// Referees the tournament's current confirmed deals and gathers the report, off the workers.
pub async fn report_data(ctx: &Ctx, d: &TournamentDetail) -> Result<ReportData, AppError> {
    let lang = ctx.locale.rules_lang();
    let meta = Meta {
        date: report_date(ctx, d),
        place: d.tournament.place.clone().unwrap_or_default(),
        lang,
        ..stage_meta(ctx, d)
    };
    let file = d.file();
    crate::blocking(move || {
        let eval = tournaments::evaluate_file(&file, lang)?;
        Ok(ReportData::build(&file, &eval, &meta))
    })
    .await?
}

/// A file name safe in a header: ASCII letters, digits, `-`, `_` and `.`, nothing else.
pub fn safe_name(name: &str) -> String {
    let out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if out.trim_matches(['-', '.']).is_empty() {
        "kartl".to_string()
    } else {
        out
    }
}

/// A download: the content type, `attachment` with a safe file name, and `no-store` (the
/// results change while the tournament runs, and a private one's must not stay in a cache).
pub fn download(content_type: &str, filename: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", safe_name(filename)),
        ))
        .body(bytes)
}

#[cfg(test)]
mod tests {
    use super::safe_name;

    #[test]
    fn file_names_keep_ascii_and_lose_the_rest() {
        assert_eq!(safe_name("turnier-2026.csv"), "turnier-2026.csv");
        assert_eq!(safe_name("a\"b;c\r\nd.pdf"), "a-b-c--d.pdf");
        assert_eq!(safe_name("Größe.pdf"), "Gr--e.pdf");
        assert_eq!(safe_name("..."), "kartl");
    }
}
