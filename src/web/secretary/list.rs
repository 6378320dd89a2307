//! `/tournaments`: the tournaments the user runs (a secretary: the club's; the administrator:
//! all), newest first, with a link to create one.

use crate::service::tournaments::{self, Status, Tournament};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::choices::{game_label, variant_label};
use actix_web::HttpResponse;
use askama::Template;

/// One line of the list.
pub struct Line {
    pub href: String,
    pub name: String,
    pub date: String,
    pub game: String,
    pub status: String,
    pub status_class: &'static str,
}

#[derive(Template)]
#[template(path = "tournament_list.html")]
struct ListPage {
    page: Page,
    lines: Vec<Line>,
}

/// A date as German and English club notices write it.
pub fn date_words(date: Option<chrono::NaiveDate>) -> String {
    date.map(|d| d.format("%d.%m.%Y").to_string())
        .unwrap_or_default()
}

pub fn status_words(l: Locale, s: Status) -> (String, &'static str) {
    match s {
        Status::Setup => (l.t("status-setup"), "setup"),
        Status::Running => (l.t("status-running"), "open"),
        Status::Finished => (l.t("status-finished"), "closed"),
    }
}

pub fn line(l: Locale, t: &Tournament) -> Line {
    let (status, status_class) = status_words(l, t.status);
    Line {
        href: access::href(&t.slug),
        name: t.name.clone(),
        date: date_words(t.date),
        game: format!("{} {}", game_label(l, t.game), variant_label(l, t.variant)),
        status,
        status_class,
    }
}

pub async fn list(mut ctx: Ctx) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let who = actor.clone();
    let all = ctx
        .state
        .db
        .run(move |conn| tournaments::list(conn, Some(&who)))
        .await?;
    let l = ctx.locale;
    // The list shows what the user runs, not every public tournament of other clubs.
    let lines = all
        .iter()
        .filter(|t| actor.may_manage(t.club_id))
        .map(|t| line(l, t))
        .collect();
    let page = ctx.page().await?;
    ctx.ok(&ListPage { page, lines })
}
