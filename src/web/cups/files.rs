//! The cup's downloads, for everybody (a cup is public): the standings as PDF, XLSX, CSV and
//! JSON, each saying which evenings counted and which were struck, and the cup file
//! (`docs/reference/cups.md`) that `kartl standings` reads. The standings come from the
//! public pages' cache for the current stamp, so a download and the page agree.

use super::cache::CupCache;
use super::public::current;
use super::words;
use crate::report::csv::Delimiter;
use crate::service::cups;
use crate::tournament::cup_file::CupLine;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::exports::download;
use actix_web::{HttpResponse, web};
use serde::Serialize;

/// `?sep=semicolon` for German Excel.
#[derive(serde::Deserialize)]
pub struct SepQuery {
    sep: Option<String>,
}

fn name(slug: &str, ext: &str) -> String {
    format!("{slug}.{ext}")
}

pub async fn pdf(
    ctx: Ctx,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (_, s) = current(&ctx, &cache, &slug).await?;
    let report = words::report(ctx.locale, &s);
    let bytes = crate::blocking(move || crate::report::cup::pdf(&report))
        .await?
        .map_err(|e| AppError::Internal(format!("cup pdf: {e}")))?;
    Ok(download("application/pdf", &name(&slug, "pdf"), bytes))
}

pub async fn xlsx(
    ctx: Ctx,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (_, s) = current(&ctx, &cache, &slug).await?;
    let report = words::report(ctx.locale, &s);
    let bytes = crate::report::cup::xlsx(&report)
        .map_err(|e| AppError::Internal(format!("cup xlsx: {e}")))?;
    Ok(download(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        &name(&slug, "xlsx"),
        bytes,
    ))
}

pub async fn csv(
    ctx: Ctx,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
    query: web::Query<SepQuery>,
) -> Result<HttpResponse, AppError> {
    let (_, s) = current(&ctx, &cache, &slug).await?;
    let report = words::report(ctx.locale, &s);
    let delimiter = match query.sep.as_deref() {
        Some("semicolon") => Delimiter::Semicolon,
        _ => Delimiter::Comma,
    };
    let bytes = crate::report::cup::csv(&report, delimiter)
        .map_err(|e| AppError::Internal(format!("cup csv: {e}")))?;
    Ok(download(
        "text/csv; charset=utf-8",
        &name(&slug, "csv"),
        bytes,
    ))
}

/// One evening of the JSON standings.
#[derive(Serialize)]
struct JsonEvening {
    /// The tournament's slug, as each line's evenings name it.
    evening: String,
    name: String,
    date: Option<String>,
    club: String,
}

/// The JSON standings: the cup file's answer (`{"cup", "standings"}`) with the counted
/// evenings named.
#[derive(Serialize)]
struct JsonStandings<'a> {
    cup: &'a str,
    game: &'static str,
    evenings: Vec<JsonEvening>,
    standings: &'a [CupLine],
}

pub async fn json(
    ctx: Ctx,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (_, s) = current(&ctx, &cache, &slug).await?;
    let body = JsonStandings {
        cup: &s.cup.row.name,
        game: s.cup.game.as_str(),
        evenings: s
            .evenings
            .iter()
            .filter(|e| e.counts)
            .map(|e| JsonEvening {
                evening: e.slug.clone(),
                name: e.name.clone(),
                date: e.date.clone(),
                club: e.club.clone(),
            })
            .collect(),
        standings: &s.lines,
    };
    let bytes = serde_json::to_vec_pretty(&body).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(download("application/json", &name(&slug, "json"), bytes))
}

/// The cup file: what `kartl standings` and `POST /api/v1/standings` read.
pub async fn cup_file(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let target = slug.to_string();
    let file = ctx
        .state
        .db
        .run(move |conn| {
            let cup = cups::by_slug(conn, &target)?;
            cups::file::cup_file(conn, &cup)
        })
        .await?;
    let bytes = serde_json::to_vec_pretty(&file).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(download(
        "application/json",
        &name(&format!("{slug}-cup"), "json"),
        bytes,
    ))
}
