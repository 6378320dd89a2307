//! `/p/{slug}/rounds/{n}/tables/{t}/deals/{d}/streitfall`: the Streitfall page for one counted
//! deal of a public tournament (docs/rules/streitfall.md, "The public page"), prefilled from
//! the table's record frame (game, variant, options) and, when the deal was entered card by
//! card, replaying it with its rulings. Read only: no correction. Same visibility as every
//! public page ([`serve`]): 404 unless the tournament is public (or the visitor manages it).

use super::cache::PublicCache;
use super::rounds::{record_text, round_of};
use super::{HTML, html, serve};
use crate::rules::Record;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::streitfall::{Start, view};
use actix_web::{HttpRequest, HttpResponse, web};

pub async fn page(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    path: web::Path<(String, i32, i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, n, t, d) = path.into_inner();
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        let (index, r) = round_of(snap, n)?;
        let table_index = r
            .tables
            .iter()
            .position(|x| x.number == t)
            .ok_or(AppError::NotFound)?;
        let record = Record::from_json(&record_text(snap, index, table_index)?)
            .map_err(|e| AppError::Internal(format!("stored record: {e}")))?;
        // Only a deal that counts is shown, as on the table's sheet.
        let deal = usize::try_from(d - 1)
            .ok()
            .and_then(|i| record.deal(i))
            .ok_or(AppError::NotFound)?;
        let back = format!("/p/{}/rounds/{n}/tables/{t}", snap.detail.tournament.slug);
        let start = Start::stored(&record, Some(deal));
        html(&view(page, start, false, None, Some(back)))
    })
    .await
}
