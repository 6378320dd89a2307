//! The JSON API under `/api/v1`. The referee (contract section 2): no login, no CSRF token,
//! changes nothing. Tournament standings and exports (contract 2 and 8), read-only.

use crate::rules;
use crate::service::Actor;
use crate::service::tournaments;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

/// Bodies larger than this are refused with 413 (contract section 2).
pub const MAX_BODY: usize = 1024 * 1024;
/// Records up to this size are refereed right on the worker; larger ones on the blocking pool.
const INLINE_BODY: usize = 64 * 1024;

pub fn scope() -> actix_web::Scope {
    web::scope("/api/v1")
        .app_data(web::PayloadConfig::new(MAX_BODY))
        .route("/referee", web::post().to(referee))
        .route("/streitfall/table", web::post().to(streitfall_table))
        .route("/standings", web::post().to(file_standings))
        .route(
            "/tournaments/{slug}/standings",
            web::get().to(tournament_standings),
        )
        .route(
            "/tournaments/{slug}/export.json",
            web::get().to(tournament_export),
        )
}

/// `GET /api/v1/tournaments/{slug}/standings`: the standings as `kartl standings` prints them
/// for the exported file (contract 8), computed from the current confirmed deals. Anonymous
/// callers see public tournaments only (404 otherwise); a logged-in secretary of the club and
/// the administrator see every one.
pub async fn tournament_standings(
    ctx: Ctx,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let viewer = ctx.user().map(Actor::of_user);
    let slug = slug.into_inner();
    let evaluation = ctx
        .state
        .db
        .run(move |conn| tournaments::standings(conn, viewer.as_ref(), &slug, rules::Lang::De))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(&evaluation.standings))
}

/// `GET /api/v1/tournaments/{slug}/export.json`: the tournament file (contract 8 with kartl's
/// optional keys) of the current confirmed deals; importing it gives the same standings.
pub async fn tournament_export(
    ctx: Ctx,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let viewer = ctx.user().map(Actor::of_user);
    let slug = slug.into_inner();
    let name = format!("{slug}.json");
    let file = ctx
        .state
        .db
        .run(move |conn| tournaments::export(conn, viewer.as_ref(), &slug))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .json(&file))
}

/// 200 with the result when the record keeps the rules, 422 with the result when it breaks
/// one, 400 `{"error": ...}` naming the field when it is not a well-formed record. Rule
/// messages in the language of `Accept-Language` (German by default; no cookie is read).
pub async fn referee(req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let lang = accept_language(&req);
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
    };
    let result = if text.len() <= INLINE_BODY {
        rules::referee(&text, lang)
    } else {
        match crate::blocking(move || rules::referee(&text, lang)).await {
            Ok(result) => result,
            Err(e) => {
                tracing::error!("referee failed: {e}");
                return error(StatusCode::INTERNAL_SERVER_ERROR, "internal error");
            }
        }
    };
    match result {
        Ok(report) => {
            let status = if report.is_valid() {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            HttpResponse::build(status).json(&report)
        }
        Err(malformed) => error(StatusCode::BAD_REQUEST, &malformed.to_string()),
    }
}

/// `POST /api/v1/streitfall/table`: a record holding one card-level deal in, the table as it
/// looked and the legal next actions out (docs/rules/streitfall.md); 400 when malformed.
/// Labels and rulings in `?lang=de|en`, else the language of `Accept-Language`. Writes
/// nothing.
pub async fn streitfall_table(req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let tag = req
        .query_string()
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .map(str::to_string)
        .or_else(|| {
            req.headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        })
        .unwrap_or_default();
    let lang = Locale::from(rules::Lang::from_tag(&tag)).rules_lang();
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
    };
    match crate::blocking(move || rules::streit::table(&text, lang)).await {
        Ok(Ok(table)) => HttpResponse::Ok()
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(&table),
        Ok(Err(malformed)) => error(StatusCode::BAD_REQUEST, &malformed.to_string()),
        Err(e) => {
            tracing::error!("streitfall table failed: {e}");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
        }
    }
}

/// `POST /api/v1/standings`: a tournament file (contract 8) or a cup file
/// (docs/reference/cups.md) in, its standings out as `kartl standings` prints them: 200 when
/// every table keeps the rules, 422 (the standings all the same, counting the deals before a
/// break) when one breaks a rule, 400 when the file is not well-formed. Writes nothing.
pub async fn file_standings(req: HttpRequest, body: web::Bytes) -> HttpResponse {
    use crate::tournament::{cup_file, evaluate};
    let lang = accept_language(&req);
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
    };
    let answer = crate::blocking(move || {
        if cup_file::is_cup_file(&text) {
            cup_file::evaluate_cup_text(&text, lang).map(|e| (e.broken.is_empty(), json(&e)))
        } else {
            evaluate::evaluate_text(&text, lang).map(|e| (e.broken.is_empty(), json(&e.standings)))
        }
    })
    .await;
    match answer {
        Ok(Ok((valid, body))) => {
            let status = if valid {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            HttpResponse::build(status)
                .content_type("application/json")
                .body(body)
        }
        Ok(Err(malformed)) => error(StatusCode::BAD_REQUEST, &malformed.to_string()),
        Err(e) => {
            tracing::error!("standings failed: {e}");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
        }
    }
}

/// The standings as JSON text (they always serialise: plain rows of numbers and text).
fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| String::from("{}"))
}

/// The language of `Accept-Language` (German by default; no cookie is read).
fn accept_language(req: &HttpRequest) -> rules::Lang {
    let header = req
        .headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    Locale::from(rules::Lang::from_tag(header)).rules_lang()
}

fn error(status: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(serde_json::json!({ "error": message }))
}
