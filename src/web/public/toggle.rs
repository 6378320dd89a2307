//! `POST /t/{slug}/public`: the organiser makes the tournament's public pages visible or not
//! (the overview page's button). The service checks who may (`set_public`, audited).

use crate::service::tournaments;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::secretary::access;
use actix_web::{HttpResponse, web};

/// The secretary's switch, registered from `web::configure`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}/public", web::post().to(toggle));
}

csrf_form!(VisibilityForm { public });

pub async fn toggle(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<VisibilityForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let public = match form.public.as_str() {
        "on" => true,
        "off" => false,
        _ => {
            // Whoever may not run the tournament gets its 404/403 first, not a verdict on the
            // form (found by the access policy test).
            access::managed(&ctx, &slug).await?;
            return Err(AppError::BadRequest(
                "the field public must be on or off".into(),
            ));
        }
    };
    let now = ctx.state.clock.now();
    let target = slug.clone();
    ctx.state
        .db
        .run(move |conn| tournaments::set_public(conn, &actor, now, &target, public))
        .await?;
    Ok(ctx.redirect(&access::href(&slug)))
}
