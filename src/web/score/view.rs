//! What the scorer's pages show: the table with its score and sheet, the entry forms with a
//! rule message or a preview, pending deals with confirm and undo, the conflict page and the
//! plain refusal of a dead link.

use crate::service::scoring::Confirmation;
use crate::service::scoring::links::ScorerTable;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use serde_json::Value;

pub use super::forms::{Before, Entry, Forms, GaigelRow, Preview};

/// A deal of the table in the list.
#[derive(Clone)]
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
    pending_note: Option<String>,
    forms: Forms,
    /// The pad (issue 13): the live deals the next one follows, the latest deal when it
    /// waits for a confirmation (shown at the top), the entry's heading, the pad's texts.
    based_on: usize,
    last: Option<DealLine>,
    new_deal: String,
    texts: String,
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
    // Every side that scored the most is named: at a table of three the team's two players
    // score alike ("P1 + P3 schreiben 2"), and in a figure game both sides may score the same.
    let pts = points.values().filter_map(Value::as_i64).max().unwrap_or(0);
    let top: Vec<&str> = points
        .iter()
        .filter(|(_, v)| v.as_i64() == Some(pts))
        .map(|(k, _)| k.as_str())
        .collect();
    let key = if top.len() > 1 {
        "score-deal-words-several"
    } else {
        "score-deal-words"
    };
    let score = score_text(&deal["score"]);
    let words = locale.t_with(
        key,
        &[
            ("side", top.join(" + ")),
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
        // Rutesheim: the game points so far, not this deal's (issue 13).
        score_text(&game_points_so_far(report, index))
    } else {
        score_text(&deal["strokes"])
    };
    locale.t_with(key, &[("side", winner.to_string()), ("score", after)])
}

/// Rutesheim: each side's game points summed over deals `0..=index`, in side order.
fn game_points_so_far(report: &Value, index: usize) -> Value {
    let mut sums = serde_json::Map::new();
    for deal in report["deals"]
        .as_array()
        .into_iter()
        .flatten()
        .take(index + 1)
    {
        for (side, points) in deal["game_points"].as_object().into_iter().flatten() {
            let sum = sums.get(side).and_then(Value::as_i64).unwrap_or(0);
            sums.insert(side.clone(), (sum + points.as_i64().unwrap_or(0)).into());
        }
    }
    Value::Object(sums)
}

/// The score after the last of `count` deals ("10:7"), or the tally when the last deal ended
/// the match's record without a running score.
pub fn score_now(report: &Value, count: usize) -> String {
    match count {
        0 => "0:0".to_string(),
        n if report["deals"][n - 1]["score"].is_object() => {
            score_text(&report["deals"][n - 1]["score"])
        }
        _ => score_text(&report["tally"]),
    }
}

pub fn score_text(score: &Value) -> String {
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
    let (state, names, sheet) = super::pad_page::table_and_sheet(&ctx, &st).await?;
    let count = state.live.len();
    let deals: Vec<DealLine> = state
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
    let score = score_now(&state.report, count);
    let score = if count == 0 {
        super::pad_page::zero_score(st.seats.len())
    } else {
        score
    };
    let token = token_of(&ctx.path);
    let forms = Forms::new(
        format!("/s/{token}"),
        csrf.clone(),
        locale,
        st.tournament.game.as_str(),
        &names,
        Before {
            record: &state.record,
            report: &state.report,
        },
        entry,
    );
    let template = TablePage {
        page,
        csrf,
        token,
        tournament: st.tournament.name.clone(),
        heading: locale.t_with(
            "score-heading",
            &[
                ("round", st.round_number.to_string()),
                ("table", st.table_number.to_string()),
            ],
        ),
        sides: sides(st.seats.len()).into_iter().zip(names).collect(),
        score,
        sheet,
        last: deals.first().filter(|d: &&DealLine| d.pending).cloned(),
        deals,
        pending_note,
        forms,
        based_on: count,
        new_deal: locale.t_with("pad-new-deal", &[("no", (count + 1).to_string())]),
        texts: super::pad_page::texts(locale),
    };
    ctx.render(status, &template)
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

#[cfg(test)]
mod tests {
    use super::deal_words;
    use crate::web::i18n::Locale;
    use serde_json::json;

    #[test]
    fn a_team_of_two_at_a_table_of_three_is_named_whole() {
        // Rules text 004, Bavarian Watten for three: "If the team wins both players score".
        let report = json!({"deals": [{"points": {"P1": 2, "P2": 0, "P3": 2},
            "score": {"P1": 2, "P2": 0, "P3": 2}}]});
        assert_eq!(
            deal_words(Locale::De, &report, 0),
            "P1 + P3 schreiben 2, Stand 2:0:2"
        );
        assert_eq!(
            deal_words(Locale::En, &report, 0),
            "P1 + P3 score 2, score 2:0:2"
        );
    }

    #[test]
    fn a_rutesheim_deal_reads_the_totals_after_it() {
        // Rules text 002 (SKV Rutesheim): the game points add up over the session's deals;
        // issue 13 found "danach 3:5:1" showing the deal's own points.
        let report = json!({"deals": [
            {"winner": "P2", "game_points": {"P1": 1, "P2": 3, "P3": 0}},
            {"winner": "P1", "game_points": {"P1": 3, "P2": 1, "P3": 1}}]});
        assert_eq!(
            deal_words(Locale::De, &report, 1),
            "P1 gewinnt, danach 4:4:1"
        );
    }

    #[test]
    fn the_one_side_that_scored_is_named_alone() {
        let report = json!({"deals": [{"points": {"A": 3, "B": 0},
            "score": {"A": 10, "B": 7}}]});
        assert_eq!(
            deal_words(Locale::De, &report, 0),
            "A schreibt 3, Stand 10:7"
        );
    }
}
