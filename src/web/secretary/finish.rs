//! The end of a tournament on its overview page: "Turnier abschließen" (`POST /t/{slug}/finish`),
//! reopening it with a reason (`POST /t/{slug}/reopen`) and the planned number of rounds of a
//! rounds tournament (`POST /t/{slug}/planned-rounds`). The service decides and audits
//! (`service::closing`); refusals come back on the overview page in words.

use crate::service::closing::{self, MAX_PLANNED};
use crate::service::once::Once;
use crate::service::tournaments::{Status, TournamentDetail};
use crate::text::{Kind, Text};
use crate::tournament::format::Format;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::secretary::finish_view::why_no_finish;
use crate::web::secretary::{access, keyed, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

csrf_form!(KeyForm { key });
csrf_form!(ReasonForm { reason, key });
csrf_form!(PlanForm { planned, key });

/// The routes of this module; registered from `web::secretary_routes`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}/finish", web::post().to(finish))
        .route("/t/{slug}/reopen", web::post().to(reopen))
        .route("/t/{slug}/planned-rounds", web::post().to(plan));
}

/// The overview again with `error`, nothing changed.
async fn refuse(ctx: Ctx, d: TournamentDetail, error: String) -> Result<HttpResponse, AppError> {
    overview::render(ctx, d, StatusCode::UNPROCESSABLE_ENTITY, Some(error)).await
}

/// Back to the overview: as the first time, or saying the form was done already.
fn answer(ctx: Ctx, slug: &str, done: Once<()>) -> HttpResponse {
    let to = format!("/t/{slug}");
    match done {
        Once::Done(()) => ctx.redirect(&to),
        Once::Already => ctx.already_done(&to),
    }
}

async fn finish(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<KeyForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    // Finished already (the same form again): answered as the first time, and said so.
    let finished = d.tournament.status == Status::Finished;
    if finished || keyed::seen(&ctx, &d, &form.key, "finish").await? {
        return Ok(answer(ctx, &slug, Once::Already));
    }
    if let Some(why) = why_no_finish(ctx.locale, &d) {
        return refuse(ctx, d, why).await;
    }
    let done = keyed::run(&ctx, actor, &slug, (&form.key, "finish"), closing::finish).await?;
    Ok(answer(ctx, &slug, done))
}

async fn reopen(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ReasonForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    if keyed::seen(&ctx, &d, &form.key, "reopen").await? {
        return Ok(answer(ctx, &slug, Once::Already));
    }
    let l = ctx.locale;
    let reason = form.reason.trim().to_string();
    let why = if d.tournament.status != Status::Finished {
        Some(l.t("finish-not-finished"))
    } else if Text::parse(&reason, Kind::Reason).is_err() {
        Some(l.t("finish-reopen-reason-needed"))
    } else {
        None
    };
    if let Some(why) = why {
        return refuse(ctx, d, why).await;
    }
    let done = keyed::run(
        &ctx,
        actor,
        &slug,
        (&form.key, "reopen"),
        move |c, a, now, s| closing::reopen(c, a, now, s, &reason),
    )
    .await?;
    Ok(answer(ctx, &slug, done))
}

async fn plan(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<PlanForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    if keyed::seen(&ctx, &d, &form.key, "plan").await? {
        return Ok(answer(ctx, &slug, Once::Already));
    }
    let l = ctx.locale;
    let drawn = d.rounds.iter().filter(|r| !r.knockout).count() as u32;
    let text = form.planned.trim();
    let planned = if text.is_empty() {
        Ok(None)
    } else {
        match text.parse::<u32>() {
            Ok(n) if n >= drawn.max(1) && n <= MAX_PLANNED => Ok(Some(n)),
            _ => Err(()),
        }
    };
    let why = if d.tournament.status == Status::Finished {
        Some(l.t("finish-frozen"))
    } else if d.tournament.format != Format::Rounds || planned.is_err() {
        Some(l.t_with("plan-bad", &[("drawn", drawn.max(1).to_string())]))
    } else {
        None
    };
    let planned = match (why, planned) {
        (None, Ok(planned)) => planned,
        (why, _) => return refuse(ctx, d, why.unwrap_or_default()).await,
    };
    let done = keyed::run(
        &ctx,
        actor,
        &slug,
        (&form.key, "plan"),
        move |c, a, now, s| closing::plan_rounds(c, a, now, s, planned),
    )
    .await?;
    Ok(answer(ctx, &slug, done))
}
