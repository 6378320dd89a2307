//! The "Preisliste" of a tournament's page: the pot while the tournament runs (with what each
//! paid place would win in this field), the list of the final standings after "Turnier
//! abschließen", and, for its managers until then, the form that changes the scheme
//! (`POST /t/{slug}/prizes`, stored by `service::prizes::set`, audited `prizes_set`).
//!
//! The list is `report::prizes::build` of the standings the page shows, so the page, the
//! report and the exports cannot disagree, and the names are those of the standings' rows.

use crate::service::prizes;
use crate::service::tournaments::{Status, TournamentDetail};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::prize_form::{PrizeText, refusal_words};
use crate::web::secretary::{access, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

csrf_form!(PrizeForm {
    prize_fee,
    prize_deduction,
    prize_paid,
    prize_money,
    prize_goods,
});

impl PrizeForm {
    fn text(&self) -> PrizeText {
        PrizeText {
            fee: self.prize_fee.clone(),
            deduction: self.prize_deduction.clone(),
            paid: self.prize_paid.clone(),
            money: self.prize_money.clone(),
            goods: self.prize_goods.clone(),
        }
    }
}

/// The scheme typed, checked against this tournament's field, or the refusal in words.
fn checked(
    l: Locale,
    d: &TournamentDetail,
    text: &PrizeText,
) -> Result<Option<crate::tournament::prizes::PrizeScheme>, String> {
    if d.tournament.status == Status::Finished {
        return Err(l.t("prize-finished"));
    }
    let scheme = text
        .scheme()
        .map_err(|wrong| wrong.iter().map(|id| l.t(id)).collect::<Vec<_>>().join(" "))?;
    if let Some(s) = &scheme {
        prizes::payable(s, d.file().entrants().len()).map_err(|why| refusal_words(l, &why))?;
    }
    Ok(scheme)
}

/// Stores the scheme and shows the overview again; refused: the overview with the reason and
/// the fields as typed (400).
pub async fn set(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<PrizeForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let text = form.text();
    let scheme = match checked(l, &d, &text) {
        Ok(scheme) => scheme,
        Err(why) => {
            let message = l.t_with("prize-refused", &[("reason", why)]);
            return overview::render_with(
                ctx,
                d,
                StatusCode::BAD_REQUEST,
                Some(message),
                Some(text),
            )
            .await;
        }
    };
    let now = ctx.state.clock.now();
    let s = slug.to_string();
    ctx.state
        .db
        .run(move |conn| prizes::set(conn, &actor, now, &s, scheme))
        .await?;
    Ok(ctx.redirect(&format!("{}#prizes", access::href(&slug))))
}
