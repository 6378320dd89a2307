//! Correcting a deal: the deal as stored (version and state), the same entry forms as the
//! table, check → preview with a mandatory reason → save as a new confirmed version. The
//! whole record must still keep the rules with the correction (later deals too); a stale form
//! gets the conflict page with both deals, a retry with the same key the first answer.

use super::correct_pad::{self, PadQuery, PadView};
use super::{ip, open};
use crate::rules::match_record::{Deal, Written};
use crate::service::scoring::corrections::{self, Corrected, Correction};
use crate::service::scoring::links::{ScorerTable, seat_names};
use crate::text::{Kind, Text};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::deal_words::words as stored_words;
use crate::web::entry::check::{CheckForm, parse_check};
use crate::web::entry::forms::{Before, Entry, Forms, Preview};
use crate::web::page::Page;
use crate::web::score::view::deal_words;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

csrf_form!(CorrectionForm {
    deal,
    based_on,
    key,
    reason
});

#[derive(Template)]
#[template(path = "tables/correct.html")]
struct CorrectPage {
    page: Page,
    tournament: String,
    table_href: String,
    round: i32,
    table: i32,
    no: i32,
    version: i32,
    status: String,
    current: String,
    /// Said above the preview (a missing reason).
    error: Option<String>,
    /// Why the void was refused (a missing reason, a later deal that would break a rule).
    void_error: Option<String>,
    /// The void form's submission key: the same form sent twice voids once.
    void_key: String,
    /// The scorer's pad, filled with the stored deal's taps (or the taps asked).
    pad: Option<PadView>,
    forms: Forms,
    /// The deal's Streitfall page (every game: a card-level deal as the correction).
    streitfall: Option<String>,
}

type DealPath = web::Path<(String, i32, i32, i32)>;

/// The deal's index from its number in the path (from 1).
fn deal_no(no: i32) -> Result<i32, AppError> {
    if no < 1 {
        return Err(AppError::NotFound);
    }
    Ok(no - 1)
}

pub async fn show(
    ctx: Ctx,
    path: DealPath,
    query: web::Query<PadQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    let shown = Shown {
        entry: Entry::default(),
        reason: String::new(),
        void_error: None,
        taps: query.taps()?,
    };
    render_with(ctx, st, href, deal_no(no)?, shown, StatusCode::OK).await
}

pub async fn check(
    path: DealPath,
    CsrfForm(ctx, form): CsrfForm<CheckForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (_, st, href) = open(&ctx, &slug, round, table).await?;
    let d = deal_no(no)?;
    if form.get("mode") == "pad" {
        return check_taps(ctx, st, href, d, &form).await;
    }
    let (entry, parsed) = parse_check(ctx.locale, st.tournament.game, st.seats.len(), &form);
    let Some(deal) = parsed else {
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return render(ctx, st, href, d, entry, String::new(), status).await;
    };
    let (entry, status) = preview(&ctx, &st, d, deal, entry).await?;
    render(ctx, st, href, d, entry, String::new(), status).await
}

/// The pad's taps: the deal they make (the pad's own conversion), then the same preview.
async fn check_taps(
    ctx: Ctx,
    st: ScorerTable,
    href: String,
    d: i32,
    form: &CheckForm,
) -> Result<HttpResponse, AppError> {
    let codes: Vec<String> = serde_json::from_str(&form.get("actions"))
        .map_err(|_| AppError::BadRequest("actions: not a JSON list".into()))?;
    let lang = ctx.locale.rules_lang();
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    let mut shown = Shown {
        entry: Entry::default(),
        reason: String::new(),
        void_error: None,
        taps: Some(codes.clone()),
    };
    match crate::service::scoring::pad::deal_of(&st, &codes, lang)? {
        Ok(deal) => {
            let (entry, status) = preview(&ctx, &st, d, deal, Entry::default()).await?;
            shown.entry = entry;
            render_with(ctx, st, href, d, shown, status).await
        }
        Err(message) => {
            shown.entry.error = Some(message);
            render_with(ctx, st, href, d, shown, status).await
        }
    }
}

/// Referees the corrected record: the preview with a fresh key, or the referee's message.
async fn preview(
    ctx: &Ctx,
    st: &ScorerTable,
    d: i32,
    deal: Deal,
    mut entry: Entry,
) -> Result<(Entry, StatusCode), AppError> {
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let attempt = deal.clone();
    let (verdict, version) = ctx
        .state
        .db
        .run(move |conn| {
            let (version, _, _) = corrections::current(conn, &st2, d)?;
            Ok((corrections::check(conn, &st2, d, &attempt, lang)?, version))
        })
        .await?;
    match verdict {
        Ok(report) => {
            entry.preview = Some(Preview {
                words: deal_words(ctx.locale, &report, d as usize),
                deal: deal.to_json(),
                based_on: version,
                key: crate::auth::tokens::random_token()?,
                decides: false,
            });
            Ok((entry, StatusCode::OK))
        }
        Err(broken) => {
            let message = broken_message(ctx, &broken);
            match broken {
                Corrected::Broken { code, event, .. } => {
                    entry.broken(st.tournament.game, message, code, event)
                }
                _ => entry.error = Some(message),
            }
            Ok((entry, StatusCode::UNPROCESSABLE_ENTITY))
        }
    }
}

fn broken_message(ctx: &Ctx, broken: &Corrected) -> String {
    match broken {
        Corrected::Broken { deal, message, .. } => ctx.locale.t_with(
            "tables-broken",
            &[
                ("deal", (deal + 1).to_string()),
                ("message", message.clone()),
            ],
        ),
        _ => String::new(),
    }
}

