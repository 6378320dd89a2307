//! The one table page of the scorer's link and the secretary's table page: the board (sides,
//! names, score), the deals with what may be done to a waiting one, the entry (the scorer's
//! pad; the secretary's expert forms), the score sheet. The [`Way`] says whose page it is and
//! where its forms post; the rest is the same.

use super::Way;
use super::forms::{Before, Entry, Forms};
use crate::service::scoring::Confirmation;
use crate::service::scoring::entry::TableState;
use crate::service::scoring::limit;
use crate::service::scoring::links::ScorerTable;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::score::pad::over_words;
use crate::web::score::pad_page::{table_and_sheet, texts, zero_score};
use crate::web::score::pad_words::game_end;
use crate::web::score::view::{lettered, letters, sides};
use crate::web::score::words::{deal_words, score_now, top_side};
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

/// A deal of the table in the list.
#[derive(Clone)]
pub struct DealLine {
    pub no: i32,
    pub deal_no: i32,
    pub version: i32,
    pub words: String,
    pub pending: bool,
    /// The scorer may take back the last deal while it waits.
    pub can_undo: bool,
    /// The confirm button's label, when this page may confirm the waiting deal: the other
    /// side at the scorer's phone ("Bestätigen (Seite B)"), or the secretary ("Bestätigen").
    pub confirm: Option<String>,
    /// "bestätigt von der anderen Seite" / "… von der Turnierleitung" for a deal confirmed
    /// unchanged; "Version 3" (the secretary's page only) for a corrected one.
    pub note: Option<String>,
    /// The bidding the deal was played with ("A bietet, B schaut"), when it had any.
    pub bid: Option<String>,
}

#[derive(Template)]
#[template(path = "entry/table.html")]
struct TablePage {
    page: Page,
    csrf: String,
    way: Way,
    /// The page's title: the tournament (scorer), "Tisch 3 · Turnier" (secretary).
    title: String,
    /// The heading: the tournament (scorer), "Tisch 3" (secretary).
    heading: String,
    /// The line under it: round and table (scorer), the confirmation rule (secretary).
    sub: String,
    slug: String,
    tournament: String,
    round: i32,
    open: bool,
    sides: Vec<(String, String)>,
    score: String,
    sheet: String,
    deals: Vec<DealLine>,
    pending_note: Option<String>,
    forms: Forms,
    /// The pad: the link's secret, the live deals the next one follows, the latest
    /// deal when it waits for a confirmation (shown at the top), the entry's heading, the
    /// pad's texts.
    token: String,
    based_on: usize,
    last: Option<DealLine>,
    new_deal: String,
    texts: String,
    /// Who confirms a stored deal (the tournament's rule), for the scorer.
    rule: String,
    /// Why the scorer's table takes no more deals (drawn by the server too, so a page
    /// without JavaScript offers no entry either).
    over: Option<String>,
}

/// The table page for `way` (status 200, or 422 with the entry's rule message).
pub async fn render(
    mut ctx: Ctx,
    st: ScorerTable,
    way: Way,
    entry: Entry,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let csrf = ctx.csrf_token().await?;
    let page = ctx.page().await?;
    let locale = ctx.locale;
    let (state, names, sheet) = table_and_sheet(&ctx, &st).await?;
    let count = state.live.len();
    let deals = deal_lines(locale, &st, &state, &way);
    let forms = Forms::new(
        way.back.clone(),
        csrf.clone(),
        locale,
        st.tournament.game,
        &names,
        Before {
            record: &state.record,
            report: Some(&state.report),
        },
        entry,
    );
    let (title, heading, sub) = headings(locale, &st, &state, &way);
    let over = over_text(locale, &st, &state, &way)?;
    let template = TablePage {
        page,
        csrf,
        title,
        heading,
        sub,
        slug: st.tournament.slug.clone(),
        tournament: st.tournament.name.clone(),
        round: st.round_number,
        open: st.open,
        sides: letters(st.seats.len()).into_iter().zip(names).collect(),
        score: match count {
            0 => zero_score(st.seats.len()),
            n => score_now(&state.report, n),
        },
        sheet,
        last: deals
            .first()
            .filter(|d| d.pending && !way.secretary)
            .cloned(),
        deals,
        pending_note: (!way.secretary
            && state.confirmation == Confirmation::Secretary
            && state.live.iter().any(|d| !d.confirmed))
        .then(|| locale.t("score-pending-secretary")),
        forms,
        token: way.back.trim_start_matches("/s/").to_string(),
        based_on: count,
        new_deal: locale.t_with("pad-new-deal", &[("no", (count + 1).to_string())]),
        texts: texts(locale),
        over,
        rule: locale.t(rule_key(state.confirmation)),
        way,
    };
    ctx.render(status, &template)
}

