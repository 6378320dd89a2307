//! The Streitfall table of a Watten record holding one card-level deal: each seat's row of
//! cards, the tricks, the rulings and every legal next action, for the page to draw. The
//! choices are found by trying every possible action on the engine, so the page never
//! decides a rule.

use super::engine::Play;
use super::input::{Action, CardDeal, Verb};
use super::order::pack;
use super::setup::{Setup, listed};
use super::words;
use super::{Played, play_through};
use crate::rules::common::{Lang, Pair};
use crate::rules::players::Trio;
use crate::rules::record::{Malformed, RawRecord, parse_part};
use crate::rules::ruling::{self, Choice, Played as Card, Seat, Trick};
use crate::rules::watten::deal::Table;
use crate::rules::watten::input::{Deal, ThreeDeal};
use crate::rules::watten::rule_set;
use crate::rules::watten::three;

/// The table after the actions so far, for a record holding one card-level deal (which may
/// be unfinished: no `deal_incomplete` here).
pub fn table(raw: &RawRecord, lang: Lang) -> Result<ruling::Table, Malformed> {
    let rules = rule_set(raw)?;
    let (deal, fact_table) = if rules.three_players {
        three_deal(raw, rules)?
    } else {
        let start: Pair<u32> = match raw.start {
            Some(s) => parse_part("start", s)?,
            None => Pair::default(),
        };
        if start.a >= rules.target || start.b >= rules.target {
            return Err(Malformed::new("start", "the game is over at this score"));
        }
        let deals: Vec<Deal> = parse_part("deals", raw.deals)?;
        let [Deal::Cards(deal)] = &deals[..] else {
            return Err(one_deal());
        };
        (deal.clone(), Table::new(rules, start))
    };
    let played = play_through(&deal, &fact_table, lang)
        .map_err(|e| Malformed::new("deals[0].cards", e.text.get(lang).to_string()))?;
    Ok(draw(&deal, &played, lang))
}

fn one_deal() -> Malformed {
    Malformed::new(
        "deals",
        "a Streitfall table is drawn for a record holding one card-level deal",
    )
}

/// The one card-level deal of a three-player record, and its table: forehand alone against
/// the other two, each side read by its highest player (`three.rs`).
fn three_deal(
    raw: &RawRecord,
    rules: crate::rules::watten::ruleset::RuleSet,
) -> Result<(Box<CardDeal>, Table), Malformed> {
    let start: Trio<u32> = match raw.start {
        Some(s) => parse_part("start", s)?,
        None => Trio::default(),
    };
    let start = start.to_array();
    if start.iter().any(|&s| s >= rules.target) {
        return Err(Malformed::new("start", "the game is over at this score"));
    }
    let deals: Vec<ThreeDeal> = parse_part("deals", raw.deals)?;
    let [
        ThreeDeal {
            alone,
            deal: Deal::Cards(deal),
        },
    ] = &deals[..]
    else {
        return Err(one_deal());
    };
    Ok((deal.clone(), three::table(rules, start, *alone)))
}

fn draw(deal: &CardDeal, played: &Played, lang: Lang) -> ruling::Table {
    let (setup, play) = (&played.setup, &played.play);
    let outcome = played
        .breach
        .as_ref()
        .map(|(_, b)| b.outcome)
        .or_else(|| play.outcome());
    let legal = if outcome.is_some() {
        Vec::new()
    } else {
        legal(setup, play)
    };
    let card_turn = (legal.iter())
        .find(|a| matches!(a.verb, Verb::Card(_)))
        .map(|a| a.seat);
    let next: Vec<Choice> = (legal.into_iter()).map(|a| choice(play, a, lang)).collect();
    let seats = (0..setup.seats.len())
        .map(|i| Seat {
            side: setup.names[i].to_string(),
            dealer: i == setup.dealer,
            // The row as dealt, without the cards played.
            hand: deal.hands[i]
                .iter()
                .filter(|w| play.hands[i] & super::order::bit(w.0) != 0)
                .map(|w| w.0.to_string())
                .collect(),
            to_act: match card_turn {
                Some(s) => s == i,
                None => next.iter().any(|c| c.seat == Some(i)),
            },
            shown: Vec::new(),
        })
        .collect();
    let tricks = play
        .tricks
        .iter()
        .enumerate()
        .map(|(k, t)| Trick {
            cards: t
                .iter()
                .map(|&(seat, c)| Card {
                    seat,
                    card: c.to_string(),
                })
                .collect(),
            winner: play.winners.get(k).copied(),
        })
        .collect();
    let mut lines = Vec::new();
    if let Some((_, b)) = &played.breach {
        lines.push(b.rule.get(lang).to_string());
        lines.push(b.then.get(lang).to_string());
    }
    if let Some((scorer, points)) = outcome {
        let scorer = setup.table.name(scorer);
        lines.push(match lang {
            Lang::De => format!("{scorer} bekommt {points} Punkte."),
            Lang::En => format!("{scorer} scores {points} points."),
        });
    }
    ruling::Table {
        seats,
        pack: pack(&setup.table.rules)
            .iter()
            .map(|c| c.to_string())
            .collect(),
        trump: Some(words::trump(lang, deal.schlag, deal.trump)),
        tricks,
        next,
        exchanges: Vec::new(),
        rulings: played.rulings.clone(),
        finished: outcome.is_some(),
        outcome: lines,
    }
}

/// Every action the engine accepts now, seat by seat.
fn legal(setup: &Setup, play: &Play) -> Vec<Action> {
    let mut out = Vec::new();
    for seat in 0..setup.seats.len() {
        let mut verbs: Vec<Verb> = listed(play.hands[seat]).map(Verb::Card).collect();
        verbs.extend([
            Verb::Machine,
            Verb::Play,
            Verb::Bet { four: false },
            Verb::Bet { four: true },
            Verb::See,
            Verb::GiveUp,
            Verb::Farbe,
        ]);
        for verb in verbs {
            let action = Action { seat, verb };
            if play.clone().apply(setup, action).is_ok() {
                out.push(action);
            }
        }
    }
    out
}

