//! The domain error ([`crate::error::AppError`]) as HTTP: its status codes here, and the
//! `error_pages` middleware, which renders it for the request: an HTML page in the visitor's
//! language, or `{"error": "..."}` under `/api/` and to every client that asks for JSON (the
//! pad's queue: an HTML 413 or 409 read as "no answer" made it resend forever). The cause
//! goes to the log only.

pub use crate::error::AppError;
use crate::error::{Detail, Message};
use crate::web::i18n::Locale;
use crate::web::page::Page;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use serde::Serialize;

/// A JSON error body, `{"error": "..."}`: what the API, the pad and its queue read.
#[derive(Debug, Serialize)]
pub struct ErrorBody<'a> {
    pub error: &'a str,
}

impl<'a> ErrorBody<'a> {
    pub fn new(error: &'a str) -> ErrorBody<'a> {
        ErrorBody { error }
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) | AppError::Invalid(_) | AppError::Refusal(_) => {
                StatusCode::BAD_REQUEST
            }
            AppError::LoginRequired => StatusCode::SEE_OTHER,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Conflict => StatusCode::CONFLICT,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Refused { .. } => StatusCode::BAD_REQUEST,
        }
    }

    /// A plain fallback; `error_pages` replaces it with the real page.
    fn error_response(&self) -> HttpResponse {
        match self {
            AppError::LoginRequired => HttpResponse::SeeOther()
                .insert_header((header::LOCATION, "/login"))
                .finish(),
            e => HttpResponse::build(e.status_code())
                .content_type("text/plain; charset=utf-8")
                .body(e.to_string()),
        }
    }
}

/// Renders every error response as a page or as JSON. Responses that carry no error (a 422
/// from the referee with its result, a login form shown again with 401) pass untouched.
pub async fn error_pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let res = next.call(req).await?;
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        // A redirect to the login page is an answer, not a failure: without its error
        // attached, the request logger does not report it at ERROR level.
        let (req, res) = res.into_parts();
        let res = HttpResponse::from(actix_web::dev::Response::from(res));
        return Ok(ServiceResponse::new(req, res).map_into_left_body());
    }
    let Some(error) = res.response().error() else {
        return Ok(res.map_into_left_body());
    };
    let app_error = error.as_error::<AppError>();
    match app_error.and_then(AppError::cause) {
        Some(cause) => tracing::error!(status = status.as_u16(), "{cause}"),
        None => tracing::debug!(status = status.as_u16(), "{error}"),
    }
    let req = res.request().clone();
    let api = req.path().starts_with("/api/");
    let body = if !api && wants_json(&req) {
        // The visitor's words, as the page would say them, for the pad to show.
        let locale = Locale::of(&req);
        let message =
            app_error.map_or_else(|| Message::new(generic_key(status)), AppError::message);
        HttpResponse::build(status)
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
            .json(ErrorBody::new(&word(locale, &message)))
    } else if api {
        // API callers read the message; for our own errors it is the user-facing line, for
        // actix's (payload too large, bad JSON) its own description.
        let message = match app_error {
            Some(AppError::Unavailable(_) | AppError::Internal(_)) | None
                if status.is_server_error() =>
            {
                status.canonical_reason().unwrap_or("error").to_lowercase()
            }
            Some(e) => match e.detail() {
                Some(Detail::Catalogue(m)) => word(Locale::of(&req), m),
                Some(Detail::Refusal(r)) => Locale::of(&req).refusal(r),
                _ => e.to_string(),
            },
            None => error.to_string(),
        };
        HttpResponse::build(status).json(ErrorBody::new(&message))
    } else {
        let locale = Locale::of(&req);
        let message =
            app_error.map_or_else(|| Message::new(generic_key(status)), AppError::message);
        let detail = app_error.and_then(AppError::detail).map(|d| match d {
            Detail::Text(text) => text.to_string(),
            Detail::Catalogue(m) => word(locale, m),
            Detail::Refusal(r) => locale.refusal(r),
        });
        let typed = match app_error {
            Some(AppError::Refused { typed, .. }) => Some(typed.clone()),
            _ => None,
        };
        let database_down = matches!(app_error, Some(AppError::Unavailable(_)));
        let page = ErrorPage {
            page: header_page(&req, locale, database_down).await,
            status: status.as_u16(),
            message: word(locale, &message),
            detail,
            typed,
        };
        match page.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type("text/html; charset=utf-8")
                .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
                .body(html),
            Err(e) => {
                tracing::error!("cannot render the error page: {e}");
                HttpResponse::build(status).finish()
            }
        }
    };
    Ok(ServiceResponse::new(req, body).map_into_right_body())
}

