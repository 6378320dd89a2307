//! Setting up the administrator, logging in and out, changing a password, and redeeming a
//! reset code.

use crate::auth::password;
use crate::auth::{Role, tokens};
use crate::db::models::users::NewUser;
use crate::db::models::{ResetCode, SessionRow, User};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, CsrfOnly, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::setup_gate::needs_setup;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

/// A name for an account: 1 to 64 characters, no control characters, surrounding space
/// dropped. The only way to get one is through this check.
pub struct AccountName(String);

impl TryFrom<&str> for AccountName {
    type Error = &'static str;

    fn try_from(raw: &str) -> Result<AccountName, &'static str> {
        let name = raw.trim();
        if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
            return Err("error-name-invalid");
        }
        Ok(AccountName(name.to_string()))
    }
}

impl AccountName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

csrf_form!(SetupForm {
    name,
    password,
    password2
});
csrf_form!(LoginForm { name, password });
csrf_form!(PasswordForm {
    current,
    password,
    password2
});
csrf_form!(ResetForm {
    code,
    password,
    password2
});

// ---- setup ----

#[derive(Template)]
#[template(path = "setup.html")]
struct SetupPage {
    page: Page,
    csrf: String,
    name: String,
    error: Option<String>,
}

pub async fn setup_form(mut ctx: Ctx) -> Result<HttpResponse, AppError> {
    if !needs_setup(&ctx.state).await? {
        return Ok(ctx.redirect("/login"));
    }
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.ok(&SetupPage {
        page,
        csrf,
        name: String::new(),
        error: None,
    })
}

/// Creates the administrator and logs them in. Refused once any account exists, also when
/// two browsers race: the check and the insert share one write transaction.
pub async fn setup(CsrfForm(mut ctx, form): CsrfForm<SetupForm>) -> Result<HttpResponse, AppError> {
    if !needs_setup(&ctx.state).await? {
        return Ok(ctx.redirect("/login"));
    }
    let checked = AccountName::try_from(form.name.as_str())
        .and_then(|name| password::check_new(&form.password, &form.password2).map(|()| name));
    let name = match checked {
        Ok(name) => name,
        Err(key) => {
            let error = Some(ctx.locale.t(key));
            let csrf = ctx.csrf_token().await?;
            let page = ctx.page().await?;
            return ctx.render(
                StatusCode::UNPROCESSABLE_ENTITY,
                &SetupPage {
                    page,
                    csrf,
                    name: form.name,
                    error,
                },
            );
        }
    };
    let state = ctx.state.clone();
    let hash = crate::blocking(move || state.hasher.hash(&form.password))
        .await?
        .map_err(AppError::Internal)?;
    let now = ctx.state.clock.now();
    let created = ctx
        .state
        .db
        .run(move |conn| {
            crate::db::write(conn, |conn| {
                crate::db::lock_table(conn, "users")?;
                if User::any_exists(conn)? {
                    return Ok(None);
                }
                let id = User::insert(
                    conn,
                    &NewUser {
                        name: name.as_str(),
                        password_hash: &hash,
                        role: Role::Admin.as_str(),
                        club_id: None,
                        created_at: now,
                    },
                )?;
                Ok(User::find(conn, id)?)
            })
        })
        .await?;
    let Some(admin) = created else {
        return Ok(ctx.redirect("/login"));
    };
    tracing::info!(user = admin.name, "administrator created");
    ctx.state
        .setup_done
        .store(true, std::sync::atomic::Ordering::Relaxed);
    ctx.start_session(Some(admin)).await?;
    Ok(ctx.redirect("/"))
}

// ---- login and logout ----

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    page: Page,
    csrf: String,
    name: String,
    error: Option<String>,
    notice: Option<String>,
}

#[derive(Deserialize)]
pub struct LoginQuery {
    done: Option<String>,
}

