//! Giltspiel and Perlaggen entry: the event lines ([`parse`]), the figure panel computed from
//! them ([`panel`], also served alone for the page's script), and the card picker's pack
//! ([`pack`]).

pub mod pack;
pub mod panel;
pub mod parse;

pub use parse::events;

use crate::rules::figures::cards::Variant;
use crate::rules::figures::rule_set;
use crate::rules::record::RawRecord;
use crate::service::scoring::entry;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use panel::Panel;

/// The variant a table's record is refereed with (`None`: not a figure game).
pub fn variant_of(record: &crate::rules::Record) -> Option<Variant> {
    let text = record.to_json();
    let raw = RawRecord::parse(&text).ok()?;
    rule_set(&raw).ok().map(|(v, _)| v)
}

/// The panel's words that are no figure's state.
#[derive(Debug, Clone, Default)]
pub struct PanelLabels {
    pub title: String,
    pub value: String,
    pub trump: String,
}

impl PanelLabels {
    pub fn new(locale: crate::web::i18n::Locale) -> PanelLabels {
        PanelLabels {
            title: locale.t("entry-fig-title"),
            value: locale.t("entry-fig-value"),
            trump: locale.t("entry-fig-trump"),
        }
    }
}

#[derive(Template)]
#[template(path = "score/_panel.html")]
struct PanelFragment {
    panel: Panel,
    labels: PanelLabels,
}

#[derive(serde::Deserialize)]
pub struct PanelQuery {
    #[serde(default)]
    pub events: String,
}

/// The panel for `events` typed after `record` (refereed to `report`), as an HTML fragment.
/// Every page's panel route answers here: the scorer's and the secretary's.
pub fn fragment(
    ctx: Ctx,
    record: &crate::rules::Record,
    report: Option<&crate::rules::Report>,
    events: &str,
) -> Result<HttpResponse, AppError> {
    let template = PanelFragment {
        panel: panel::panel(ctx.locale, record, report, events),
        labels: PanelLabels::new(ctx.locale),
    };
    ctx.render(StatusCode::OK, &template)
}

/// `GET /s/{token}/figures?events=…`: the panel for the typed events, as an HTML fragment
/// (the page's script swaps it in after each tap). Reads only; the events are not stored.
pub async fn panel_fragment(
    ctx: Ctx,
    token: web::Path<String>,
    query: web::Query<PanelQuery>,
) -> Result<HttpResponse, AppError> {
    let st = match super::open_table(&ctx, token.into_inner()).await? {
        Ok(st) => st,
        Err(status) => return super::view::refusal(ctx, status),
    };
    let lang = ctx.locale.rules_lang();
    let state = ctx
        .state
        .db
        .run(move |conn| entry::state(conn, &st, lang))
        .await?;
    fragment(ctx, &state.record, Some(&state.report), &query.events)
}
