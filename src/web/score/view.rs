//! What the scorer's pages show: the table with its score and sheet, the entry forms with a
//! rule message or a preview, pending deals with confirm and undo, the conflict page and the
//! plain refusal of a dead link.

use crate::service::scoring::Confirmation;
use crate::service::scoring::entry;
use crate::service::scoring::links::{ScorerTable, seat_names, short_names};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use serde_json::Value;

/// The entry forms' state: what was typed, and the referee's message or the preview.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub mode: String,
    pub points: String,
    pub events: String,
    /// Every submitted field (the Gaigel form shows them again).
    pub fields: std::collections::HashMap<String, String>,
    pub error: Option<String>,
    /// The event list's line (from 1) the error is about; 0: none.
    pub error_line: usize,
    /// The kind of field the error is about (`points`, `melds`, …); empty: none.
    pub error_field: String,
    /// The typed event lines, echoed under the list with the broken one marked.
    pub lines: Vec<super::placing::Line>,
    pub preview: Option<Preview>,
}

/// A checked deal waiting for "save".
#[derive(Debug, Clone)]
pub struct Preview {
    pub words: String,
    /// The deal as JSON, posted back by the save form.
    pub deal: String,
    pub based_on: i32,
    pub key: String,
}

/// A deal of the table in the list.
pub struct DealLine {
    pub no: i32,
    pub deal_no: i32,
    pub version: i32,
    pub words: String,
    pub pending: bool,
    pub can_undo: bool,
    /// The confirm button's label ("Bestätigen (Seite B)"), when the other side confirms.
    pub confirm: Option<String>,
}

#[derive(Template)]
#[template(path = "score/table.html")]
struct TablePage {
    page: Page,
    csrf: String,
    token: String,
    tournament: String,
    heading: String,
    sides: Vec<(String, String)>,
    score: String,
    sheet: String,
    deals: Vec<DealLine>,
    entry: Entry,
    points: String,
    pending_note: Option<String>,
    /// `watten`, `gaigel`, or another game (no entry form yet).
    game: String,
    /// The figure games' figures, for the event buttons.
    figure_names: Vec<&'static str>,
    /// The figure games: the panel of the deal so far, and the card picker's pack.
    panel: super::figures::panel::Panel,
    labels: super::figures::PanelLabels,
    pack: Vec<super::figures::pack::PickCard>,
    gaigel: Vec<GaigelRow>,
    /// The Gaigel selects' current values: out, overgaigel, five_sevens; and the cut.
    gaigel_out: String,
    gaigel_over: String,
    gaigel_sevens: String,
    gaigel_cut: String,
}

/// A side's row of the Gaigel form, with what was typed.
pub struct GaigelRow {
    pub side: String,
    pub name: String,
    pub points: String,
    pub melds: String,
    pub tricks: String,
}

#[derive(Template)]
#[template(path = "score/conflict.html")]
struct ConflictPage {
    page: Page,
    token: String,
    stored: String,
    attempted: String,
}

#[derive(Template)]
#[template(path = "score/refusal.html")]
struct RefusalPage {
    page: Page,
    message: String,
}

/// The record's sides for a table of `seats` seats: `A`, `B`, or `P1`..`P3` for three.
pub fn sides(seats: usize) -> Vec<String> {
    match seats {
        3 => vec!["P1".into(), "P2".into(), "P3".into()],
        _ => vec!["A".into(), "B".into()],
    }
}