/// Why the scorer's table takes no more deals, in the pad's words; `None` on the secretary's
/// page (the secretary's save is refused with the same words).
fn over_text(
    locale: Locale,
    st: &ScorerTable,
    state: &TableState,
    way: &Way,
) -> Result<Option<String>, AppError> {
    if way.secretary {
        return Ok(None);
    }
    let count = state.live.len();
    let limit = limit::reached(st, count, || Ok(state.report.games()))?;
    let ended = count
        .checked_sub(1)
        .and_then(|last| game_end(locale, &state.report, last));
    let waiting = state.live.iter().filter(|d| !d.confirmed).count();
    Ok(limit.map(|l| over_words(locale, l, ended, waiting)))
}

/// The words of the tournament's confirmation rule.
fn rule_key(confirmation: Confirmation) -> &'static str {
    match confirmation {
        Confirmation::None => "tables-rule-none",
        Confirmation::OtherSide => "tables-rule-other-side",
        Confirmation::Secretary => "tables-rule-secretary",
    }
}

/// The page's title, heading and the line under it.
fn headings(
    locale: Locale,
    st: &ScorerTable,
    state: &TableState,
    way: &Way,
) -> (String, String, String) {
    let name = st.tournament.name.clone();
    if way.secretary {
        let table = format!("{} {}", locale.t("tables-table"), st.table_number);
        let rule = rule_key(state.confirmation);
        (format!("{table} · {name}"), table, locale.t(rule))
    } else {
        let sub = locale.t_with(
            "score-heading",
            &[
                ("round", st.round_number.to_string()),
                ("table", st.table_number.to_string()),
            ],
        );
        (name.clone(), name, sub)
    }
}

/// The live deals, newest first, with what this page may do to a waiting one.
fn deal_lines(locale: Locale, st: &ScorerTable, state: &TableState, way: &Way) -> Vec<DealLine> {
    let count = state.live.len();
    // A table of three reads its players by the card's letters, not the record's P1..P3.
    let shown = |text: String| match st.seats.len() {
        3 => lettered(&text),
        _ => text,
    };
    let confirm = |i: usize| {
        if way.secretary {
            st.open.then(|| locale.t("tables-confirm"))
        } else if state.confirmation == Confirmation::OtherSide {
            // The side that did not write the deal confirms it.
            let writer = top_side(&state.report, i);
            let other = sides(st.seats.len())
                .into_iter()
                .find(|s| Some(s) != writer.as_ref())
                .unwrap_or_default();
            Some(shown(locale.t_with("score-confirm", &[("side", other)])))
        } else {
            None
        }
    };
    state
        .live
        .iter()
        .enumerate()
        .rev()
        .map(|(i, d)| DealLine {
            no: d.deal_no + 1,
            deal_no: d.deal_no,
            version: d.version,
            words: shown(deal_words(locale, &state.report, i)),
            pending: !d.confirmed,
            can_undo: !way.secretary && !d.confirmed && i + 1 == count,
            confirm: (!d.confirmed).then(|| confirm(i)).flatten(),
            note: deal_note(locale, d, way.secretary),
            bid: crate::web::deal_words::bids(locale, &d.record).map(shown),
        })
        .collect()
}

/// The note beside a deal in the list: a correction shows its version to the secretary (the
/// correction page and the log name it); a deal confirmed unchanged says by whom. A
/// confirmation is a version of its own in the store, but no correction.
fn deal_note(
    locale: Locale,
    d: &crate::service::scoring::entry::LiveDeal,
    secretary: bool,
) -> Option<String> {
    use crate::service::scoring::entry::ConfirmedBy;
    if d.history.corrected {
        return secretary
            .then(|| locale.t_with("tables-version-n", &[("version", d.version.to_string())]));
    }
    match d.history.confirmed_by {
        Some(ConfirmedBy::OtherSide) => Some(locale.t("tables-confirmed-by-side")),
        Some(ConfirmedBy::Secretary) => Some(locale.t("tables-confirmed-by-secretary")),
        None => None,
    }
}
