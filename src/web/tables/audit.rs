//! The audit log for the tournament's managers: per tournament and per table, newest first,
//! [`PAGE_SIZE`] events a page (`?page=N`, from 0): who, when, from which address, what, the
//! deal before and after, and the reason.

use crate::service::scoring::audit::{self, AuditPage};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::deal_words::written_words;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::tables::audit_words;
use actix_web::{HttpResponse, web};
use askama::Template;

pub use crate::service::scoring::audit::PAGE_SIZE;

#[derive(serde::Deserialize)]
pub struct PageQuery {
    #[serde(default)]
    page: usize,
}

/// A line as shown.
pub struct Row {
    /// Local time in the configured zone.
    pub at: String,
    pub actor: String,
    pub ip: String,
    /// What happened, in words ([`audit_words::sentence`]).
    pub what: String,
    pub table: String,
    /// A deal version's number and status ("Version 2, bestätigt"), else empty.
    pub deal: String,
    pub old: String,
    pub new: String,
    pub reason: String,
}

/// `at` (UTC, as stored) in the local time of `zone`, in the page's language's format.
pub fn local_time(l: Locale, zone: chrono_tz::Tz, at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .with_timezone(&zone)
        .format(&l.t("audit-time-format"))
        .to_string()
}

#[derive(Template)]
#[template(path = "tables/audit.html")]
struct AuditView {
    page: Page,
    slug: String,
    tournament: String,
    heading: String,
    /// "Zeiten in Ortszeit (Europe/Vienna)".
    zone: String,
    rows: Vec<Row>,
    /// The next page's link, when older events follow.
    next: Option<String>,
}

pub async fn tournament(
    ctx: Ctx,
    slug: web::Path<String>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    let heading = ctx.locale.t("tables-audit-tournament");
    let here = format!("/t/{slug}/audit");
    render(ctx, slug, None, q.page, heading, here).await
}

pub async fn table(
    ctx: Ctx,
    path: web::Path<(String, i32, i32)>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = path.into_inner();
    let heading = ctx.locale.t_with(
        "tables-audit-of-table",
        &[("round", round.to_string()), ("table", table.to_string())],
    );
    let here = format!("{}/audit", super::table_href(&slug, round, table));
    render(ctx, slug, Some((round, table)), q.page, heading, here).await
}

async fn render(
    mut ctx: Ctx,
    slug: String,
    table: Option<(i32, i32)>,
    page_no: usize,
    heading: String,
    here: String,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let target = slug.clone();
    let log: AuditPage = ctx
        .state
        .db
        .run(move |conn| audit::log(conn, &actor, &target, table, page_no))
        .await?;
    let l = ctx.locale;
    let zone = ctx.state.settings.time_zone;
    let rows = log
        .lines
        .iter()
        .map(|e| Row {
            at: local_time(l, zone, e.at),
            actor: audit_words::actor(l, &e.actor),
            ip: e.ip.clone().unwrap_or_else(|| "–".into()),
            what: audit_words::sentence(l, e, &log.names),
            table: e
                .table
                .map(|(r, t)| {
                    l.t_with(
                        "tables-round-table",
                        &[("round", r.to_string()), ("table", t.to_string())],
                    )
                })
                .unwrap_or_default(),
            deal: e
                .deal
                .as_ref()
                .map(|(no, version, status)| {
                    l.t_with(
                        "tables-audit-deal",
                        &[
                            ("deal", no.to_string()),
                            ("version", version.to_string()),
                            ("status", status_words(l, status)),
                        ],
                    )
                })
                .unwrap_or_default(),
            old: (e.old.as_ref()).map_or_else(String::new, |d| written_words(l, d)),
            new: (e.new.as_ref()).map_or_else(String::new, |d| written_words(l, d)),
            reason: e.reason.clone().unwrap_or_default(),
        })
        .collect();
    let view = AuditView {
        page: ctx.page().await?,
        slug,
        tournament: log.tournament,
        heading,
        zone: l.t_with("audit-zone", &[("zone", zone.name().to_string())]),
        rows,
        next: log
            .more
            .then(|| format!("{here}?page={}", page_no.saturating_add(1))),
    };
    ctx.ok(&view)
}

/// A deal version's status in words; a status this page does not know, as stored.
fn status_words(l: Locale, status: &str) -> String {
    match status {
        "confirmed" | "pending" | "withdrawn" => l.t(&format!("tables-status-{status}")),
        other => other.to_string(),
    }
}
