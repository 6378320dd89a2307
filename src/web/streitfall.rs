//! The Streitfall page (docs/rules/streitfall.md): anyone enters a disputed deal card by card
//! and sees the referee's ruling. The page draws what `POST /api/v1/streitfall/table`
//! answers (static/streitfall.js); it decides no rule itself. A secretary's copy for a stored
//! deal ([`Correct`], `web::tables::streitfall`) also offers "Als Korrektur übernehmen".

use crate::rules::Game;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use actix_web::{HttpResponse, web};
use askama::Template;

/// Where a secretary's finished card-level deal goes: the deal's correction save.
pub struct Correct {
    /// The correction page's save (`…/deals/{d}/save`).
    pub save: String,
    /// The correction page itself.
    pub back: String,
    pub csrf: String,
    /// The deal's current version, the correction's `based_on`.
    pub based_on: i32,
    /// A fresh submission key.
    pub key: String,
    /// The table's record frame (game, variant, options) as JSON, without deals.
    pub frame: String,
    /// The deal's number (from 1).
    pub no: i32,
}

#[derive(Template)]
#[template(path = "streitfall.html")]
struct Streitfall {
    page: Page,
    game: &'static str,
    variant: String,
    variants: Vec<&'static str>,
    /// The variant's pack as JSON, for the card picker.
    pack: String,
    correct: Option<Correct>,
}

#[derive(serde::Deserialize)]
pub struct Query {
    game: Option<String>,
    variant: Option<String>,
}

fn variants(game: Game) -> Vec<&'static str> {
    match game {
        Game::Giltspiel => vec!["standard", "perlique"],
        _ => vec!["innsbruck", "eichel", "schlanders", "deutschnofen"],
    }
}

/// `GET /streitfall?game=..&variant=..`: the page for a figure game's disputed deal.
pub async fn page(ctx: Ctx, query: web::Query<Query>) -> Result<HttpResponse, AppError> {
    let game = match query.game.as_deref() {
        Some("giltspiel") => Game::Giltspiel,
        _ => Game::Perlaggen,
    };
    render(ctx, game, query.variant.as_deref(), None).await
}

/// The page for a figure game, its variant (the first one if unknown) and, for a secretary's
/// stored deal, where the correction goes.
pub async fn render(
    mut ctx: Ctx,
    game: Game,
    variant: Option<&str>,
    correct: Option<Correct>,
) -> Result<HttpResponse, AppError> {
    let list = variants(game);
    let variant = variant
        .filter(|v| list.contains(v))
        .unwrap_or(list[0])
        .to_string();
    let record = serde_json::json!({"game": game.as_str(), "variant": variant, "deals": []});
    let raw = record.to_string();
    let pack = crate::rules::record::RawRecord::parse(&raw)
        .and_then(|r| crate::rules::figures::rule_set(&r))
        .map(|(v, _)| crate::rules::figures::play::table::pack(v))
        .unwrap_or_default();
    let page = ctx.page().await?;
    ctx.ok(&Streitfall {
        page,
        game: game.as_str(),
        variant,
        variants: list,
        pack: serde_json::to_string(&pack).unwrap_or_else(|_| "[]".into()),
        correct,
    })
}
