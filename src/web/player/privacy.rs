//! The secretary's privacy actions for one player (`service::consent`, `service::privacy`):
//! the consent for public display, the data download as JSON, and the erasure with its
//! confirm step. Only for those who run the player's club: everybody else gets 404 (a
//! visitor the login page), as the service decides.

use super::{consent_words, href, player_id};
use crate::error::Message;
use crate::service::consent::{self, Consent};
use crate::service::privacy;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::secretary::access;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

csrf_form!(ConsentForm { consent, back });
csrf_form!(EraseForm { confirm });

/// Where to go after the consent form: back to the page it was sent from when that is one of
/// kartl's own pages for the player (the entrants page, the player's page), else the player's
/// page. Never another site.
fn back_to(back: &str, id: i32) -> String {
    let local = back.starts_with('/') && !back.starts_with("//") && !back.contains('\\');
    let ours = back.starts_with("/t/") || back.starts_with("/spieler/");
    if local && ours && !back.contains(['\r', '\n']) {
        back.to_string()
    } else {
        href(id)
    }
}

/// `POST /spieler/{id}/consent`: `consent` is `full`, `initials` or `hidden`.
pub async fn consent(
    id: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ConsentForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let id = player_id(&id)?;
    let who = actor.clone();
    // Whoever may not run the player gets the 404 first, not a verdict on the form.
    ctx.state
        .db
        .run(move |conn| consent::managed_player(conn, &who, id).map(|_| ()))
        .await?;
    let chosen = Consent::parse(form.consent.trim())
        .ok_or_else(|| AppError::Invalid(Message::new("player-error-consent")))?;
    let now = ctx.state.clock.now();
    ctx.state
        .db
        .run(move |conn| consent::set_consent(conn, &actor, now, id, chosen))
        .await?;
    Ok(ctx.redirect(&back_to(&form.back, id)))
}

/// `GET /spieler/{id}/data.json`: everything kartl holds of the player (scope in
/// `service::privacy`), as a download.
pub async fn data(ctx: Ctx, id: web::Path<String>) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let id = player_id(&id)?;
    let now = ctx.state.clock.now();
    let data = ctx
        .state
        .db
        .run(move |conn| privacy::export(conn, &actor, now, id))
        .await?;
    let body = data
        .to_json()
        .map_err(|e| AppError::Internal(format!("player data: {e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"spieler-{id}.json\""),
        ))
        .body(body))
}

#[derive(Template)]
#[template(path = "player/erase.html")]
struct ErasePage {
    page: Page,
    csrf: String,
    id: i32,
    name: String,
    consent: String,
    /// What goes (the name, replaced by "Spieler N") and what stays (the results).
    goes: String,
    stays: String,
    error: Option<String>,
}

async fn erase_page(
    mut ctx: Ctx,
    id: i32,
    status: actix_web::http::StatusCode,
    error: Option<String>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let (row, tournaments) = ctx
        .state
        .db
        .run(move |conn| {
            let row = consent::managed_player(conn, &actor, id)?;
            Ok((row, consent::tournaments_of(conn, id)?.len()))
        })
        .await?;
    let l = ctx.locale;
    let view = ErasePage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        id,
        consent: consent_words(l, Consent::stored(&row.consent)),
        name: row.name,
        goes: l.t_with("player-erase-goes", &[("new", privacy::erased_name(id))]),
        stays: l.t_with("player-erase-stays", &[("count", tournaments.to_string())]),
        error,
    };
    ctx.render(status, &view)
}

/// `GET /spieler/{id}/erase`: the confirm step (what goes, what stays, that it is final).
pub async fn erase_form(ctx: Ctx, id: web::Path<String>) -> Result<HttpResponse, AppError> {
    let id = player_id(&id)?;
    erase_page(ctx, id, actix_web::http::StatusCode::OK, None).await
}

/// `POST /spieler/{id}/erase`: erases when `confirm=yes` (the box on the confirm step).
pub async fn erase(
    id: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EraseForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let id = player_id(&id)?;
    if form.confirm != "yes" {
        let error = ctx.locale.t("player-erase-unconfirmed");
        return erase_page(
            ctx,
            id,
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            Some(error),
        )
        .await;
    }
    let now = ctx.state.clock.now();
    ctx.state
        .db
        .run(move |conn| privacy::erase(conn, &actor, now, id))
        .await?;
    Ok(ctx.redirect(&href(id)))
}
