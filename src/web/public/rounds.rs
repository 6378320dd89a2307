//! `/p/{slug}/rounds/{n}`: one round's tables with their seats and each seat's result in the
//! round, the byes, and the round ranked on its own; `/p/{slug}/rounds/{n}/tables/{t}`: one
//! table's score sheet (SVG, printable) and its deals in words. Confirmed deals only: the
//! snapshot's tables hold the counted record (docs/reference/data.md, "Current results").

use super::cache::{PublicCache, Snapshot};
use super::view::{Head, PublicTable, entrant_href};
use super::{HTML, html, serve};
use crate::service::tournaments::{RoundView, TableView};
use crate::sheet::SheetLabels;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::score::view::{deal_words, sides};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// A seat at a table: side letter, name, link, result in the round.
pub struct SeatLine {
    pub side: String,
    pub name: String,
    pub href: String,
    /// Points in this round and the tie-break values ("2 · 1"); empty in knockout rounds.
    pub result: String,
}

pub struct TableLine {
    pub number: i32,
    pub seats: Vec<SeatLine>,
    /// Deals that count so far.
    pub deals: usize,
    pub sheet_href: String,
}

#[derive(Template)]
#[template(path = "public/round.html")]
struct RoundPage {
    page: Page,
    head: Head,
    number: i32,
    knockout: bool,
    tables: Vec<TableLine>,
    byes: Vec<(String, String)>,
    ranking: Option<PublicTable>,
}

#[derive(Template)]
#[template(path = "public/sheet.html")]
struct SheetPage {
    page: Page,
    head: Head,
    round: i32,
    table: i32,
    seats: Vec<SeatLine>,
    sheet: String,
    deals: Vec<String>,
    /// The table's own path: each deal links to its Streitfall page under it.
    href: String,
}

/// The round with number `n` and its index in the file, or 404.
pub fn round_of(snap: &Snapshot, n: i32) -> Result<(usize, &RoundView), AppError> {
    snap.detail
        .rounds
        .iter()
        .enumerate()
        .find(|(_, r)| r.number == n)
        .ok_or(AppError::NotFound)
}

/// The round ranked on its own (none for knockout rounds, which do not count).
pub fn round_rows(snap: &Snapshot, n: i32) -> Option<&[crate::tournament::standings::Row]> {
    let i = snap.counted.iter().position(|c| *c == n)?;
    snap.eval.standings.rounds.get(i).map(Vec::as_slice)
}

/// The seats of a table with each entrant's result in round `n`.
pub fn seat_lines(l: Locale, snap: &Snapshot, n: i32, table: &TableView) -> Vec<SeatLine> {
    let rows = round_rows(snap, n);
    let slug = &snap.detail.tournament.slug;
    table
        .seats
        .iter()
        .zip(sides(table.seats.len()))
        .map(|(id, side)| SeatLine {
            side,
            name: snap.name(id),
            href: entrant_href(slug, id),
            result: rows
                .and_then(|rows| rows.iter().find(|r| &r.id == id))
                .map(|r| result_words(l, r))
                .unwrap_or_default(),
        })
        .collect()
}

/// "Punkte 2 · Bummerl-Differenz 1".
pub fn result_words(l: Locale, row: &crate::tournament::standings::Row) -> String {
    // Label then value, like the tie-break columns after it ("Punkte 1 · Bummerl-Differenz -2").
    let mut parts = vec![format!("{} {}", l.t("standings-points"), row.points)];
    for (column, value) in &row.tiebreaks {
        parts.push(format!(
            "{} {value}",
            crate::report::column_label(*column, l.rules_lang())
        ));
    }
    parts.join(" · ")
}

/// The counted record of a table as the referee gets it (contract 3), as text.
pub fn record_text(snap: &Snapshot, round: usize, table: usize) -> Result<String, AppError> {
    snap.file
        .match_record(round, table)
        .map(|r| r.to_string())
        .ok_or(AppError::NotFound)
}

/// Each counted deal of a record in words with the score after it, in order ("A schreibt 3, Stand 10:7").
pub fn deals_in_words(l: Locale, record: &str) -> Result<Vec<String>, AppError> {
    let report = crate::rules::referee(record, l.rules_lang())
        .map_err(|m| AppError::Internal(format!("stored record: {m}")))?;
    let count = crate::web::score::words::deals_in(&report);
    Ok((0..count).map(|i| deal_words(l, &report, i)).collect())
}

pub async fn round(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, n) = path.into_inner();
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        let l = page.locale;
        let (index, r) = round_of(snap, n)?;
        let slug = &snap.detail.tournament.slug;
        let tables = r
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| TableLine {
                number: t.number,
                seats: seat_lines(l, snap, n, t),
                deals: snap.deals_at(index, i),
                sheet_href: format!("/p/{slug}/rounds/{n}/tables/{}", t.number),
            })
            .collect();
        let any_deal = snap.round_has_deal(index);
        let ranking = round_rows(snap, n)
            .filter(|rows| any_deal && !rows.is_empty())
            .map(|rows| {
                let caption = l.t_with("standings-round", &[("round", n.to_string())]);
                PublicTable::of(l, slug, caption, rows)
            });
        html(&RoundPage {
            head: Head::of(snap),
            number: n,
            knockout: r.knockout,
            byes: r
                .byes
                .iter()
                .map(|id| (snap.name(id), entrant_href(slug, id)))
                .collect(),
            tables,
            ranking,
            page,
        })
    })
    .await
}

pub async fn sheet(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    path: web::Path<(String, i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, n, t) = path.into_inner();
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        let l = page.locale;
        let (index, r) = round_of(snap, n)?;
        let (table_index, table) = r
            .tables
            .iter()
            .enumerate()
            .find(|(_, x)| x.number == t)
            .ok_or(AppError::NotFound)?;
        let record = record_text(snap, index, table_index)?;
        let seats = seat_lines(l, snap, n, table);
        // The score sheet's SVG has no markup for isolation: the names come isolated.
        let labels = SheetLabels::new(seats.iter().map(|s| crate::text::isolated(&s.name)));
        let sheet = crate::sheet::render(&record, l.rules_lang(), &labels)
            .map_err(|m| AppError::Internal(format!("stored record: {m}")))?
            .into_string();
        html(&SheetPage {
            head: Head::of(snap),
            round: n,
            table: t,
            deals: deals_in_words(l, &record)?,
            href: format!("/p/{}/rounds/{n}/tables/{t}", snap.detail.tournament.slug),
            seats,
            sheet,
            page,
        })
    })
    .await
}
