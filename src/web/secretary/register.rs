//! `/register`: the club's register of players (`crate::service::register`). The list,
//! searchable (name, member number, year of birth), with the form to add a person, and the
//! merges done (`crate::service::merge`); a record's page is `register_record`. A secretary
//! works on their own club's register (another club's record is 404); the administrator
//! chooses the club.

use crate::auth::Role;
use crate::db::models::register::RegisterRow;
use crate::db::models::{Club, ClubId};
use crate::service::merge as merges;
use crate::service::register::{self, BIRTH_YEARS, Details, Listed};
use crate::text::{Kind, Text};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::access;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use std::collections::HashMap;

/// The list's query: the administrator's club and the search.
#[derive(serde::Deserialize)]
pub struct RegisterQuery {
    #[serde(default)]
    club: String,
    #[serde(default)]
    q: String,
}

csrf_form!(RecordForm {
    name,
    member_no,
    birth_year,
    club
});

/// One record of the list.
pub struct RecordLine {
    pub href: String,
    pub name: String,
    pub member_no: String,
    pub birth_year: String,
    pub tournaments: String,
}

/// The form's fields as shown.
#[derive(Default)]
pub struct Shown {
    pub name: String,
    pub member_no: String,
    pub birth_year: String,
}

impl Shown {
    pub(super) fn of(d: &Details) -> Shown {
        Shown {
            name: d.name.clone(),
            member_no: d.member_no.clone().unwrap_or_default(),
            birth_year: d
                .birth_year
                .filter(|y| BIRTH_YEARS.contains(y))
                .map(|y| y.to_string())
                .unwrap_or_default(),
        }
    }
}

/// One merge of the list.
pub struct MergeLine {
    pub id: i32,
    pub text: String,
    pub undone: bool,
}

#[derive(Template)]
#[template(path = "register_list.html")]
struct ListPage {
    page: Page,
    csrf: String,
    /// The administrator without a club chosen: the clubs, (link, name).
    clubs: Vec<(String, String)>,
    club_id: i32,
    club_name: String,
    is_admin: bool,
    query: String,
    lines: Vec<RecordLine>,
    count: String,
    merges: Vec<MergeLine>,
    error: Option<String>,
    form: Shown,
}

pub(super) fn is_admin(ctx: &Ctx) -> Result<bool, AppError> {
    Ok(ctx.require_user()?.role == Role::Admin)
}

/// The club asked for (`?club=`, the administrator's) parsed; anything else is none.
fn asked(club: &str) -> Option<i32> {
    club.trim().parse().ok()
}

fn line(l: Locale, x: &Listed) -> RecordLine {
    RecordLine {
        href: format!("/register/{}", x.row.id),
        name: x.row.name.clone(),
        member_no: x.row.member_no.clone().unwrap_or_default(),
        birth_year: x.row.birth_year.map(|y| y.to_string()).unwrap_or_default(),
        tournaments: l.t_with(
            "register-tournaments",
            &[("count", x.tournaments.to_string())],
        ),
    }
}

/// A merge in words; `names` gives each record's name (merged records included).
fn merge_line(
    l: Locale,
    m: &crate::db::models::register::MergeRow,
    names: &HashMap<i32, String>,
) -> MergeLine {
    let name = |id: i32| {
        names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| l.t_with("register-label-record", &[("id", id.to_string())]))
    };
    let key = if m.undone_at.is_some() {
        "register-merge-line-undone"
    } else {
        "register-merge-line"
    };
    MergeLine {
        id: m.id,
        text: l.t_with(
            key,
            &[
                ("kept", name(m.kept_id)),
                ("merged", name(m.merged_id)),
                ("by", m.actor.clone()),
                ("when", m.created_at.format("%d.%m.%Y").to_string()),
            ],
        ),
        undone: m.undone_at.is_some(),
    }
}

/// The names of the records the merges name.
fn merge_names(
    conn: &mut crate::db::DbConn,
    merges: &[crate::db::models::register::MergeRow],
) -> Result<HashMap<i32, String>, AppError> {
    let mut names = HashMap::new();
    for id in merges.iter().flat_map(|m| [m.kept_id, m.merged_id]) {
        if let std::collections::hash_map::Entry::Vacant(e) = names.entry(id)
            && let Some(r) = RegisterRow::find(conn, id)?
        {
            e.insert(r.name);
        }
    }
    Ok(names)
}

