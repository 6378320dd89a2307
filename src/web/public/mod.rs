//! The public pages: no login, for tournaments their organiser has made public.
//! Live standings, the projector view, round results, each table's score sheet, a page per
//! team or player, and the points chart. They show only what counts (confirmed deals up to
//! the first one that is not), never pending or withdrawn deals, scorer links, the audit log,
//! IP addresses or who entered what. A private tournament answers 404 on every route for
//! anyone who does not manage it, as for a slug that does not exist. See `docs/reference/public.md`.
//!
//! Every page goes through [`serve`]: it reads the change stamp from the database, answers
//! 304 when the visitor's `If-None-Match` holds it, and renders from the cached snapshot for
//! that stamp (see [`cache`]); an anonymous visitor's page is kept with its gzip copy
//! ([`gzip`]).

pub mod cache;
pub mod chart;
mod charts;
mod entrant;
pub mod gzip;
mod rounds;
mod standings;
mod streitfall;
pub mod toggle;
mod view;

use crate::service::Actor;
use crate::service::public::{self, Stamp};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use cache::{PublicCache, Snapshot};
use gzip::Rendered;
use std::sync::Arc;

pub const HTML: &str = "text/html; charset=utf-8";
pub const SVG: &str = "image/svg+xml; charset=utf-8";

/// How long a browser or proxy may keep a public page before asking again (with its ETag).
/// Short: the standings change while the tournament runs.
const MAX_AGE: &str = "public, max-age=5";

/// The public pages, one scope under `/p` (registered early by `web::configure`: a scope is
/// matched by its fixed prefix, so these patterns are tried only for `/p/…`). The secretary's
/// switch that makes a tournament public is [`toggle::configure`].
pub fn scope() -> actix_web::Scope {
    // The cache (`web::Data<PublicCache>`) is the process's, put in by `startup`.
    web::scope("/p")
        .route("/{slug}", web::get().to(standings::page))
        .route("/{slug}/live", web::get().to(standings::live))
        .route("/{slug}/projector", web::get().to(standings::projector))
        .route("/{slug}/rounds/{n}", web::get().to(rounds::round))
        .route(
            "/{slug}/rounds/{n}/tables/{t}",
            web::get().to(rounds::sheet),
        )
        .route(
            "/{slug}/rounds/{n}/tables/{t}/deals/{d}/streitfall",
            web::get().to(streitfall::page),
        )
        .route("/{slug}/entrants/{id}", web::get().to(entrant::page))
        .route("/{slug}/chart", web::get().to(charts::page))
        .route("/{slug}/chart.svg", web::get().to(charts::svg))
}

/// The public page of a tournament.
pub fn href(slug: &str) -> String {
    format!("/p/{slug}")
}

