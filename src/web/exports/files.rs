//! The downloads of a tournament: report PDF, CSV standings and rounds, XLSX, the JSON
//! tournament file and the Rutesheim session sheets. Each handler checks access
//! ([`super::load`]), builds the bytes off the workers and answers with [`super::download`].

use super::{Audience, download, load, report_data};
use crate::report::{self, csv::Delimiter};
use crate::tournament::format::Format;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

const PDF: &str = "application/pdf";
const CSV: &str = "text/csv; charset=utf-8";
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const JSON: &str = "application/json";

fn internal(what: &str, e: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("{what}: {e}"))
}

/// `GET /t/{slug}/report.pdf`: the final report.
pub async fn report_pdf(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let d = load(&ctx, &slug, Audience::PublicResults).await?;
    let data = report_data(&ctx, &d).await?;
    let bytes = crate::blocking(move || report::pdf::report(&data))
        .await?
        .map_err(|e| internal("report PDF", e))?;
    let name = format!("{}-report.pdf", d.tournament.slug);
    Ok(download(PDF, &name, bytes))
}

/// The CSV query: `?sep=comma` (the default) or `?sep=semicolon` for German Excel.
#[derive(Deserialize)]
pub struct CsvQuery {
    sep: Option<String>,
}

impl CsvQuery {
    fn delimiter(&self, ctx: &Ctx) -> Result<Delimiter, AppError> {
        match self.sep.as_deref() {
            None | Some("comma") => Ok(Delimiter::Comma),
            Some("semicolon") => Ok(Delimiter::Semicolon),
            Some(_) => Err(AppError::BadRequest(ctx.locale.t("exports-error-sep"))),
        }
    }
}

/// Which CSV.
#[derive(Clone, Copy)]
enum Sheet {
    Standings,
    Rounds,
    /// Only for a tournament with a prize scheme (404 otherwise).
    Prizes,
}

async fn csv(
    ctx: Ctx,
    slug: String,
    query: web::Query<CsvQuery>,
    sheet: Sheet,
) -> Result<HttpResponse, AppError> {
    // The query first: a bad option is a bad request whoever asks.
    let delimiter = query.delimiter(&ctx)?;
    let d = load(&ctx, &slug, Audience::PublicResults).await?;
    let data = report_data(&ctx, &d).await?;
    let bytes = crate::blocking(move || match sheet {
        Sheet::Standings => Some(report::csv::standings(&data, delimiter)),
        Sheet::Rounds => Some(report::csv::rounds(&data, delimiter)),
        Sheet::Prizes => report::csv::prizes(&data, delimiter),
    })
    .await?
    .ok_or(AppError::NotFound)?
    .map_err(|e| internal("CSV", e))?;
    let what = match sheet {
        Sheet::Standings => "standings",
        Sheet::Rounds => "rounds",
        Sheet::Prizes => "prizes",
    };
    // The two separators are two files (both downloaded under one name).
    let sep = match delimiter {
        Delimiter::Comma => "",
        Delimiter::Semicolon => "-semicolon",
    };
    let name = format!("{}-{what}{sep}.csv", d.tournament.slug);
    Ok(download(CSV, &name, bytes))
}

/// `GET /t/{slug}/standings.csv[?sep=semicolon]`.
pub async fn standings_csv(
    ctx: Ctx,
    slug: web::Path<String>,
    query: web::Query<CsvQuery>,
) -> Result<HttpResponse, AppError> {
    csv(ctx, slug.into_inner(), query, Sheet::Standings).await
}

/// `GET /t/{slug}/rounds.csv[?sep=semicolon]`.
pub async fn rounds_csv(
    ctx: Ctx,
    slug: web::Path<String>,
    query: web::Query<CsvQuery>,
) -> Result<HttpResponse, AppError> {
    csv(ctx, slug.into_inner(), query, Sheet::Rounds).await
}

/// `GET /t/{slug}/prizes.csv[?sep=semicolon]`: the prize list (404 without a prize scheme).
pub async fn prizes_csv(
    ctx: Ctx,
    slug: web::Path<String>,
    query: web::Query<CsvQuery>,
) -> Result<HttpResponse, AppError> {
    csv(ctx, slug.into_inner(), query, Sheet::Prizes).await
}

/// `GET /t/{slug}/prizes.json`: the prize list with amounts in cents (404 without a prize
/// scheme). Before the end `final` is false and the lines are the paid places, unnamed.
pub async fn prizes_json(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let d = load(&ctx, &slug, Audience::PublicResults).await?;
    let data = report_data(&ctx, &d).await?;
    let prizes = data.prizes.ok_or(AppError::NotFound)?;
    let bytes = serde_json::to_vec_pretty(&prizes).map_err(|e| internal("JSON", e))?;
    let name = format!("{}-prizes.json", d.tournament.slug);
    Ok(download(JSON, &name, bytes))
}

/// `GET /t/{slug}/results.xlsx`: a standings sheet and one sheet per round.
pub async fn xlsx(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let d = load(&ctx, &slug, Audience::PublicResults).await?;
    let data = report_data(&ctx, &d).await?;
    let bytes = crate::blocking(move || report::xlsx::workbook(&data))
        .await?
        .map_err(|e| internal("XLSX", e))?;
    let name = format!("{}-results.xlsx", d.tournament.slug);
    Ok(download(XLSX, &name, bytes))
}

/// `GET /t/{slug}/tournament.json`: the tournament file (contract 8) of the current confirmed
/// deals, the same file as the API's `export.json`.
pub async fn json(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let d = load(&ctx, &slug, Audience::PublicResults).await?;
    let file = d.file();
    let bytes = crate::blocking(move || report::json(&file))
        .await?
        .map_err(|e| internal("JSON", e))?;
    let name = format!("{}.json", d.tournament.slug);
    Ok(download(JSON, &name, bytes))
}

/// `GET /t/{slug}/rounds/{n}/sheets.pdf`: the Rutesheim session sheets of a session. Only
/// tournaments in sessions (which are always Rutesheim-scored) have them: 404 otherwise.
pub async fn session_sheets(
    ctx: Ctx,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let d = load(&ctx, &slug, Audience::Managers).await?;
    let round = d
        .rounds
        .iter()
        .find(|r| r.number == number)
        .ok_or(AppError::NotFound)?;
    if d.tournament.format != Format::Sessions || round.knockout {
        return Err(AppError::NotFound);
    }
    let index = usize::try_from(number).map_err(|_| AppError::NotFound)?;
    let data = report_data(&ctx, &d).await?;
    let bytes = crate::blocking(move || report::printables::session_sheets(&data, index))
        .await?
        .ok_or(AppError::NotFound)?
        .map_err(|e| internal("session sheets", e))?;
    let name = format!("{}-session-{number}-sheets.pdf", d.tournament.slug);
    Ok(download(PDF, &name, bytes))
}
