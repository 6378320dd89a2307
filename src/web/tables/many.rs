//! Correcting several deals of a table in one step: every live deal in a field of its own,
//! filled with the stored deal; the secretary changes the wrong ones and gives one reason. The
//! whole record with all changes is refereed together and stored only when it keeps every
//! rule, as one new version per changed deal and one audit event `deals_corrected`
//! ([`crate::service::scoring::rewrite::correct_many`]).

use super::{ip, open};
use crate::rules::Game;
use crate::rules::match_record::Written;
use crate::service::Write;
use crate::service::scoring::entry::{self, LiveDeal};
use crate::service::scoring::links::ScorerTable;
use crate::service::scoring::rewrite::{self, DealChange, Request, Rewritten};
use crate::text::{Kind, Text};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx};
use crate::web::entry::check::CheckForm;
use crate::web::page::Page;
use crate::web::score::view::deal_words;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// A deal of the form: its number (from 1), the version shown, its words, the field's text.
pub struct ManyRow {
    pub no: i32,
    pub version: i32,
    pub label: String,
    pub words: String,
    pub text: String,
}

#[derive(Template)]
#[template(path = "tables/many.html")]
struct ManyPage {
    page: Page,
    csrf: String,
    tournament: String,
    table_href: String,
    round: i32,
    table: i32,
    rows: Vec<ManyRow>,
    reason: String,
    key: String,
    error: Option<String>,
}

type TablePath = web::Path<(String, i32, i32)>;

pub async fn show(ctx: Ctx, path: TablePath) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    let key = crate::auth::tokens::random_token()?;
    let shown = Shown {
        typed: None,
        reason: String::new(),
        key,
        error: None,
    };
    render(ctx, st, href, shown, StatusCode::OK).await
}

/// What the form shows again after a refusal: the fields as typed, the reason, the message.
struct Shown {
    typed: Option<CheckForm>,
    reason: String,
    key: String,
    error: Option<String>,
}

/// The table's live deals as the form's changes are checked against them.
async fn live_deals(
    ctx: &Ctx,
    st: &ScorerTable,
    lang: crate::rules::Lang,
) -> Result<Vec<LiveDeal>, AppError> {
    let st = st.clone();
    ctx.state
        .db
        .run(move |conn| Ok(entry::state(conn, &st, lang)?.live))
        .await
}

pub async fn save(
    req: HttpRequest,
    path: TablePath,
    CsrfForm(ctx, form): CsrfForm<CheckForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let (actor, st, href) = open(&ctx, &slug, round, table).await?;
    let key = form.get("key");
    if !crate::service::scoring::links::well_formed(&key) {
        return Err(AppError::BadRequest("key missing".into()));
    }
    let reason = form.get("reason").trim().to_string();
    let lang = ctx.locale.rules_lang();
    let live = live_deals(&ctx, &st, lang).await?;
    let refuse = |message: String| Shown {
        typed: Some(form.clone()),
        reason: reason.clone(),
        key: key.clone(),
        error: Some(message),
    };
    let changes = match changes(&ctx, st.tournament.game, &live, &form) {
        Ok(changes) => changes,
        Err(message) => return refusal(ctx, st, href, refuse(message)).await,
    };
    if changes.is_empty() {
        let message = ctx.locale.t("tables-many-none");
        return refusal(ctx, st, href, refuse(message)).await;
    }
    if Text::parse(&reason, Kind::Reason).is_err() {
        let message = ctx.locale.t("tables-reason-needed");
        return refusal(ctx, st, href, refuse(message)).await;
    }
    let request = Request {
        reason: reason.clone(),
        key: Some(key.clone()),
    };
    let ip = ip(&req, &ctx);
    let now = ctx.state.clock.now();
    let st2 = st.clone();
    let asked = changes.clone();
    let answer = ctx
        .state
        .db
        .run(move |conn| {
            let w = Write {
                by: &actor,
                at: now,
                ip: ip.as_deref(),
                lang,
            };
            rewrite::correct_many(conn, w, &st2, &asked, &request)
        })
        .await?;
    match answer {
        Rewritten::Done { .. } | Rewritten::Seen => Ok(ctx.redirect(&href)),
        Rewritten::Stale {
            deal_no,
            stored_version,
        } => {
            let stored = live
                .iter()
                .find(|d| d.deal_no == deal_no)
                .map(|d| Written::Deal(d.record.clone()));
            // A stale place is always one of the changes (their versions are the ones checked).
            let attempted = (changes.iter())
                .find(|c| c.deal_no == deal_no)
                .map(|c| c.deal.clone());
            let way = crate::web::entry::Way::secretary(&href);
            let game = st.tournament.game;
            crate::web::entry::conflict(ctx, way, game, stored, stored_version, attempted).await
        }
        Rewritten::Broken { deal, message, .. } => {
            let message = ctx.locale.t_with(
                "tables-broken",
                &[("deal", (deal + 1).to_string()), ("message", message)],
            );
            refusal(ctx, st, href, refuse(message)).await
        }
    }
}

/// The deals whose field differs from the stored deal; a field that is no deal: the message.
fn changes(
    ctx: &Ctx,
    game: Game,
    live: &[entry::LiveDeal],
    form: &CheckForm,
) -> Result<Vec<DealChange>, String> {
    let mut out = Vec::new();
    for d in live {
        let no = d.deal_no + 1;
        let text = form.get(&format!("deal-{no}"));
        let version = form.get(&format!("version-{no}"));
        if text.trim().is_empty() && version.is_empty() {
            continue;
        }
        let bad = || {
            ctx.locale
                .t_with("tables-many-bad", &[("no", no.to_string())])
        };
        let deal = crate::web::entry::deal_json(&text).map_err(|_| bad())?;
        let version: i32 = version.parse().map_err(|_| bad())?;
        let Some(deal) = deal else {
            return Err(bad());
        };
        // Typed, or as written when it does not read (the record is then refused in the
        // referee's words); one that does not read is no stored deal, so it changes.
        let deal = Written::read(game, &deal);
        if deal.deal() != Some(&d.record) || version != d.version {
            out.push(DealChange {
                deal_no: d.deal_no,
                version,
                deal,
            });
        }
    }
    Ok(out)
}

async fn refusal(
    ctx: Ctx,
    st: ScorerTable,
    href: String,
    shown: Shown,
) -> Result<HttpResponse, AppError> {
    render(ctx, st, href, shown, StatusCode::UNPROCESSABLE_ENTITY).await
}

async fn render(
    mut ctx: Ctx,
    st: ScorerTable,
    table_href: String,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let state = ctx
        .state
        .db
        .run(move |conn| entry::state(conn, &st2, lang))
        .await?;
    let rows = state
        .live
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let no = d.deal_no + 1;
            let text = match &shown.typed {
                Some(form) => form.get(&format!("deal-{no}")),
                None => d.record.to_json(),
            };
            ManyRow {
                no,
                label: ctx
                    .locale
                    .t_with("tables-many-deal", &[("no", no.to_string())]),
                version: d.version,
                words: deal_words(ctx.locale, &state.report, i),
                text,
            }
        })
        .collect();
    let template = ManyPage {
        page,
        csrf,
        tournament: st.tournament.name.clone(),
        table_href,
        round: st.round_number,
        table: st.table_number,
        rows,
        reason: shown.reason,
        key: shown.key,
        error: shown.error,
    };
    ctx.render(status, &template)
}
