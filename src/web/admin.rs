//! The administrator's page: clubs, their secretaries, and one-time reset codes.
//!
//! A new secretary gets no password from the administrator: the account starts without one
//! and a reset code is issued at once, which the secretary redeems at `/reset`. So nobody but
//! the secretary ever knows the password.

use crate::auth::Role;
use crate::db::models::{Club, ClubId, User, UserId};
use crate::service::Actor;
use crate::service::accounts::passwords::{self, RESET_CODE_VALID};
use crate::service::accounts::{self, AccountName, NewAccount, Refusal, clubs};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

csrf_form!(ClubForm { name });
csrf_form!(SecretaryForm { name, club });

/// A row of the accounts table on the page.
pub struct AccountLine {
    pub id: i32,
    pub name: String,
    pub role: String,
    pub club: String,
}

/// A row of the clubs table: the club, its accounts and tournaments, its public page.
pub struct ClubLine {
    pub id: i32,
    pub name: String,
    pub secretaries: usize,
    pub tournaments: usize,
    pub href: String,
}

#[derive(Template)]
#[template(path = "admin.html")]
struct AdminPage {
    page: Page,
    csrf: String,
    clubs: Vec<Club>,
    club_lines: Vec<ClubLine>,
    accounts: Vec<AccountLine>,
    error: Option<String>,
    notice: Option<String>,
}

/// `?club=ID` after a club was created: the page says so.
#[derive(serde::Deserialize)]
pub struct AdminQuery {
    club: Option<i32>,
}

async fn admin_page(
    ctx: Ctx,
    status: StatusCode,
    error: Option<String>,
) -> Result<HttpResponse, AppError> {
    admin_page_with(ctx, status, error, None).await
}

async fn admin_page_with(
    mut ctx: Ctx,
    status: StatusCode,
    error: Option<String>,
    created: Option<i32>,
) -> Result<HttpResponse, AppError> {
    let locale = ctx.locale;
    let (clubs, users, tournaments) = ctx
        .state
        .db
        .run(|conn| {
            let owners: Vec<i32> = crate::db::models::TournamentRow::all(conn)?
                .into_iter()
                .map(|t| t.club_id)
                .collect();
            Ok((Club::all(conn)?, User::all(conn)?, owners))
        })
        .await?;
    let club_lines = clubs
        .iter()
        .map(|c| ClubLine {
            id: c.id,
            name: c.name.clone(),
            secretaries: users.iter().filter(|u| u.club_id == Some(c.id)).count(),
            tournaments: tournaments.iter().filter(|t| **t == c.id).count(),
            href: crate::web::front::club_href(c.id),
        })
        .collect();
    let notice = created
        .and_then(|id| clubs.iter().find(|c| c.id == id))
        .map(|c| locale.t_with("admin-club-created", &[("name", c.name.clone())]));
    let accounts = users
        .into_iter()
        .map(|u| AccountLine {
            id: u.id.0,
            role: locale.t(&format!("role-{}", u.role.as_str())),
            club: u
                .club_id
                .and_then(|id| clubs.iter().find(|c| c.id == id))
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            name: u.name,
        })
        .collect();
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.render(
        status,
        &AdminPage {
            page,
            csrf,
            clubs,
            club_lines,
            accounts,
            error,
            notice,
        },
    )
}

pub async fn overview(ctx: Ctx, q: web::Query<AdminQuery>) -> Result<HttpResponse, AppError> {
    ctx.require_admin()?;
    admin_page_with(ctx, StatusCode::OK, None, q.club).await
}

pub async fn create_club(
    CsrfForm(ctx, form): CsrfForm<ClubForm>,
) -> Result<HttpResponse, AppError> {
    let actor = Actor::of_user(ctx.require_admin()?);
    let Ok(name) = AccountName::try_from(form.name.as_str()) else {
        let error = Some(ctx.locale.t("error-name-invalid"));
        return admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    let now = ctx.state.clock.now();
    let created = ctx
        .state
        .db
        .run(move |conn| clubs::add_club(conn, &actor, &name, now))
        .await?;
    match created {
        Ok(id) => Ok(ctx.redirect(&format!("/admin?club={}#admin-clubs", id.0))),
        Err(_) => {
            let error = Some(ctx.locale.t("error-name-taken"));
            admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await
        }
    }
}

#[derive(Template)]
#[template(path = "reset_code.html")]
struct ResetCodePage {
    page: Page,
    account: String,
    code: String,
    hint: String,
}

async fn show_code(mut ctx: Ctx, account: String, code: String) -> Result<HttpResponse, AppError> {
    let minutes = RESET_CODE_VALID.num_minutes().to_string();
    let hint = ctx.locale.t_with("code-hint", &[("minutes", minutes)]);
    let page = ctx.page().await?;
    ctx.ok(&ResetCodePage {
        page,
        account,
        code,
        hint,
    })
}

pub async fn create_secretary(
    CsrfForm(ctx, form): CsrfForm<SecretaryForm>,
) -> Result<HttpResponse, AppError> {
    ctx.require_admin()?;
    let club = form.club.trim().parse::<i32>().map(ClubId);
    let Ok(club) = club else {
        let error = Some(ctx.locale.t("error-secretary-invalid"));
        return admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    create_account(ctx, &form.name, Role::Secretary, Some(club)).await
}

csrf_form!(OrganiserForm { name });

/// A cup organiser's account: no club, no password (a reset code, as for a secretary).
pub async fn create_organiser(
    CsrfForm(ctx, form): CsrfForm<OrganiserForm>,
) -> Result<HttpResponse, AppError> {
    create_account(ctx, &form.name, Role::Organiser, None).await
}

/// Creates an account without a password and shows its first reset code.
async fn create_account(
    ctx: Ctx,
    name: &str,
    role: Role,
    club: Option<ClubId>,
) -> Result<HttpResponse, AppError> {
    let actor = Actor::of_user(ctx.require_admin()?);
    let Ok(name) = AccountName::try_from(name) else {
        let error = Some(ctx.locale.t("error-secretary-invalid"));
        return admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    let now = ctx.state.clock.now();
    let new = NewAccount { name, role, club };
    let issued = ctx
        .state
        .db
        .run(move |conn| accounts::add_account(conn, &actor, &new, now))
        .await?;
    match issued {
        Ok(issued) => show_code(ctx, issued.name, issued.code).await,
        Err(refusal) => {
            let error = Some(ctx.locale.t(account_refusal(refusal)));
            admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await
        }
    }
}

/// The catalogue message for a refused account: a taken name says so; anything else (an
/// unknown club, a bad name) is the form's general message.
fn account_refusal(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::AccountNameTaken => "error-login-name-taken",
        Refusal::NameInvalid
        | Refusal::ClubNameTaken
        | Refusal::ClubUnknown
        | Refusal::ClubForRole => "error-secretary-invalid",
    }
}

csrf_form!(EmptyForm {});

pub async fn issue_reset_code(
    path: web::Path<i32>,
    CsrfForm(ctx, _): CsrfForm<EmptyForm>,
) -> Result<HttpResponse, AppError> {
    let actor = Actor::of_user(ctx.require_admin()?);
    let user = UserId(path.into_inner());
    let now = ctx.state.clock.now();
    let issued = ctx
        .state
        .db
        .run(move |conn| passwords::issue_reset_code(conn, &actor, user, now))
        .await?;
    show_code(ctx, issued.name, issued.code).await
}
