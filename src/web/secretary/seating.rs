//! Seating plans: the tables of a round with who sits where, as a page (printable: the
//! `@media print` rules of `kartl.css` drop the navigation and keep each table whole) and as
//! the PDF of `report::pdf::seating`.

use crate::report::{Meta, ReportData, pdf};
use crate::service::tournaments::{self, RoundView, TournamentDetail};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::list::date_words;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

/// One seat: its label (side `A`/`B`, or place 1..3) and who sits there.
pub struct SeatLine {
    pub label: String,
    pub name: String,
    /// A team's players.
    pub members: String,
}

pub struct SeatingTable {
    pub number: i32,
    pub seats: Vec<SeatLine>,
}

/// An entrant's name (a player, or a team) by the id the tournament file uses.
pub fn entrant_name(d: &TournamentDetail, id: &str) -> String {
    d.players
        .iter()
        .find(|p| p.entrant_id == id)
        .map(|p| p.name.clone())
        .or_else(|| {
            d.teams
                .iter()
                .find(|t| t.entrant_id == id)
                .map(|t| t.name.clone())
        })
        .unwrap_or_else(|| id.to_string())
}

fn members(d: &TournamentDetail, id: &str) -> String {
    d.teams
        .iter()
        .find(|t| t.entrant_id == id)
        .map(|t| {
            t.members
                .iter()
                .map(|m| entrant_name(d, m))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// The round's tables and byes, named.
pub fn seating(l: Locale, d: &TournamentDetail, r: &RoundView) -> (Vec<SeatingTable>, Vec<String>) {
    let two_sides = !d.tournament.individual() || d.tournament.sides() == 2;
    let tables = r
        .tables
        .iter()
        .map(|t| SeatingTable {
            number: t.number,
            seats: t
                .seats
                .iter()
                .enumerate()
                .map(|(i, id)| SeatLine {
                    label: if two_sides {
                        ["A", "B"].get(i).copied().unwrap_or("").to_string()
                    } else {
                        l.t_with("seat-place", &[("place", (i + 1).to_string())])
                    },
                    name: entrant_name(d, id),
                    members: members(d, id),
                })
                .collect(),
        })
        .collect();
    let byes = r.byes.iter().map(|id| entrant_name(d, id)).collect();
    (tables, byes)
}

#[derive(Template)]
#[template(path = "tournament_seating.html")]
struct SeatingPage {
    page: Page,
    slug: String,
    name: String,
    date: String,
    place: String,
    number: i32,
    tables: Vec<SeatingTable>,
    byes: Vec<String>,
    /// Everyone by name with their table: players look for their own name on the wall.
    index: Vec<(String, String)>,
    /// The public address and its QR code (inline SVG) while the pages are public.
    public_url: String,
    public_qr: Option<String>,
    /// No links on paper (the round page links each table).
    table_base: Option<String>,
}

/// Every name of the round (teams' players too) with where it sits, sorted by name.
fn index(l: Locale, d: &TournamentDetail, r: &RoundView) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut add = |id: &str, at: String| {
        out.push((entrant_name(d, id), at.clone()));
        if let Some(t) = d.teams.iter().find(|t| t.entrant_id == id) {
            for m in &t.members {
                out.push((entrant_name(d, m), format!("{at} ({})", t.name)));
            }
        }
    };
    for t in &r.tables {
        for id in &t.seats {
            add(
                id,
                l.t_with("swap-at-table", &[("table", t.number.to_string())]),
            );
        }
    }
    for id in &r.byes {
        add(id, l.t("seat-byes"));
    }
    out.sort_by_key(|(name, _)| name.to_lowercase());
    out
}

/// The public address and its QR code while the tournament's pages are public (else empty).
pub fn public_qr(ctx: &Ctx, d: &TournamentDetail) -> Result<(String, Option<String>), AppError> {
    let t = &d.tournament;
    if !t.public {
        return Ok((String::new(), None));
    }
    let url = format!("{}/p/{}", ctx.base, t.slug);
    let qr = crate::web::links::qr_svg(&url)?;
    Ok((url, Some(qr)))
}

/// The printable seating plan.
pub async fn page(ctx: Ctx, path: web::Path<(String, i32)>) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (_, d) = access::managed(&ctx, &slug).await?;
    let mut ctx = ctx;
    let r = d.round(number)?;
    let (tables, byes) = seating(ctx.locale, &d, r);
    let index = index(ctx.locale, &d, r);
    let (public_url, public_qr) = public_qr(&ctx, &d)?;
    let page = SeatingPage {
        public_url,
        public_qr,
        index,
        page: ctx.page().await?,
        slug: d.tournament.slug.clone(),
        name: d.tournament.name.clone(),
        date: date_words(d.tournament.date),
        place: d.tournament.place.clone().unwrap_or_default(),
        number,
        tables,
        byes,
        table_base: None,
    };
    ctx.ok(&page)
}

/// The seating plan as a PDF (`report::pdf::seating`), made off the workers.
pub async fn pdf(ctx: Ctx, path: web::Path<(String, i32)>) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (_, d) = access::managed(&ctx, &slug).await?;
    d.round(number)?;
    let lang = ctx.locale.rules_lang();
    let meta = Meta {
        date: date_words(d.tournament.date),
        place: d.tournament.place.clone().unwrap_or_default(),
        lang,
        ..super::export_links::stage_meta(&ctx, &d)
    };
    let file = d.file();
    let bytes = crate::blocking(move || {
        let eval = tournaments::evaluate_file(&file, lang)?;
        let data = ReportData::build(&file, &eval, &meta);
        let index = usize::try_from(number).map_err(|_| AppError::NotFound)?;
        pdf::seating(&data, index)
            .ok_or(AppError::NotFound)?
            .map_err(|e| AppError::Internal(format!("seating PDF: {e}")))
    })
    .await??;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{slug}-round-{number}.pdf\""),
        ))
        .body(bytes))
}