/// Shows the register of the club (or, for the administrator without one, the clubs).
async fn render_list(
    mut ctx: Ctx,
    club: Option<i32>,
    query: String,
    status: StatusCode,
    (error, form): (Option<String>, Details),
) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let admin = is_admin(&ctx)?;
    let l = ctx.locale;
    if admin && club.is_none() {
        let clubs = ctx.state.db.run(|conn| Ok(Club::all(conn)?)).await?;
        let page = ListPage {
            clubs: clubs
                .into_iter()
                .map(|c| (format!("/register?club={}", c.id), c.name))
                .collect(),
            ..list_page(&mut ctx, 0, String::new(), (error, form)).await?
        };
        return ctx.render(status, &page);
    }
    let club_id = register::club_for(&actor, club)?;
    let q = query.clone();
    let (club_row, listed, merges, names) = ctx
        .state
        .db
        .run(move |conn| {
            let club_row = Club::find(conn, ClubId(club_id))?.ok_or(AppError::NotFound)?;
            let listed = register::list(conn, &actor, club_id, &q)?;
            let merges = merges::of_club(conn, &actor, club_id)?;
            let names = merge_names(conn, &merges)?;
            Ok((club_row, listed, merges, names))
        })
        .await?;
    let mut page = list_page(&mut ctx, club_id, club_row.name, (error, form)).await?;
    page.query = query;
    page.count = l.t_with("register-count", &[("count", listed.len().to_string())]);
    page.lines = listed.iter().map(|x| line(l, x)).collect();
    page.merges = merges.iter().map(|m| merge_line(l, m, &names)).collect();
    ctx.render(status, &page)
}

async fn list_page(
    ctx: &mut Ctx,
    club_id: i32,
    club_name: String,
    (error, form): (Option<String>, Details),
) -> Result<ListPage, AppError> {
    Ok(ListPage {
        page: ctx.page().await?,
        csrf: ctx.csrf_token().await?,
        clubs: Vec::new(),
        club_id,
        club_name,
        is_admin: is_admin(ctx)?,
        query: String::new(),
        lines: Vec::new(),
        count: String::new(),
        merges: Vec::new(),
        error,
        form: Shown::of(&form),
    })
}

pub async fn list(ctx: Ctx, q: web::Query<RegisterQuery>) -> Result<HttpResponse, AppError> {
    let q = q.into_inner();
    render_list(
        ctx,
        asked(&q.club),
        q.q,
        StatusCode::OK,
        (None, Details::default()),
    )
    .await
}

/// The form's details, or the message saying what is wrong (in the page's language).
pub(super) fn details(l: Locale, form: &RecordForm) -> Result<Details, (String, Details)> {
    let year = form.birth_year.trim();
    let birth_year = if year.is_empty() {
        None
    } else {
        year.parse::<i32>()
            .ok()
            .filter(|y| BIRTH_YEARS.contains(y))
            .or(Some(0))
    };
    let typed = Details {
        name: form.name.clone(),
        member_no: Some(form.member_no.clone()),
        birth_year,
    };
    if Text::parse(&form.name, Kind::Entrant).is_err() {
        return Err((l.t("register-error-name"), typed));
    }
    if Text::parse(form.member_no.trim(), Kind::Name).is_err() && !form.member_no.trim().is_empty()
    {
        return Err((l.t("register-error-member-no"), typed));
    }
    if birth_year == Some(0) {
        let year = year.to_string();
        return Err((l.t_with("register-error-year", &[("year", year)]), typed));
    }
    Ok(typed)
}

/// Adds a person to the register.
pub async fn add(CsrfForm(ctx, form): CsrfForm<RecordForm>) -> Result<HttpResponse, AppError> {
    let actor = access::actor(&ctx)?;
    let club = asked(&form.club);
    if is_admin(&ctx)? && club.is_none() {
        let error = Some(ctx.locale.t("error-club"));
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return render_list(
            ctx,
            None,
            String::new(),
            status,
            (error, Details::default()),
        )
        .await;
    }
    let club_id = register::club_for(&actor, club)?;
    let d = match details(ctx.locale, &form) {
        Ok(d) => d,
        Err((error, typed)) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return render_list(ctx, club, String::new(), status, (Some(error), typed)).await;
        }
    };
    let now = ctx.state.clock.now();
    ctx.state
        .db
        .run(move |conn| register::add(conn, &actor, now, club_id, &d))
        .await?;
    Ok(ctx.redirect(&list_href(club)))
}

pub(super) fn list_href(club: Option<i32>) -> String {
    match club {
        Some(c) => format!("/register?club={c}"),
        None => "/register".into(),
    }
}
