//! The request context every page handler takes: language, session and user, loaded once per
//! request. [`CsrfForm`] is the only way a handler receives a form, and it checks the CSRF
//! token before the handler runs, so no handler can forget to.

use crate::auth::session::{self, Live};
use crate::auth::tokens;
use crate::db::models::User;
use crate::web::AppError;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::state::AppState;
use actix_web::cookie::Cookie;
use actix_web::dev::Payload;
use actix_web::http::{StatusCode, header};
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;

/// The query of a page a form that was done already sends back to.
const ALREADY_DONE: &str = "done=already";

pub struct Ctx {
    pub state: web::Data<AppState>,
    pub locale: Locale,
    pub path: String,
    /// `scheme://host` as this browser reached kartl (printed links and QR codes:
    /// `web::links::link_base`).
    pub base: String,
    /// Whether the request came over HTTPS (decides the cookie's name and flags).
    secure: bool,
    live: Option<Live>,
    /// A cookie to send with the response (a session just started or ended).
    cookie: Option<Cookie<'static>>,
    /// An anonymous visitor's form token as their cookie holds it (no session row).
    form_token: Option<String>,
    /// The form token's cookie to send (a token just made for this visitor).
    form_cookie: Option<Cookie<'static>>,
    /// Sent back here after a form that was done already (`?done=already`): the page says so.
    already: bool,
}

impl Ctx {
    async fn load(req: HttpRequest) -> Result<Ctx, AppError> {
        let state = req
            .app_data::<web::Data<AppState>>()
            .cloned()
            .ok_or_else(|| AppError::Internal("no app state".into()))?;
        let secure = session::is_https(&req, state.settings.https);
        let token = req
            .cookie(session::cookie_name(secure))
            .map(|c| c.value().to_string());
        let form_token = req
            .cookie(session::form_cookie_name(secure))
            .map(|c| c.value().to_string())
            .filter(|t| !t.is_empty() && t.len() <= 128);
        let live = match token {
            Some(token) if !token.is_empty() => {
                let now = state.clock.now();
                state
                    .db
                    .run(move |conn| session::load(conn, &token, now))
                    .await?
            }
            _ => None,
        };
        Ok(Ctx {
            locale: Locale::of(&req),
            path: req.path().to_string(),
            base: crate::web::links::link_base(&req, state.settings.https),
            secure,
            live,
            cookie: None,
            form_token,
            form_cookie: None,
            already: req.query_string() == ALREADY_DONE,
            state,
        })
    }

    pub fn user(&self) -> Option<&User> {
        self.live.as_ref().and_then(|l| l.user.as_ref())
    }

    pub fn require_user(&self) -> Result<&User, AppError> {
        self.user().ok_or(AppError::LoginRequired)
    }

    pub fn require_admin(&self) -> Result<&User, AppError> {
        let user = self.require_user()?;
        if user.role == session::Role::Admin {
            Ok(user)
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The session's id (the token's digest), if there is a session.
    pub fn session_id(&self) -> Option<&str> {
        self.live.as_ref().map(|l| l.row.id.as_str())
    }

    /// The CSRF token for a form on this page: the session's; without a session, the
    /// visitor's form cookie (made now if need be). No anonymous view writes a row: a flood
    /// of views of `/login` used to leave one session row each.
    pub async fn csrf_token(&mut self) -> Result<String, AppError> {
        if let Some(live) = &self.live {
            return Ok(live.row.csrf_token.clone());
        }
        if let Some(token) = &self.form_token {
            return Ok(token.clone());
        }
        let token = tokens::random_token()?;
        self.form_cookie = Some(session::form_cookie(&token, self.secure));
        self.form_token = Some(token.clone());
        Ok(token)
    }

    /// The token a submitted form must carry: the session's, or without one the form cookie's.
    fn expected_csrf(&self) -> Option<&str> {
        match &self.live {
            Some(live) => Some(live.row.csrf_token.as_str()),
            None => self.form_token.as_deref(),
        }
    }

    /// The cookies this response sets.
    fn cookies(self) -> impl Iterator<Item = Cookie<'static>> {
        self.cookie.into_iter().chain(self.form_cookie)
    }

