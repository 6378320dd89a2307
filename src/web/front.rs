//! The public front door: the home page's list of public tournaments (running first, then
//! those not begun, then finished ones) and each club's public page (`/c/{id}`) of its
//! public tournaments and seasons. Both need no login and show only public tournaments.

use crate::service::front::{self, Listed};
use crate::service::tournaments::Status;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::choices::{game_label, variant_label};
use crate::web::secretary::list::date_words;
use actix_web::{HttpResponse, web};
use askama::Template;

/// A tournament's line on the home page and the club pages.
pub struct Line {
    pub href: String,
    pub name: String,
    pub club: String,
    pub club_href: String,
    pub game: String,
    pub date: String,
    /// "läuft, Runde 2", "abgeschlossen".
    pub state: String,
    /// `open`, `setup` or `closed` (the status badge's class).
    pub state_class: &'static str,
}

/// A club's public page.
pub fn club_href(id: i32) -> String {
    format!("/c/{id}")
}

fn line(l: Locale, t: &Listed) -> Line {
    let (state, state_class) = match t.tournament.status {
        Status::Running => (
            l.t_with("front-running", &[("round", t.rounds.to_string())]),
            "open",
        ),
        Status::Setup => (l.t("front-setup"), "setup"),
        Status::Finished => (l.t("front-finished"), "closed"),
    };
    let tournament = &t.tournament;
    Line {
        href: crate::web::public::href(&tournament.slug),
        name: tournament.name.clone(),
        club: t.club.clone(),
        club_href: club_href(tournament.club_id),
        game: format!(
            "{} {}",
            game_label(l, tournament.game),
            variant_label(l, tournament.variant)
        ),
        date: date_words(tournament.date),
        state,
        state_class,
    }
}

#[derive(Template)]
#[template(path = "home.html")]
struct Home {
    page: Page,
    lines: Vec<Line>,
}

pub async fn home(mut ctx: Ctx) -> Result<HttpResponse, AppError> {
    let listed = ctx.state.db.run(front::listing).await?;
    let l = ctx.locale;
    let lines = listed.iter().map(|t| line(l, t)).collect();
    let page = ctx.page().await?;
    ctx.ok(&Home { page, lines })
}

/// A season on the club's page.
pub struct SeasonLines {
    pub name: String,
    /// The season's own page, when it is public.
    pub href: Option<String>,
    pub lines: Vec<Line>,
}

#[derive(Template)]
#[template(path = "public/club.html")]
struct ClubPage {
    page: Page,
    name: String,
    lines: Vec<Line>,
    seasons: Vec<SeasonLines>,
    /// The players with a public page: link and name.
    players: Vec<(String, String)>,
}

pub async fn club(mut ctx: Ctx, id: web::Path<String>) -> Result<HttpResponse, AppError> {
    let id: i32 = id.trim().parse().map_err(|_| AppError::NotFound)?;
    let club = ctx.state.db.run(move |conn| front::club(conn, id)).await?;
    let l = ctx.locale;
    let view = ClubPage {
        page: ctx.page().await?,
        name: club.name,
        lines: club.tournaments.iter().map(|t| line(l, t)).collect(),
        seasons: club
            .seasons
            .iter()
            .map(|(s, evenings)| SeasonLines {
                name: s.name.clone(),
                href: s.public.then(|| format!("/seasons/{}/standings", s.slug)),
                lines: evenings.iter().map(|t| line(l, t)).collect(),
            })
            .collect(),
        players: club
            .players
            .iter()
            .map(|(id, name)| (crate::web::links::player_href(*id), name.clone()))
            .collect(),
    };
    ctx.ok(&view)
}
