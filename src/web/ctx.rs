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

    /// The CSRF token for a form on this page, starting an anonymous session if need be.
    pub async fn csrf_token(&mut self) -> Result<String, AppError> {
        if let Some(live) = &self.live {
            return Ok(live.row.csrf_token.clone());
        }
        self.start_session(None).await?;
        self.live
            .as_ref()
            .map(|l| l.row.csrf_token.clone())
            .ok_or_else(|| AppError::Internal("session did not start".into()))
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
        if let Some(cookie) = self.cookie {
            res.cookie(cookie);
        }
        Ok(res.body(html))
    }

    /// Renders a page with 200 OK.
    pub fn ok(self, template: &impl Template) -> Result<HttpResponse, AppError> {
        self.render(actix_web::http::StatusCode::OK, template)
    }

    /// A 303 redirect (after a form: the browser then GETs `to`).
    pub fn redirect(self, to: &str) -> HttpResponse {
        let mut res = HttpResponse::SeeOther();
        res.insert_header((header::LOCATION, to.to_string()))
            .insert_header((header::CACHE_CONTROL, "no-store"));
        if let Some(cookie) = self.cookie {
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
            let expected = ctx.live.as_ref().map(|l| l.row.csrf_token.as_str());
            match expected {
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
/// further by their `Text` type.
fn refuse_control_characters(locale: Locale, body: &[u8]) -> Result<(), AppError> {
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(body).into_owned().collect();
    let dirty = |s: &str| s.chars().any(crate::text::forbidden_in_any_text);
    let Some((field, _)) = pairs.iter().find(|(k, v)| dirty(k) || dirty(v)) else {
        return Ok(());
    };
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if crate::text::forbidden_in_any_text(c) {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect()
    };
    let field = clean(field);
    let typed = pairs
        .iter()
        .filter(|(k, _)| k != "csrf" && !k.contains("password") && k != "current")
        .map(|(_, v)| clean(v))
        .filter(|v| !v.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    Err(AppError::Refused {
        message: locale.t_with("text-control", &[("field", locale_field(locale, &field))]),
        typed,
    })
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
