//! Table cards as a PDF, from the round page: `POST /t/{slug}/rounds/{n}/cards.pdf` issues a
//! new link for every table (as the cards page does) and answers with the cards to print;
//! `POST /t/{slug}/rounds/{n}/tables/{t}/card` re-issues one table's link alone (a lost card;
//! the other tables' links stay valid) and shows its card, or sends it as a PDF with
//! `pdf=yes`. The secrets exist in this answer only (`no-store`).

use super::cards::{self, CardView};
use crate::report::cards::{CardPrint, table_cards};
use crate::service::Actor;
use crate::service::scoring::links::{self, Cards};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, CsrfOnly, Ctx, csrf_form};
use crate::web::exports::{download, safe_name};
use actix_web::{HttpResponse, web};

csrf_form!(ReissueForm { pdf });

/// The PDF of `cards`, made off the workers.
async fn pdf(ctx: &Ctx, slug: &str, cards: Cards) -> Result<HttpResponse, AppError> {
    let lang = ctx.locale.rules_lang();
    let base = ctx.base.clone();
    let round = cards.round;
    let name = match cards.cards.as_slice() {
        [one] => format!("{slug}-round-{round}-table-{}-card.pdf", one.table),
        _ => format!("{slug}-round-{round}-cards.pdf"),
    };
    let bytes = crate::blocking(move || {
        let print: Vec<CardPrint> = cards
            .cards
            .into_iter()
            .map(|c| CardPrint {
                table: c.table,
                seats: c.seats,
                link: format!("{base}/s/{}", c.token),
            })
            .collect();
        table_cards(&cards.tournament, round, &print, lang)
            .map_err(|e| AppError::Internal(format!("table cards PDF: {e}")))
    })
    .await??;
    Ok(download("application/pdf", &safe_name(&name), bytes))
}

/// Every table's new card as a PDF.
pub async fn all(
    path: web::Path<(String, i32)>,
    CsrfForm(ctx, _): CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let actor = Actor::of_user(ctx.require_user()?);
    let now = ctx.state.clock.now();
    let s = slug.clone();
    let cards = ctx
        .state
        .db
        .run(move |conn| links::issue_cards(conn, &actor, now, &s, round))
        .await?;
    pdf(&ctx, &slug, cards).await
}

/// One table's new card: the cards page with it alone, or its PDF.
pub async fn one(
    path: web::Path<(String, i32, i32)>,
    CsrfForm(ctx, form): CsrfForm<ReissueForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let actor = Actor::of_user(ctx.require_user()?);
    let now = ctx.state.clock.now();
    let s = slug.clone();
    let cards = ctx
        .state
        .db
        .run(move |conn| links::reissue_card(conn, &actor, now, &s, round, table))
        .await?;
    if form.pdf.trim() == "yes" {
        return pdf(&ctx, &slug, cards).await;
    }
    let views: Vec<CardView> = cards::views(&ctx.base, cards)?;
    cards::page(ctx, slug, round, views).await
}
