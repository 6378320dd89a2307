//! A season for everybody: `/seasons/{slug}/standings` shows the standings of a public season
//! over its public evenings (`service::seasons::public_standings`), linked from the club's
//! page; its managers see it before it is public (a preview), everybody else gets 404 until
//! then. `POST /seasons/{slug}/public` switches it on or off (the season's managers).

use crate::service::{Actor, seasons};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::list::date_words;
use crate::web::secretary::seasons::{SeasonLine, columns, counting_words, lines};
use actix_web::{HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/season.html")]
struct SeasonPage {
    page: Page,
    name: String,
    counting: String,
    /// The club's page.
    club_href: String,
    /// The evenings: (name, date, public page).
    evenings: Vec<(String, String, String)>,
    columns: Vec<String>,
    lines: Vec<SeasonLine>,
    /// Not public yet: the managers' preview.
    preview: bool,
}

pub async fn page(mut ctx: Ctx, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let viewer = ctx.user().map(Actor::of_user);
    let lang = ctx.locale.rules_lang();
    let slug = path.into_inner();
    let s = ctx
        .state
        .db
        .run(move |conn| seasons::public_standings(conn, viewer.as_ref(), &slug, lang))
        .await?;
    let l = ctx.locale;
    let row = &s.season.row;
    let view = SeasonPage {
        page: ctx.page().await?,
        name: row.name.clone(),
        counting: counting_words(l, row.count()),
        club_href: format!("/c/{}", row.club_id),
        evenings: s
            .season
            .evenings
            .iter()
            .map(|t| (t.name.clone(), date_words(t.date), format!("/p/{}", t.slug)))
            .collect(),
        columns: columns(l, &s),
        lines: lines(&s),
        preview: !row.public,
    };
    ctx.ok(&view)
}

// The switch: `public` is `1` to show the season, anything else to hide it.
csrf_form!(PublicForm { public });

pub async fn toggle(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<PublicForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let slug = path.into_inner();
    let public = form.public.trim() == "1";
    let s = slug.clone();
    ctx.state
        .db
        .run(move |conn| seasons::set_public(conn, &actor, &s, public))
        .await?;
    Ok(ctx.redirect(&format!("/seasons/{slug}")))
}
