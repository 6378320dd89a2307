//! `GET /t/{slug}/report`: the final report as a printable page (the browser prints it; the
//! print rules of `kartl.css` drop the navigation and keep rows and tables whole). It shows
//! what the PDF shows, from the same [`ReportData`]: title, date, place, rules line, winners,
//! standings with the tie-break columns, the prize list, every round's results, byes and
//! broken tables.

use super::{Audience, load_as, report_data};
use crate::report::ReportData;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use actix_web::{HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "exports_report.html")]
struct ReportPage {
    page: Page,
    slug: String,
    /// Whether the visitor manages the tournament (the way back to its page).
    manages: bool,
    data: ReportData,
    /// "Runde 2" / "Runde 4 (Finalrunde)", per round of `data.rounds`.
    captions: Vec<String>,
    /// The public address's QR code (inline SVG) while the pages are public.
    public_qr: Option<String>,
    public_url: String,
    /// The prize list, when the tournament has a prize scheme.
    prizes: Option<crate::web::secretary::prizes_view::PrizeView>,
}

pub async fn page(ctx: Ctx, slug: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (d, manages) = load_as(&ctx, &slug, Audience::PublicResults).await?;
    let data = report_data(&ctx, &d).await?;
    let l = ctx.locale;
    let captions = data
        .rounds
        .iter()
        .map(|r| {
            let key = if r.knockout {
                "exports-round-knockout"
            } else {
                "exports-round"
            };
            l.t_with(key, &[("round", r.number.to_string())])
        })
        .collect();
    let public_qr = match &data.public_url {
        Some(url) => Some(crate::web::links::qr_svg(url)?),
        None => None,
    };
    let public_url = data.public_url.clone().unwrap_or_default();
    let prizes = (data.prizes.as_ref()).map(|p| crate::web::secretary::prizes_view::words(l, p));
    let mut ctx = ctx;
    let page = ReportPage {
        public_qr,
        public_url,
        prizes,
        page: ctx.page().await?,
        slug: d.tournament.slug.clone(),
        manages,
        data,
        captions,
    };
    ctx.ok(&page)
}
