//! The field through the whole tournament on the entrants page: the handlers of each
//! entrant's actions (rename, absent in a round, withdraw) and their refusals in words. The
//! lines, marks and notes they show are [`super::field_lines`]. Late entries use the page's
//! usual forms ("Nachmelden" once a round is drawn).

use crate::service::field::{self, EntrantEdit, Refusal};
use crate::service::tournaments::TournamentDetail;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::access;
use crate::web::secretary::entrants::{Said, render};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

csrf_form!(EditForm {
    entrant,
    name,
    club,
    member1,
    member2,
    member3
});
csrf_form!(WithdrawForm { entrant });
csrf_form!(AbsentForm {
    entrant,
    round,
    absent
});

/// A refusal in the page's words.
pub fn refusal_words(l: Locale, r: &Refusal) -> String {
    l.message(&r.message())
}

/// Shows the entrants page with the error; nothing was stored.
async fn refuse(
    ctx: Ctx,
    d: TournamentDetail,
    status: StatusCode,
    error: String,
) -> Result<HttpResponse, AppError> {
    render(ctx, d, status, Said::errors(vec![error])).await
}

/// Runs a change, then shows the page again with `notice` (a name taken in between: 409).
async fn apply(
    ctx: Ctx,
    slug: String,
    notice: String,
    change: impl FnOnce(&mut crate::db::DbConn) -> Result<(), AppError> + Send + 'static,
) -> Result<HttpResponse, AppError> {
    let done = ctx.state.db.run(change).await;
    let (_, d) = access::managed(&ctx, &slug).await?;
    match done {
        Ok(()) => render(ctx, d, StatusCode::OK, Said::notice(notice)).await,
        Err(AppError::Conflict) => {
            let error = ctx.locale.t("roster-name-taken");
            refuse(ctx, d, StatusCode::CONFLICT, error).await
        }
        Err(AppError::Refusal(crate::error::Refusal::Field(_))) => {
            // Another request changed the field between the page's check and this write.
            let error = ctx.locale.t("error-entrant-race");
            refuse(ctx, d, StatusCode::CONFLICT, error).await
        }
        Err(e) => Err(e),
    }
}

/// Renames an entrant (a player with the club, or a team with its players).
pub async fn edit(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EditForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let Some(before) = field::entrant_name(&d, &form.entrant) else {
        let error = refusal_words(l, &Refusal::Unknown);
        return refuse(ctx, d, StatusCode::BAD_REQUEST, error).await;
    };
    let edit = if d.tournament.individual() {
        let name = crate::tournament::registration::shown_name(&form.name, &form.club);
        EntrantEdit::Player { name }
    } else {
        let size = d
            .teams
            .iter()
            .find(|t| t.entrant_id == form.entrant)
            .map_or(0, |t| t.members.len());
        let members = [&form.member1, &form.member2, &form.member3]
            .into_iter()
            .take(size)
            .map(|m| m.trim().to_string())
            .collect();
        EntrantEdit::Team {
            name: form.name.trim().to_string(),
            members,
        }
    };
    let names = match &edit {
        EntrantEdit::Player { name } => vec![name.clone()],
        EntrantEdit::Team { name, members } => {
            std::iter::once(name).chain(members).cloned().collect()
        }
    };
    for name in &names {
        if crate::text::Text::parse(name, crate::text::Kind::Entrant).is_err() {
            let error = if name.trim().is_empty() {
                l.t("import-empty-name")
            } else {
                l.t_with("roster-bad-name", &[("name", name.clone())])
            };
            return refuse(ctx, d, StatusCode::BAD_REQUEST, error).await;
        }
    }
    let now = ctx.state.clock.now();
    let (target, entrant) = (slug.to_string(), form.entrant.clone());
    let after = names[0].clone();
    let notice = l.t_with("roster-edited", &[("before", before), ("after", after)]);
    apply(ctx, slug.into_inner(), notice, move |conn| {
        field::edit_entrant(conn, &actor, now, &target, &entrant, &edit)
    })
    .await
}

/// Withdraws an entrant from the next round on.
pub async fn withdraw(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let name = match field::check_withdraw(&d, &form.entrant) {
        Ok(name) => name,
        Err(r) => return refuse(ctx, d, StatusCode::BAD_REQUEST, refusal_words(l, &r)).await,
    };
    let round = field::next_round_number(&d);
    let notice = l.t_with(
        "roster-withdrawn-done",
        &[("name", name), ("round", round.to_string())],
    );
    let now = ctx.state.clock.now();
    let (target, entrant) = (slug.to_string(), form.entrant.clone());
    apply(ctx, slug.into_inner(), notice, move |conn| {
        field::withdraw(conn, &actor, now, &target, &entrant).map(|_| ())
    })
    .await
}

/// Marks an entrant absent in a round still to draw (`absent=1`), or takes it back (`0`).
pub async fn absent(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<AbsentForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    let l = ctx.locale;
    let Ok(round) = form.round.trim().parse::<u32>() else {
        let error = l.t("roster-round-number");
        return refuse(ctx, d, StatusCode::BAD_REQUEST, error).await;
    };
    let absent = form.absent != "0";
    let name = match field::check_absent(&d, &form.entrant, round, absent) {
        Ok(name) => name,
        Err(r) => return refuse(ctx, d, StatusCode::BAD_REQUEST, refusal_words(l, &r)).await,
    };
    let key = if absent {
        "roster-absent-done"
    } else {
        "roster-present-done"
    };
    let notice = l.t_with(key, &[("name", name), ("round", round.to_string())]);
    let now = ctx.state.clock.now();
    let (target, entrant) = (slug.to_string(), form.entrant.clone());
    apply(ctx, slug.into_inner(), notice, move |conn| {
        field::set_absent(conn, &actor, now, &target, &entrant, round, absent)
    })
    .await
}
