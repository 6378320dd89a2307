//! The Streitfall page for one stored deal (docs/rules/streitfall.md, "A deal's correction"),
//! for every game: the tournament's secretaries open it from the deal's correction page,
//! prefilled with the table's game, variant and options, and with the stored deal itself when
//! it was already entered card by card; a finished card-level deal is then sent, with a
//! reason, to the correction page's own save (`correct::save`, the single correction
//! service), which referees the table's whole record first and stores nothing that breaks a
//! rule.

use super::open;
use crate::service::scoring::{corrections, entry};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::streitfall::{Correct, Start};
use actix_web::{HttpResponse, web};

/// `GET /t/{slug}/rounds/{n}/tables/{t}/deals/{d}/streitfall`.
pub async fn show(
    mut ctx: Ctx,
    path: web::Path<(String, i32, i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    if no < 1 {
        return Err(AppError::NotFound);
    }
    let deal = format!("{href}/deals/{no}");
    let frame = entry::frame(&st)?;
    let st2 = st.clone();
    let (version, stored, _) = ctx
        .state
        .db
        .run(move |conn| corrections::current(conn, &st2, no - 1))
        .await?;
    let target = Correct {
        save: format!("{deal}/save"),
        back: deal,
        csrf: ctx.csrf_token().await?,
        based_on: version,
        key: crate::auth::tokens::random_token()?,
        no,
    };
    let start = Start::stored(&frame, Some(stored));
    crate::web::streitfall::render(ctx, start, target).await
}
