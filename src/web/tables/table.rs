//! A table's page for the secretary: its deals with version and state, the score sheet, the
//! scorer's entry forms (check → preview → save through the same parsing and referee; a
//! secretary's deal is stored confirmed), and Confirm for a deal that waits. In a closed
//! round the page only shows the table and leads to corrections.

use super::{ip, open};
use crate::service::scoring::entry::{self, Author, Saved, TableState};
use crate::service::scoring::links::{ScorerTable, seat_names, short_names};
use crate::service::scoring::{Confirmation, desk};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::entry as entry_path;
use crate::web::page::Page;
use crate::web::score::view::{self, Before, Entry, Forms, deal_words, score_now};
use crate::web::score::{CheckForm, check_entry};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

csrf_form!(SaveForm {
    deal,
    based_on,
    key,
    actions
});
csrf_form!(ConfirmForm { deal_no, version });

/// A deal in the secretary's list.
pub struct DeskDeal {
    pub no: i32,
    pub deal_no: i32,
    pub version: i32,
    pub words: String,
    pub pending: bool,
}

#[derive(Template)]
#[template(path = "tables/table.html")]
struct TablePage {
    page: Page,
    csrf: String,
    slug: String,
    tournament: String,
    round: i32,
    table: i32,
    href: String,
    open: bool,
    confirmation: String,
    sides: Vec<(String, String)>,
    score: String,
    sheet: String,
    deals: Vec<DeskDeal>,
    forms: Forms,
}

type TablePath = web::Path<(String, i32, i32)>;

pub async fn show(ctx: Ctx, path: TablePath) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    render(ctx, st, href, Entry::default(), StatusCode::OK).await
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
    let (entry, status) = check_entry(&ctx, &st, &form).await?;
    render(ctx, st, href, entry, status).await
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
    let request = entry_path::parse_save(&entry_path::SaveFields {
        deal: &form.deal,
        based_on: &form.based_on,
        key: &form.key,
        actions: &form.actions,
    })?;
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let ip = ip(&req, &ctx);
    let st2 = st.clone();
    let saved = ctx
        .state
        .db
        .run(move |conn| {
            let author = Author::secretary(actor);
            entry_path::store(conn, &st2, &author, now, &request, ip, lang)
        })
        .await?;
    match saved {
        Saved::New { .. } | Saved::Seen { .. } => Ok(ctx.redirect(&href)),
        Saved::Stale { stored, attempted } => {
            let way = entry_path::Way::secretary(&href);
            entry_path::conflict(ctx, way, stored, 0, attempted).await
        }
        Saved::Broken { message, .. } => {
            let entry = Entry {
                error: Some(message),
                ..Entry::default()
            };
            render(ctx, st, href, entry, StatusCode::UNPROCESSABLE_ENTITY).await
        }
    }
}

/// Confirms a waiting deal at the version the page showed; a stale tap is 409.
pub async fn confirm(
    req: HttpRequest,
    path: TablePath,
    CsrfForm(ctx, form): CsrfForm<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (actor, st, href) = open(&ctx, &slug, round, table).await?;
    if !st.open {
        return Err(AppError::BadRequest(ctx.locale.t("tables-closed-entry")));
    }
    let deal_no: i32 = form
        .deal_no
        .parse()
        .map_err(|_| AppError::BadRequest("deal_no".into()))?;
    let version: i32 = form
        .version
        .parse()
        .map_err(|_| AppError::BadRequest("version".into()))?;
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let ip = ip(&req, &ctx);
    ctx.state
        .db
        .run(move |conn| desk::confirm(conn, &actor, &st, now, deal_no, version, ip, lang))
        .await?;
    Ok(ctx.redirect(&href))
}

/// The table's state with names per side and short names for the sheet.
pub async fn load(
    ctx: &Ctx,
    st: &ScorerTable,
) -> Result<(TableState, Vec<String>, Vec<String>), AppError> {
    let lang = ctx.locale.rules_lang();
    let st = st.clone();
    ctx.state
        .db
        .run(move |conn| {
            let state = entry::state(conn, &st, lang)?;
            let detail = crate::service::tournaments::detail(conn, st.tournament.clone())?;
            let short = short_names(&detail, &st.seats);
            Ok((state, seat_names(&detail, &st.seats), short))
        })
        .await
}

pub async fn render(
    mut ctx: Ctx,
    st: ScorerTable,
    href: String,
    entry: Entry,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    let locale = ctx.locale;
    let lang = locale.rules_lang();
    let (state, names, short) = load(&ctx, &st).await?;
    let sheet = crate::sheet::render(
        &state.record.to_string(),
        lang,
        &crate::sheet::SheetLabels::new(short),
    )
    .map(|svg| svg.as_str().to_string())
    .unwrap_or_default();
    let deals = state
        .live
        .iter()
        .enumerate()
        .rev()
        .map(|(i, d)| DeskDeal {
            no: d.deal_no + 1,
            deal_no: d.deal_no,
            version: d.version,
            words: deal_words(locale, &state.report, i),
            pending: !d.confirmed,
        })
        .collect();
    let confirmation = match state.confirmation {
        Confirmation::None => "tables-rule-none",
        Confirmation::OtherSide => "tables-rule-other-side",
        Confirmation::Secretary => "tables-rule-secretary",
    };
    let forms = Forms::new(
        href.clone(),
        csrf.clone(),
        locale,
        st.tournament.game.as_str(),
        &names,
        Before {
            record: &state.record,
            report: &state.report,
        },
        entry,
    );
    let template = TablePage {
        page,
        csrf,
        slug: st.tournament.slug.clone(),
        tournament: st.tournament.name.clone(),
        round: st.round_number,
        table: st.table_number,
        href,
        open: st.open,
        confirmation: locale.t(confirmation),
        sides: view::sides(st.seats.len()).into_iter().zip(names).collect(),
        score: score_now(&state.report, state.live.len()),
        sheet,
        deals,
        forms,
    };
    ctx.render(status, &template)
}
