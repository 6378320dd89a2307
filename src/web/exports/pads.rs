//! `GET /pads/{game}?variant=…`: a blank score pad as PDF. It holds nothing but the game's
//! name and target, so it is public: a club can print pads without an account, and a
//! secretary finds them linked from the tournament's page. Without `variant` the game's
//! default variant (contract 3); a variant of another game is a 400, an unknown game a 404.

use super::download;
use crate::report::printables::score_pad;
use crate::rules::Game;
use crate::rules::Variant;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct PadQuery {
    variant: Option<String>,
}

/// A game by its name as the tournament file spells it (`watten`).
fn game_named(name: &str) -> Option<Game> {
    [Game::Giltspiel, Game::Perlaggen, Game::Watten, Game::Gaigel]
        .into_iter()
        .find(|g| g.as_str() == name)
}

pub async fn pdf(
    ctx: Ctx,
    game: web::Path<String>,
    query: web::Query<PadQuery>,
) -> Result<HttpResponse, AppError> {
    let game = game_named(&game).ok_or(AppError::NotFound)?;
    let variant = match query.variant.as_deref() {
        None | Some("") => Variant::default_for(game),
        Some(name) => Variant::parse(name)
            .filter(|v| v.game() == game)
            .ok_or_else(|| AppError::BadRequest(ctx.locale.t("exports-error-variant")))?,
    };
    let lang = ctx.locale.rules_lang();
    let bytes = crate::blocking(move || score_pad(game, variant, lang))
        .await?
        .map_err(|e| AppError::Internal(format!("score pad: {e}")))?;
    let name = format!(
        "{}-{}-pad.pdf",
        game.as_str(),
        variant.as_str().replace('_', "-")
    );
    Ok(download("application/pdf", &name, bytes))
}
