//! Properties of the Watten referee over random records:
//! random short-form and event records never panic; refereeing is deterministic; every
//! legal event record validates, and its outcomes written in short form validate with the
//! same result; scores only grow within a game; a game ends exactly when a side reaches
//! the target; the tally is the sum of the games' marks; a prefix of a valid record
//! replays to the same first deals.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::common::{Pair, Side};
use kartl::rules::watten::deal::{DealState, Event, Table, step};
use kartl::rules::watten::game::Game;
use kartl::rules::watten::input::{RawOptions, Variant};
use kartl::rules::watten::reach::candidates;
use kartl::rules::watten::ruleset::RuleSet;
use kartl::rules::{Lang, Report, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

const VARIANTS: [(&str, Variant); 5] = [
    ("bavarian", Variant::Bavarian),
    ("tyrolean", Variant::Tyrolean),
    ("kritische", Variant::Kritische),
    ("guate", Variant::Guate),
    ("blind", Variant::Blind),
];

/// A rule set as a record writes it: variant, target, options (only those the variant has).
#[derive(Debug, Clone)]
struct Setup {
    variant: usize,
    target: u32,
    flags: [bool; 4],
    gespannt_back: u32,
}

impl Setup {
    fn options(&self) -> (Value, RawOptions) {
        let bavarian = VARIANTS[self.variant].1 == Variant::Bavarian;
        let mut raw = RawOptions {
            schneider: Some(self.flags[0]),
            ..RawOptions::default()
        };
        if bavarian {
            raw.machine = Some(self.flags[1]);
            raw.gespannt_from = Some(self.target - self.gespannt_back);
        } else {
            raw.farbe = Some(self.flags[1]);
            raw.gespannt_luft = Some(self.flags[2]);
            raw.immediate_four = Some(self.flags[3]);
        }
        let json = serde_json::to_value(json!({
            "schneider": raw.schneider,
            "machine": raw.machine,
            "gespannt_from": raw.gespannt_from,
            "farbe": raw.farbe,
            "gespannt_luft": raw.gespannt_luft,
            "immediate_four": raw.immediate_four,
        }))
        .unwrap();
        let mut map = json.as_object().unwrap().clone();
        map.retain(|_, v| !v.is_null());
        (Value::Object(map), raw)
    }

    fn rules(&self) -> RuleSet {
        RuleSet::new(
            VARIANTS[self.variant].1,
            Some(self.target),
            self.options().1,
        )
        .unwrap()
    }

    fn record(&self, start: Pair<u32>, deals: Vec<Value>) -> String {
        json!({
            "game": "watten",
            "variant": VARIANTS[self.variant].0,
            "target": self.target,
            "options": self.options().0,
            "start": {"A": start.a, "B": start.b},
            "deals": deals,
        })
        .to_string()
    }
}

fn setup() -> impl Strategy<Value = Setup> {
    (0..5usize, 5..22u32, any::<[bool; 4]>(), 2..5u32).prop_map(
        |(variant, target, flags, gespannt_back)| Setup {
            variant,
            target,
            flags,
            gespannt_back,
        },
    )
}

fn event_json(e: Event) -> Value {
    match e {
        Event::Bet { side, to_four } if to_four => json!({"bet": side, "to": 4}),
        Event::Bet { side, .. } => json!({"bet": side}),
        Event::See(s) => json!({"see": s}),
        Event::GiveUp(s) => json!({"give_up": s}),
        Event::Play(s) => json!({"play": s}),
        Event::Tricks(s) => json!({"tricks": s}),
        Event::Farbe { side, card_ok } => json!({"farbe": side, "card_ok": card_ok}),
        Event::Machine(s) => json!({"machine": s}),
    }
}

fn any_event() -> impl Strategy<Value = Event> {
    let side = prop_oneof![Just(Side::A), Just(Side::B)];
    (0..7u8, side, any::<bool>()).prop_map(|(k, side, flag)| match k {
        0 => Event::Bet {
            side,
            to_four: flag,
        },
        1 => Event::See(side),
        2 => Event::GiveUp(side),
        3 => Event::Play(side),
        4 => Event::Tricks(side),
        5 => Event::Farbe {
            side,
            card_ok: flag,
        },
        _ => Event::Machine(side),
    })
}

fn watten(report: Result<Report, kartl::rules::Malformed>) -> kartl::rules::watten::Report {
    match report {
        Ok(Report::Watten(r)) => r,
        other => panic!("not a Watten result: {other:?}"),
    }
}

/// Plays one legal deal at `table`, each event the legal one `picks` chooses (the pick is
/// passed along with the event); returns the events and the outcome.
fn legal_deal(table: &Table, picks: &[u8]) -> (Vec<(Event, u8)>, Side, u32) {
    let mut buf = [Event::Tricks(Side::A); 8];
    let mut state = DealState::start(table);
    let mut events = Vec::new();
    let mut i = 0;
    while state.outcome().is_none() {
        let k = candidates(&state, &mut buf);
        let legal: Vec<(Event, DealState)> = buf[..k]
            .iter()
            .filter_map(|&e| step(table, &state, e).ok().map(|n| (e, n)))
            .collect();
        assert!(
            !legal.is_empty(),
            "a deal with no legal event: {table:?} {state:?}"
        );
        let pick = picks.get(i).copied().unwrap_or(0);
        let (event, next) = legal[usize::from(pick) % legal.len()];
        events.push((event, pick));
        state = next;
        i += 1;
    }
    let (side, points) = state.outcome().unwrap();
    (events, side, points)
}

/// Plays legal deals chosen by `choices`; returns the event deals and their outcomes.
fn legal_deals(
    rules: &RuleSet,
    start: Pair<u32>,
    choices: &[Vec<u8>],
) -> Vec<(Vec<Event>, Side, u32)> {
    let mut game = Game::new(rules, start);
    let mut deals = Vec::new();
    for picks in choices {
        let table = Table::new(*rules, game.score);
        let (events, side, points) = legal_deal(&table, picks);
        game.score_deal(rules, side, points);
        deals.push((events.into_iter().map(|(e, _)| e).collect(), side, points));
    }
    deals
}

fn start_for(setup: &Setup, a: u32, b: u32) -> Pair<u32> {
    Pair::new(a % setup.target, b % setup.target)
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(300)))]

    #[test]
    fn random_short_form_records_never_panic(
        setup in setup(), a in 0..30u32, b in 0..30u32,
        deals in prop::collection::vec((any::<bool>(), prop_oneof![4 => 0..25u32, 1 => any::<u32>()]), 0..12),
    ) {
        let deals = deals.iter().map(|&(w, p)| json!({"winner": if w {"A"} else {"B"}, "points": p})).collect();
        let record = setup.record(start_for(&setup, a, b), deals);
        let report = watten(referee(&record, Lang::En));
        prop_assert_eq!(report.valid, report.errors.is_empty());
        prop_assert!(report.errors.len() <= 1);
    }

    #[test]
    fn random_event_records_never_panic(
        setup in setup(), a in 0..30u32, b in 0..30u32,
        deals in prop::collection::vec(prop::collection::vec(any_event(), 0..8), 0..6),
    ) {
        let deals = deals.iter().map(|evs| json!({"events": evs.iter().map(|&e| event_json(e)).collect::<Vec<_>>()})).collect();
        let record = setup.record(start_for(&setup, a, b), deals);
        let first = watten(referee(&record, Lang::De));
        let again = watten(referee(&record, Lang::De));
        prop_assert_eq!(&first, &again);
        prop_assert_eq!(first.valid, first.errors.is_empty());
    }

    #[test]
    fn legal_event_records_validate_and_their_short_form_gives_the_same_result(
        setup in setup(), a in 0..30u32, b in 0..30u32,
        choices in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..12), 1..25),
    ) {
        let rules = setup.rules();
        let start = start_for(&setup, a, b);
        let deals = legal_deals(&rules, start, &choices);
        let events: Vec<Value> = deals.iter().map(|(evs, _, _)| json!({"events": evs.iter().map(|&e| event_json(e)).collect::<Vec<_>>()})).collect();
        let shorts: Vec<Value> = deals.iter().map(|&(_, side, points)| json!({"winner": side, "points": points})).collect();
        let by_events = watten(referee(&setup.record(start, events), Lang::En));
        prop_assert!(by_events.valid, "{:?}", by_events.errors);
        let by_short = watten(referee(&setup.record(start, shorts), Lang::En));
        prop_assert!(by_short.valid, "{:?}", by_short.errors);
        prop_assert_eq!(&by_events, &by_short);

        // Scores only grow within a game; a game ends exactly when a side reaches the target.
        let mut before = start;
        let mut tally = Pair::new(0, 0);
        for (deal, &(_, side, points)) in by_events.deals.iter().zip(&deals) {
            prop_assert_eq!(*deal.points.get(side), points);
            prop_assert_eq!(*deal.points.get(side.other()), 0);
            prop_assert_eq!(*deal.score.get(side), before.get(side) + points);
            prop_assert_eq!(*deal.score.get(side.other()), *before.get(side.other()));
            let reached = deal.score.a >= setup.target || deal.score.b >= setup.target;
            prop_assert_eq!(deal.game_over.is_some(), reached);
            if let Some(over) = deal.game_over {
                prop_assert_eq!(over.winner, side);
                prop_assert!([1, 2, 4].contains(&over.marks));
                *tally.get_mut(side.other()) += over.marks;
                before = Pair::new(0, 0);
            } else {
                before = deal.score;
            }
        }
        prop_assert_eq!(by_events.tally, tally);

        // Replaying a prefix gives the same first deals.
        let k = choices.len() / 2;
        let prefix: Vec<Value> = deals[..k].iter().map(|&(_, side, points)| json!({"winner": side, "points": points})).collect();
        let replay = watten(referee(&setup.record(start, prefix), Lang::En));
        prop_assert!(replay.valid);
        prop_assert_eq!(&replay.deals[..], &by_events.deals[..k]);
        prop_assert_eq!(by_events.games.len(), by_events.deals.iter().filter(|d| d.game_over.is_some()).count());
    }
}

// Three-player Watten (option `players: 3`; rules text "Bavarian Watten for two or three
// players": "If the team wins both players score the relevant number of points. A separate
// total is kept for each player").
mod three_players;
