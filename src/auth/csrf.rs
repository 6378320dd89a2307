//! CSRF, first line: an unsafe request (POST, PUT, PATCH, DELETE) must come from our own pages.
//! Browsers say where a request comes from in `Sec-Fetch-Site` (modern) or `Origin`; a request
//! with neither (an old browser, curl) passes here and still needs the form's synchronizer
//! token (`web::ctx::CsrfForm`), the second line. The web asks [`refuses`] of every request
//! (`web::guard::origin_check`) with the one setting it needs.
//!
//! Exempt: [`EXEMPT`] paths, which read no cookie and change nothing (the referee computes a
//! result from the body alone), so a cross-site call gains nothing; other sites' tools may call
//! them on purpose. Every other path, including later `/api/` ones, is checked by default.

use crate::config::Https;
use actix_web::HttpRequest;
use actix_web::http::Method;

pub const EXEMPT: &[&str] = &["/api/v1/referee"];

/// Whether this request must be refused: an unsafe method on a path not [`EXEMPT`], sent
/// from another site. `https` is the setting that says how to tell our own origin's scheme.
/// The web's `guard::origin_check` asks this of every request.
pub fn refuses(req: &HttpRequest, https: Https) -> bool {
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    unsafe_method && !EXEMPT.contains(&req.path()) && !same_origin(req, https)
}

fn header<'a>(req: &'a HttpRequest, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

fn same_origin(req: &HttpRequest, https: Https) -> bool {
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
    let scheme = if crate::auth::session::is_https(req, https) {
        "https"
    } else {
        "http"
    };
    origin.eq_ignore_ascii_case(&format!("{scheme}://{host}"))
}
