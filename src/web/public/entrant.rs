//! `/p/{slug}/entrants/{id}`: one team or player: its members, its place in the standings,
//! its points over the rounds (a chart with its line), and per round its table, its
//! opponents, its result and the table's counted deals with the score after each.

use super::cache::{PublicCache, Snapshot};
use super::charts;
use super::rounds::{SeatLine, deals_in_words, record_text, round_rows, seat_lines};
use super::view::Head;
use super::{HTML, html, serve};
use crate::service::tournaments::RoundView;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// One round as the entrant played it.
pub struct RoundPart {
    pub number: i32,
    pub knockout: bool,
    /// At a table: its number, every seat (the entrant's own marked), its sheet, its deals.
    pub table: Option<TablePart>,
    /// Sat out this round (a bye).
    pub bye: bool,
    /// The entrant's result in the round in words; empty where none counts.
    pub result: String,
}

pub struct TablePart {
    pub number: i32,
    pub seats: Vec<(SeatLine, bool)>,
    pub sheet_href: String,
    pub deals: Vec<String>,
}

#[derive(Template)]
#[template(path = "public/entrant.html")]
struct EntrantPage {
    page: Page,
    head: Head,
    name: String,
    /// A team's players: name and, where the player allows a page, its link.
    members: Vec<(String, Option<String>)>,
    /// A player's own page, where they allow one (an individual entrant).
    player_href: Option<String>,
    /// "Platz 3 · 5 Punkte · ..."; empty while nothing counts.
    standing: String,
    chart: String,
    rounds: Vec<RoundPart>,
}

pub async fn page(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        render(snap, page, &id)
    })
    .await
}

fn render(snap: &Snapshot, page: Page, id: &str) -> Result<String, AppError> {
    let l = page.locale;
    if !snap.entrants().iter().any(|(e, _)| e == id) {
        return Err(AppError::NotFound);
    }
    let members = snap
        .file
        .teams
        .iter()
        .find(|t| t.id == id)
        .map(|t| {
            t.players
                .iter()
                .map(|p| (player_name(snap, p), player_href(snap, p)))
                .collect()
        })
        .unwrap_or_default();
    let any_deal = snap.any_deal();
    let standing = snap
        .eval
        .standings
        .standings
        .iter()
        .find(|r| r.id == id && any_deal)
        .map(|r| {
            format!(
                "{} {} · {}",
                l.t("standings-rank"),
                r.rank,
                super::rounds::result_words(l, r)
            )
        })
        .unwrap_or_default();
    let mut rounds = Vec::new();
    for (index, r) in snap.detail.rounds.iter().enumerate() {
        let result = round_rows(snap, r.number)
            .and_then(|rows| rows.iter().find(|row| row.id == id))
            .filter(|_| any_deal)
            .map(|row| super::rounds::result_words(l, row))
            .unwrap_or_default();
        let table = table_part(l, snap, index, r, id)?;
        rounds.push(RoundPart {
            number: r.number,
            knockout: r.knockout,
            bye: r.byes.iter().any(|b| b == id),
            table,
            result,
        });
    }
    let chart = charts::drawing(l, snap, &charts::series(snap, Some(id)));
    html(&EntrantPage {
        head: Head::of(snap),
        name: snap.name(id),
        player_href: player_href(snap, id),
        members,
        standing,
        chart,
        rounds,
        page,
    })
}

/// The entrant's table in round `r` (the `index`th), if it was seated there.
fn table_part(
    l: Locale,
    snap: &Snapshot,
    index: usize,
    r: &RoundView,
    id: &str,
) -> Result<Option<TablePart>, AppError> {
    let seated = r
        .tables
        .iter()
        .enumerate()
        .find(|(_, t)| t.seats.iter().any(|s| s == id));
    let Some((table_index, t)) = seated else {
        return Ok(None);
    };
    let record = record_text(snap, index, table_index)?;
    Ok(Some(TablePart {
        number: t.number,
        seats: seat_lines(l, snap, r.number, t)
            .into_iter()
            .zip(&t.seats)
            .map(|(line, seat)| (line, seat == id))
            .collect(),
        sheet_href: format!(
            "/p/{}/rounds/{}/tables/{}",
            snap.detail.tournament.slug, r.number, t.number
        ),
        deals: deals_in_words(l, &record)?,
    }))
}

fn player_name(snap: &Snapshot, id: &str) -> String {
    snap.file
        .players
        .iter()
        .find(|p| p.id == id)
        .map_or_else(|| id.to_string(), |p| p.name.clone())
}

/// The page of the player behind entrant `id` (`p3`), unless they are hidden.
fn player_href(snap: &Snapshot, id: &str) -> Option<String> {
    snap.detail
        .players
        .iter()
        .find(|p| p.entrant_id == id)
        .filter(|p| p.consent != crate::service::consent::Consent::Hidden)
        .map(|p| crate::web::links::player_href(p.player_id))
}
