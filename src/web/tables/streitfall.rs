//! The Streitfall page for one stored deal (docs/rules/streitfall.md, "A deal's correction"):
//! the tournament's secretaries open it from the deal's correction page, prefilled with the
//! table's game, variant and options; a finished card-level deal is then sent, with a reason,
//! to the correction page's own save (`correct::save`, the single correction service), which
//! referees the table's whole record first and stores nothing that breaks a rule.

use super::open;
use crate::rules::Game;
use crate::service::scoring::{corrections, entry};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use actix_web::{HttpResponse, web};

/// `GET /t/{slug}/rounds/{n}/tables/{t}/deals/{d}/streitfall`.
pub async fn show(
    mut ctx: Ctx,
    path: web::Path<(String, i32, i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    let game = st.tournament.game;
    if no < 1 {
        return Err(AppError::NotFound);
    }
    let deal = format!("{href}/deals/{no}");
    if !matches!(game, Game::Giltspiel | Game::Perlaggen) {
        // Only the figure games have a card-level referee in this tree (Watten and Gaigel are
        // wired at merge): back to the deal's correction page, which has no link here.
        return Ok(ctx.redirect(&deal));
    }
    let mut frame = entry::frame(&st)?;
    if let serde_json::Value::Object(map) = &mut frame {
        map.remove("deals");
    }
    let variant = frame
        .get("variant")
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let st2 = st.clone();
    let (version, _, _) = ctx
        .state
        .db
        .run(move |conn| corrections::current(conn, &st2, no - 1))
        .await?;
    let target = crate::web::streitfall::Correct {
        save: format!("{deal}/save"),
        back: deal,
        csrf: ctx.csrf_token().await?,
        based_on: version,
        key: crate::auth::tokens::random_token()?,
        frame: frame.to_string(),
        no,
    };
    crate::web::streitfall::render(ctx, game, variant.as_deref(), Some(target)).await
}
