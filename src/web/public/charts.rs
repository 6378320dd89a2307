//! `/p/{slug}/chart`: every entrant's points over the rounds, one line each, drawn on the
//! server ([`super::chart`]); `/p/{slug}/chart.svg`: the drawing alone.

use super::cache::{PublicCache, Snapshot};
use super::chart::{self, ChartWords, Series};
use super::view::Head;
use super::{HTML, SVG, html, serve};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/chart.html")]
struct ChartPage {
    page: Page,
    head: Head,
    chart: String,
}

/// Each entrant's points after each counted round (the sum of its points in the rounds so
/// far, each round ranked on its own as the engine does); `only` keeps one entrant.
pub fn series(snap: &Snapshot, only: Option<&str>) -> Vec<Series> {
    snap.entrants()
        .into_iter()
        .filter(|(id, _)| only.is_none_or(|o| o == id))
        .map(|(id, name)| {
            let mut total = 0;
            let points = snap
                .eval
                .standings
                .rounds
                .iter()
                .map(|rows| {
                    total += rows.iter().find(|r| r.id == id).map_or(0, |r| r.points);
                    total
                })
                .collect();
            Series { id, name, points }
        })
        .collect()
}

/// The chart of `series` in the page's words.
pub fn drawing(l: Locale, snap: &Snapshot, series: &[Series]) -> String {
    let team_game = !snap.detail.tournament.individual();
    let words = ChartWords {
        title: format!(
            "{}: {}",
            crate::text::isolated(&snap.detail.tournament.name),
            l.t("public-chart")
        ),
        desc: l.t(if team_game {
            "public-chart-desc-teams"
        } else {
            "public-chart-desc-players"
        }),
        rounds: l.t("round-word"),
        points: l.t("standings-points"),
    };
    chart::draw(&words, snap.eval.standings.rounds.len(), series)
}

pub async fn page(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        let chart = drawing(page.locale, snap, &series(snap, None));
        html(&ChartPage {
            head: Head::of(snap),
            chart,
            page,
        })
    })
    .await
}

pub async fn svg(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    serve(ctx, &req, &cache, &slug, SVG, |snap, page| {
        Ok(drawing(page.locale, snap, &series(snap, None)))
    })
    .await
}