pub async fn login_form(
    mut ctx: Ctx,
    query: actix_web::web::Query<LoginQuery>,
) -> Result<HttpResponse, AppError> {
    if ctx.user().is_some() {
        return Ok(ctx.redirect("/"));
    }
    let notice = match query.done.as_deref() {
        Some("reset") => Some(ctx.locale.t("notice-password-set")),
        _ => None,
    };
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.ok(&LoginPage {
        page,
        csrf,
        name: String::new(),
        error: None,
        notice,
    })
}

/// The client's address for the throttle: the socket peer, or the proxy's `X-Forwarded-For`
/// when the settings say a proxy is trusted.
fn client_address(req: &HttpRequest, ctx: &Ctx) -> String {
    let info = req.connection_info();
    let address = match ctx.state.settings.https {
        crate::config::Https::Proxy => info.realip_remote_addr(),
        _ => info.peer_addr(),
    };
    address.unwrap_or("unknown").to_string()
}

pub async fn login(
    req: HttpRequest,
    CsrfForm(mut ctx, form): CsrfForm<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let address = client_address(&req, &ctx);
    let now = ctx.state.clock.now();
    if let Some(wait) = ctx.state.throttle.wait(&form.name, &address, now) {
        // Refused before any hash is computed: a throttled guesser costs us nothing.
        let seconds = wait.num_seconds().max(1).to_string();
        let error = Some(ctx.locale.t_with("error-wait", &[("seconds", seconds)]));
        return login_again(ctx, StatusCode::TOO_MANY_REQUESTS, form.name, error).await;
    }
    let name = form.name.trim().to_string();
    let found = ctx
        .state
        .db
        .run(move |conn| Ok(User::by_name(conn, &name)?))
        .await?;
    let state = ctx.state.clone();
    let password = form.password;
    let (user, ok) = crate::blocking(move || {
        let ok = state
            .hasher
            .verify(&password, found.as_ref().map(|(_, h)| h.as_str()));
        (found.map(|(u, _)| u), ok)
    })
    .await?;
    match user {
        Some(user) if ok => {
            ctx.state.throttle.succeeded(&form.name);
            tracing::info!(user = user.name, "login");
            ctx.start_session(Some(user)).await?;
            Ok(ctx.redirect("/"))
        }
        _ => {
            ctx.state.throttle.failed(&form.name, &address, now);
            let error = Some(ctx.locale.t("error-login-failed"));
            login_again(ctx, StatusCode::UNAUTHORIZED, form.name, error).await
        }
    }
}

async fn login_again(
    mut ctx: Ctx,
    status: StatusCode,
    name: String,
    error: Option<String>,
) -> Result<HttpResponse, AppError> {
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.render(
        status,
        &LoginPage {
            page,
            csrf,
            name,
            error,
            notice: None,
        },
    )
}

pub async fn logout(CsrfForm(mut ctx, _): CsrfForm<CsrfOnly>) -> Result<HttpResponse, AppError> {
    ctx.end_session().await?;
    Ok(ctx.redirect("/"))
}

// ---- change password ----

#[derive(Template)]
#[template(path = "password.html")]
struct PasswordPage {
    page: Page,
    csrf: String,
    error: Option<String>,
    done: bool,
}

pub async fn password_form(mut ctx: Ctx) -> Result<HttpResponse, AppError> {
    ctx.require_user()?;
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.ok(&PasswordPage {
        page,
        csrf,
        error: None,
        done: false,
    })
}

