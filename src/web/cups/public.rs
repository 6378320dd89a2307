//! The public cup pages, for everybody: `/cup/{slug}` (the standings, live), `/cup/{slug}/live`
//! (the table alone, which the page's script fetches every few seconds with its ETag) and
//! `/cup/{slug}/projector` (large type, scrolling by itself, the page's QR code). Served as
//! the tournament pages are: the change stamp read first, 304 while the visitor's copy is
//! current, and anonymous visitors' pages kept per stamp with their gzip copies
//! ([`super::cache`]).

use super::cache::CupCache;
use super::words;
use crate::db::Db;
use crate::report::cup::CupReport;
use crate::service::cups::standings::{self, CupStamp, CupStandings};
use crate::service::cups::{self};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use crate::web::public::gzip::Rendered;
use crate::web::public::{HTML, answer, fresh, html, not_modified};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use std::sync::Arc;

/// Seconds between two polls of the live table, and the reload without script: as the
/// tournament pages.
const POLL_SECONDS: u32 = 5;
const REFRESH_SECONDS: u32 = 30;

/// The cup's stamp and standings for this request (the standings from the cache when they
/// were computed for this stamp; else computed now, after the stamp, so never older).
pub async fn current(
    ctx: &Ctx,
    cache: &CupCache,
    slug: &str,
) -> Result<(CupStamp, Arc<CupStandings>), AppError> {
    current_in(&ctx.state.db, cache, slug).await
}

/// [`current`] on the database `db` (a background refresh has no request).
async fn current_in(
    db: &Db,
    cache: &CupCache,
    slug: &str,
) -> Result<(CupStamp, Arc<CupStandings>), AppError> {
    let target = slug.to_string();
    let stamp = db.run(move |conn| standings::stamp(conn, &target)).await?;
    if let Some(s) = cache.standings(stamp) {
        return Ok((stamp, s));
    }
    let turn = cache.build_turn(stamp.cup_id);
    let _turn = turn.lock().await;
    if let Some(s) = cache.standings(stamp) {
        return Ok((stamp, s));
    }
    let target = slug.to_string();
    let computed = db
        .run(move |conn| {
            let cup = cups::by_slug(conn, &target)?;
            standings::compute(conn, cup)
        })
        .await?;
    let computed = Arc::new(computed);
    cache.keep_standings(stamp, computed.clone());
    Ok((stamp, computed))
}

/// [`current`] for an anonymous visitor's page: the stamp read less than a second ago and its
/// standings when both are kept. When the stamp is older, one request starts a refresh (read
/// the stamp again, compute the standings for a new one) and waits for it at most
/// `Settings::refresh_wait`, as the tournament pages' does (`web::public::serve`); past that,
/// and for the other requests meanwhile, the answer is what is kept (see [`super::cache`]).
/// The refresh reads the stamp through the readers' pool, which the scorers' pad checks share:
/// on a busy Sunday that wait, not the query, was the cup page's p99. The new stamp is kept
/// only once its standings are.
async fn current_shared(
    ctx: &Ctx,
    cache: &CupCache,
    slug: &str,
) -> Result<(CupStamp, Arc<CupStandings>), AppError> {
    let known = cache.known_stamp(slug);
    let kept = known.and_then(|(stamp, _)| cache.standings(stamp).map(|s| (stamp, s)));
    match (known, kept) {
        (Some((_, true)), Some(kept)) => Ok(kept),
        (Some(_), Some(kept)) => {
            if !cache.begin_refresh(slug) {
                return Ok(kept);
            }
            // Spawned, so the refresh ends (and is released) even if this visitor hangs up or
            // stops waiting.
            let refreshing = actix_web::rt::spawn(refresh(
                ctx.state.db.clone(),
                cache.clone(),
                slug.to_string(),
            ));
            let wait = ctx.state.settings.refresh_wait;
            match actix_web::rt::time::timeout(wait, refreshing).await {
                Ok(Ok(refreshed)) => refreshed,
                // Not done in time: answered from what is kept, like the others.
                _ => Ok(kept),
            }
        }
        _ => {
            let (stamp, s) = current_in(&ctx.state.db, cache, slug).await?;
            cache.keep_stamp(slug, stamp);
            Ok((stamp, s))
        }
    }
}

/// The background refresh of an anonymous visitor's cup stamp (see [`current_shared`]).
async fn refresh(
    db: Db,
    cache: CupCache,
    slug: String,
) -> Result<(CupStamp, Arc<CupStandings>), AppError> {
    /// Releases the refresh however it ends, a panic included: a claim left behind would stop
    /// the cup's refreshes for good.
    struct Claim(CupCache, String);
    impl Drop for Claim {
        fn drop(&mut self) {
            self.0.end_refresh(&self.1);
        }
    }
    let _claim = Claim(cache.clone(), slug.clone());
    let refreshed = current_in(&db, &cache, &slug).await;
    match &refreshed {
        Ok((stamp, _)) => cache.keep_stamp(&slug, *stamp),
        Err(e) => tracing::debug!("cup page {slug}: refresh failed: {e:?}"),
    }
    refreshed
}

