//! `/cups`: the cups the user may see, and (for organisers and the administrator) the form
//! to create one. `/cups/{slug}`: a cup's working page. The organiser (and the
//! administrator) sees the rules form, the member clubs, every proposed evening with accept
//! and refuse, and the players to link across clubs; a member club's secretary sees the
//! rules, the club's evenings and the form to propose one. Who sees what: `service::cups`.

use super::form::{RulesForm, RulesValues, parse_game, parse_rules};
use super::words::{evening_heading, rules_lines};
use crate::auth::Role;
use crate::db::models::{Club, User};
use crate::service::Actor;
use crate::service::cups::evenings::{self, EveningStatus};
use crate::service::cups::links::{self, CupPlayer};
use crate::service::cups::standings::EveningLine;
use crate::service::cups::{self, Access, Cup, CupSpec};
use crate::service::tournaments;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx};
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::choices::{self, Choice};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use std::collections::BTreeMap;

#[derive(Template)]
#[template(path = "cup_list.html")]
struct ListPage {
    page: Page,
    csrf: String,
    /// (href, name, game)
    lines: Vec<(String, String, String)>,
    may_create: bool,
    games: Vec<Choice>,
    organisers: Vec<Choice>,
    form: RulesValues,
    error: Option<String>,
}

async fn render_list(
    mut ctx: Ctx,
    status: StatusCode,
    error: Option<&'static str>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let is_admin = ctx.require_user()?.role == Role::Admin;
    let who = actor.clone();
    let (list, users) = ctx
        .state
        .db
        .run(move |conn| {
            let users = if is_admin {
                User::all(conn)?
            } else {
                Vec::new()
            };
            Ok((cups::list(conn, &who)?, users))
        })
        .await?;
    let l = ctx.locale;
    let lines = list
        .iter()
        .map(|c: &Cup| {
            (
                format!("/cups/{}", c.row.slug),
                c.row.name.clone(),
                choices::game_label(l, c.game),
            )
        })
        .collect();
    let mut organisers = vec![Choice {
        value: String::new(),
        label: l.t("cup-organiser-self"),
        selected: true,
    }];
    organisers.extend(
        users
            .into_iter()
            .filter(|u| u.role == Role::Organiser)
            .map(|u| Choice {
                value: u.id.0.to_string(),
                label: u.name,
                selected: false,
            }),
    );
    let page = ListPage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        lines,
        may_create: cups::may_create(&actor),
        games: choices::games(l, "watten"),
        organisers: if is_admin { organisers } else { Vec::new() },
        form: RulesValues::new_cup(l),
        error: error.map(|e| l.t(e)),
    };
    ctx.render(status, &page)
}

pub async fn list(ctx: Ctx) -> Result<HttpResponse, AppError> {
    render_list(ctx, StatusCode::OK, None).await
}

/// Creates a cup and opens its page.
pub async fn create(CsrfForm(ctx, form): CsrfForm<RulesForm>) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    if !cups::may_create(&actor) {
        return Err(AppError::Forbidden);
    }
    let user = ctx.require_user()?;
    let organiser_id = match (user.role, form.organiser.trim()) {
        (Role::Admin, "") | (Role::Organiser, _) => Some(user.id.0),
        (_, id) => id.parse::<i32>().ok(),
    };
    let parsed = parse_rules(&form).and_then(|(name, rules)| {
        let game = parse_game(&form)?;
        let organiser_id = organiser_id.ok_or("cup-error-organiser")?;
        Ok((organiser_id, CupSpec { name, game, rules }))
    });
    let (organiser_id, spec) = match parsed {
        Ok(p) => p,
        Err(e) => return render_list(ctx, StatusCode::UNPROCESSABLE_ENTITY, Some(e)).await,
    };
    let now = ctx.state.clock.now();
    let slug = ctx
        .state
        .db
        .run(move |conn| {
            // The administrator may name an organiser: it must be one (or the administrator).
            let organiser = User::find(conn, crate::db::models::UserId(organiser_id))?;
            if !organiser.is_some_and(|u| matches!(u.role, Role::Organiser | Role::Admin)) {
                return Ok(Err("cup-error-organiser"));
            }
            cups::create(conn, &actor, now, organiser_id, &spec).map(Ok)
        })
        .await?;
    match slug {
        Ok(slug) => Ok(ctx.redirect(&format!("/cups/{slug}"))),
        Err(e) => render_list(ctx, StatusCode::UNPROCESSABLE_ENTITY, Some(e)).await,
    }
}

/// One evening of the working page.
pub struct EveningRow {
    pub slug: String,
    pub heading: String,
    pub status: String,
    /// `proposed`, `accepted`, `refused`: the row's class and which buttons show.
    pub state: &'static str,
    /// Accepted but not finished yet: does not count until "Turnier abschließen".
    pub unfinished: bool,
}

/// A link of two players, for the page.
pub struct LinkRow {
    pub player_id: i32,
    pub player: String,
    pub person: String,
}

