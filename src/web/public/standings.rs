//! `/p/{slug}`: the live standings; `/p/{slug}/live`: the same table alone, which the page's
//! script fetches every few seconds with the last ETag (304 while nothing changed);
//! `/p/{slug}/projector`: the standings in large type for a projector, scrolling by itself,
//! without any controls.

use super::cache::{PublicCache, Snapshot};
use super::view::{self, Head, PublicTable};
use super::{HTML, html, serve};
use crate::service::tournaments::Status;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use crate::web::secretary::prizes_view;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// Seconds between two polls of the live table (the script reads it from the page).
pub const POLL_SECONDS: u32 = 5;
/// Without script the page reloads itself this often.
pub const REFRESH_SECONDS: u32 = 30;

#[derive(Template)]
#[template(path = "public/standings.html")]
struct StandingsPage {
    page: Page,
    head: Head,
    live: LiveTable,
    /// The prize list (the pot before the end), if the tournament has one.
    prizes: Option<crate::web::secretary::prizes_view::PrizeView>,
    live_href: String,
    poll: u32,
    refresh: u32,
}

#[derive(Template)]
#[template(path = "public/projector.html")]
struct ProjectorPage {
    page: Page,
    head: Head,
    live: LiveTable,
    live_href: String,
    poll: u32,
    refresh: u32,
    /// The public address and its QR code, so the room follows on their phones.
    public_url: String,
    public_qr: Option<String>,
}

/// The part that updates: the overall standings and notes on broken tables.
#[derive(Template)]
#[template(path = "public/live.html")]
struct LiveTable {
    page: Page,
    table: Option<PublicTable>,
    broken: Vec<String>,
}

fn live_table(snap: &Snapshot, page: Page) -> LiveTable {
    let l = page.locale;
    LiveTable {
        table: view::overall(l, snap),
        broken: view::broken(l, snap),
        page,
    }
}

pub async fn page(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        let head = Head::of(snap);
        let finished = snap.detail.tournament.status == Status::Finished;
        let rows = &snap.eval.standings.standings;
        html(&StandingsPage {
            prizes: prizes_view::view(page.locale, &snap.file, rows, finished),
            live_href: format!("/p/{}/live", head.slug),
            live: live_table(snap, Page::anonymous(page.locale, &page.path)),
            head,
            page,
            poll: POLL_SECONDS,
            refresh: REFRESH_SECONDS,
        })
    })
    .await
}

pub async fn live(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        html(&live_table(snap, page))
    })
    .await
}

pub async fn projector(
    ctx: Ctx,
    req: HttpRequest,
    cache: web::Data<PublicCache>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let base = ctx.base.clone();
    serve(ctx, &req, &cache, &slug, HTML, |snap, page| {
        let head = Head::of(snap);
        let public_url = format!("{base}/p/{}", head.slug);
        // The projector of a private tournament (its managers' preview) shows no address.
        let public_qr = if snap.detail.tournament.public {
            Some(crate::web::links::qr_svg(&public_url)?)
        } else {
            None
        };
        html(&ProjectorPage {
            public_url,
            public_qr,
            live_href: format!("/p/{}/live", head.slug),
            live: live_table(snap, Page::anonymous(page.locale, &page.path)),
            head,
            page,
            poll: POLL_SECONDS,
            refresh: REFRESH_SECONDS,
        })
    })
    .await
}