/// Answers a public page: 404 unless the visitor may see the tournament; 304 when the
/// visitor's copy is current; else the body `render` makes from the snapshot, served from the
/// cache when an anonymous visitor asked for the same page since the last change.
///
/// Anonymous visitors of a public tournament get an ETag and a short public cache lifetime.
/// A logged-in visitor's pages carry their name and logout token in the layout, so they are
/// rendered for them alone and never stored (`no-store`, no ETag).
pub async fn serve<F>(
    mut ctx: Ctx,
    req: &HttpRequest,
    cache: &PublicCache,
    slug: &str,
    content_type: &'static str,
    render: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&Snapshot, Page) -> Result<String, AppError>,
{
    let viewer = ctx.user().map(Actor::of_user);
    let anonymous = viewer.is_none();
    let (row, stamp) = match anonymous.then(|| cache.known_stamp(slug)).flatten() {
        // Out of date, and no refresh under way: this request starts the refresh and waits
        // for it, at most `refresh_wait`; the others meanwhile are answered from the stamp
        // they know (see `cache`).
        Some(known) if !known.fresh && cache.begin_refresh(slug) => {
            let (db, shared, target) = (ctx.state.db.clone(), cache.clone(), slug.to_string());
            // Spawned, so the refresh ends (and is released) even if this visitor hangs up
            // or stops waiting.
            let refreshing = actix_web::rt::spawn(refresh(db, shared, target));
            match actix_web::rt::time::timeout(cache.refresh_wait(), refreshing).await {
                // Not done in time: answered from what is kept, like the others.
                Err(_) => (known.row, known.stamp),
                Ok(refreshed) => match (refreshed, cache.known_stamp(slug)) {
                    (Ok(()), Some(now)) => (now.row, now.stamp),
                    _ => stamp_of(&ctx, cache, viewer, slug).await?,
                },
            }
        }
        Some(known) => (known.row, known.stamp),
        None => stamp_of(&ctx, cache, viewer, slug).await?,
    };
    let locale = ctx.locale;
    let shared = anonymous && row.public;
    let etag = stamp.etag(locale.tag());
    if shared && let Some(held) = fresh(req, &etag) {
        return Ok(not_modified(held));
    }
    let page = match shared
        .then(|| cache.page(&ctx.path, locale, stamp))
        .flatten()
    {
        Some(page) => page,
        None => {
            let snap = snapshot(&ctx, cache, row, stamp).await?;
            let page = if shared {
                Page::anonymous(locale, &ctx.path)
            } else {
                ctx.page().await?
            };
            let body = Bytes::from(render(&snap, page)?);
            if shared {
                // Compressed once for this stamp; every visitor until the next is served
                // the copy kept.
                let kept = Rendered::compressed(body);
                cache.keep_page(&ctx.path, locale, stamp, kept.clone());
                kept
            } else {
                Rendered::plain(body)
            }
        }
    };
    Ok(answer(req, content_type, page, shared, etag))
}

/// What a shared answer varies by: the language is a cookie, and the gzip copy goes only to
/// browsers that accept it.
const VARY: &str = "Accept-Encoding, Cookie";

/// 304 to a visitor who holds the shared page: the ETag they hold (the plain page's or the
/// gzip copy's, see [`fresh`]) and the short public lifetime.
pub fn not_modified(etag: String) -> HttpResponse {
    HttpResponse::NotModified()
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, MAX_AGE))
        .insert_header((header::VARY, VARY))
        .finish()
}

/// A public page's answer: a shared (anonymous) page with its ETag and the short public
/// lifetime, its gzip copy when it has one and the request accepts gzip (with the copy's own
/// ETag, [`gzip::gzip_etag`]); a page rendered for one logged-in visitor is never stored, and
/// goes plain (see `docs/reference/public.md`, "Compression").
pub fn answer(
    req: &HttpRequest,
    content_type: &'static str,
    page: Rendered,
    shared: bool,
    etag: String,
) -> HttpResponse {
    let mut res = HttpResponse::Ok();
    res.content_type(content_type);
    if !shared {
        res.insert_header((header::CACHE_CONTROL, "no-store"));
        return res.body(page.plain);
    }
    res.insert_header((header::CACHE_CONTROL, MAX_AGE))
        .insert_header((header::VARY, VARY));
    match page.gzip.filter(|_| gzip::accepts_gzip(req)) {
        Some(compressed) => {
            res.insert_header((header::CONTENT_ENCODING, "gzip"))
                .insert_header((header::ETAG, gzip::gzip_etag(&etag)));
            res.body(compressed)
        }
        None => {
            res.insert_header((header::ETAG, etag));
            res.body(page.plain)
        }
    }
}

/// The snapshot for `stamp`: from the cache, or loaded (read after the stamp, so never older)
/// and refereed off the actix workers, one build at a time per tournament.
async fn snapshot(
    ctx: &Ctx,
    cache: &PublicCache,
    row: crate::db::models::TournamentRow,
    stamp: Stamp,
) -> Result<Arc<Snapshot>, AppError> {
    if let Some(snap) = cache.snapshot(stamp) {
        return Ok(snap);
    }
    let turn = cache.build_turn(stamp.tournament_id);
    let _turn = turn.lock().await;
    // Another request may have built it while this one waited for its turn.
    if let Some(snap) = cache.snapshot(stamp) {
        return Ok(snap);
    }
    let detail = ctx
        .state
        .db
        .run(move |conn| public::load(conn, row))
        .await?;
    let snap = Arc::new(crate::blocking(move || Snapshot::build(detail)).await??);
    cache.keep_snapshot(stamp, snap.clone());
    Ok(snap)
}