/// Answers a public cup page: 304 when the anonymous visitor's copy is current, the cached
/// page for this stamp, or `render`'s. A logged-in visitor's page carries their name in the
/// layout: rendered for them alone, never stored.
async fn serve<F>(
    mut ctx: Ctx,
    req: &HttpRequest,
    cache: &CupCache,
    slug: &str,
    render: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&CupStandings, CupReport, Page) -> Result<String, AppError>,
{
    let anonymous = ctx.user().is_none();
    let (stamp, s) = if anonymous {
        current_shared(&ctx, cache, slug).await?
    } else {
        current(&ctx, cache, slug).await?
    };
    let locale = ctx.locale;
    let etag = stamp.etag(locale.tag());
    if anonymous && let Some(held) = fresh(req, &etag) {
        return Ok(not_modified(held));
    }
    let page = match anonymous
        .then(|| cache.page(&ctx.path, locale, stamp))
        .flatten()
    {
        Some(page) => page,
        None => {
            let page = if anonymous {
                Page::anonymous(locale, &ctx.path)
            } else {
                ctx.page().await?
            };
            let body = Bytes::from(render(&s, words::report(locale, &s), page)?);
            // Kept only for the newest stamp known: a request answered from the previous one
            // while a refresh moved on does not replace the newer page. Compressed once, when
            // kept: the copy serves every visitor until the stamp moves.
            if anonymous && cache.known_stamp(slug).map(|(s, _)| s) == Some(stamp) {
                let rendered = Rendered::compressed(body);
                cache.keep_page(&ctx.path, locale, stamp, rendered.clone());
                rendered
            } else {
                Rendered::plain(body)
            }
        }
    };
    Ok(answer(req, HTML, page, anonymous, etag))
}

/// One evening of the public page's list.
pub struct EveningItem {
    pub number: usize,
    pub heading: String,
    /// The tournament's public page, while it is public.
    pub href: Option<String>,
}

/// The table that updates: the counted evenings' numbers as columns.
#[derive(Template)]
#[template(path = "public/cup_live.html")]
struct LiveTable {
    page: Page,
    report: CupReport,
    numbers: Vec<usize>,
}

fn live(report: CupReport, page: Page) -> LiveTable {
    LiveTable {
        numbers: (1..=report.evenings.len()).collect(),
        report,
        page,
    }
}

#[derive(Template)]
#[template(path = "public/cup.html")]
struct CupPage {
    page: Page,
    slug: String,
    name: String,
    rules: Vec<String>,
    evenings: Vec<EveningItem>,
    live: LiveTable,
    poll: u32,
    refresh: u32,
}

#[derive(Template)]
#[template(path = "public/cup_projector.html")]
struct ProjectorPage {
    page: Page,
    slug: String,
    name: String,
    live: LiveTable,
    poll: u32,
    refresh: u32,
    public_url: String,
    public_qr: Option<String>,
}

fn evening_items(s: &CupStandings) -> Vec<EveningItem> {
    s.evenings
        .iter()
        .filter(|e| e.counts)
        .enumerate()
        .map(|(i, e)| EveningItem {
            number: i + 1,
            heading: words::evening_heading(e),
            href: e.public.then(|| crate::web::public::href(&e.slug)),
        })
        .collect()
}

pub async fn page(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    serve(ctx, &req, &cache, &slug, |s, report, page| {
        html(&CupPage {
            slug: s.cup.row.slug.clone(),
            name: s.cup.row.name.clone(),
            rules: report.rules.clone(),
            evenings: evening_items(s),
            live: live(report, Page::anonymous(page.locale, &page.path)),
            page,
            poll: POLL_SECONDS,
            refresh: REFRESH_SECONDS,
        })
    })
    .await
}

pub async fn live_table(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    serve(ctx, &req, &cache, &slug, |_, report, page| {
        html(&live(report, page))
    })
    .await
}

pub async fn projector(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<CupCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let base = ctx.base.clone();
    serve(ctx, &req, &cache, &slug, |s, report, page| {
        let public_url = format!("{base}/cup/{}", s.cup.row.slug);
        html(&ProjectorPage {
            public_qr: Some(crate::web::links::qr_svg(&public_url)?),
            public_url,
            slug: s.cup.row.slug.clone(),
            name: s.cup.row.name.clone(),
            live: live(report, Page::anonymous(page.locale, &page.path)),
            page,
            poll: POLL_SECONDS,
            refresh: REFRESH_SECONDS,
        })
    })
    .await
}
