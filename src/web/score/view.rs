//! What the table pages share besides the page itself ([`crate::web::entry::page`]): the
//! record's sides, a contract deal in short words, the plain refusal of a dead link, and (from
//! [`super::words`]) a deal and the score in words.

use crate::rules::Game;
use crate::rules::watten::input::{Deal as WattenDeal, ThreeDeal};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::page::Page;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use serde::Deserialize;
use serde_json::Value;

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

/// A deal of the contract in short words (the conflict page, the correction page, the audit
/// log): Watten's short form as `winner points`, a deal of events as its events one by one,
/// anything else (Gaigel's facts, card-level deals) as its JSON.
pub fn deal_text(game: Game, deal: &Value) -> String {
    match game {
        Game::Watten => {
            if let Ok(WattenDeal::Short { winner, points }) = WattenDeal::deserialize(deal) {
                return format!("{winner} {points}");
            }
            match ThreeDeal::deserialize(deal) {
                Ok(ThreeDeal {
                    deal: WattenDeal::Short { winner, points },
                    ..
                }) => format!("{} {points}", winner.name()),
                _ => events_text(deal),
            }
        }
        Game::Giltspiel | Game::Perlaggen => events_text(deal),
        Game::Gaigel => deal.to_string(),
    }
}

/// A deal's events as `key value` words, events apart by commas; the whole JSON when the deal
/// lists none.
fn events_text(deal: &Value) -> String {
    match deal.get("events").and_then(Value::as_array) {
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
    use super::{deal_text, lettered, letters};
    use crate::rules::Game;
    use serde_json::json;

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
