//! Table cards for a round (the tournament's secretaries and the administrator): `GET` shows
//! what issuing does, `POST` issues a new secret link per table (the old ones stop working)
//! and shows the cards, each with tournament, round, table, seats, the link and its QR code.
//! The secrets appear on this one answer only (`no-store`); the database keeps their digests.
//! Also the tournament's confirmation rule.

use crate::service::Actor;
use crate::service::scoring::{self, Confirmation, links};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, CsrfOnly, Ctx, csrf_form};
use crate::web::links::{link_base, qr_svg};
use crate::web::page::Page;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// A card as the page prints it.
pub struct CardView {
    pub table: i32,
    pub seats: Vec<(String, String)>,
    pub link: String,
    pub qr: String,
}

#[derive(Template)]
#[template(path = "score/cards.html")]
struct CardsPage {
    page: Page,
    csrf: String,
    tournament: String,
    round: i32,
    action: String,
    confirm_action: String,
    cards: Vec<CardView>,
    confirmation: String,
    /// The round is closed: no cards to issue, the page says what to do instead.
    closed: bool,
    round_href: String,
}

csrf_form!(ConfirmationForm {
    confirmation,
    round
});

fn actor(ctx: &Ctx) -> Result<Actor, AppError> {
    Ok(Actor::of_user(ctx.require_user()?))
}

pub(super) async fn page(
    mut ctx: Ctx,
    slug: String,
    round: i32,
    cards: Vec<CardView>,
) -> Result<HttpResponse, AppError> {
    let actor = actor(&ctx)?;
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    let s = slug.clone();
    let (name, confirmation, closed) = ctx
        .state
        .db
        .run(move |conn| {
            let t = crate::service::managed(conn, &actor, &s)?;
            let d = crate::service::tournaments::get(conn, Some(&actor), &s)?;
            let closed = d.round(round)?.closed;
            Ok((t.name.clone(), scoring::confirmation(conn, t.id())?, closed))
        })
        .await?;
    let template = CardsPage {
        page,
        csrf,
        tournament: name,
        round,
        action: format!("/t/{slug}/rounds/{round}/cards"),
        confirm_action: format!("/t/{slug}/confirmation"),
        cards,
        confirmation: confirmation.as_str().to_string(),
        closed,
        round_href: format!("/t/{slug}/rounds/{round}"),
    };
    ctx.ok(&template)
}

pub async fn form(ctx: Ctx, path: web::Path<(String, i32)>) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    page(ctx, slug, round, Vec::new()).await
}

pub async fn issue(
    req: HttpRequest,
    path: web::Path<(String, i32)>,
    CsrfForm(ctx, _): CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let actor = actor(&ctx)?;
    let now = ctx.state.clock.now();
    let s = slug.clone();
    let cards = ctx
        .state
        .db
        .run(move |conn| links::issue_cards(conn, &actor, now, &s, round))
        .await?;
    let base = link_base(&req, ctx.state.settings.https);
    let views = views(&base, cards)?;
    page(ctx, slug, round, views).await
}

/// The cards as the page shows them: each link under `base` with its QR code.
pub(super) fn views(base: &str, cards: links::Cards) -> Result<Vec<CardView>, AppError> {
    let mut views = Vec::new();
    for card in cards.cards {
        let link = format!("{base}/s/{}", card.token);
        views.push(CardView {
            table: card.table,
            seats: super::view::letters(card.seats.len())
                .into_iter()
                .zip(card.seats)
                .collect(),
            qr: qr_svg(&link)?,
            link,
        });
    }
    Ok(views)
}

pub async fn set_confirmation(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<ConfirmationForm>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let actor = actor(&ctx)?;
    let Some(value) = Confirmation::parse(&form.confirmation) else {
        // Whoever may not run the tournament gets its 404/403 first, not a verdict on the form.
        crate::web::secretary::access::managed(&ctx, &slug).await?;
        return Err(AppError::BadRequest(
            "confirmation: none, other_side or secretary".into(),
        ));
    };
    let now = ctx.state.clock.now();
    let s = slug.clone();
    ctx.state
        .db
        .run(move |conn| scoring::set_confirmation(conn, &actor, now, &s, value))
        .await?;
    // Back to the cards page it was set on.
    let round: i32 = form.round.parse().unwrap_or(1);
    Ok(ctx.redirect(&format!("/t/{slug}/rounds/{round}/cards")))
}
