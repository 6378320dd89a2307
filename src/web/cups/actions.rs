//! The working page's forms: the organiser changes the rules, adds member clubs, accepts or
//! refuses evenings and links players across clubs; a member club's secretary proposes a
//! tournament. Each answers with the page again (its refusal in words, 422) or a redirect.

use super::form::{RulesForm, parse_rules};
use super::manage::render_show;
use crate::service::cups::{self, Refusal, evenings, links};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::secretary::access;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

csrf_form!(ClubForm { club });
csrf_form!(EveningForm { tournament });
csrf_form!(DecideForm {
    tournament,
    decision
});
csrf_form!(LinkForm { player, person });

/// The page after a change: back to it, or again with the refusal.
async fn after(
    ctx: Ctx,
    slug: String,
    outcome: Result<(), Refusal>,
) -> Result<HttpResponse, AppError> {
    match outcome {
        Ok(()) => Ok(ctx.redirect(&format!("/cups/{slug}"))),
        Err(r) => render_show(ctx, slug, StatusCode::UNPROCESSABLE_ENTITY, Some(r.id())).await,
    }
}

pub async fn rules(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<RulesForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let parsed = parse_rules(&form);
    let s = slug.clone();
    // Who may is checked before the form's words are: a refused visitor learns nothing.
    ctx.state
        .db
        .run(move |conn| cups::organised(conn, &actor, &s).map(|_| ()))
        .await?;
    let (name, rules) = match parsed {
        Ok(p) => p,
        Err(e) => return render_show(ctx, slug, StatusCode::UNPROCESSABLE_ENTITY, Some(e)).await,
    };
    let actor = access::actor(&ctx)?;
    let s = slug.clone();
    ctx.state
        .db
        .run(move |conn| cups::update(conn, &actor, &s, &name, &rules))
        .await?;
    Ok(ctx.redirect(&format!("/cups/{slug}")))
}

pub async fn add_club(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ClubForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let s = slug.clone();
    let club = form.club.trim().parse::<i32>().unwrap_or(-1);
    let outcome = ctx
        .state
        .db
        .run(move |conn| cups::add_club(conn, &actor, &s, club))
        .await?;
    after(ctx, slug, outcome).await
}

pub async fn propose(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EveningForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let s = slug.clone();
    let now = ctx.state.clock.now();
    let outcome = ctx
        .state
        .db
        .run(move |conn| evenings::propose(conn, &actor, now, &s, form.tournament.trim()))
        .await?;
    after(ctx, slug, outcome).await
}

pub async fn decide(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<DecideForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let s = slug.clone();
    let now = ctx.state.clock.now();
    let accept = form.decision == "accept";
    let outcome = ctx
        .state
        .db
        .run(move |conn| evenings::decide(conn, &actor, now, &s, form.tournament.trim(), accept))
        .await?;
    after(ctx, slug, outcome).await
}

pub async fn link(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<LinkForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let s = slug.clone();
    let now = ctx.state.clock.now();
    let player = form.player.trim().parse::<i32>().unwrap_or(-1);
    let person = form.person.trim().parse::<i32>().unwrap_or(-1);
    let outcome = ctx
        .state
        .db
        .run(move |conn| links::link(conn, &actor, now, &s, player, person))
        .await?;
    after(ctx, slug, outcome).await
}

pub async fn unlink(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<LinkForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let s = slug.clone();
    let player = form.player.trim().parse::<i32>().unwrap_or(-1);
    let outcome = ctx
        .state
        .db
        .run(move |conn| links::unlink(conn, &actor, &s, player))
        .await?;
    after(ctx, slug, outcome).await
}
