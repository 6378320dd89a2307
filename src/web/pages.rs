//! The health check and the language switch (the home page: [`crate::web::front`]).

use crate::web::AppError;
use crate::web::i18n::{LANG_COOKIE, Locale};
use crate::web::state::AppState;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header;
use actix_web::{HttpResponse, web};

/// 200 "ok" while the database answers, 503 when it does not (for load balancers and
/// monitoring: plain text, no page).
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    match state.db.ping().await {
        Ok(()) => HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body("ok"),
        Err(e) => {
            tracing::warn!("health check failed: {e:?}");
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain; charset=utf-8")
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .body("database unavailable")
        }
    }
}

#[derive(serde::Deserialize)]
pub struct SwitchQuery {
    next: Option<String>,
}

/// Sets the `lang` cookie and goes back. A plain link (GET) because it changes nothing but a
/// preference of this browser.
pub async fn switch_language(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    tag: web::Path<String>,
    query: web::Query<SwitchQuery>,
) -> Result<HttpResponse, AppError> {
    let locale = Locale::parse(&tag).ok_or(AppError::NotFound)?;
    let next = query
        .next
        .as_deref()
        .filter(|n| is_local_path(n))
        .unwrap_or("/");
    // HttpOnly like every cookie of ours: only the server reads the language (no script does).
    let cookie = Cookie::build(LANG_COOKIE, locale.tag())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(crate::auth::session::is_https(&req, state.settings.https))
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, next.to_string()))
        .cookie(cookie)
        .finish())
}

/// Only paths on this site: an open redirect would lend our name to phishing links. Browsers
/// drop tabs and line breaks from a `Location` and read `\` as `/`, so `/\t/host/` would
/// lead elsewhere: a path holding any control character or space is refused, and the check
/// runs on the path as a browser normalises it.
fn is_local_path(next: &str) -> bool {
    if next.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return false;
    }
    let normalised = next.replace('\\', "/");
    normalised.starts_with('/') && !normalised.starts_with("//") && !normalised.contains("://")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_language_switch_only_returns_to_our_own_pages() {
        assert!(super::is_local_path("/admin"));
        assert!(!super::is_local_path("//evil.example/"));
        assert!(!super::is_local_path("https://evil.example/"));
        assert!(!super::is_local_path("/\\evil.example"));
        assert!(!super::is_local_path("/\t/127.0.0.1:18999/phish.html"));
        assert!(!super::is_local_path("/\n"));
        assert!(!super::is_local_path("/ /evil.example"));
        assert!(!super::is_local_path("\\/evil.example"));
        assert!(super::is_local_path("/p/gaigeln-2026?x=1"));
    }
}
