//! The table's scorer pages under `/s/{token}`: the table with its score sheet, the
//! Watten entry forms, check → preview → save, and confirm or undo of a pending deal. The
//! link's secret is the only key: an unknown one is 404, one of a closed round 410, both as a
//! plain page that says nothing about the tournament. Table cards are in [`cards`].

pub mod card_print;
pub mod cards;
pub mod figures;
pub mod gaigel;
pub mod pad;
pub mod pad_page;
pub mod pad_words;
pub mod placing;
pub mod redact;
pub mod view;
pub mod watten;
pub mod words;

use crate::service::scoring::links::{self, ScorerTable};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use actix_web::http::StatusCode;
use actix_web::web;

/// The secretary's table cards (the scorer's pad, figures panel and stamp are in the `/s`
/// scope, [`crate::web::entry::scorer::scope`]).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}/rounds/{n}/cards", web::get().to(cards::form))
        .route("/t/{slug}/rounds/{n}/cards", web::post().to(cards::issue))
        .route(
            "/t/{slug}/rounds/{n}/cards.pdf",
            web::post().to(card_print::all),
        )
        .route(
            "/t/{slug}/rounds/{n}/tables/{t}/card",
            web::post().to(card_print::one),
        )
        .route(
            "/t/{slug}/confirmation",
            web::post().to(cards::set_confirmation),
        );
}
/// The table behind a link, or the plain 404/410 answer.
pub async fn open_table(
    ctx: &Ctx,
    token: String,
) -> Result<Result<ScorerTable, StatusCode>, AppError> {
    let st = ctx
        .state
        .db
        .run(move |conn| links::resolve(conn, &token))
        .await?;
    Ok(match st {
        None => Err(StatusCode::NOT_FOUND),
        Some(st) if !st.open => Err(StatusCode::GONE),
        Some(st) => Ok(st),
    })
}
