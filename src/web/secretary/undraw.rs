//! `POST /t/{slug}/rounds/{n}/undraw`: takes back the last round while no deal of it is
//! stored (`service::undraw`); the round page offers the button only then.

use crate::error::Refusal;
use crate::service::once::Once;
use crate::service::tournaments::TournamentDetail;
use crate::service::undraw::{self, UndrawRefusal, check_undraw};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::{access, keyed, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// The round page's button: its words and the question it asks first.
pub struct UndrawButton {
    pub submit: String,
    pub confirm: String,
}

/// The button, when round `number` can be taken back.
pub fn button(l: Locale, d: &TournamentDetail, number: i32) -> Option<UndrawButton> {
    check_undraw(d, number).ok()?;
    let round = [("round", number.to_string())];
    Some(UndrawButton {
        submit: l.t_with("undraw-submit", &round),
        confirm: l.t_with("undraw-confirm", &round),
    })
}

fn words(l: Locale, r: UndrawRefusal) -> String {
    l.message(&r.message())
}

csrf_form!(UndrawForm { key });

/// Takes the round back and shows the overview; a refusal shows it with the reason (409).
/// Taken back already (the same form again, with its key): as the first time, and the
/// overview says so.
pub async fn undraw(
    path: web::Path<(String, i32)>,
    CsrfForm(ctx, form): CsrfForm<UndrawForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, number) = path.into_inner();
    let (actor, d) = access::managed(&ctx, &slug).await?;
    if keyed::seen(&ctx, &d, &form.key, "undraw").await? {
        return Ok(ctx.already_done(&format!("/t/{slug}")));
    }
    if let Err(r) = check_undraw(&d, number) {
        let why = words(ctx.locale, r);
        return overview::render(ctx, d, StatusCode::CONFLICT, Some(why)).await;
    }
    let action = (form.key.as_str(), "undraw");
    let done = keyed::run(&ctx, actor, &slug, action, move |c, a, now, s| {
        undraw::undraw_round(c, a, now, s, number)
    })
    .await;
    match done {
        Ok(Once::Done(())) => Ok(ctx.redirect(&format!("/t/{slug}"))),
        Ok(Once::Already) => Ok(ctx.already_done(&format!("/t/{slug}"))),
        // A deal was stored between the page's check and this write: nothing changed.
        Err(AppError::Refusal(Refusal::Undraw(r))) => {
            let (_, d) = access::managed(&ctx, &slug).await?;
            let why = words(ctx.locale, r);
            overview::render(ctx, d, StatusCode::CONFLICT, Some(why)).await
        }
        Err(e) => Err(e),
    }
}