    /// Starts a new session for `user` (or anonymous), ending the current one.
    pub async fn start_session(&mut self, user: Option<User>) -> Result<(), AppError> {
        let old = self.session_id().map(str::to_string);
        let now = self.state.clock.now();
        let uid = user.as_ref().map(|u| u.id);
        let (token, row) = self
            .state
            .db
            .run(move |conn| session::start(conn, uid, old.as_deref(), now))
            .await?;
        self.cookie = Some(session::cookie(&token, self.secure));
        self.live = Some(Live { row, user });
        Ok(())
    }

    /// Ends the current session (logout).
    pub async fn end_session(&mut self) -> Result<(), AppError> {
        if let Some(live) = self.live.take() {
            let id = live.row.id;
            self.state
                .db
                .run(move |conn| {
                    crate::db::write(conn, |conn| {
                        Ok(crate::db::models::SessionRow::delete(conn, &id)?)
                    })
                })
                .await?;
        }
        self.cookie = Some(session::removal(self.secure));
        Ok(())
    }

    /// The layout's data for this request.
    pub async fn page(&mut self) -> Result<Page, AppError> {
        let mut page = Page::anonymous(self.locale, &self.path);
        page.already = self.already;
        if let Some(user) = self.user().cloned() {
            page.user = Some(user.name);
            page.is_admin = user.role == session::Role::Admin;
            page.csrf = self.csrf_token().await?;
        }
        Ok(page)
    }

    /// Renders a page. Every dynamic page is `no-store`: it may show a user's data or carry a
    /// CSRF token, and a shared pub computer must not keep either in its cache.
    pub fn render(
        self,
        status: actix_web::http::StatusCode,
        template: &impl Template,
    ) -> Result<HttpResponse, AppError> {
        let html = template
            .render()
            .map_err(|e| AppError::Internal(format!("template: {e}")))?;
        let mut res = HttpResponse::build(status);
        res.content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"));
        for cookie in self.cookies() {
            res.cookie(cookie);
        }
        Ok(res.body(html))
    }

    /// Renders a page with 200 OK.
    pub fn ok(self, template: &impl Template) -> Result<HttpResponse, AppError> {
        self.render(actix_web::http::StatusCode::OK, template)
    }

    /// A 303 redirect (after a form: the browser then GETs `to`).
    /// Back to `to` after a form that was done already (the same submission key, or the state
    /// it asks for reached): 303 as the first time, and the page says "already done".
    pub fn already_done(self, to: &str) -> HttpResponse {
        self.redirect(&format!("{to}?{ALREADY_DONE}"))
    }

    pub fn redirect(self, to: &str) -> HttpResponse {
        let mut res = HttpResponse::SeeOther();
        res.insert_header((header::LOCATION, to.to_string()))
            .insert_header((header::CACHE_CONTROL, "no-store"));
        for cookie in self.cookies() {
            res.cookie(cookie);
        }
        res.finish()
    }
}

impl FromRequest for Ctx {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Ctx, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(Ctx::load(req.clone()))
    }
}

/// A form that carries the CSRF token in its `csrf` field.
pub trait HasCsrf {
    /// The largest body this form may have (bytes, URL-encoded); beyond it: 413.
    const LIMIT: usize = crate::web::FORM_LIMIT;
    fn csrf(&self) -> &str;
}

/// A submitted form whose CSRF token matched the session's, with the request's context.
/// A missing or wrong token is refused with 403 before the handler runs: nothing changes.
pub struct CsrfForm<T>(pub Ctx, pub T);

impl<T: DeserializeOwned + HasCsrf + 'static> FromRequest for CsrfForm<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<CsrfForm<T>, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::Bytes::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let ctx = Ctx::load(req).await?;
            let body = body.await.map_err(|e| {
                if e.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::TooLarge
                } else {
                    AppError::BadRequest(format!("form: {e}"))
                }
            })?;
            if body.len() > T::LIMIT {
                return Err(AppError::TooLarge);
            }
            let form: T = serde_urlencoded::from_bytes(&body)
                .map_err(|e| AppError::BadRequest(format!("form: {e}")))?;
            match ctx.expected_csrf() {
                Some(expected) if tokens::same(expected, form.csrf()) => {}
                _ => return Err(AppError::Csrf),
            }
            refuse_control_characters(ctx.locale, &body)?;
            Ok(CsrfForm(ctx, form))
        })
    }
}

