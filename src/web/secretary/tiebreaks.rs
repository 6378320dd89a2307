//! `POST /t/{slug}/tiebreaks` and the overview's "Reihung bei Gleichstand" section: the
//! organiser orders the tie-breaks the game and format offer, one choice per place (empty
//! places end the list), before or during the tournament. The service checks and stores it
//! (`service::tiebreaks::set`, audited `tiebreaks_set`).

use crate::service::{draws, tiebreaks};
use crate::tournament::standings::Column;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::secretary::{access, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

// One field per place; at most eight columns are ever offered.
csrf_form!(TiebreakForm {
    tb1,
    tb2,
    tb3,
    tb4,
    tb5,
    tb6,
    tb7,
    tb8
});

/// The chosen columns in order: empty places are skipped; an unknown name is refused.
fn chosen(form: &TiebreakForm) -> Result<Vec<Column>, String> {
    let fields = [
        &form.tb1, &form.tb2, &form.tb3, &form.tb4, &form.tb5, &form.tb6, &form.tb7, &form.tb8,
    ];
    fields
        .iter()
        .map(|f| f.trim())
        .filter(|f| !f.is_empty())
        .map(|f| crate::text::named(f).ok_or_else(|| format!("„{f}“?")))
        .collect()
}

/// Stores the chosen order and shows the overview again (with the reason when refused).
pub async fn set(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<TiebreakForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let now = ctx.state.clock.now();
    let seed = draws::random_seed()?;
    let s = slug.to_string();
    let lang = ctx.locale.rules_lang();
    let checked = chosen(&form).and_then(|columns| {
        match crate::tournament::tiebreak::check(d.file().kind(), &columns) {
            Ok(()) => Ok(columns),
            Err((i, _)) => Err(ctx.locale.t_with(
                "tiebreaks-bad",
                &[
                    ("place", (i + 1).to_string()),
                    ("name", crate::report::column_label(columns[i], lang)),
                ],
            )),
        }
    });
    let result = match checked {
        Ok(columns) => {
            ctx.state
                .db
                .run(move |conn| tiebreaks::set(conn, &actor, now, &s, columns, seed))
                .await
        }
        Err(why) => Err(AppError::BadRequest(why)),
    };
    match result {
        Ok(()) => Ok(ctx.redirect(&format!("{}#tiebreaks", access::href(&slug)))),
        Err(e @ (AppError::BadRequest(_) | AppError::Refusal(_))) => {
            let reason = match e {
                AppError::Refusal(r) => ctx.locale.refusal(&r),
                e => e.to_string(),
            };
            let (_, d) = access::managed(&ctx, &slug).await?;
            let message = ctx
                .locale
                .t_with("tiebreaks-refused", &[("reason", reason)]);
            overview::render(ctx, d, StatusCode::BAD_REQUEST, Some(message)).await
        }
        Err(e) => Err(e),
    }
}