/// Changes the password after checking the current one; every other session of the account
/// ends (a stolen session must not outlive the change).
pub async fn change_password(
    req: HttpRequest,
    CsrfForm(mut ctx, form): CsrfForm<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let user = ctx.require_user()?.clone();
    let address = client_address(&req, &ctx);
    let now = ctx.state.clock.now();
    let mut error = None;
    if let Some(wait) = ctx.state.throttle.wait(&user.name, &address, now) {
        let seconds = wait.num_seconds().max(1).to_string();
        error = Some(ctx.locale.t_with("error-wait", &[("seconds", seconds)]));
    } else if let Err(key) = password::check_new(&form.password, &form.password2) {
        error = Some(ctx.locale.t(key));
    } else {
        let uid = user.id;
        let stored = ctx
            .state
            .db
            .run(move |conn| Ok(User::password_hash(conn, uid)?))
            .await?;
        let state = ctx.state.clone();
        let (current, new) = (form.current, form.password);
        let hashed = crate::blocking(move || {
            if state.hasher.verify(&current, Some(&stored)) {
                state.hasher.hash(&new).map(Some)
            } else {
                Ok(None)
            }
        })
        .await?
        .map_err(AppError::Internal)?;
        match hashed {
            None => {
                ctx.state.throttle.failed(&user.name, &address, now);
                error = Some(ctx.locale.t("error-current-password"));
            }
            Some(hash) => {
                let keep = ctx.session_id().map(str::to_string);
                ctx.state
                    .db
                    .run(move |conn| {
                        crate::db::write(conn, |conn| {
                            User::set_password_hash(conn, uid, &hash)?;
                            SessionRow::delete_for_user(conn, uid, keep.as_deref())?;
                            Ok(())
                        })
                    })
                    .await?;
                // A fresh session id for this browser too.
                ctx.start_session(Some(user)).await?;
            }
        }
    }
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let done = error.is_none();
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.render(
        status,
        &PasswordPage {
            page,
            csrf,
            error,
            done,
        },
    )
}

// ---- redeem a reset code ----

#[derive(Template)]
#[template(path = "reset.html")]
struct ResetPage {
    page: Page,
    csrf: String,
    error: Option<String>,
}

pub async fn reset_form(mut ctx: Ctx) -> Result<HttpResponse, AppError> {
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.ok(&ResetPage {
        page,
        csrf,
        error: None,
    })
}

/// Sets a new password with a one-time code: the code must be unused and at most 30 minutes
/// old; it is used up, and every session of the account ends.
pub async fn reset(
    req: HttpRequest,
    CsrfForm(mut ctx, form): CsrfForm<ResetForm>,
) -> Result<HttpResponse, AppError> {
    let address = client_address(&req, &ctx);
    let now = ctx.state.clock.now();
    // Codes name no account, so failures count per address (60 random bits: the throttle only
    // keeps guessing honest).
    let key = format!("reset code from {address}");
    let error_key = if ctx.state.throttle.wait(&key, &address, now).is_some() {
        Some("error-reset-code")
    } else {
        password::check_new(&form.password, &form.password2).err()
    };
    if let Some(error) = error_key {
        return reset_again(ctx, error).await;
    }
    let state = ctx.state.clone();
    let password = form.password;
    let hash = crate::blocking(move || state.hasher.hash(&password))
        .await?
        .map_err(AppError::Internal)?;
    let code_hash = tokens::digest(&tokens::normalise_code(&form.code));
    let redeemed = ctx
        .state
        .db
        .run(move |conn| {
            crate::db::write(conn, |conn| {
                let Some(code) = ResetCode::by_hash(conn, &code_hash)? else {
                    return Ok(false);
                };
                if code.used_at.is_some() || code.expires_at <= now {
                    return Ok(false);
                }
                ResetCode::mark_used(conn, code.id, now)?;
                User::set_password_hash(conn, code.user(), &hash)?;
                SessionRow::delete_for_user(conn, code.user(), None)?;
                Ok(true)
            })
        })
        .await?;
    if !redeemed {
        ctx.state.throttle.failed(&key, &address, now);
        return reset_again(ctx, "error-reset-code").await;
    }
    // This browser's (anonymous) session is replaced too.
    ctx.end_session().await?;
    Ok(ctx.redirect("/login?done=reset"))
}

async fn reset_again(mut ctx: Ctx, key: &'static str) -> Result<HttpResponse, AppError> {
    let error = Some(ctx.locale.t(key));
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.render(
        StatusCode::UNPROCESSABLE_ENTITY,
        &ResetPage { page, csrf, error },
    )
}
