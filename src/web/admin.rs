//! The administrator's page: clubs, their secretaries, and one-time reset codes.
//!
//! A new secretary gets no password from the administrator: the account starts without one
//! and a reset code is issued at once, which the secretary redeems at `/reset`. So nobody but
//! the secretary ever knows the password.

use crate::auth::password::UNUSABLE;
use crate::auth::{Role, tokens};
use crate::db::DbConn;
use crate::db::models::clubs::NewClub;
use crate::db::models::reset_codes::NewResetCode;
use crate::db::models::users::NewUser;
use crate::db::models::{Club, ClubId, ResetCode, SessionRow, User, UserId};
use crate::web::AppError;
use crate::web::account::AccountName;
use crate::web::ctx::{CsrfForm, Ctx, csrf_form};
use crate::web::page::Page;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::{NaiveDateTime, TimeDelta};

/// How long a reset code works.
pub const RESET_CODE_VALID: TimeDelta = TimeDelta::minutes(30);

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
    ctx.require_admin()?;
    let Ok(name) = AccountName::try_from(form.name.as_str()) else {
        let error = Some(ctx.locale.t("error-name-invalid"));
        return admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    let now = ctx.state.clock.now();
    let created = ctx
        .state
        .db
        .run(move |conn| {
            crate::db::write(conn, |conn| {
                if Club::name_taken(conn, name.as_str())? {
                    return Ok(None);
                }
                let id = Club::insert(
                    conn,
                    &NewClub {
                        name: name.as_str(),
                        created_at: now,
                    },
                )?;
                Ok(Some(id))
            })
        })
        .await?;
    let Some(id) = created else {
        let error = Some(ctx.locale.t("error-name-taken"));
        return admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    Ok(ctx.redirect(&format!("/admin?club={}#admin-clubs", id.0)))
}

#[derive(Template)]
#[template(path = "reset_code.html")]
struct ResetCodePage {
    page: Page,
    account: String,
    code: String,
    hint: String,
}

/// Stores a new code for `user` and ends the user's sessions: whoever holds the account now
/// (perhaps not its owner) is out until the code is redeemed.
fn issue(
    conn: &mut DbConn,
    user: UserId,
    by: UserId,
    now: NaiveDateTime,
) -> Result<String, AppError> {
    let code = tokens::reset_code()?;
    let digest = tokens::digest(&tokens::normalise_code(&code));
    ResetCode::replace(
        conn,
        &NewResetCode {
            user_id: user.0,
            code_hash: &digest,
            created_by: Some(by.0),
            created_at: now,
            expires_at: now + RESET_CODE_VALID,
        },
    )?;
    SessionRow::delete_for_user(conn, user, None)?;
    Ok(code)
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
    let admin = ctx.require_admin()?.id;
    let Ok(name) = AccountName::try_from(name) else {
        let error = Some(ctx.locale.t("error-secretary-invalid"));
        return admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    let now = ctx.state.clock.now();
    let shown_name = name.as_str().to_string();
    let code = ctx
        .state
        .db
        .run(move |conn| {
            crate::db::write(conn, |conn| {
                crate::db::lock_table(conn, "users")?;
                if let Some(club) = club
                    && Club::find(conn, club)?.is_none()
                {
                    return Ok(Err("error-secretary-invalid"));
                }
                if User::name_taken(conn, name.as_str())? {
                    return Ok(Err("error-login-name-taken"));
                }
                let id = User::insert(
                    conn,
                    &NewUser {
                        name: name.as_str(),
                        password_hash: UNUSABLE,
                        role: role.as_str(),
                        club_id: club.map(|c| c.0),
                        created_at: now,
                    },
                )?;
                issue(conn, id, admin, now).map(Ok)
            })
        })
        .await?;
    match code {
        Ok(code) => show_code(ctx, shown_name, code).await,
        Err(message) => {
            let error = Some(ctx.locale.t(message));
            admin_page(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await
        }
    }
}

csrf_form!(EmptyForm {});

pub async fn issue_reset_code(
    path: web::Path<i32>,
    CsrfForm(ctx, _): CsrfForm<EmptyForm>,
) -> Result<HttpResponse, AppError> {
    let admin = ctx.require_admin()?.id;
    let user = UserId(path.into_inner());
    let now = ctx.state.clock.now();
    let issued = ctx
        .state
        .db
        .run(move |conn| {
            crate::db::write(conn, |conn| {
                let Some(target) = User::find(conn, user)? else {
                    return Err(AppError::NotFound);
                };
                Ok((target.name, issue(conn, user, admin, now)?))
            })
        })
        .await?;
    tracing::info!(account = issued.0, "reset code issued");
    show_code(ctx, issued.0, issued.1).await
}
