//! The figure panel of the secretary's entry forms, for `static/figures.js` (the same fragment
//! as the scorer's `GET /s/{token}/figures`): `{table}/figures?events=…` after the table's
//! live deals, `{table}/deals/{d}/figures?events=…` after the deals before the corrected one.
//! Reads only; access as for the table's other pages (the tournament's managers).

use super::open;
use crate::service::scoring::{corrections, entry};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::score::figures::{PanelQuery, fragment};
use actix_web::{HttpResponse, web};

/// `GET /t/{slug}/rounds/{n}/tables/{t}/figures`: the next deal's panel.
pub async fn table(
    ctx: Ctx,
    path: web::Path<(String, i32, i32)>,
    query: web::Query<PanelQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (_, st, _) = open(&ctx, &slug, round, table).await?;
    let lang = ctx.locale.rules_lang();
    let state = ctx
        .state
        .db
        .run(move |conn| entry::state(conn, &st, lang))
        .await?;
    fragment(ctx, &state.record, Some(&state.report), &query.events)
}

/// `GET /t/{slug}/rounds/{n}/tables/{t}/deals/{d}/figures`: the corrected deal's panel.
pub async fn correction(
    ctx: Ctx,
    path: web::Path<(String, i32, i32, i32)>,
    query: web::Query<PanelQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (_, st, _) = open(&ctx, &slug, round, table).await?;
    if no < 1 {
        return Err(AppError::NotFound);
    }
    let lang = ctx.locale.rules_lang();
    let (record, report) = ctx
        .state
        .db
        .run(move |conn| {
            // Only a live deal can be corrected: the same 404 as its correction page.
            corrections::current(conn, &st, no - 1)?;
            corrections::before(conn, &st, no - 1, lang)
        })
        .await?;
    fragment(ctx, &record, report.as_ref(), &query.events)
}
