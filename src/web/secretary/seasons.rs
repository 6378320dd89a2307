//! `/seasons` and `/seasons/{slug}`: the club championship. The list with a form to create a
//! season; a season's page with its standings (each evening's points as a column, the total,
//! the tie-break columns summed over the counted evenings, the counting rule in words) and the
//! forms to add and remove evenings. For the club's secretaries and the administrator only
//! (`crate::service::seasons`).

use crate::auth::Role;
use crate::db::models::Club;
use crate::service::seasons::{self, Refusal, SeasonRow, SeasonStandings};
use crate::service::tournaments;
use crate::text::{Kind, Text};
use crate::tournament::scheme::SeasonCount;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use crate::web::secretary::choices::{Choice, game_label};
use crate::web::secretary::list::date_words;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "season_list.html")]
struct ListPage {
    page: Page,
    csrf: String,
    lines: Vec<(String, String, String)>,
    clubs: Vec<Choice>,
    error: Option<String>,
}

// The create form: a name, the counting rule (`all` or `best`), N for `best`, and the club
// (the administrator's choice; a secretary's own club otherwise).
csrf_form!(NewSeasonForm {
    name,
    counting,
    best,
    club
});

/// The counting rule in words.
pub fn counting_words(l: Locale, count: SeasonCount) -> String {
    match count {
        SeasonCount::All => l.t("season-counting-all"),
        SeasonCount::Best(n) => l.t_with("season-counting-best", &[("n", n.to_string())]),
    }
}

async fn render_list(
    mut ctx: Ctx,
    status: StatusCode,
    error: Option<&'static str>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let is_admin = ctx.require_user()?.role == Role::Admin;
    let (rows, clubs) = ctx
        .state
        .db
        .run(move |conn| {
            let clubs = if is_admin {
                Club::all(conn)?
            } else {
                Vec::new()
            };
            Ok((seasons::list(conn, &actor)?, clubs))
        })
        .await?;
    let l = ctx.locale;
    let lines = rows
        .iter()
        .map(|s: &SeasonRow| {
            (
                format!("/seasons/{}", s.slug),
                s.name.clone(),
                counting_words(l, s.count()),
            )
        })
        .collect();
    let clubs = clubs
        .into_iter()
        .map(|c| Choice {
            selected: false,
            value: c.id.to_string(),
            label: c.name,
        })
        .collect();
    let page = ListPage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        lines,
        clubs,
        error: error.map(|e| l.t(e)),
    };
    ctx.render(status, &page)
}

pub async fn list(ctx: Ctx) -> Result<HttpResponse, AppError> {
    render_list(ctx, StatusCode::OK, None).await
}

