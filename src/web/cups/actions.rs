//! The working page's forms: the organiser changes the rules, adds member clubs, accepts or
//! refuses evenings and links players across clubs; a member club's secretary proposes a
//! tournament. Each answers with the page again (its refusal in words, 422) or a redirect.

use super::form::{RulesForm, parse_rules};
use super::manage::render_show;
use crate::db::DbConn;
use crate::service::Actor;
use crate::service::cups::{self, Refusal, evenings, links};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::secretary::access;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use chrono::NaiveDateTime;

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

/// One change of the cup `slug` as the logged-in user (who may is the service's to say),
/// then the page after it.
async fn act<F>(ctx: Ctx, slug: String, change: F) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&mut DbConn, &Actor, NaiveDateTime, &str) -> Result<Result<(), Refusal>, AppError>
        + Send
        + 'static,
{
    let actor = access::actor(&ctx)?;
    let now = ctx.state.clock.now();
    let s = slug.clone();
    let outcome = ctx
        .state
        .db
        .run(move |conn| change(conn, &actor, now, &s))
        .await?;
    after(ctx, slug, outcome).await
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
    let club = form.club.trim().parse::<i32>().unwrap_or(-1);
    act(ctx, path.into_inner(), move |conn, actor, _, s| {
        cups::add_club(conn, actor, s, club)
    })
    .await
}

pub async fn propose(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EveningForm>,
) -> Result<HttpResponse, AppError> {
    act(ctx, path.into_inner(), move |conn, actor, now, s| {
        evenings::propose(conn, actor, now, s, form.tournament.trim())
    })
    .await
}

pub async fn decide(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<DecideForm>,
) -> Result<HttpResponse, AppError> {
    let accept = form.decision == "accept";
    act(ctx, path.into_inner(), move |conn, actor, now, s| {
        evenings::decide(conn, actor, now, s, form.tournament.trim(), accept)
    })
    .await
}

pub async fn link(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<LinkForm>,
) -> Result<HttpResponse, AppError> {
    let player = form.player.trim().parse::<i32>().unwrap_or(-1);
    let person = form.person.trim().parse::<i32>().unwrap_or(-1);
    act(ctx, path.into_inner(), move |conn, actor, now, s| {
        links::link(conn, actor, now, s, player, person)
    })
    .await
}

pub async fn unlink(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<LinkForm>,
) -> Result<HttpResponse, AppError> {
    let player = form.player.trim().parse::<i32>().unwrap_or(-1);
    act(ctx, path.into_inner(), move |conn, actor, _, s| {
        links::unlink(conn, actor, s, player)
    })
    .await
}
