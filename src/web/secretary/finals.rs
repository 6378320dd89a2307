//! Knockout finals on the overview of a `rounds` tournament: when every round is closed, a
//! form to draw the finals of the best N (2, 4 or 8); after each stage's round is closed, a
//! button for the next stage (semi-finals, then the final and the match for third place). The
//! bracket is shown with each match's stage, pairing and winner. Results are entered and
//! rounds closed on the round pages, as for any round.

use crate::service::once::Once;
use crate::service::{finals, finals_start};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::secretary::{access, keyed, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

// The finals form: `n` for the first stage, empty for the next one.
csrf_form!(FinalsForm { n, key });

/// Draws the first stage (with `n`) or the next one; opens the new round's page.
pub async fn draw(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<FinalsForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    // The same form again: the stage it drew is open now, which would refuse it.
    if keyed::seen(&ctx, &d, &form.key, "finals").await? {
        return Ok(ctx.already_done(&format!("/t/{slug}")));
    }
    let n = form.n.trim().parse::<u32>().ok();
    let drawn = keyed::run(
        &ctx,
        actor,
        &slug,
        (&form.key, "finals"),
        move |c, a, now, s| match n {
            Some(n) => finals_start::start(c, a, now, s, n),
            None => finals::draw_stage(c, a, now, s),
        },
    )
    .await;
    match drawn {
        Ok(Once::Done(number)) => Ok(ctx.redirect(&format!("/t/{slug}/rounds/{number}"))),
        Ok(Once::Already) => Ok(ctx.already_done(&format!("/t/{slug}"))),
        Err(AppError::Refusal(r)) => {
            let (_, d) = access::managed(&ctx, &slug).await?;
            let reason = ctx.locale.refusal(&r);
            let message = ctx.locale.t_with("finals-refused", &[("reason", reason)]);
            overview::render(ctx, d, StatusCode::UNPROCESSABLE_ENTITY, Some(message)).await
        }
        Err(e) => Err(e),
    }
}
