//! What the table pages share besides the page itself ([`crate::web::entry::page`]): the
//! record's sides, a contract deal in short words, the plain refusal of a dead link, and (from
//! [`super::words`]) a deal and the score in words.

use crate::rules::Game;
use crate::rules::match_record::Written;
use crate::rules::watten::input::{Deal as WattenDeal, ThreeDeal};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

pub use super::words::{deal_words, score_now};

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

pub use crate::report::sides::{lettered, letters};

/// A deal of the contract in short words (the conflict page): Watten's short form as
/// `winner points`, a deal of events as its events one by one, anything else (Gaigel's facts,
/// card-level deals) as its JSON. Worded from the deal's JSON text (kartl's stored form), so a
/// form's deal that does not read ([`Written::Unread`]) reads the same way as one that does.
pub fn deal_text(game: Game, deal: &Written) -> String {
    let json = deal.to_json();
    match game {
        Game::Watten => {
            if let Ok(WattenDeal::Short { winner, points }) = serde_json::from_str(&json) {
                return format!("{winner} {points}");
            }
            match serde_json::from_str(&json) {
                Ok(ThreeDeal {
                    deal: WattenDeal::Short { winner, points },
                    ..
                }) => format!("{} {points}", winner.name()),
                _ => events_text(json),
            }
        }
        Game::Giltspiel | Game::Perlaggen => events_text(json),
        Game::Gaigel => json,
    }
}

/// A deal's `events` as written: each event's keys (sorted) and values, kept as their JSON.
#[derive(Deserialize)]
struct Told<'a> {
    #[serde(borrow)]
    events: Option<&'a RawValue>,
}

/// A deal's events as `key value` words, events apart by commas; the whole JSON when the deal
/// lists none (or `events` is no list). An event that is no object says nothing.
fn events_text(json: String) -> String {
    let events = serde_json::from_str::<Told<'_>>(&json)
        .ok()
        .and_then(|told| told.events)
        .and_then(|list| serde_json::from_str::<Vec<&RawValue>>(list.get()).ok());
    let Some(events) = events else {
        return json;
    };
    events
        .iter()
        .filter_map(|e| serde_json::from_str::<BTreeMap<Box<str>, &RawValue>>(e.get()).ok())
        .map(|e| {
            e.iter()
                .map(|(k, v)| {
                    let word = serde_json::from_str::<String>(v.get());
                    format!("{k} {}", word.unwrap_or_else(|_| v.get().to_string()))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(", ")
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
    use super::{lettered, letters};
    use crate::rules::Game;
    use crate::rules::match_record::Written;
    use serde_json::{Value, json};

    fn deal_text(game: Game, deal: &Value) -> String {
        super::deal_text(game, &Written::read(game, &deal.to_string()))
    }

    /// Contract 6: a Watten deal is its short form `{"winner", "points"}` or its events; a
    /// three-player deal also names who played `alone`.
    #[test]
    fn a_watten_deal_reads_as_its_winner_and_points_or_its_events() {
        let short = json!({"winner": "B", "points": 3});
        assert_eq!(deal_text(Game::Watten, &short), "B 3");
        let three = json!({"alone": "P1", "winner": "P2", "points": 2});
        assert_eq!(deal_text(Game::Watten, &three), "P2 2");
        let events = json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]});
        assert_eq!(deal_text(Game::Watten, &events), "bet A, see B, tricks A");
    }

    /// The figure games' deals are events (contract 5); Gaigel's are facts (contract 7.1).
    #[test]
    fn figure_deals_read_as_events_and_gaigel_facts_as_written() {
        let events = json!({"events": [{"bet": "gleich", "by": "A"}, {"tricks": "B"}]});
        assert_eq!(
            deal_text(Game::Perlaggen, &events),
            "bet gleich by A, tricks B"
        );
        let facts = json!({"points": {"A": 130, "B": 110}, "tricks": {"A": 7, "B": 5}});
        assert_eq!(deal_text(Game::Gaigel, &facts), facts.to_string());
    }

    /// Three-player tables: the card's letters everywhere (A, B, C for P1, P2, P3), only
    /// where a code stands as a word.
    #[test]
    fn a_table_of_three_names_its_players_by_the_cards_letters() {
        assert_eq!(letters(3), ["A", "B", "C"]);
        assert_eq!(letters(2), ["A", "B"]);
        assert_eq!(lettered("P2 + P3 schauen"), "B + C schauen");
        assert_eq!(lettered("Augen von P2"), "Augen von B");
        assert_eq!(lettered("P1: 7 Augen, 3 Stiche"), "A: 7 Augen, 3 Stiche");
        assert_eq!(lettered("AP1 P12 P4 äP1"), "AP1 P12 P4 äP1");
    }
}
