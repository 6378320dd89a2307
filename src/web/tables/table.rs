//! A table's page for the secretary: the one table page ([`crate::web::entry::page`]) with the
//! deals' versions and corrections, the scorer's entry forms (check → preview → save through
//! the same parsing and referee; a secretary's deal is stored confirmed), and Confirm for a
//! deal that waits. In a closed round the page only shows the table and leads to corrections.

use super::{ip, open};
use crate::service::scoring::entry::{Author, Change};
use crate::service::scoring::links::ScorerTable;
use crate::service::scoring::pad;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx};
use crate::web::entry::check::{CheckForm, check_entry};
use crate::web::entry::forms::Entry;
use crate::web::entry::{self as entry_path, ChangeForm, SaveForm, Way};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

type TablePath = web::Path<(String, i32, i32)>;

pub async fn show(ctx: Ctx, path: TablePath) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    let way = Way::secretary(&href);
    // A table that played its game says so above the forms (the check refuses, see below).
    let entry = Entry {
        error: over(&ctx, &st).await?,
        ..Entry::default()
    };
    entry_path::render(ctx, st, way, entry, StatusCode::OK).await
}

/// Why the table takes no more deals (it played its games or its session's deals), in the
/// page's language; `None` while it takes deals. The same limit the save enforces.
async fn over(ctx: &Ctx, st: &ScorerTable) -> Result<Option<String>, AppError> {
    if !st.open {
        return Ok(None);
    }
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let answer = ctx
        .state
        .db
        .run(move |conn| pad::answer(conn, &st2, &[], lang))
        .await?;
    Ok(answer.limit.map(|l| l.message(lang)))
}

/// Parses and referees an entry against the table's record; the preview or the message.
pub async fn check(
    path: TablePath,
    CsrfForm(ctx, form): CsrfForm<CheckForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    if !st.open {
        return Err(AppError::BadRequest(ctx.locale.t("tables-closed-entry")));
    }
    // A table that played its game previewed a new deal that only Speichern refused.
    if let Some(message) = over(&ctx, &st).await? {
        let entry = Entry {
            error: Some(message),
            ..Entry::default()
        };
        let (way, status) = (Way::secretary(&href), StatusCode::UNPROCESSABLE_ENTITY);
        return entry_path::render(ctx, st, way, entry, status).await;
    }
    let (entry, status) = check_entry(&ctx, &st, &form).await?;
    entry_path::render(ctx, st, Way::secretary(&href), entry, status).await
}

/// Stores a checked deal as the next one, confirmed (a secretary's entry needs no
/// confirmation). A retry with the same key answers as the first time.
pub async fn save(
    req: HttpRequest,
    path: TablePath,
    CsrfForm(ctx, form): CsrfForm<SaveForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (actor, st, href) = open(&ctx, &slug, round, table).await?;
    if !st.open {
        return Err(AppError::BadRequest(ctx.locale.t("tables-closed-entry")));
    }
    let request = entry_path::parse_save(&form.fields())?;
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let ip = ip(&req, &ctx);
    let st2 = st.clone();
    let saved = ctx
        .state
        .db
        .run(move |conn| {
            let author = Author::secretary(actor);
            let w = crate::service::Write {
                by: &author,
                at: now,
                ip: ip.as_deref(),
                lang,
            };
            entry_path::store(conn, &st2, w, &request)
        })
        .await?;
    entry_path::answer(ctx, st, Way::secretary(&href), saved).await
}

/// Confirms a waiting deal at the version the page showed; a stale tap is 409.
pub async fn confirm(
    req: HttpRequest,
    path: TablePath,
    CsrfForm(ctx, form): CsrfForm<ChangeForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (actor, st, href) = open(&ctx, &slug, round, table).await?;
    if !st.open {
        return Err(AppError::BadRequest(ctx.locale.t("tables-closed-entry")));
    }
    let ip = ip(&req, &ctx);
    let way = Way::secretary(&href);
    let author = Author::secretary(actor);
    entry_path::change(ctx, st, author, way, form, Change::Confirm, ip).await
}