#[derive(Template)]
#[template(path = "cup_show.html")]
struct ShowPage {
    page: Page,
    csrf: String,
    slug: String,
    name: String,
    rules: Vec<String>,
    organiser: bool,
    form: RulesValues,
    clubs: Vec<String>,
    club_choices: Vec<Choice>,
    evenings: Vec<EveningRow>,
    /// For a member's secretary: the club's tournaments that may be proposed.
    candidates: Vec<Choice>,
    players: Vec<Choice>,
    suggestions: Vec<(i32, i32, String)>,
    links: Vec<LinkRow>,
    error: Option<String>,
}

/// Everything the working page shows, read in one go.
struct Loaded {
    cup: Cup,
    access: Access,
    evenings: Vec<EveningLine>,
    clubs: Vec<Club>,
    players: Vec<CupPlayer>,
    links: BTreeMap<i32, i32>,
    candidates: Vec<tournaments::Tournament>,
}

fn load(conn: &mut crate::db::DbConn, actor: &Actor, slug: &str) -> Result<Loaded, AppError> {
    let (cup, access) = cups::get(conn, actor, slug)?;
    let clubs = Club::all(conn)?;
    let club_name = |id: i32| {
        clubs
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.name.clone())
            .unwrap_or_default()
    };
    let all = evenings::of_cup(conn, cup.row.id)?;
    let in_cup: Vec<i32> = all
        .iter()
        .filter(|e| e.status != EveningStatus::Refused)
        .map(|e| e.tournament.id)
        .collect();
    let evenings = all
        .into_iter()
        .filter(|e| match access {
            Access::Organiser => true,
            Access::Member { club_id } => e.tournament.club_id == club_id,
        })
        .map(|e| EveningLine {
            counts: e.counts(),
            slug: e.tournament.slug.clone(),
            name: e.tournament.name.clone(),
            date: e.tournament.date.clone(),
            club: club_name(e.tournament.club_id),
            status: e.status,
            public: e.tournament.public,
        })
        .collect();
    let candidates = tournaments::list(conn, Some(actor))?
        .into_iter()
        .filter(|t| actor.may_manage(t.club_id) && cup.clubs.contains(&t.club_id))
        .filter(|t| t.game == cup.game && !in_cup.contains(&t.id.0))
        .collect();
    let (players, links) = if access == Access::Organiser {
        (
            links::players_of_cup(conn, cup.row.id)?,
            links::persons(conn, cup.row.id)?,
        )
    } else {
        (Vec::new(), BTreeMap::new())
    };
    Ok(Loaded {
        cup,
        access,
        evenings,
        clubs,
        players,
        links,
        candidates,
    })
}

fn evening_row(l: crate::web::i18n::Locale, e: &EveningLine) -> EveningRow {
    EveningRow {
        slug: e.slug.clone(),
        heading: evening_heading(e),
        status: l.t(&format!("cup-status-{}", e.status.as_str())),
        state: e.status.as_str(),
        unfinished: e.status == EveningStatus::Accepted && !e.counts,
    }
}

pub(super) async fn render_show(
    mut ctx: Ctx,
    slug: String,
    status: StatusCode,
    error: Option<&'static str>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let d = ctx
        .state
        .db
        .run(move |conn| load(conn, &actor, &slug))
        .await?;
    let l = ctx.locale;
    let club_name = |id: i32| {
        d.clubs
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.name.clone())
            .unwrap_or_default()
    };
    let player_label = |p: &CupPlayer| format!("{} ({})", p.name, club_name(p.club_id));
    let label_of = |id: i32| {
        d.players
            .iter()
            .find(|p| p.id == id)
            .map(player_label)
            .unwrap_or_default()
    };
    let choice = |value: String, label: String| Choice {
        value,
        label,
        selected: false,
    };
    let page = ShowPage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        slug: d.cup.row.slug.clone(),
        name: d.cup.row.name.clone(),
        rules: rules_lines(l, &d.cup),
        organiser: d.access == Access::Organiser,
        form: RulesValues::of(l, &d.cup.row.name, &d.cup.rules),
        clubs: d.cup.clubs.iter().map(|c| club_name(*c)).collect(),
        club_choices: d
            .clubs
            .iter()
            .filter(|c| !d.cup.clubs.contains(&c.id))
            .map(|c| choice(c.id.to_string(), c.name.clone()))
            .collect(),
        evenings: d.evenings.iter().map(|e| evening_row(l, e)).collect(),
        candidates: d
            .candidates
            .iter()
            .map(|t| choice(t.slug.clone(), t.name.clone()))
            .collect(),
        players: d
            .players
            .iter()
            .map(|p| choice(p.id.to_string(), player_label(p)))
            .collect(),
        suggestions: links::suggestions(&d.players, &d.links)
            .into_iter()
            .map(|(a, b)| {
                let words = l.t_with(
                    "cup-suggestion",
                    &[("player", player_label(&a)), ("person", player_label(&b))],
                );
                (a.id, b.id, words)
            })
            .collect(),
        links: d
            .links
            .iter()
            .map(|(player, person)| LinkRow {
                player_id: *player,
                player: label_of(*player),
                person: label_of(*person),
            })
            .collect(),
        error: error.map(|e| l.t(e)),
    };
    ctx.render(status, &page)
}

pub async fn show(ctx: Ctx, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    render_show(ctx, path.into_inner(), StatusCode::OK, None).await
}