/// "A schreibt 3, Stand 10:7" for deal `index` of a referee result.
pub fn deal_words(locale: Locale, report: &Value, index: usize) -> String {
    let deal = &report["deals"][index];
    if let Some(winner) = deal["winner"].as_str() {
        return gaigel_words(locale, report, index, winner);
    }
    let Some(points) = deal["points"].as_object() else {
        return String::from("–");
    };
    let (side, pts) = points
        .iter()
        .max_by_key(|(_, v)| v.as_i64().unwrap_or(0))
        .map(|(k, v)| (k.clone(), v.as_i64().unwrap_or(0)))
        .unwrap_or_default();
    let score = score_text(&deal["score"]);
    let words = locale.t_with(
        "score-deal-words",
        &[
            ("side", side),
            ("points", pts.to_string()),
            ("score", score),
        ],
    );
    match figure_words(locale, &deal["figures"]) {
        Some(figures) => format!("{words} ({figures})"),
        None => words,
    }
}

/// Figure games: "Gleich A 2 · Hanger steht 1 · Spiel A 1" (the game's words stay German).
fn figure_words(locale: Locale, figures: &Value) -> Option<String> {
    let map = figures.as_object()?;
    let parts: Vec<String> = [
        ("gleich", "Gleich"),
        ("hanger", "Hanger"),
        ("spiel", "Spiel"),
    ]
    .iter()
    .filter_map(|(key, name)| {
        let f = map.get(*key)?;
        let who = f["winner"]
            .as_str()
            .map_or_else(|| locale.t("score-fig-stands"), str::to_string);
        let value = f["value"].as_i64().map_or_else(
            || f["value"].as_str().unwrap_or("").to_string(),
            |v| v.to_string(),
        );
        Some(format!("{name} {who} {value}"))
    })
    .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// "P1 gewinnt, Stand 5:3:1" (Gaigel: the winner, a double, the tally after the deal).
fn gaigel_words(locale: Locale, report: &Value, index: usize, winner: &str) -> String {
    let deal = &report["deals"][index];
    let key = if deal["double"].as_bool() == Some(true) {
        "score-gaigel-double"
    } else {
        "score-gaigel-win"
    };
    let after = if deal["game_points"].is_object() {
        // Rutesheim: the game points of this deal.
        score_text(&deal["game_points"])
    } else {
        score_text(&deal["strokes"])
    };
    locale.t_with(key, &[("side", winner.to_string()), ("score", after)])
}

fn score_text(score: &Value) -> String {
    match score.as_object() {
        Some(map) => map
            .values()
            .filter_map(Value::as_i64)
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(":"),
        None => "0:0".into(),
    }
}

/// A deal of the contract in short words (for the conflict page).
pub fn deal_text(deal: &Value) -> String {
    if let (Some(w), Some(p)) = (deal["winner"].as_str(), deal["points"].as_i64()) {
        return format!("{w} {p}");
    }
    match deal["events"].as_array() {
        Some(events) => events
            .iter()
            .filter_map(|e| e.as_object())
            .map(|e| {
                e.iter()
                    .map(|(k, v)| {
                        format!("{k} {}", v.as_str().map_or(v.to_string(), str::to_string))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => deal.to_string(),
    }
}

/// The table page (status 200, or 422 with a rule message).
pub async fn render(
    mut ctx: Ctx,
    st: ScorerTable,
    entry: Entry,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    let locale = ctx.locale;
    let lang = locale.rules_lang();
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
    let sheet = crate::sheet::render(&state.record.to_string(), lang, &labels)
        .map(|svg| svg.as_str().to_string())
        .unwrap_or_default();
    let count = state.live.len();
    let deals = state
        .live
        .iter()
        .enumerate()
        .rev()
        .map(|(i, d)| {
            let deal = &state.report["deals"][i];
            let winner = deal["winner"].as_str().map(str::to_string).or_else(|| {
                deal["points"].as_object().and_then(|p| {
                    p.iter()
                        .max_by_key(|(_, v)| v.as_i64().unwrap_or(0))
                        .map(|(k, _)| k.clone())
                })
            });
            let other = sides(st.seats.len())
                .into_iter()
                .find(|s| Some(s) != winner.as_ref())
                .unwrap_or_default();
            DealLine {
                no: d.deal_no + 1,
                deal_no: d.deal_no,
                version: d.version,
                words: deal_words(locale, &state.report, i),
                pending: !d.confirmed,
                can_undo: !d.confirmed && i + 1 == count,
                confirm: (!d.confirmed && state.confirmation == Confirmation::OtherSide)
                    .then(|| locale.t_with("score-confirm", &[("side", other)])),
            }
        })
        .collect();
    let pending_note = (state.confirmation == Confirmation::Secretary
        && state.live.iter().any(|d| !d.confirmed))
    .then(|| locale.t("score-pending-secretary"));
    let score = match count {
        0 => "0:0".to_string(),
        n if state.report["deals"][n - 1]["score"].is_object() => {
            score_text(&state.report["deals"][n - 1]["score"])
        }
        _ => score_text(&state.report["tally"]),
    };
    let side_list = sides(st.seats.len());
    let typed = |name: String| entry.fields.get(&name).cloned().unwrap_or_default();
    let gaigel = side_list
        .iter()
        .zip(&names)
        .map(|(side, name)| GaigelRow {
            side: side.clone(),
            name: name.clone(),
            points: typed(format!("points_{side}")),
            melds: typed(format!("melds_{side}")),
            tricks: typed(format!("tricks_{side}")),
        })
        .collect();
    let (gaigel_out, gaigel_over, gaigel_sevens, gaigel_cut) = (
        typed("out".into()),
        typed("overgaigel".into()),
        typed("five_sevens".into()),
        typed("cut".into()),
    );
    let points = if entry.points.trim().is_empty() {
        "2".to_string()
    } else {
        entry.points.clone()
    };
    let (panel, pack) = match super::figures::variant_of(&state.record) {
        Some(v) if ["giltspiel", "perlaggen"].contains(&st.tournament.game.as_str()) => (
            super::figures::panel::panel(locale, &state.record, &state.report, &entry.events),
            super::figures::pack::pack(v),
        ),
        _ => Default::default(),
    };
    let template = TablePage {
        page,
        csrf,
        token: token_of(&ctx.path),
        tournament: st.tournament.name.clone(),
        heading: locale.t_with(
            "score-heading",
            &[
                ("round", st.round_number.to_string()),
                ("table", st.table_number.to_string()),
            ],
        ),
        sides: side_list.into_iter().zip(names).collect(),
        score,
        sheet,
        deals,
        entry,
        points,
        pending_note,
        game: st.tournament.game.clone(),
        figure_names: vec!["gleich", "hanger", "spiel"],
        panel,
        labels: super::figures::PanelLabels::new(locale),
        pack,
        gaigel,
        gaigel_out,
        gaigel_over,
        gaigel_sevens,
        gaigel_cut,
    };
    ctx.render(status, &template)
}

/// 409: another save got there first; both deals are shown, nothing was overwritten.
pub fn conflict(
    ctx: Ctx,
    stored: Option<Value>,
    attempted: Value,
) -> Result<HttpResponse, AppError> {
    let template = ConflictPage {
        page: Page::anonymous(ctx.locale, &ctx.path),
        token: token_of(&ctx.path),
        stored: stored.as_ref().map_or_else(|| "–".into(), deal_text),
        attempted: deal_text(&attempted),
    };
    ctx.render(StatusCode::CONFLICT, &template)
}

/// The link's secret from a scorer path (`/s/SECRET/...`).
fn token_of(path: &str) -> String {
    path.trim_start_matches("/s/")
        .split('/')
        .next()
        .unwrap_or("")
        .to_string()
}

/// The plain page of a dead link: 404 unknown, 410 its round is closed.
pub fn refusal(ctx: Ctx, status: StatusCode) -> Result<HttpResponse, AppError> {
    let key = if status == StatusCode::GONE {
        "score-link-closed"
    } else {
        "score-link-unknown"
    };
    let template = RefusalPage {
        page: Page::anonymous(ctx.locale, "/"),
        message: ctx.locale.t(key),
    };
    ctx.render(status, &template)
}
