//! The table's scorer pages under `/s/{token}`: the table with its score sheet, check →
//! preview → save, and confirm or undo of a pending deal. The link's secret is the only key:
//! an unknown one is 404, one of a closed round 410, both as a plain page that says nothing
//! about the tournament.

use super::check::{CheckForm, check_entry};
use super::forms::Entry;
use super::{ChangeForm, SaveForm, Way};
use crate::service::scoring::entry::{Author, Change};
use crate::service::scoring::links;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx};
use crate::web::score::{open_table, pad_page, view};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// Every scorer route, one scope under `/s` (registered first by `web::configure`: a scope is
/// matched by its fixed prefix, so these patterns are tried only for `/s/…`): the table, its
/// check, save, confirm and undo, and the pad's ([`crate::web::score::pad`]). The pad's
/// service worker comes before `/{token}`, which would take the name.
pub fn scope() -> actix_web::Scope {
    use crate::web::score::{figures, pad};
    web::scope("/s")
        .route("/sw.js", web::get().to(pad_page::service_worker))
        .route("/{token}", web::get().to(table))
        .route("/{token}/check", web::post().to(check))
        .route("/{token}/save", web::post().to(save))
        .route("/{token}/confirm", web::post().to(confirm))
        .route("/{token}/undo", web::post().to(undo))
        .route("/{token}/pad", web::post().to(pad::pad))
        .route("/{token}/stamp", web::get().to(pad::stamp))
        .route("/{token}/figures", web::get().to(figures::panel_fragment))
        .route("/{token}/pad/vocabulary", web::get().to(pad::vocabulary))
}

macro_rules! table_or_refusal {
    ($ctx:expr, $token:expr) => {
        match open_table(&$ctx, $token).await? {
            Ok(st) => st,
            Err(status) => return view::refusal($ctx, status),
        }
    };
}

async fn table(ctx: Ctx, token: web::Path<String>) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let way = Way::scorer(&token);
    let st = ctx
        .state
        .db
        .run(move |conn| links::resolve(conn, &token))
        .await?;
    match st {
        None => view::refusal(ctx, StatusCode::NOT_FOUND),
        // A closed round's link shows the table's result, still 410.
        Some(st) if !st.open => pad_page::closed(ctx, st).await,
        Some(st) => super::render(ctx, st, way, Entry::default(), StatusCode::OK).await,
    }
}

async fn check(
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<CheckForm>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let st = table_or_refusal!(ctx, token.clone());
    let (entry, status) = check_entry(&ctx, &st, &form).await?;
    super::render(ctx, st, Way::scorer(&token), entry, status).await
}

async fn save(
    req: actix_web::HttpRequest,
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<SaveForm>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    // The pad's queue asks for a JSON answer; a form post gets pages.
    let json = pad_page::wants_json(&req);
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let link = token.clone();
    // The audit log keeps where a deal came from (who, when, and from which IP).
    let ip = Some(crate::web::account::client_address(&req, &ctx));
    // The link and the save in one connection checkout, in the writer's next batch: answered
    // once that batch is committed (group commit, `db::writer`). The link is the lane: every
    // save of one table goes to the same writer thread. The save may run twice (the batch
    // again with savepoints when one of its saves failed), so it owns nothing it gives away.
    let outcome = ctx
        .state
        .db
        .write_batched(&token, move |conn| {
            // Parsed inside, answered after the link: an unknown link is 404 whatever the
            // form says.
            let parsed = super::parse_save(&form.fields());
            super::save_by_link(conn, &link, parsed, now, (ip.clone(), lang))
        })
        .await;
    let outcome = match outcome {
        Err(AppError::Refusal(_) | AppError::BadRequest(_)) if json => {
            return Ok(pad_page::save_json(
                ctx.locale,
                Err(StatusCode::BAD_REQUEST),
            ));
        }
        other => other?,
    };
    if json {
        return Ok(pad_page::save_json(ctx.locale, outcome.map(|(_, s)| s)));
    }
    let (st, saved) = match outcome {
        Ok(done) => done,
        Err(status) => return view::refusal(ctx, status),
    };
    super::answer(ctx, st, Way::scorer(&token), saved).await
}

/// Confirm or undo from the scorer's phone: the link's own author.
async fn change(
    token: String,
    ctx: Ctx,
    form: ChangeForm,
    what: Change,
) -> Result<HttpResponse, AppError> {
    let st = table_or_refusal!(ctx, token.clone());
    let author = Author::scorer(&st);
    super::change(ctx, st, author, Way::scorer(&token), form, what, None).await
}

async fn confirm(
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ChangeForm>,
) -> Result<HttpResponse, AppError> {
    change(token.into_inner(), ctx, form, Change::Confirm).await
}

async fn undo(
    token: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ChangeForm>,
) -> Result<HttpResponse, AppError> {
    change(token.into_inner(), ctx, form, Change::Undo).await
}
