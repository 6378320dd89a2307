//! The check form of every table page (the scorer's link, the secretary's table and
//! correction pages): its fields parsed into a contract deal, then refereed against the
//! table's record for the preview to save.

use super::forms::{Entry, Preview};
use crate::rules::Game;
use crate::rules::match_record::Deal;
use crate::service::scoring::entry::{self, Verdict};
use crate::service::scoring::links::ScorerTable;
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::score::{figures, gaigel, placing, view, watten};
use actix_web::http::StatusCode;

/// The check form: every field by name (the Gaigel form's depend on the table's sides).
#[derive(Clone, serde::Deserialize)]
#[serde(transparent)]
pub struct CheckForm(gaigel::Fields);

impl crate::web::ctx::HasCsrf for CheckForm {
    fn csrf(&self) -> &str {
        self.0.get("csrf").map_or("", String::as_str)
    }
}

impl CheckForm {
    pub fn get(&self, name: &str) -> String {
        self.0.get(name).cloned().unwrap_or_default()
    }
}

/// Parses a check form of `game` (a table of `seats` sides) into a contract deal, with what
/// was typed to show again; a malformed form gives no deal and the message in the entry. The
/// scorer's page and the secretary's pages both parse here.
pub fn parse_check(
    locale: crate::web::i18n::Locale,
    game: Game,
    seats: usize,
    form: &CheckForm,
) -> (Entry, Option<Deal>) {
    let mode = form.get("mode");
    let parsed = match (game, mode.as_str()) {
        (Game::Gaigel, _) => gaigel::deal(&form.0, &view::sides(seats)).map(Deal::Gaigel),
        (Game::Giltspiel | Game::Perlaggen, _) => {
            figures::events(&form.get("events")).map(Deal::Figures)
        }
        (Game::Watten, "events") => watten::with_alone(
            watten::events(&form.get("events")),
            &form.get("alone"),
            seats == 3,
        )
        .map(Deal::Watten),
        (Game::Watten, _) => watten::with_alone(
            watten::quick(&form.get("winner"), &form.get("points")),
            &form.get("alone"),
            seats == 3,
        )
        .map(Deal::Watten),
    };
    let mut entry = Entry {
        mode,
        points: form.get("points"),
        events: form.get("events"),
        fields: form.0.clone(),
        ..Entry::default()
    };
    match parsed {
        Ok(deal) => (entry, Some(deal)),
        Err(e) => {
            entry.error = Some(match e.line {
                Some(line) => locale.t_with(e.key, &[("line", line.to_string())]),
                None => locale.t(e.key),
            });
            entry.error_line = e.line.unwrap_or(0);
            if e.key == "score-err-points" {
                entry.error_field = "points".into();
            }
            entry.lines = placing::event_lines(&entry.events);
            (entry, None)
        }
    }
}

/// Parses a check form and referees its deal against the table's record: the entry to show
/// again (with the referee's message beside its field, or the preview to save) and the status
/// to answer with. The one path of the scorer's page and the secretary's table page.
pub async fn check_entry(
    ctx: &Ctx,
    st: &ScorerTable,
    form: &CheckForm,
) -> Result<(Entry, StatusCode), AppError> {
    let (mut entry, parsed) = parse_check(ctx.locale, st.tournament.game, st.seats.len(), form);
    let Some(deal) = parsed else {
        return Ok((entry, StatusCode::UNPROCESSABLE_ENTITY));
    };
    let lang = ctx.locale.rules_lang();
    let st2 = st.clone();
    let (live, verdict) = ctx
        .state
        .db
        .run({
            let deal = deal.clone();
            move |conn| entry::check_next(conn, &st2, &deal, lang)
        })
        .await?;
    Ok(match verdict {
        Verdict::Broken {
            message,
            code,
            event,
        } => {
            entry.broken(st.tournament.game, message, code, event);
            (entry, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Verdict::Valid(report) => {
            let short = deal.names_winner();
            entry.preview = Some(Preview {
                words: view::deal_words(ctx.locale, &report, live),
                deal: deal.to_json(),
                based_on: live as i32,
                key: crate::auth::tokens::random_token()?,
                decides: short && entry::decides_from_nil(&report, live),
            });
            (entry, StatusCode::OK)
        }
    })
}