/// The page's header as the visitor's other pages show it: a logged-in user sees their name
/// and the logout, not "Anmelden". Anonymous when there is no session or it cannot be read
/// (not tried at all when the database is what failed).
async fn header_page(req: &actix_web::HttpRequest, locale: Locale, database_down: bool) -> Page {
    use actix_web::FromRequest;
    let anonymous = || Page::anonymous(locale, req.path());
    if database_down {
        return anonymous();
    }
    let payload = &mut actix_web::dev::Payload::None;
    match crate::web::ctx::Ctx::from_request(req, payload).await {
        Ok(mut ctx) if ctx.user().is_some() => ctx.page().await.unwrap_or_else(|_| anonymous()),
        _ => anonymous(),
    }
}

/// Whether the client asks for JSON rather than a page (the pad's queue sends `Accept:
/// application/json`; a browser's navigation lists `text/html`).
fn wants_json(req: &actix_web::HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json") && !v.contains("text/html"))
}

/// A catalogue message in the visitor's language.
fn word(locale: Locale, message: &Message) -> String {
    locale.message(message)
}

fn generic_key(status: StatusCode) -> &'static str {
    match status.as_u16() {
        404 => "error-not-found",
        405 => "error-method",
        413 => "error-too-large",
        s if s >= 500 => "error-internal",
        _ => "error-bad-request",
    }
}

/// The error page (`templates/error.html`).
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    page: Page,
    status: u16,
    message: String,
    detail: Option<String>,
    /// What the refused form held, to copy from.
    typed: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::{AppError, error_pages};
    use crate::web::score::redact::RedactedSpans;
    use crate::web::score::redact::tests::Captured;
    use actix_web::middleware::from_fn;
    use actix_web::test as atest;
    use actix_web::{App, HttpResponse, web};

    /// A redirect to the login page and a 404 are ordinary answers: through the real request
    /// logger and error pages, neither is logged at ERROR (or WARN) level.
    #[actix_web::test]
    async fn ordinary_redirects_and_not_found_are_not_logged_as_errors() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let app = atest::init_service(
            App::new()
                .wrap(from_fn(error_pages))
                .wrap(tracing_actix_web::TracingLogger::<RedactedSpans>::new())
                // Resources, not routes: the access test reads every route call of
                // src/web/ as a route of the app.
                .service(
                    web::resource("/private")
                        .to(|| async { Err::<HttpResponse, _>(AppError::LoginRequired) }),
                )
                .service(
                    web::resource("/gone")
                        .to(|| async { Err::<HttpResponse, _>(AppError::NotFound) }),
                )
                .service(web::resource("/broken").to(|| async {
                    Err::<HttpResponse, _>(AppError::Internal("a test's failure".into()))
                })),
        )
        .await;
        for (uri, status) in [("/private", 303), ("/gone", 404), ("/nowhere", 404)] {
            let res = atest::call_service(&app, atest::TestRequest::get().uri(uri).to_request());
            assert_eq!(res.await.status().as_u16(), status, "{uri}");
        }
        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert!(!log.contains("ERROR") && !log.contains("WARN"), "{log}");
        let res = atest::call_service(&app, atest::TestRequest::get().uri("/broken").to_request());
        assert_eq!(res.await.status().as_u16(), 500);
        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert!(
            log.contains("ERROR") && log.contains("a test's failure"),
            "{log}"
        );
    }
}
