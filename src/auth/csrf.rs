//! CSRF, first line: an unsafe request (POST, PUT, PATCH, DELETE) must come from our own pages.
//! Browsers say where a request comes from in `Sec-Fetch-Site` (modern) or `Origin`; a request
//! with neither (an old browser, curl) passes here and still needs the form's synchronizer
//! token (`web::ctx::CsrfForm`), the second line.
//!
//! Exempt: [`EXEMPT`] paths, which read no cookie and change nothing (the referee computes a
//! result from the body alone), so a cross-site call gains nothing; other sites' tools may call
//! them on purpose. Every other path, including later `/api/` ones, is checked by default.

use crate::config::Https;
use crate::startup::AppState;
use crate::web::AppError;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web;

pub const EXEMPT: &[&str] = &["/api/v1/referee"];

pub async fn origin_check(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if unsafe_method && !EXEMPT.contains(&req.path()) {
        let https = req
            .app_data::<web::Data<AppState>>()
            .map_or(Https::Off, |s| s.settings.https);
        if !same_origin(&req, https) {
            tracing::warn!(
                path = crate::web::score::redact::redact_path(req.path()),
                "cross-site request refused"
            );
            return Ok(req.error_response(AppError::Csrf).map_into_right_body());
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

fn header<'a>(req: &'a ServiceRequest, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

fn same_origin(req: &ServiceRequest, https: Https) -> bool {
    if let Some(site) = header(req, "sec-fetch-site") {
        // "none": the user typed or bookmarked it; "same-origin": our own page.
        return matches!(site, "same-origin" | "none");
    }
    let Some(origin) = header(req, "origin") else {
        return true;
    };
    // Our own origin as the browser sees it: the Host header (the proxy's forwarded host when
    // the proxy is trusted), with the scheme the request came in with.
    let host = match https {
        Https::Proxy => header(req, "x-forwarded-host").or_else(|| header(req, "host")),
        _ => header(req, "host"),
    };
    let Some(host) = host else {
        return false;
    };
    let scheme = if crate::auth::session::is_https(req.request(), https) {
        "https"
    } else {
        "http"
    };
    origin.eq_ignore_ascii_case(&format!("{scheme}://{host}"))
}