/// An action the engine accepts, with its label.
fn choice(play: &Play, action: Action, lang: Lang) -> Choice {
    Choice {
        seat: Some(action.seat),
        label: label(play, action.verb, lang),
        action: action.written(),
    }
}

fn label(play: &Play, verb: Verb, lang: Lang) -> String {
    let de = lang == Lang::De;
    let to = play.fact.stake + 1;
    match verb {
        Verb::Card(c) => words::card(c),
        Verb::Bet { four: false } if de => format!("Bieten ({to})"),
        Verb::Bet { four: false } => format!("Bet ({to})"),
        Verb::Bet { four: true } if de => "Sofort vier bieten".into(),
        Verb::Bet { four: true } => "Bet four at once".into(),
        Verb::See if de => "Schauen".into(),
        Verb::See => "See (schauen)".into(),
        Verb::GiveUp if de => "Aufgeben".into(),
        Verb::GiveUp => "Give up".into(),
        Verb::Play if de => "Spielen".into(),
        Verb::Play => "Play".into(),
        Verb::Farbe => "Farbe!".into(),
        Verb::Machine if de => "Maschine ansagen".into(),
        Verb::Machine => "Declare the Maschine".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const HANDS: &str = r#"[["HO","HA","E9","L7","S8"],["EO","HK","E10","L8","S9"],
        ["H9","EA","LA","S10","SK"],["H7","EK","LK","SA","S6"]]"#;

    fn draw_after(actions: &str, lang: Lang) -> ruling::Table {
        let text = format!(
            r#"{{"game":"watten","deals":[{{"cards":{{"seats":["A","B","A","B"],"dealer":3,
            "hands":{HANDS},"schlag":"O","trump":"H","actions":[{actions}]}}}}]}}"#
        );
        table(&RawRecord::parse(&text).unwrap(), lang).unwrap()
    }

    /// Tyrolean "The play": the Rechte led, the next seat holds the heart king and a Linke:
    /// "must play a either trump or a Linke", so those two are its only cards on offer.
    #[test]
    fn the_next_cards_keep_the_trump_duty() {
        let t = draw_after(r#"{"seat":0,"card":"HO"}"#, Lang::De);
        let cards: Vec<&str> = t
            .next
            .iter()
            .filter_map(|c| c.action.card.as_deref())
            .collect();
        assert_eq!(cards, ["EO", "HK"]);
        let king = t.next.iter().find(|c| c.label == "Herz König").unwrap();
        assert_eq!(
            serde_json::to_value(&king.action).unwrap(),
            json!({"seat": 1, "card": "HK"})
        );
        assert!(t.seats[1].to_act && !t.seats[0].to_act);
        assert_eq!(t.seats[0].hand, ["HA", "E9", "L7", "S8"]);
        assert_eq!(t.trump.as_deref(), Some("Schlag Ober, Farbe Herz"));
        assert_eq!(t.pack.len(), 33);
        assert!(t.next.iter().any(|c| c.label == "Bieten (3)"));
        assert!(!t.finished);
    }

    #[test]
    fn a_finished_trick_names_its_winner_and_an_illegal_card_ends_the_table() {
        let t = draw_after(
            r#"{"seat":0,"card":"HO"},{"seat":1,"card":"HK"},{"seat":2,"card":"H9"},
               {"seat":3,"card":"S6"},{"seat":1,"card":"E10"}"#,
            Lang::En,
        );
        assert_eq!(t.tricks[0].winner, Some(0));
        assert_eq!(t.rulings.len(), 5);
        assert_eq!(
            t.rulings[4].code,
            Some(crate::rules::ErrorCode::NotYourTurn)
        );
        assert!(t.finished && t.next.is_empty());
        assert_eq!(
            t.outcome.last().map(String::as_str),
            Some("A scores 2 points.")
        );
    }

    /// Three players (text 004 "forehand ... plays alone. The other two players play as a
    /// team"): seats are named by player, tricks have three cards, the team scores as one.
    #[test]
    fn three_players_are_seated_by_name() {
        let text = r#"{"game":"watten","options":{"players":3},"start":{"P1":4},"deals":[{"cards":{
            "seats":["P2","P3","P1"],"dealer":2,
            "hands":[["HO","HA","E9","L7","S8"],["EO","HK","E10","L8","S9"],["H9","EA","LA","S10","SK"]],
            "schlag":"O","trump":"H","actions":[{"seat":0,"card":"HO"},{"seat":1,"card":"E10"}]}}]}"#;
        let t = table(&RawRecord::parse(text).unwrap(), Lang::De).unwrap();
        let names: Vec<&str> = t.seats.iter().map(|s| s.side.as_str()).collect();
        assert_eq!(names, ["P2", "P3", "P1"]);
        assert!(t.seats[2].dealer && t.finished);
        assert_eq!(
            t.rulings[1].code,
            Some(crate::rules::ErrorCode::MustPlayTrump)
        );
        assert!(
            t.rulings[1]
                .rule
                .as_deref()
                .unwrap_or("")
                .contains("Platz 2 (P3)")
        );
        assert_eq!(
            t.outcome.last().map(String::as_str),
            Some("P2 bekommt 2 Punkte.")
        );
    }

    #[test]
    fn a_record_of_several_deals_is_no_table() {
        let text = r#"{"game":"watten","deals":[{"winner":"A","points":2}]}"#;
        assert!(table(&RawRecord::parse(text).unwrap(), Lang::De).is_err());
    }
}
