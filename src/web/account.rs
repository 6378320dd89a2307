//! Setting up the administrator, logging in and out. (Passwords change in `password.rs`.)

use crate::auth::{password, throttle};
use crate::db::models::User;
use crate::service::accounts::{self, AccountName};
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, CsrfOnly, Ctx, csrf_form};
use crate::web::page::Page;
use crate::web::setup_gate::needs_setup;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

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
    name,
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
        .map_err(|_| "error-name-invalid")
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
        .run(move |conn| accounts::set_up_administrator(conn, &name, &hash, now))
        .await?;
    let Some(admin) = created else {
        return Ok(ctx.redirect("/login"));
    };
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

/// The client's address for the throttle: the socket peer; behind a trusted proxy, the
/// address the proxy appended last to `X-Forwarded-For` (entries before it are whatever the
/// client chose to send).
pub(crate) fn client_address(req: &HttpRequest, ctx: &Ctx) -> String {
    let peer = req.peer_addr().map(|a| a.ip().to_string());
    let forwarded = match ctx.state.settings.https {
        crate::config::Https::Proxy => req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map(|a| a.trim().to_string())
            .filter(|a| !a.is_empty()),
        _ => None,
    };
    forwarded.or(peer).unwrap_or_else(|| "unknown".into())
}

pub async fn login(
    req: HttpRequest,
    CsrfForm(mut ctx, form): CsrfForm<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let address = client_address(&req, &ctx);
    let now = ctx.state.clock.now();
    let (name, addr) = (form.name.clone(), address.clone());
    let claim = ctx
        .state
        .db
        .run(move |conn| throttle::login_attempt(conn, &name, &addr, now))
        .await?;
    let address_wait = match claim {
        // Refused before any hash is computed: a throttled guesser costs us nothing.
        throttle::Claim::Wait(wait) => return login_wait(ctx, form.name, wait).await,
        throttle::Claim::Go { address } => address,
    };
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
            let name = form.name.clone();
            ctx.state
                .db
                .run(move |conn| Ok(throttle::succeeded(conn, &name, &address)?))
                .await?;
            tracing::info!(user = user.name, "login");
            ctx.start_session(Some(user)).await?;
            Ok(ctx.redirect("/"))
        }
        // The address is over its limit: only a right password passes it (above). The wrong
        // one was counted against the name already, so the per-name limit keeps holding.
        _ if address_wait.is_some() => {
            let wait = address_wait.unwrap_or_default();
            login_wait(ctx, form.name, wait).await
        }
        _ => {
            // The address, not the name: people type passwords into the name field.
            tracing::warn!(address, "login failed");
            let error = Some(ctx.locale.t("error-login-failed"));
            login_again(ctx, StatusCode::UNAUTHORIZED, form.name, error).await
        }
    }
}

/// The login form again, saying how long to wait (429).
async fn login_wait(
    ctx: Ctx,
    name: String,
    wait: chrono::TimeDelta,
) -> Result<HttpResponse, AppError> {
    let seconds = wait.num_seconds().max(1).to_string();
    let error = Some(ctx.locale.t_with("error-wait", &[("seconds", seconds)]));
    login_again(ctx, StatusCode::TOO_MANY_REQUESTS, name, error).await
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
