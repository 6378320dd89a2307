//! The round's tables at a glance for the secretary: seats, deals, the counted score, the
//! last entry, deals waiting for confirmation and whether the match is over. The page asks
//! the browser to load it again every [`REFRESH_SECONDS`] (an HTTP `Refresh` header: no
//! script, which the CSP would refuse inline anyway, and nothing to poll).

use crate::service::scoring::Confirmation;
use crate::service::scoring::desk::{self, TableSummary};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use crate::web::score::view::score_now;
use crate::web::secretary::access;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{HttpResponse, web};
use askama::Template;

/// How often the overview reloads itself.
pub const REFRESH_SECONDS: u32 = 20;

/// A table's line.
pub struct Line {
    pub number: i32,
    pub seats: String,
    pub deals: usize,
    pub score: String,
    pub last_entry: String,
    pub pending: usize,
    pub finished: bool,
}

#[derive(Template)]
#[template(path = "tables/overview.html")]
struct OverviewPage {
    page: Page,
    slug: String,
    tournament: String,
    round: i32,
    closed: bool,
    confirmation: String,
    waiting: usize,
    lines: Vec<Line>,
}

fn line(t: &TableSummary, zone: chrono_tz::Tz) -> Line {
    Line {
        number: t.number,
        seats: t.seats.join(" – "),
        deals: t.deals,
        score: t
            .counted
            .as_ref()
            .map_or_else(|| "0:0".into(), |r| score_now(r, t.counted_deals)),
        last_entry: t
            .last_entry
            .map(|at| {
                at.and_utc()
                    .with_timezone(&zone)
                    .format("%H:%M:%S")
                    .to_string()
            })
            .unwrap_or_else(|| "–".into()),
        pending: t.pending,
        finished: t.finished,
    }
}

pub async fn show(mut ctx: Ctx, path: web::Path<(String, i32)>) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let actor = access::actor(&ctx)?;
    let lang = ctx.locale.rules_lang();
    let target = slug.clone();
    let r = ctx
        .state
        .db
        .run(move |conn| desk::round_tables(conn, &actor, &target, round, lang))
        .await?;
    let zone = ctx.state.settings.time_zone;
    let lines: Vec<Line> = r.tables.iter().map(|t| line(t, zone)).collect();
    let confirmation = match r.confirmation {
        Confirmation::None => "tables-rule-none",
        Confirmation::OtherSide => "tables-rule-other-side",
        Confirmation::Secretary => "tables-rule-secretary",
    };
    let page = OverviewPage {
        page: ctx.page().await?,
        slug,
        tournament: r.tournament,
        round,
        closed: r.closed,
        confirmation: ctx.locale.t(confirmation),
        waiting: lines.iter().filter(|l| l.pending > 0).count(),
        lines,
    };
    let mut res = ctx.ok(&page)?;
    res.headers_mut().insert(
        HeaderName::from_static("refresh"),
        HeaderValue::from(REFRESH_SECONDS),
    );
    Ok(res)
}
