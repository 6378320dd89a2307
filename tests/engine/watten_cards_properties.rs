//! Properties of the Watten card-level referee (Streitfall) over random deals: a random legal
//! deal, generated card by card from the moves the table offers, referees exactly as the
//! fact-level record of the events it derives; no input panics; and a random illegal card is
//! always named (its ruling points at that action).

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::common::Side;
use kartl::rules::record::RawRecord;
use kartl::rules::watten::deal::Event;
use kartl::rules::watten::play;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

const VARIANTS: [&str; 5] = ["bavarian", "tyrolean", "kritische", "guate", "blind"];
const SUITS: [&str; 4] = ["E", "L", "H", "S"];
const RANKS: [&str; 8] = ["A", "K", "O", "U", "10", "9", "8", "7"];

/// What a random deal is made of.
#[derive(Debug, Clone)]
struct Spec {
    variant: usize,
    shuffle: Vec<u32>,
    schlag: usize,
    trump: usize,
    start: (u32, u32),
    option: bool,
    picks: Vec<u16>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        0..5usize,
        prop::collection::vec(any::<u32>(), 33),
        0..9usize,
        0..4usize,
        (0..11u32, 0..11u32),
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 60),
    )
        .prop_map(
            |(variant, shuffle, schlag, trump, start, option, picks)| Spec {
                variant,
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

    /// The record around the deal's `cards` (variant, options, start).
    fn record(&self, deal: Value) -> Value {
        let mut rec = json!({"game": "watten", "variant": VARIANTS[self.variant],
            "start": {"A": self.start.0, "B": self.start.1}, "deals": [deal]});
        rec["options"] = if self.bavarian() {
            json!({"machine": self.option})
        } else {
            json!({"farbe": self.option})
        };
        rec
    }

    /// The hands dealt from the shuffled pack, and the Schlag the variant allows.
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
        let hands: Vec<Vec<String>> = (0..4)
            .map(|i| {
                order[i * 5..i * 5 + 5]
                    .iter()
                    .map(|(_, c)| c.clone())
                    .collect()
            })
            .collect();
        // Six may be the Schlag only in the Tyrolean variants without Kritischen.
        let six = matches!(self.variant, 1 | 3 | 4);
        let schlag = match self.schlag {
            8 if six => "6",
            k => RANKS[k % 8],
        };
        json!({"cards": {"seats": ["A", "B", "A", "B"], "dealer": 3, "hands": hands,
            "schlag": schlag, "trump": SUITS[self.trump], "actions": actions}})
    }

    fn text(&self, actions: &[Value]) -> String {
        self.record(self.cards(actions)).to_string()
    }
}

/// The table the engine draws for the actions so far.
fn table(spec: &Spec, actions: &[Value]) -> kartl::rules::streit::Table {
    let text = spec.text(actions);
    let raw = RawRecord::parse(&text).unwrap();
    play::table(&raw, Lang::De).unwrap()
}

/// Plays a random legal deal: cards chosen four times in five where one may be played.
/// Stops when the deal is decided or after 60 actions.
fn legal_deal(spec: &Spec) -> (Vec<Value>, kartl::rules::streit::Table) {
    let mut actions = Vec::new();
    let mut t = table(spec, &actions);
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
        t = table(spec, &actions);
    }
    (actions, t)
}

/// A derived fact-level event as the contract writes it (3.2).
fn event_json(e: &Event) -> Value {
    event_json_named(e, |side| side.to_string())
}

/// A derived event with each side written as `name` gives it (the three-player properties
/// name the player alone and one of the team).
pub fn event_json_named(e: &Event, name: impl Fn(Side) -> String) -> Value {
    let s = name;
    match *e {
        Event::Bet {
            side,
            to_four: false,
        } => json!({"bet": s(side)}),
        Event::Bet {
            side,
            to_four: true,
        } => json!({"bet": s(side), "to": 4}),
        Event::See(side) => json!({"see": s(side)}),
        Event::GiveUp(side) => json!({"give_up": s(side)}),
        Event::Play(side) => json!({"play": s(side)}),
        Event::Tricks(side) => json!({"tricks": s(side)}),
        Event::Farbe { side, card_ok } => json!({"farbe": s(side), "card_ok": card_ok}),
        Event::Machine(side) => json!({"machine": s(side)}),
    }
}

