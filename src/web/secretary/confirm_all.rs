//! "Alle bestätigen" (`POST /t/{slug}/confirm-all`, field `round`: one round, empty: every
//! round): the tables whose deals wait are named where the secretary meets them (the
//! warning before a round is closed, the overview's end of the tournament), and one tap
//! confirms them all (`service::scoring::confirm_all`, audited deal by deal).

use crate::service::scoring::confirm_all::{self, Waiting};
use crate::service::scoring::links::short_names;
use crate::service::tournaments::TournamentDetail;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::access;
use actix_web::{HttpResponse, web};

csrf_form!(ConfirmAllForm { round });

/// The route of this module; registered from `web::secretary_routes`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}/confirm-all", web::post().to(confirm));
}

/// The waiting tables in words, one line each: "Tisch 2 (Team 1 – Team 3): 1 Spiel wartet"
/// ("Runde 1, Tisch 2 …" when `with_round`).
pub fn lines(
    l: Locale,
    d: &TournamentDetail,
    waiting: &[Waiting],
    with_round: bool,
) -> Vec<String> {
    waiting
        .iter()
        .map(|w| {
            let args = [
                ("round", w.round.to_string()),
                ("table", w.table.to_string()),
                ("seats", short_names(d, &w.seats).join(" – ")),
                ("count", w.deals.to_string()),
            ];
            let key = if with_round {
                "confirm-all-line-round"
            } else {
                "confirm-all-line"
            };
            l.t_with(key, &args)
        })
        .collect()
}

async fn confirm(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ConfirmAllForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let round = match form.round.trim() {
        "" => None,
        n => Some(n.parse::<i32>().map_err(|_| AppError::NotFound)?),
    };
    if let Some(n) = round {
        d.round(n)?;
    }
    let reason = ctx.locale.t("confirm-all-reason");
    let now = ctx.state.clock.now();
    let target = slug.to_string();
    ctx.state
        .db
        .run(move |conn| confirm_all::confirm_all(conn, &actor, now, &target, round, &reason))
        .await?;
    Ok(ctx.redirect(&match round {
        Some(n) => format!("/t/{slug}/rounds/{n}"),
        None => format!("/t/{slug}"),
    }))
}
