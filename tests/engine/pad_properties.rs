//! Properties of the scorer's pad: for random deals tapped from the actions the
//! pad offers, the pad never leaves a scorer stuck (an unfinished deal always offers a next
//! tap), every deal it calls whole referees valid as the table's next deal, and its result is
//! the referee's for the record with that deal (the preview is drawn from it). Played over
//! several deals, so gestrichen sides, decisions and finished games come up too.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::pad::pad;
use kartl::rules::{Lang, Record, Report, Side, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

/// The test's record (written as JSON) as the pad takes it.
fn typed(record: &Value) -> Record {
    Record::from_json(&record.to_string()).unwrap()
}

/// Taps after which [`play`] offers no more bets where anything else is offered.
const LONG_DEAL: usize = 24;

/// Plays `deals` deals on `record`, each tap chosen by the next number of `choices` among
/// the offered actions (codes matching `skip` left out while others are there).
fn play(mut record: Value, choices: &[u16], deals: usize, skip: &str) -> Value {
    let mut next = choices.iter().copied().cycle();
    for _ in 0..deals {
        let mut codes: Vec<String> = Vec::new();
        loop {
            let p = pad(&typed(&record), &codes, Lang::De).unwrap();
            assert!(p.problem.is_none(), "{codes:?}: {:?}", p.problem);
            if let Some((deal, report)) = p.complete {
                let deal: Value = serde_json::from_str(&deal.to_json()).unwrap();
                let mut with = record.clone();
                with["deals"].as_array_mut().unwrap().push(deal);
                let again = referee(&with.to_string(), Lang::De).unwrap();
                assert!(again.is_valid(), "{codes:?}: {:?}", again.violations());
                assert_eq!(again, report, "{codes:?}");
                record = with;
                break;
            }
            assert!(!p.actions.is_empty(), "stuck after {codes:?} on {record}");
            assert!(codes.len() < 200, "no end after {codes:?}");
            // Bavarian Watten caps no bet ("fünf!", "sechs!", ...), and cycling choices can
            // answer bet with bet for ever: after a long deal the generator stops betting.
            let betting = codes.len() < LONG_DEAL;
            let mut offered: Vec<&str> = p
                .actions
                .iter()
                .map(|a| a.code.as_str())
                .filter(|c| skip.is_empty() || !c.starts_with(skip))
                .filter(|c| betting || !c.starts_with("bet:"))
                .collect();
            if offered.is_empty() {
                offered = p.actions.iter().map(|a| a.code.as_str()).collect();
            }
            let pick = offered[usize::from(next.next().unwrap()) % offered.len()];
            codes.push(pick.to_string());
        }
    }
    record
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(48)))]

    #[test]
    fn watten_deals_tapped_from_the_offers_referee_valid(
        choices in prop::collection::vec(any::<u16>(), 1..40),
        variant in prop::sample::select(vec!["tyrolean", "bavarian"]),
        options in prop::sample::select(vec![
            json!({}),
            json!({"immediate_four": true, "gespannt_luft": true}),
            json!({"players": 3}),
        ]),
    ) {
        let options = if variant == "bavarian" && options.get("players").is_none() {
            json!({"machine": true})
        } else {
            options
        };
        let record = json!({"game": "watten", "variant": variant, "options": options,
            "deals": []});
        play(record, &choices, 12, "");
    }

    #[test]
    fn figure_deals_tapped_from_the_offers_referee_valid(
        choices in prop::collection::vec(any::<u16>(), 1..60),
        game in prop::sample::select(vec![
            json!({"game": "perlaggen"}),
            json!({"game": "giltspiel"}),
            json!({"game": "perlaggen", "variant": "eichel"}),
        ]),
    ) {
        let mut record = game;
        record["deals"] = json!([]);
        // Picking cards at random seldom forms a figure: shows by outcome instead.
        play(record, &choices, 4, "cards:");
    }
}

/// Found by the property above: these choices, cycled, answered every Bavarian bet with a
/// higher one until the tap limit. The deals now end and referee valid.
#[test]
fn a_bavarian_bet_loop_of_cycled_choices_ends() {
    let record = json!({"game": "watten", "variant": "bavarian", "options": {"machine": true},
        "deals": []});
    let choices = [24511, 2726, 2384, 16064, 62152, 30074, 10550, 4754];
    let played = play(record, &choices, 12, "");
    assert_eq!(played["deals"].as_array().unwrap().len(), 12);
}

#[test]
fn a_card_show_tapped_by_name_referees_as_the_cards_written() {
    // Contract 5.5: a Gleich of two Kings against a pair of Asses; the Asses win it.
    let record = json!({"game": "perlaggen", "deals": []});
    let codes: Vec<String> = [
        "tricks:B",
        "show:hanger:stands",
        "cards:gleich",
        "card:A:EK",
        "card:A:LK",
        "card:B:EA",
        "card:B:HA",
        "done",
    ]
    .map(String::from)
    .to_vec();
    let p = pad(&typed(&record), &codes, Lang::De).unwrap();
    let (deal, report) = p.complete.expect("complete");
    let deal: Value = serde_json::from_str(&deal.to_json()).unwrap();
    let with = json!({"game": "perlaggen", "deals": [deal]});
    let again = referee(&with.to_string(), Lang::De).unwrap();
    assert_eq!(again, report);
    let Report::Figures(report) = report else {
        panic!("a figure game's result: {report:?}")
    };
    assert_eq!(report.deals[0].figures.gleich.winner, Some(Side::B));
}
