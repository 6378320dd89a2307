//! Voiding a deal that never happened: a form on the deal's correction page with a required
//! reason; the service moves the later deals up and refuses a void that would make one of
//! them break a rule ([`crate::service::scoring::rewrite`]).

use super::{ip, open};
use crate::service::Write;
use crate::service::scoring::entry;
use crate::service::scoring::rewrite::{self, Request, Rewritten};
use crate::text::{Kind, Text};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use actix_web::{HttpRequest, HttpResponse, web};

csrf_form!(VoidForm {
    version,
    reason,
    key
});

type DealPath = web::Path<(String, i32, i32, i32)>;

/// Voids deal `d` at the version the page showed; refused: the correction page with the
/// refusal beside the void form (422), stale: the conflict page.
pub async fn void(
    req: HttpRequest,
    path: DealPath,
    CsrfForm(ctx, form): CsrfForm<VoidForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (actor, st, href) = open(&ctx, &slug, round, table).await?;
    if no < 1 {
        return Err(AppError::NotFound);
    }
    let version: i32 = form
        .version
        .parse()
        .map_err(|_| AppError::BadRequest("version".into()))?;
    let reason = form.reason.trim().to_string();
    if Text::parse(&reason, Kind::Reason).is_err() {
        let message = ctx.locale.t("tables-reason-needed");
        return super::correct::refused(ctx, st, href, no - 1, message).await;
    }
    // The form's key, else the form's identity: the same void sent twice is done once.
    let key = match crate::service::scoring::links::well_formed(&form.key) {
        true => form.key.clone(),
        false => entry::form_key("void", &st, no - 1, version),
    };
    let request = Request {
        reason,
        key: Some(key),
    };
    let ip = ip(&req, &ctx);
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let answer = ctx
        .state
        .db
        .run(move |conn| {
            let w = Write {
                by: &actor,
                at: now,
                ip: ip.as_deref(),
                lang,
            };
            rewrite::void(conn, w, &st2, (no - 1, version), &request)
        })
        .await?;
    match answer {
        Rewritten::Done { .. } | Rewritten::Seen => Ok(ctx.redirect(&href)),
        Rewritten::Stale { .. } => Err(AppError::Conflict),
        Rewritten::Broken { deal, message, .. } => {
            // The record without the deal: its deals from the voided place on moved up one.
            let original = if deal + 1 >= no as usize {
                deal + 2
            } else {
                deal + 1
            };
            let message = ctx.locale.t_with(
                "tables-void-refused",
                &[
                    ("no", no.to_string()),
                    ("deal", original.to_string()),
                    ("message", message),
                ],
            );
            super::correct::refused(ctx, st, href, no - 1, message).await
        }
    }
}
