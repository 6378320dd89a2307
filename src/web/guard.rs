//! What every request passes before any handler: no control characters in its path or query,
//! `HEAD` answered like `GET`, and no unsafe request from another site (`auth::csrf`).
//!
//! A NUL byte cannot be stored or even compared by PostgreSQL (it answers "invalid byte
//! sequence"), a line break cannot go into a header, and neither belongs in a URL of ours. So
//! a path holding one (after percent-decoding) is 404, a query value 400, here, once, rather
//! than in every handler. Form values pass the same check in `CsrfForm` (`ctx.rs`).

use crate::config::Https;
use crate::error::Message;
use crate::text::forbidden_in_any_text;
use crate::web::AppError;
use crate::web::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web;

/// Percent-decodes `raw` (a path or a query string) as bytes.
fn percent_decode(raw: &str) -> Vec<u8> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                let v = hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0);
                out.push(u8::try_from(v).unwrap_or(0));
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// Whether a path holds a control character once decoded (a NUL, a line break, an escape).
pub fn path_is_clean(path: &str) -> bool {
    !String::from_utf8_lossy(&percent_decode(path))
        .chars()
        .any(char::is_control)
}

/// The first query parameter holding a control character other than a line break or a tab
/// (those a typed text may carry: the figure panel's `events`).
pub fn dirty_query_field(query: &str) -> Option<String> {
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, v)| k.chars().chain(v.chars()).any(forbidden_in_any_text))
        .map(|(k, _)| k.chars().filter(|c| !c.is_control()).collect())
}

/// Refuses control characters in the path (404) and in query values (400).
pub async fn refuse_control_characters(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let refusal = if !path_is_clean(req.path()) {
        Some(AppError::NotFound)
    } else {
        dirty_query_field(req.query_string())
            .map(|field| AppError::Invalid(Message::with("text-control", &[("field", field)])))
    };
    match refusal {
        Some(e) => Ok(req.error_response(e).map_into_right_body()),
        None => next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body),
    }
}

/// CSRF, first line: refuses (403) an unsafe request from another site
/// ([`crate::auth::csrf::refuses`]), before any handler reads it.
pub async fn origin_check(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let https = req
        .app_data::<web::Data<AppState>>()
        .map_or(Https::Off, |s| s.settings.https);
    if crate::auth::csrf::refuses(req.request(), https) {
        tracing::warn!(
            path = crate::web::score::redact::redact_path(req.path()),
            "cross-site request refused"
        );
        return Ok(req.error_response(AppError::Csrf).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// `HEAD` is routed as `GET`: monitors and link checkers use it. The connection still knows
/// the request was `HEAD` and sends the headers only (actix-http drops the body for it).
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_with_control_characters_are_caught_after_decoding() {
        assert!(path_is_clean("/p/gaigeln-2026/live"));
        assert!(path_is_clean("/p/Wattk%C3%B6nig"));
        assert!(path_is_clean("/p/100%"));
        for bad in [
            "/p/a%00b",
            "/t/a%0ab/report",
            "/p/%1b",
            "/p/a%7Fb",
            "/p/%C2%85",
        ] {
            assert!(!path_is_clean(bad), "{bad}");
        }
    }

    #[test]
    fn query_values_may_hold_line_breaks_but_no_other_control_character() {
        assert_eq!(dirty_query_field("events=a%0Ab&x=1"), None);
        assert_eq!(dirty_query_field("next=/%09/x"), None);
        assert_eq!(dirty_query_field("next=/%00"), Some("next".into()));
        assert_eq!(dirty_query_field("a=1&sep=%1b"), Some("sep".into()));
    }
}