/// Creates a season and opens its page.
pub async fn create(
    CsrfForm(ctx, form): CsrfForm<NewSeasonForm>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let user = ctx.require_user()?;
    let club_id = match (user.role, user.club_id) {
        (Role::Admin, _) => form.club.trim().parse::<i32>().ok(),
        (_, club) => club,
    };
    let name = Text::parse(&form.name, Kind::Season).map(Text::into_string);
    let count = match form.counting.as_str() {
        "best" => seasons::parse_counting(&format!("best:{}", form.best.trim())),
        _ => Some(SeasonCount::All),
    };
    let error = if name.is_err() {
        Some("season-error-name")
    } else if count.is_none() {
        Some("season-error-best")
    } else if club_id.is_none() {
        Some("error-club")
    } else {
        None
    };
    let (Some(count), Some(club_id), None, Ok(name)) = (count, club_id, error, name) else {
        return render_list(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    let now = ctx.state.clock.now();
    let slug = ctx
        .state
        .db
        .run(move |conn| seasons::create(conn, &actor, now, club_id, &name, count))
        .await?;
    Ok(ctx.redirect(&format!("/seasons/{slug}")))
}

/// The tie-break columns' headings.
pub fn columns(l: Locale, s: &SeasonStandings) -> Vec<String> {
    s.rows
        .first()
        .map(|r| {
            r.tiebreaks
                .iter()
                .map(|(c, _)| crate::report::column_label(*c, l.rules_lang()))
                .collect()
        })
        .unwrap_or_default()
}

/// The table's lines.
pub fn lines(s: &SeasonStandings) -> Vec<SeasonLine> {
    s.rows
        .iter()
        .zip(&s.per_evening)
        .map(|(r, per)| SeasonLine {
            rank: r.rank,
            name: r.name.clone(),
            evenings: per
                .iter()
                .map(|p| p.map(|v| v.to_string()).unwrap_or_default())
                .collect(),
            points: r.points,
            tiebreaks: r.tiebreaks.iter().map(|(_, v)| *v).collect(),
        })
        .collect()
}

/// One line of the season's table.
pub struct SeasonLine {
    pub rank: u32,
    pub name: String,
    /// Each evening's points; empty: not there.
    pub evenings: Vec<String>,
    pub points: i64,
    pub tiebreaks: Vec<i64>,
}

#[derive(Template)]
#[template(path = "season_show.html")]
struct ShowPage {
    page: Page,
    csrf: String,
    slug: String,
    name: String,
    counting: String,
    /// The evenings: (name, date, tournament slug).
    evenings: Vec<(String, String, String)>,
    columns: Vec<String>,
    lines: Vec<SeasonLine>,
    /// Tournaments of the club that can still be added: (slug, label).
    candidates: Vec<(String, String)>,
    error: Option<String>,
    /// Shown to everybody (its page `/seasons/{slug}/standings`).
    public: bool,
}

async fn render_show(
    mut ctx: Ctx,
    slug: String,
    status: StatusCode,
    error: Option<Refusal>,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let lang = ctx.locale.rules_lang();
    let (s, all): (SeasonStandings, _) = ctx
        .state
        .db
        .run(move |conn| {
            let s = seasons::standings(conn, &actor, &slug, lang)?;
            let all = tournaments::list(conn, Some(&actor))?;
            Ok((s, all))
        })
        .await?;
    let l = ctx.locale;
    let season = &s.season;
    let game = season.evenings.first().map(|t| t.game);
    let candidates = all
        .iter()
        .filter(|t| t.club_id == season.row.club_id)
        .filter(|t| game.is_none_or(|g| g == t.game))
        .filter(|t| season.evenings.iter().all(|e| e.id != t.id))
        .map(|t| {
            let label = format!(
                "{} ({}, {})",
                t.name,
                date_words(t.date),
                game_label(l, t.game)
            );
            (t.slug.clone(), label)
        })
        .collect();
    let columns = columns(l, &s);
    let lines = lines(&s);
    let page = ShowPage {
        csrf: ctx.csrf_token().await?,
        page: ctx.page().await?,
        slug: season.row.slug.clone(),
        name: season.row.name.clone(),
        counting: counting_words(l, season.row.count()),
        evenings: season
            .evenings
            .iter()
            .map(|t| (t.name.clone(), date_words(t.date), t.slug.clone()))
            .collect(),
        columns,
        lines,
        candidates,
        error: error.map(|e| l.t(e.id())),
        public: season.row.public,
    };
    ctx.render(status, &page)
}

pub async fn show(ctx: Ctx, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    render_show(ctx, path.into_inner(), StatusCode::OK, None).await
}

// The add and remove forms: the tournament's slug.
csrf_form!(EveningForm { tournament });

pub async fn add(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EveningForm>,
) -> Result<HttpResponse, AppError> {
    change(ctx, path.into_inner(), form.tournament, true).await
}

pub async fn remove(
    path: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<EveningForm>,
) -> Result<HttpResponse, AppError> {
    change(ctx, path.into_inner(), form.tournament, false).await
}

async fn change(
    ctx: Ctx,
    slug: String,
    tournament: String,
    add: bool,
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let s = slug.clone();
    let outcome = ctx
        .state
        .db
        .run(move |conn| {
            if add {
                seasons::add(conn, &actor, &s, tournament.trim())
            } else {
                seasons::remove(conn, &actor, &s, tournament.trim())
            }
        })
        .await?;
    match outcome {
        Ok(()) => Ok(ctx.redirect(&format!("/seasons/{slug}"))),
        Err(refusal) => {
            render_show(ctx, slug, StatusCode::UNPROCESSABLE_ENTITY, Some(refusal)).await
        }
    }
}
