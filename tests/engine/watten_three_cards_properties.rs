//! Three-player Watten at card level (Streitfall; rules text 004 "Bavarian Watten for two or
//! three players": "forehand ... plays alone. The other two players play as a team"): a random
//! legal three-player card-level deal, generated from the moves the table offers, referees
//! exactly as the fact-level three-player record of the events it derives.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::watten_cards_properties::{event_json_named, result};
use kartl::rules::Lang;
use kartl::rules::common::Side;
use kartl::rules::record::RawRecord;
use kartl::rules::watten::deal::Event;
use kartl::rules::watten::play;
use proptest::prelude::*;
use serde_json::{Value, json};

const VARIANTS: [&str; 5] = ["bavarian", "tyrolean", "kritische", "guate", "blind"];
const SUITS: [&str; 4] = ["E", "L", "H", "S"];
const RANKS: [&str; 8] = ["A", "K", "O", "U", "10", "9", "8", "7"];
const ORDERS: [[&str; 3]; 6] = [
    ["P1", "P2", "P3"],
    ["P2", "P3", "P1"],
    ["P3", "P1", "P2"],
    ["P1", "P3", "P2"],
    ["P2", "P1", "P3"],
    ["P3", "P2", "P1"],
];

/// What a random three-player deal is made of.
#[derive(Debug, Clone)]
struct Spec {
    variant: usize,
    seats: usize,
    shuffle: Vec<u32>,
    schlag: usize,
    trump: usize,
    start: [u32; 3],
    option: bool,
    picks: Vec<u16>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        (0..5usize, 0..6usize),
        prop::collection::vec(any::<u32>(), 33),
        (0..9usize, 0..4usize),
        [0..11u32, 0..11u32, 0..11u32],
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 40),
    )
        .prop_map(
            |((variant, seats), shuffle, (schlag, trump), start, option, picks)| Spec {
                variant,
                seats,
                shuffle,
                schlag,
                trump,
                start,
                option,
                picks,
            },
        )
}

impl Spec {
    fn bavarian(&self) -> bool {
        self.variant == 0
    }

    fn seats(&self) -> [&'static str; 3] {
        ORDERS[self.seats]
    }

    /// The record around one deal (variant, options, start).
    fn record(&self, deal: Value) -> Value {
        let [a, b, c] = self.start;
        let mut rec = json!({"game": "watten", "variant": VARIANTS[self.variant],
            "start": {"P1": a, "P2": b, "P3": c}, "deals": [deal]});
        rec["options"] = if self.bavarian() {
            json!({"players": 3, "machine": self.option})
        } else {
            json!({"players": 3, "farbe": self.option})
        };
        rec
    }

    /// Three hands of five from the shuffled pack, and the Schlag the variant allows.
    fn cards(&self, actions: &[Value]) -> Value {
        let mut pack: Vec<String> = SUITS
            .iter()
            .flat_map(|s| RANKS.iter().map(move |r| format!("{s}{r}")))
            .collect();
        if !self.bavarian() {
            pack.push("S6".into());
        }
        let mut order: Vec<(u32, String)> = self.shuffle.iter().copied().zip(pack).collect();
        order.sort();
        let hands: Vec<Vec<String>> = (0..3)
            .map(|i| {
                order[i * 5..i * 5 + 5]
                    .iter()
                    .map(|(_, c)| c.clone())
                    .collect()
            })
            .collect();
        let six = matches!(self.variant, 1 | 3 | 4);
        let schlag = match self.schlag {
            8 if six => "6",
            k => RANKS[k % 8],
        };
        json!({"cards": {"seats": self.seats(), "dealer": 2, "hands": hands,
            "schlag": schlag, "trump": SUITS[self.trump], "actions": actions}})
    }

    fn text(&self, actions: &[Value]) -> String {
        self.record(self.cards(actions)).to_string()
    }
}

/// Plays a random legal deal from the table's offers: cards four times in five where one may
/// be played. Stops when the deal is decided or the picks run out.
fn legal_deal(spec: &Spec) -> (Vec<Value>, kartl::rules::streit::Table) {
    let table = |actions: &[Value]| {
        let raw_text = spec.text(actions);
        let raw = RawRecord::parse(&raw_text).unwrap();
        play::table(&raw, Lang::De).unwrap()
    };
    let mut actions = Vec::new();
    let mut t = table(&actions);
    for &pick in &spec.picks {
        if t.finished || t.next.is_empty() {
            break;
        }
        let cards: Vec<_> = t
            .next
            .iter()
            .filter(|c| c.action.get("card").is_some())
            .collect();
        let choice = if !cards.is_empty() && pick % 5 != 0 {
            cards[pick as usize / 5 % cards.len()]
        } else {
            &t.next[pick as usize % t.next.len()]
        };
        actions.push(choice.action.clone());
        t = table(&actions);
    }
    (actions, t)
}

/// A derived event as a three-player record writes it: the side `A` is the player alone
/// (forehand), `B` any player of the team (here seat 1's).
fn event_json(e: &Event, seats: [&str; 3]) -> Value {
    event_json_named(e, |side| {
        if side == Side::A { seats[0] } else { seats[1] }.to_string()
    })
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(40)))]

    /// A legal three-player card-level deal and the fact-level record of its derived events
    /// (`alone` the forehand) get the same result: points per player, totals, stake, game over.
    #[test]
    fn three_player_deals_referee_as_their_facts(spec in spec()) {
        let (actions, t) = legal_deal(&spec);
        prop_assume!(t.finished);
        prop_assert!(t.rulings.iter().all(|r| r.legal), "{:?}", t.rulings);
        prop_assert_eq!(&t.seats[0].side, spec.seats()[0]);
        let cards_text = spec.text(&actions);
        let raw = RawRecord::parse(&cards_text).unwrap();
        let rules = kartl::rules::watten::rule_set(&raw).unwrap();
        let alone = match spec.seats()[0] {
            "P1" => kartl::rules::players::Seat::P1,
            "P2" => kartl::rules::players::Seat::P2,
            _ => kartl::rules::players::Seat::P3,
        };
        let fact_table = kartl::rules::watten::three::table(rules, spec.start, alone);
        let deal: kartl::rules::watten::play::input::CardDeal =
            serde_json::from_value(spec.cards(&actions)["cards"].clone()).unwrap();
        let derived = play::derived(&deal, &fact_table).unwrap();
        let events: Vec<Value> = derived.iter().map(|e| event_json(e, spec.seats())).collect();
        let facts = json!({"alone": spec.seats()[0], "events": events});
        let facts_text = spec.record(facts).to_string();
        let (by_cards, by_facts) = (result(&cards_text), result(&facts_text));
        prop_assert_eq!(&by_cards, &by_facts);
        prop_assert_eq!(by_cards["valid"].as_bool(), Some(true));
        prop_assert_eq!(by_cards["deals"][0]["alone"].as_str(), Some(spec.seats()[0]));
    }
}