/// Stores the correction (reason required) as a new version drawn from `based_on`.
pub async fn save(
    req: HttpRequest,
    path: DealPath,
    CsrfForm(ctx, form): CsrfForm<CorrectionForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table, no) = path.into_inner();
    let (actor, st, href) = open(&ctx, &slug, round, table).await?;
    let d = deal_no(no)?;
    let deal = crate::web::entry::deal_json(&form.deal)
        .map_err(|_| AppError::BadRequest("deal: not JSON".into()))?;
    let deal = match deal {
        Some(deal) if crate::service::scoring::links::well_formed(&form.key) => deal,
        _ => return Err(AppError::BadRequest("deal or key missing".into())),
    };
    // Typed, or as written when it does not read (refused in the referee's words).
    let deal = Written::read(st.tournament.game, &deal);
    let version: i32 = form
        .based_on
        .parse()
        .map_err(|_| AppError::BadRequest("based_on".into()))?;
    let reason = form.reason.trim().to_string();
    if Text::parse(&reason, Kind::Reason).is_err() {
        // The same preview again, asking for the reason; nothing stored.
        let mut entry = Entry {
            error: Some(ctx.locale.t("tables-reason-needed")),
            ..Entry::default()
        };
        entry.preview = Some(Preview {
            words: deal
                .deal()
                .map_or_else(|| "–".into(), |d| stored_words(ctx.locale, d)),
            deal: deal.to_json(),
            based_on: version,
            key: form.key.clone(),
            decides: false,
        });
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return render(ctx, st, href, d, entry, reason, status).await;
    }
    let correction = Correction {
        deal_no: d,
        deal,
        version,
        reason,
        key: form.key.clone(),
        ip: ip(&req, &ctx),
    };
    let now = ctx.state.clock.now();
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let answer = ctx
        .state
        .db
        .run(move |conn| corrections::correct(conn, &actor, &st2, now, &correction, lang))
        .await?;
    match answer {
        Corrected::New { .. } | Corrected::Seen { .. } => Ok(ctx.redirect(&href)),
        Corrected::Stale {
            stored,
            stored_version,
            attempted,
        } => {
            let way = crate::web::entry::Way::secretary(&href);
            let game = st.tournament.game;
            let (stored, attempted) = (stored.map(|s| *s), Some(*attempted));
            crate::web::entry::conflict(ctx, way, game, stored, stored_version, attempted).await
        }
        broken @ Corrected::Broken { .. } => {
            let entry = Entry {
                error: Some(broken_message(&ctx, &broken)),
                ..Entry::default()
            };
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            render(ctx, st, href, d, entry, String::new(), status).await
        }
    }
}

/// The correction page again with the void's refusal beside its form (422); nothing stored.
pub async fn refused(
    ctx: Ctx,
    st: ScorerTable,
    table_href: String,
    d: i32,
    message: String,
) -> Result<HttpResponse, AppError> {
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    let shown = Shown {
        entry: Entry::default(),
        reason: String::new(),
        void_error: Some(message),
        taps: None,
    };
    render_with(ctx, st, table_href, d, shown, status).await
}

/// What the correction page shows besides the stored deal.
struct Shown {
    entry: Entry,
    reason: String,
    void_error: Option<String>,
    /// The pad's taps asked for; `None`: the stored deal's.
    taps: Option<Vec<String>>,
}

async fn render(
    ctx: Ctx,
    st: ScorerTable,
    table_href: String,
    d: i32,
    entry: Entry,
    reason: String,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let shown = Shown {
        entry,
        reason,
        void_error: None,
        taps: None,
    };
    render_with(ctx, st, table_href, d, shown, status).await
}

async fn render_with(
    mut ctx: Ctx,
    st: ScorerTable,
    table_href: String,
    d: i32,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let Shown {
        entry,
        reason,
        void_error,
        taps,
    } = shown;
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    let st2 = st.clone();
    let lang = ctx.locale.rules_lang();
    let (version, record, state, names, before) = ctx
        .state
        .db
        .run(move |conn| {
            let (version, record, state) = corrections::current(conn, &st2, d)?;
            let detail = crate::service::tournaments::detail(conn, st2.tournament.clone())?;
            let before = corrections::before(conn, &st2, d, lang)?;
            Ok((
                version,
                record,
                state,
                seat_names(&detail, &st2.seats),
                before,
            ))
        })
        .await?;
    let codes = correct_pad::start(&before.0, &record, taps);
    let pad = correct_pad::view(ctx.locale, &before.0, &codes);
    let error = entry.error.clone();
    let mut forms = Forms::new(
        format!("{table_href}/deals/{}", d + 1),
        csrf,
        ctx.locale,
        st.tournament.game,
        &names,
        Before {
            record: &before.0,
            report: before.1.as_ref(),
        },
        entry,
    );
    forms.correcting = true;
    forms.reason = reason;
    // The forms show a message only without a preview: a missing reason is said here.
    let error = if forms.entry.preview.is_some() {
        error
    } else {
        None
    };
    let streitfall = Some(format!("{table_href}/deals/{}/streitfall", d + 1));
    let template = CorrectPage {
        page,
        tournament: st.tournament.name.clone(),
        table_href,
        round: st.round_number,
        table: st.table_number,
        no: d + 1,
        version,
        status: ctx.locale.t(&format!("tables-status-{state}")),
        current: stored_words(ctx.locale, &record),
        error,
        void_error,
        void_key: crate::auth::tokens::random_token()?,
        pad,
        forms,
        streitfall,
    };
    ctx.render(status, &template)
}
