//! The pad's page parts that are not the pad's rules: the texts its script shows,
//! the service worker that keeps the page usable without signal, the save's JSON answer for
//! the script's queue, and the result a closed round's link shows.

use crate::service::scoring::entry::{self, Saved};
use crate::service::scoring::links::{ScorerTable, seat_names, short_names};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;
use std::collections::BTreeMap;

/// The service worker's source; `{{VERSION}}` becomes a digest of the static files.
const SERVICE_WORKER: &str = include_str!("../../../static/pad-sw.js");

/// "0:0", or "0:0:0" at a table of three: one score per seat.
pub fn zero_score(seats: usize) -> String {
    vec!["0"; seats.max(2)].join(":")
}

/// The texts `static/pad.js` shows, by short name, as JSON for the page (`<` escaped so the
/// block can never end its `<script>` element).
pub fn texts(locale: Locale) -> String {
    const KEYS: &[&str] = &[
        "save",
        "save-offline",
        "saved",
        "saved-wait",
        "offline",
        "unchecked",
        "waiting",
        "sending",
        "refused",
        "stale",
        "correct",
        "discard",
        "discard-ask",
        "transcript-empty",
        "no-net-yet",
        "over-hint",
        "group-bet",
        "group-answer",
        "group-tricks",
        "group-show",
        "group-card",
        "group-number",
        "group-side",
        "group-other",
        "group-meld",
        "group-digits",
        "group-count",
        "group-baptism",
    ];
    let mut map: BTreeMap<String, String> = KEYS
        .iter()
        .map(|k| (k.to_string(), locale.t(&format!("pad-{k}"))))
        .collect();
    // The entry's heading with `{no}` for the script: deals waiting on the phone count too.
    let heading = locale.t_with("pad-new-deal", &[("no", "{no}".to_string())]);
    map.insert("new-deal".into(), heading);
    // A map of strings always writes (keys sorted, as before).
    let text = serde_json::to_string(&map).unwrap_or_default();
    text.replace('<', "\\u003c")
}

/// `GET /s/sw.js`: the pad's service worker, scope `/s/` (the scorer's pages). Never cached
/// by the browser's HTTP cache, so a new build's worker is found at the next visit.
pub async fn service_worker() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(SERVICE_WORKER.replace("{{VERSION}}", &crate::web::assets::version()))
}

/// Whether the request asks for JSON (the pad's queue does; a form post does not).
pub fn wants_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"))
}

/// The save's answer as the pad's queue reads it: what is not set is left out. Fields in
/// sorted order, the order the answer has always been written in.
#[derive(Debug, Default, Serialize)]
struct SaveAnswer {
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deal_no: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    saved: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stale: bool,
}

/// The save's answer for the pad's queue: 200 stored (also a retry with the same key), 409
/// another deal came first, 422 the referee refuses (nothing stored), 404/410 a dead link.
pub fn save_json(locale: Locale, outcome: Result<Saved, StatusCode>) -> HttpResponse {
    let (status, body) = match outcome {
        Ok(Saved::New { deal_no } | Saved::Seen { deal_no }) => (
            StatusCode::OK,
            SaveAnswer {
                deal_no: Some(deal_no),
                saved: true,
                ..SaveAnswer::default()
            },
        ),
        Ok(Saved::Stale { .. }) => (
            StatusCode::CONFLICT,
            SaveAnswer {
                error: Some(locale.t("pad-stale")),
                stale: true,
                ..SaveAnswer::default()
            },
        ),
        Ok(Saved::Broken { message, code }) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            SaveAnswer {
                code: Some(code.as_str()),
                error: Some(message),
                ..SaveAnswer::default()
            },
        ),
        Err(status) => {
            let key = match status {
                StatusCode::GONE => "score-link-closed",
                StatusCode::BAD_REQUEST => "pad-unreadable",
                _ => "score-link-unknown",
            };
            let error = Some(locale.t(key));
            (
                status,
                SaveAnswer {
                    error,
                    ..SaveAnswer::default()
                },
            )
        }
    };
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body)
}

/// The table's state, its seats' names and its score sheet (SVG): what the scorer's page and
/// a closed round's result page show.
pub async fn table_and_sheet(
    ctx: &Ctx,
    st: &ScorerTable,
) -> Result<(entry::TableState, Vec<String>, String), AppError> {
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let (state, names, short) = ctx
        .state
        .db
        .run(move |conn| {
            let state = entry::state(conn, &st2, lang)?;
            let detail = crate::service::tournaments::detail(conn, st2.tournament.clone())?;
            let short = short_names(&detail, &st2.seats);
            Ok((state, seat_names(&detail, &st2.seats), short))
        })
        .await?;
    let labels = crate::sheet::SheetLabels::new(short);
    let sheet = crate::sheet::render(&state.record.to_json(), lang, &labels)
        .map(|svg| svg.as_str().to_string())
        .unwrap_or_default();
    Ok((state, names, sheet))
}

#[derive(Template)]
#[template(path = "score/closed.html")]
struct ClosedPage {
    page: Page,
    tournament: String,
    heading: String,
    sides: Vec<(String, String)>,
    score: String,
    deals: Vec<String>,
    sheet: String,
    standings: Option<String>,
}

/// A closed round's link (410, it takes nothing more): the table's result, its sheet and
/// final score, and the public standings when the tournament is public.
pub async fn closed(ctx: Ctx, st: ScorerTable) -> Result<HttpResponse, AppError> {
    let locale = ctx.locale;
    let (state, names, sheet) = table_and_sheet(&ctx, &st).await?;
    let count = state.live.len();
    let score = match count {
        0 => zero_score(st.seats.len()),
        n => super::view::score_now(&state.report, n),
    };
    let deals = (0..count)
        .map(|i| super::view::deal_words(locale, &state.report, i))
        .map(|words| match st.seats.len() {
            3 => super::view::lettered(&words),
            _ => words,
        })
        .collect();
    let template = ClosedPage {
        page: Page::anonymous(locale, &ctx.path),
        tournament: st.tournament.name.clone(),
        heading: locale.t_with(
            "pad-closed-title",
            &[
                ("round", st.round_number.to_string()),
                ("table", st.table_number.to_string()),
            ],
        ),
        sides: super::view::letters(st.seats.len())
            .into_iter()
            .zip(names)
            .collect(),
        score,
        deals,
        sheet,
        standings: st
            .tournament
            .public
            .then(|| format!("/p/{}", st.tournament.slug)),
    };
    ctx.render(StatusCode::GONE, &template)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn a_table_of_three_starts_at_three_zeros() {
        assert_eq!(zero_score(2), "0:0");
        assert_eq!(zero_score(3), "0:0:0");
    }

    #[test]
    fn the_texts_cannot_end_their_script_block() {
        let t = texts(Locale::De);
        assert!(!t.contains('<'));
        let v: Value = serde_json::from_str(&t).unwrap_or_default();
        assert_eq!(v["waiting"], "wartet auf Netz – wird dann geprüft");
    }
}
