//! The files under `static/`, compiled into the binary so `kartl serve` runs from anywhere.

use crate::web::AppError;
use actix_web::http::header;
use actix_web::{HttpResponse, web};

/// (name, content type, content)
const FILES: &[(&str, &str, &str)] = &[
    (
        "kartl.css",
        "text/css; charset=utf-8",
        include_str!("../../static/kartl.css"),
    ),
    (
        "kartl.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/kartl.js"),
    ),
    (
        "score.css",
        "text/css; charset=utf-8",
        include_str!("../../static/score.css"),
    ),
    (
        "score.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/score.js"),
    ),
    (
        "streitfall.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/streitfall.js"),
    ),
    (
        "streitfall.css",
        "text/css; charset=utf-8",
        include_str!("../../static/streitfall.css"),
    ),
    (
        "figures.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/figures.js"),
    ),
    (
        "public.css",
        "text/css; charset=utf-8",
        include_str!("../../static/public.css"),
    ),
    (
        "public.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/public.js"),
    ),
    (
        "pad.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/pad.js"),
    ),
];

/// A digest of every static file: the pad's service worker names its cache with it, so a new
/// build's files replace the old ones on the phones.
pub fn version() -> String {
    use std::hash::{Hash, Hasher};
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION
        .get_or_init(|| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            FILES.hash(&mut h);
            format!("{:016x}", h.finish())
        })
        .clone()
}

pub async fn serve(name: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (_, content_type, body) = FILES
        .iter()
        .find(|(n, _, _)| *n == name.as_str())
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type(*content_type)
        // Not immutable: the names carry no hash. An hour, then the browser asks again.
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(*body))
}
