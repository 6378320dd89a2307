//! Security headers on every response, error pages and static files included.

use crate::config::Https;
use actix_web::middleware::DefaultHeaders;

/// No inline script or style anywhere: everything comes from `/static/`. `frame-ancestors`
/// (and the older X-Frame-Options) stop clickjacking; `form-action 'self'` keeps forms from
/// posting elsewhere even if markup were injected.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

pub fn security_headers(https: Https) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("Content-Security-Policy", CSP))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "same-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()",
        ));
    match https {
        // Browsers ignore HSTS over plain HTTP, and a laptop at the club must stay reachable.
        Https::Off => headers,
        Https::On | Https::Proxy => headers.add(("Strict-Transport-Security", "max-age=31536000")),
    }
}