/// The stamp read from the database now (kept for the next anonymous visitors).
async fn stamp_of(
    ctx: &Ctx,
    cache: &PublicCache,
    viewer: Option<Actor>,
    slug: &str,
) -> Result<(crate::db::models::TournamentRow, Stamp), AppError> {
    let anonymous = viewer.is_none();
    let target = slug.to_string();
    let (row, stamp) = ctx
        .state
        .db
        .run(move |conn| public::stamp(conn, viewer.as_ref(), &target))
        .await?;
    if anonymous {
        cache.keep_stamp(slug, &row, stamp);
    }
    Ok((row, stamp))
}

/// The background refresh of an anonymous visitor's stamp (see [`cache`]): reads the stamp,
/// builds the snapshot for a new one, and only then lets the requests move on to it, so none
/// of them waits for the database or the referee. On any failure the stamp is forgotten and
/// the next request reads it itself, answering what the database says (404, 503).
async fn refresh(db: crate::db::Db, cache: PublicCache, slug: String) {
    // Released however this ends, a panic included: a claim left behind would stop the
    // tournament's refreshes for good.
    struct Claim(PublicCache, String);
    impl Drop for Claim {
        fn drop(&mut self) {
            self.0.end_refresh(&self.1);
        }
    }
    let _claim = Claim(cache.clone(), slug.clone());
    let read = slug.clone();
    let stamped = db.run(move |conn| public::stamp(conn, None, &read)).await;
    let result = match stamped {
        Ok((row, stamp)) => match fresh_snapshot(&db, &cache, &row, stamp).await {
            Ok(()) => {
                cache.keep_stamp(&slug, &row, stamp);
                Ok(())
            }
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        tracing::debug!("public page {slug}: refresh failed: {e:?}");
        cache.forget_stamp(&slug);
    }
}

/// Builds and keeps the snapshot for `stamp` unless it is kept already (or the tournament is
/// not public, when the anonymous pages are not served from the cache).
async fn fresh_snapshot(
    db: &crate::db::Db,
    cache: &PublicCache,
    row: &crate::db::models::TournamentRow,
    stamp: Stamp,
) -> Result<(), AppError> {
    if !row.public || cache.snapshot(stamp).is_some() {
        return Ok(());
    }
    let turn = cache.build_turn(stamp.tournament_id);
    let _turn = turn.lock().await;
    if cache.snapshot(stamp).is_some() {
        return Ok(());
    }
    let row = row.clone();
    let detail = db.run(move |conn| public::load(conn, row)).await?;
    let snap = Arc::new(crate::blocking(move || Snapshot::build(detail)).await??);
    cache.keep_snapshot(stamp, snap);
    Ok(())
}

/// The ETag the request's `If-None-Match` holds for this stamp's page: `etag` (the plain
/// page's) or its gzip copy's (both are the same page; a browser that switched encodings still
/// gets its 304), `etag` for `*`; `None` when it holds neither. Weak tags compare by their
/// value: the pages are the same bytes either way.
pub fn fresh(req: &HttpRequest, etag: &str) -> Option<String> {
    let compressed = gzip::gzip_etag(etag);
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .map(|t| t.strip_prefix("W/").unwrap_or(t))
        .find_map(|t| {
            if t == "*" || t == etag {
                Some(etag.to_string())
            } else {
                (t == compressed).then(|| compressed.clone())
            }
        })
}

/// Renders an askama template to a string.
pub fn html(template: &impl askama::Template) -> Result<String, AppError> {
    template
        .render()
        .map_err(|e| AppError::Internal(format!("template: {e}")))
}
