//! `/register/{player}`: a record of the club's register, to correct (the name holds in every
//! tournament of the person) and to merge a duplicate record into; `/register/undo`, the
//! administrator's undo of a merge (`crate::service::merge`).

use super::register::{RecordForm, Shown, details, is_admin, list_href};
use crate::db::models::register::{MergeRow, RegisterRow};
use crate::service::Actor;
use crate::service::merge as merges;
use crate::service::register::{self, Details, Listed};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::secretary::access;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

csrf_form!(MergeForm { other });
csrf_form!(UndoForm { merge });

#[derive(Template)]
#[template(path = "register_show.html")]
struct ShowPage {
    page: Page,
    csrf: String,
    id: i32,
    back: String,
    form: Shown,
    /// The club's other records, to merge into this one: (id, label).
    others: Vec<(i32, String)>,
    tournaments: String,
    error: Option<String>,
}

fn player_id(path: &str) -> Result<i32, AppError> {
    path.trim().parse().map_err(|_| AppError::NotFound)
}

async fn render_show(
    mut ctx: Ctx,
    id: i32,
    status: StatusCode,
    (error, typed): (Option<String>, Option<Details>),
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let admin = is_admin(&ctx)?;
    let (row, all): (RegisterRow, Vec<Listed>) = ctx
        .state
        .db
        .run(move |conn| {
            let row = register::get(conn, &actor, id)?;
            let all = register::list(conn, &actor, row.club_id, "")?;
            Ok((row, all))
        })
        .await?;
    let l = ctx.locale;
    let rows: Vec<RegisterRow> = all.iter().map(|x| x.row.clone()).collect();
    let labels = crate::web::secretary::register_pick::labels(l, &rows);
    let count = all
        .iter()
        .find(|x| x.row.id == id)
        .map_or(0, |x| x.tournaments);
    let page = ShowPage {
        page: ctx.page().await?,
        csrf: ctx.csrf_token().await?,
        id,
        back: list_href(admin.then_some(row.club_id)),
        form: Shown::of(&typed.unwrap_or(Details {
            name: row.name.clone(),
            member_no: row.member_no.clone(),
            birth_year: row.birth_year,
        })),
        others: labels.into_iter().filter(|(o, _)| *o != id).collect(),
        tournaments: l.t_with("register-tournaments", &[("count", count.to_string())]),
        error,
    };
    ctx.render(status, &page)
}

pub async fn show(ctx: Ctx, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let id = player_id(&path)?;
    render_show(ctx, id, StatusCode::OK, (None, None)).await
}

/// Corrects a record; the new name is the name in every tournament of the person.
pub async fn edit(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<RecordForm>,
) -> Result<HttpResponse, AppError> {
    let id = player_id(&path)?;
    let actor = access::actor(&ctx)?;
    let d = match details(ctx.locale, &form) {
        Ok(d) => d,
        Err((error, typed)) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return render_show(ctx, id, status, (Some(error), Some(typed))).await;
        }
    };
    let now = ctx.state.clock.now();
    let typed = d.clone();
    let done = ctx
        .state
        .db
        .run(move |conn| register::edit(conn, &actor, now, id, &d))
        .await;
    match done {
        Ok(()) => Ok(ctx.redirect(&format!("/register/{id}"))),
        Err(AppError::Conflict) => {
            let error = Some(ctx.locale.t("register-error-name-taken"));
            render_show(ctx, id, StatusCode::CONFLICT, (error, Some(typed))).await
        }
        Err(e) => Err(e),
    }
}

/// Merges another record (`other`) of the club into this one.
pub async fn merge(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<MergeForm>,
) -> Result<HttpResponse, AppError> {
    let id = player_id(&path)?;
    let actor = access::actor(&ctx)?;
    let Ok(other) = form.other.trim().parse::<i32>() else {
        let error = Some(ctx.locale.t("register-merge-error-choose"));
        return render_show(ctx, id, StatusCode::UNPROCESSABLE_ENTITY, (error, None)).await;
    };
    let now = ctx.state.clock.now();
    let done = ctx
        .state
        .db
        .run(move |conn| merges::merge(conn, &actor, now, id, other))
        .await;
    match done {
        Ok(_) => Ok(ctx.redirect(&format!("/register/{id}"))),
        Err(AppError::Invalid(m)) => {
            let error = Some(ctx.locale.t_with(m.id, &m.args));
            render_show(ctx, id, StatusCode::UNPROCESSABLE_ENTITY, (error, None)).await
        }
        Err(AppError::Conflict) => {
            let error = Some(ctx.locale.t("register-error-name-taken"));
            render_show(ctx, id, StatusCode::CONFLICT, (error, None)).await
        }
        Err(e) => Err(e),
    }
}

/// Undoes a merge (the administrator only).
pub async fn undo(CsrfForm(ctx, form): CsrfForm<UndoForm>) -> Result<HttpResponse, AppError> {
    let actor: Actor = access::actor(&ctx)?;
    if !is_admin(&ctx)? {
        return Err(AppError::Forbidden);
    }
    let Ok(id) = form.merge.trim().parse::<i32>() else {
        return Err(AppError::Invalid(crate::error::Message::new(
            "register-merge-error-choose",
        )));
    };
    let now = ctx.state.clock.now();
    let club = ctx
        .state
        .db
        .run(move |conn| {
            merges::undo(conn, &actor, now, id)?;
            Ok(MergeRow::find(conn, id)?.map(|m| m.club_id))
        })
        .await?;
    Ok(ctx.redirect(&list_href(club)))
}
