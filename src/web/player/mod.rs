//! `/spieler/{id}`: a player's page (their tournaments, places, points and the figures of
//! the game), and for the club's secretaries the player's privacy: the consent for public
//! display, the data download and the erasure ([`privacy`]). Who sees what is decided in
//! `service::player` and `service::consent`; see `docs/reference/public.md`.

mod figures;
mod privacy;

use crate::service::Actor;
use crate::service::consent::Consent;
use crate::service::player::{self, PlayerPage};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::choices::game_label;
use crate::web::secretary::list::date_words;
use actix_web::{HttpResponse, web};
use askama::Template;

/// The player routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/spieler/{id}", web::get().to(show))
        .route("/spieler/{id}/consent", web::post().to(privacy::consent))
        .route("/spieler/{id}/data.json", web::get().to(privacy::data))
        .route("/spieler/{id}/erase", web::get().to(privacy::erase_form))
        .route("/spieler/{id}/erase", web::post().to(privacy::erase));
}

pub use crate::web::links::player_href as href;

/// A player id from the path; anything else does not exist.
fn player_id(raw: &str) -> Result<i32, AppError> {
    raw.trim().parse().map_err(|_| AppError::NotFound)
}

/// One tournament of the player, in words.
pub struct EntryLine {
    pub href: String,
    pub name: String,
    /// Date and club ("21.11.2026 · SK Rutesheim").
    pub when: String,
    /// The team the player played in, where teams play; empty otherwise.
    pub team: String,
    /// "Platz 3 · 5 Punkte"; empty while nothing counts.
    pub standing: String,
    pub figures: Vec<String>,
}

#[derive(Template)]
#[template(path = "player/show.html")]
struct ShowPage {
    page: Page,
    csrf: String,
    id: i32,
    name: String,
    club: String,
    club_href: String,
    manages: bool,
    /// The consent choices: value, words, selected.
    consents: Vec<(&'static str, String, bool)>,
    entries: Vec<EntryLine>,
    /// Per game: its name and the figures over every tournament listed.
    totals: Vec<(String, Vec<String>)>,
}

/// The words of one consent setting.
pub fn consent_words(l: Locale, c: Consent) -> String {
    l.t(match c {
        Consent::Full => "player-consent-full",
        Consent::Initials => "player-consent-initials",
        Consent::Hidden => "player-consent-hidden",
    })
}

fn entry_line(l: Locale, p: &PlayerPage, e: &player::Entry) -> EntryLine {
    // The club's own people go to their overview; everybody else to the public pages.
    let href = if p.manages {
        crate::web::secretary::access::href(&e.slug)
    } else {
        crate::web::public::href(&e.slug)
    };
    let when = [date_words(e.date), e.club.clone()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    let standing = match (e.place, e.points) {
        (Some(place), Some(points)) => l.t_with(
            "player-standing",
            &[("place", place.to_string()), ("points", points.to_string())],
        ),
        _ => String::new(),
    };
    EntryLine {
        href,
        name: e.name.clone(),
        when,
        team: if e.entrant.starts_with('t') {
            e.entrant_name.clone()
        } else {
            String::new()
        },
        standing,
        figures: figures::lines(l, e.game, &e.figures),
    }
}

/// `GET /spieler/{id}`.
pub async fn show(mut ctx: Ctx, id: web::Path<String>) -> Result<HttpResponse, AppError> {
    let id = player_id(&id)?;
    let viewer = ctx.user().map(Actor::of_user);
    let lang = ctx.locale.rules_lang();
    let p = ctx
        .state
        .db
        .run(move |conn| player::page(conn, viewer.as_ref(), id, lang))
        .await?;
    let l = ctx.locale;
    // Only the club's people get forms (a visitor gets no session for a token).
    let csrf = if p.manages {
        ctx.csrf_token().await?
    } else {
        String::new()
    };
    let view = ShowPage {
        csrf,
        page: ctx.page().await?,
        id,
        name: p.name.clone(),
        club: p.club.clone(),
        club_href: crate::web::front::club_href(p.club_id),
        manages: p.manages,
        consents: Consent::ALL
            .into_iter()
            .map(|c| (c.as_str(), consent_words(l, c), c == p.consent))
            .collect(),
        entries: p.entries.iter().map(|e| entry_line(l, &p, e)).collect(),
        totals: p
            .totals
            .iter()
            .map(|(g, f)| (game_label(l, *g), figures::lines(l, *g, f)))
            .collect(),
    };
    ctx.ok(&view)
}