/// No form value may hold a control character other than a line break or a tab (a NUL, an
/// escape, ...): 400 naming the field, with what was typed shown back. Every form passes
/// here, so nothing PostgreSQL cannot store reaches it; the one-line names are checked
/// further by their `Text` type. Nor may any value but a password hold an invisible or
/// direction-changing character (`crate::text::invisible`: a zero-width space beside a name,
/// a U+202E turning the standings around): the same answer, in words of its own.
fn refuse_control_characters(locale: Locale, body: &[u8]) -> Result<(), AppError> {
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(body).into_owned().collect();
    let control = |s: &str| s.chars().any(crate::text::forbidden_in_any_text);
    // A byte order mark at either end (a pasted list) is no hidden character.
    let hidden = |k: &str, v: &str| {
        !secret(k)
            && v.trim_matches('\u{FEFF}')
                .chars()
                .any(crate::text::invisible)
    };
    let found = pairs
        .iter()
        .find(|(k, v)| control(k) || control(v))
        .map(|(k, _)| (k, "text-control"))
        .or_else(|| {
            pairs
                .iter()
                .find(|(k, v)| k.chars().any(crate::text::invisible) || hidden(k, v))
                .map(|(k, _)| (k, "text-invisible"))
        });
    let Some((field, key)) = found else {
        return Ok(());
    };
    let bad = |c: char| crate::text::forbidden_in_any_text(c) || crate::text::invisible(c);
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| if bad(c) { '\u{FFFD}' } else { c })
            .collect()
    };
    let field = clean(field);
    let typed = pairs
        .iter()
        .filter(|(k, _)| k != "csrf" && !secret(k))
        .map(|(_, v)| clean(v))
        .filter(|v| !v.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    Err(AppError::Refused {
        message: locale.t_with(key, &[("field", locale_field(locale, &field))]),
        typed,
    })
}

/// A field whose value is never shown back nor checked for characters (a password).
fn secret(key: &str) -> bool {
    key.contains("password") || key == "current"
}

/// The form fields the catalogue has words for (`input-field-…`); others go by their key.
const NAMED_FIELDS: &[&str] = &[
    "name", "club", "list", "reason", "place", "date", "member1", "member2", "member3", "start_no",
    "code", "events",
];

/// A form field's name as the page calls it (`input-field-name`, ...), or the key itself.
pub fn locale_field(locale: Locale, key: &str) -> String {
    if NAMED_FIELDS.contains(&key) {
        locale.t(&format!("input-field-{key}"))
    } else {
        key.to_string()
    }
}

/// A form with nothing but its CSRF token (logout).
#[derive(serde::Deserialize)]
pub struct CsrfOnly {
    #[serde(default)]
    pub csrf: String,
}

impl HasCsrf for CsrfOnly {
    fn csrf(&self) -> &str {
        &self.csrf
    }
}

/// Declares a form of text fields plus its `csrf` token, for [`CsrfForm`]. A field left out of
/// the submission reads as empty, so the handler's own checks answer it.
macro_rules! csrf_form {
    ($name:ident { $($field:ident),* $(,)? }) => {
        $crate::web::ctx::csrf_form!($name { $($field),* } limit $crate::web::FORM_LIMIT);
    };
    ($name:ident { $($field:ident),* $(,)? } limit $limit:expr) => {
        #[derive(::serde::Deserialize)]
        pub struct $name {
            // Missing reads as empty, so a form without a token is refused as such (403).
            #[serde(default)]
            pub csrf: String,
            $(#[serde(default)] pub $field: String,)*
        }
        impl $crate::web::ctx::HasCsrf for $name {
            const LIMIT: usize = $limit;
            fn csrf(&self) -> &str {
                &self.csrf
            }
        }
    };
}
pub(crate) use csrf_form;
