//! Changing a password (knowing the current one) and setting one with a reset code.

use crate::auth::{password, throttle, tokens};
use crate::db::models::User;
use crate::service::Actor;
use crate::service::accounts::passwords::{self, Redeem, code_owner};
use crate::web::AppError;
use crate::web::account::{PasswordForm, ResetForm, client_address};
use crate::web::ctx::{CsrfForm, Ctx};
use crate::web::page::Page;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

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
    let error = try_change(&mut ctx, &req, form).await?;
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

/// Changes the signed-in user's password: the message to show when it is refused, or `None`
/// when it is changed (the user's other sessions end; this browser gets a fresh session id).
async fn try_change(
    ctx: &mut Ctx,
    req: &HttpRequest,
    form: PasswordForm,
) -> Result<Option<String>, AppError> {
    let user = ctx.require_user()?.clone();
    let address = client_address(req, ctx);
    let now = ctx.state.clock.now();
    // The new password is checked first: a typo in it costs no attempt.
    if let Err(key) = password::check_new(&form.password, &form.password2) {
        return Ok(Some(ctx.locale.t(key)));
    }
    let (name, addr) = (user.name.clone(), address.clone());
    let claim = ctx
        .state
        .db
        .run(move |conn| throttle::password_attempt(conn, &name, &addr, now))
        .await?;
    if let throttle::Claim::Wait(wait) = claim {
        let seconds = wait.num_seconds().max(1).to_string();
        return Ok(Some(
            ctx.locale.t_with("error-wait", &[("seconds", seconds)]),
        ));
    }
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
    let Some(hash) = hashed else {
        // Counted already (above).
        return Ok(Some(ctx.locale.t("error-current-password")));
    };
    let name = user.name.clone();
    ctx.state
        .db
        .run(move |conn| Ok(throttle::succeeded(conn, &name, &address)?))
        .await?;
    let keep = ctx.session_id().map(str::to_string);
    let actor = Actor::of_user(&user);
    ctx.state
        .db
        .run(move |conn| passwords::set_password(conn, &actor, uid, &hash, keep.as_deref()))
        .await?;
    // A fresh session id for this browser too.
    ctx.start_session(Some(user)).await?;
    Ok(None)
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

/// Sets a new password with a one-time code: the code must be the named account's, unused
/// and at most 30 minutes old; it is used up, and every session of the account ends.
/// The attempt is counted (per name and per address) before the code is looked up, and the
/// code is checked before the new password is hashed: a guesser costs no hash.
pub async fn reset(
    req: HttpRequest,
    CsrfForm(mut ctx, form): CsrfForm<ResetForm>,
) -> Result<HttpResponse, AppError> {
    let address = client_address(&req, &ctx);
    let now = ctx.state.clock.now();
    if let Err(key) = password::check_new(&form.password, &form.password2) {
        let error = ctx.locale.t(key);
        return reset_again(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    }
    let (name, addr) = (form.name.clone(), address.clone());
    let claim = ctx
        .state
        .db
        .run(move |conn| throttle::reset_attempt(conn, &name, &addr, now))
        .await?;
    if let throttle::Claim::Wait(wait) = claim {
        let seconds = wait.num_seconds().max(1).to_string();
        let error = ctx
            .locale
            .t_with("error-reset-wait", &[("seconds", seconds)]);
        return reset_again(ctx, StatusCode::TOO_MANY_REQUESTS, error).await;
    }
    let code_hash = tokens::digest(&tokens::normalise_code(&form.code));
    let name = form.name.trim().to_string();
    let (hash_key, looked_up) = (code_hash.clone(), name.clone());
    let owner = ctx
        .state
        .db
        .run(move |conn| Ok(code_owner(conn, &hash_key, &looked_up, now)?))
        .await?;
    let Some(owner) = owner else {
        let error = ctx.locale.t("error-reset-code");
        return reset_again(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    };
    let state = ctx.state.clone();
    let password = form.password;
    let hash = crate::blocking(move || state.hasher.hash(&password))
        .await?
        .map_err(AppError::Internal)?;
    let redeemed = ctx
        .state
        .db
        .run(move |conn| {
            let redeem = Redeem {
                code_hash: &code_hash,
                name: &name,
                hash: &hash,
                address: &address,
            };
            passwords::redeem_reset_code(conn, owner, &redeem, now)
        })
        .await?;
    if !redeemed {
        let error = ctx.locale.t("error-reset-code");
        return reset_again(ctx, StatusCode::UNPROCESSABLE_ENTITY, error).await;
    }
    // This browser's (anonymous) session is replaced too.
    ctx.end_session().await?;
    Ok(ctx.redirect("/login?done=reset"))
}

async fn reset_again(
    mut ctx: Ctx,
    status: StatusCode,
    error: String,
) -> Result<HttpResponse, AppError> {
    let error = Some(error);
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    ctx.render(status, &ResetPage { page, csrf, error })
}