/// The result as JSON without the rulings.
pub fn result(text: &str) -> Value {
    let report = referee(text, Lang::En).unwrap();
    let mut v = serde_json::to_value(&report).unwrap();
    v.as_object_mut().unwrap().remove("rulings");
    v
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(48)))]

    /// A legal card-level deal and the fact-level record of its derived events get the same
    /// result (points, score, stake, game over, tally).
    #[test]
    fn derived_facts_referee_the_same(spec in spec()) {
        let (actions, t) = legal_deal(&spec);
        prop_assume!(t.finished);
        prop_assert!(t.rulings.iter().all(|r| r.legal), "{:?}", t.rulings);
        let cards_text = spec.text(&actions);
        let deal: kartl::rules::watten::input::Deal =
            serde_json::from_value(spec.cards(&actions)).unwrap();
        let kartl::rules::watten::input::Deal::Cards(cards) = deal else { panic!() };
        let rules = {
            let raw = RawRecord::parse(&cards_text).unwrap();
            kartl::rules::watten::rule_set(&raw).unwrap()
        };
        let fact_table = kartl::rules::watten::deal::Table::new(
            rules,
            kartl::rules::common::Pair::new(spec.start.0, spec.start.1),
        );
        let derived = play::derived(&cards, &fact_table).unwrap();
        let events: Vec<Value> = derived.iter().map(event_json).collect();
        let facts_text = spec.record(json!({"events": events})).to_string();
        let (by_cards, by_facts) = (result(&cards_text), result(&facts_text));
        prop_assert_eq!(&by_cards, &by_facts);
        prop_assert_eq!(by_cards["valid"].as_bool(), Some(true));
    }

    /// An illegal card (a seat out of turn, a card not held, or a trump duty broken) is
    /// named: the record breaks a rule at exactly that action, and its ruling says so.
    #[test]
    fn a_random_illegal_card_is_named(spec in spec(), cut in 0..20usize, pick in any::<u16>()) {
        let mut short = spec.clone();
        short.picks.truncate(cut);
        let (mut actions, t) = legal_deal(&short);
        prop_assume!(!t.finished);
        let legal: Vec<&Value> = t.next.iter().map(|c| &c.action).collect();
        let mut illegal = Vec::new();
        for seat in 0..4 {
            for s in SUITS {
                for r in RANKS.iter().chain(["6"].iter()) {
                    let a = json!({"seat": seat, "card": format!("{s}{r}")});
                    if !legal.contains(&&a) && (spec.variant != 0 || *r != "6") {
                        illegal.push(a);
                    }
                }
            }
        }
        let at = actions.len();
        actions.push(illegal[pick as usize % illegal.len()].clone());
        let text = spec.text(&actions);
        let report = serde_json::to_value(referee(&text, Lang::De).unwrap()).unwrap();
        prop_assert_eq!(report["valid"].as_bool(), Some(false));
        prop_assert_eq!(report["errors"][0]["event"].as_u64(), Some(at as u64));
        let rulings = report["rulings"][0]["rulings"].as_array().unwrap();
        let last = rulings.last().unwrap();
        prop_assert_eq!(last["action"].as_u64(), Some(at as u64));
        prop_assert_eq!(last["legal"].as_bool(), Some(false));
        prop_assert!(last["rule"].as_str().is_some_and(|r| !r.is_empty()));
    }

    /// Any deal, well-formed or not, gets an answer (a result or a malformed message), and
    /// the table too: no panic.
    #[test]
    fn no_input_panics(
        hands in prop::collection::vec(prop::collection::vec(0..40usize, 0..7), 0..6),
        seats in prop::collection::vec(any::<bool>(), 0..6),
        dealer in 0..6usize,
        schlag in 0..10usize,
        actions in prop::collection::vec((0..6usize, 0..12usize, 0..40usize), 0..30),
        variant in 0..5usize,
    ) {
        let card = |k: usize| match k {
            36..=39 => ["X1", "S6", "E6", "HA=HK"][k - 36].to_string(),
            k => format!("{}{}", SUITS[k % 4], ["A", "K", "O", "U", "10", "9", "8", "7", "6"][k / 4]),
        };
        let hands: Vec<Vec<String>> =
            hands.iter().map(|h| h.iter().map(|&k| card(k)).collect()).collect();
        let seats: Vec<&str> = seats.iter().map(|&b| if b { "A" } else { "B" }).collect();
        let verbs = ["card", "bet", "see", "give_up", "play", "farbe", "machine"];
        let actions: Vec<Value> = actions
            .iter()
            .map(|&(seat, v, k)| match v {
                0..=4 => json!({"seat": seat, "card": card(k)}),
                5 => json!({"seat": seat, "bet": 4}),
                v => json!({"seat": seat, verbs[v % 7]: true}),
            })
            .collect();
        let schlag = ["A", "K", "O", "U", "10", "9", "8", "7", "6", "5"][schlag];
        let rec = json!({"game": "watten", "variant": VARIANTS[variant], "deals": [{"cards": {
            "seats": seats, "dealer": dealer, "hands": hands, "schlag": schlag, "trump": "H",
            "actions": actions}}]});
        let text = rec.to_string();
        let _ = referee(&text, Lang::De);
        let raw = RawRecord::parse(&text).unwrap();
        let _ = play::table(&raw, Lang::En);
    }
}
