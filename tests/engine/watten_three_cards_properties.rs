//! Three-player Watten at card level (Streitfall; rules text 004 "Bavarian Watten for two or
//! three players": "forehand ... plays alone. The other two players play as a team"): a random
//! legal three-player card-level deal, generated from the moves the table offers, referees
//! exactly as the fact-level three-player record this file derives from its cards (each
//! trick's winner by the text's trick order, `watten_oracle`); no input panics; and a random illegal
//! card is always named.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::watten_cards_deal::{self as shared, SUITS, VARIANTS};
use super::watten_cards_properties::result;
use super::watten_oracle::{Order, facts};
use kartl::rules::streit::Table;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

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
    /// The card options (`watten_cards_deal::card_options`).
    extra: usize,
    picks: Vec<u16>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        (0..5usize, 0..6usize),
        prop::collection::vec(any::<u32>(), 33),
        (0..9usize, 0..4usize, 0..4usize),
        [0..11u32, 0..11u32, 0..11u32],
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 40),
    )
        .prop_map(
            |((variant, seats), shuffle, (schlag, trump, extra), start, option, picks)| Spec {
                variant,
                seats,
                shuffle,
                schlag,
                trump,
                start,
                option,
                extra,
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
        let mut options = self.options();
        options["players"] = json!(3);
        if self.bavarian() {
            options["machine"] = json!(self.option);
        } else {
            options["farbe"] = json!(self.option);
        }
        rec["options"] = options;
        rec
    }

    fn hands(&self) -> Vec<Vec<String>> {
        shared::hands(&self.shuffle, self.bavarian(), 3)
    }

    fn options(&self) -> Value {
        shared::card_options(self.variant, self.extra)
    }

    fn schlag(&self) -> &'static str {
        shared::schlag(self.variant, &self.options(), self.schlag)
    }

    /// Three hands of five from the shuffled pack, the Schlag the variant allows, the actions.
    fn cards(&self, actions: &[Value]) -> Value {
        json!({"cards": {"seats": self.seats(), "dealer": 2, "hands": self.hands(),
            "schlag": self.schlag(), "trump": SUITS[self.trump], "actions": actions}})
    }

    fn text(&self, actions: &[Value]) -> String {
        self.record(self.cards(actions)).to_string()
    }
}

/// Plays a random legal deal from the moves the table offers.
fn legal_deal(spec: &Spec) -> (Vec<Value>, Table) {
    shared::legal_deal(&spec.picks, |actions| {
        kartl::rules::streit::table(&spec.text(actions), Lang::De).unwrap()
    })
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(40)))]

    /// A legal three-player card-level deal and the fact-level three-player record this file
    /// derives from its cards (`alone` the forehand; the tricks by the text's trick order,
    /// `watten_oracle`) get the same result: points per player, totals, stake, game over.
    #[test]
    fn three_player_deals_referee_as_their_facts(spec in spec()) {
        let (actions, t) = legal_deal(&spec);
        prop_assume!(t.finished);
        prop_assert!(t.rulings.iter().all(|r| r.legal), "{:?}", t.rulings);
        prop_assert_eq!(&t.seats[0].side, spec.seats()[0]);
        let order = Order::new(VARIANTS[spec.variant], &spec.options(), spec.schlag(), SUITS[spec.trump]);
        shared::tricks_as_the_text(&order, &t)?;
        // The player alone is named by themself, the team by one of its players (seat 1's).
        let [alone, team, _] = spec.seats();
        let names: Vec<String> = [alone, team, team].map(String::from).to_vec();
        let blind = VARIANTS[spec.variant] == "blind";
        let events = facts(&order, &spec.hands(), &names, |s| !blind || s != 1, &actions);
        let facts_text = spec.record(json!({"alone": alone, "events": events})).to_string();
        let (by_cards, by_facts) = (result(&spec.text(&actions)), result(&facts_text));
        prop_assert_eq!(&by_cards, &by_facts, "facts {}", facts_text);
        prop_assert_eq!(by_cards["valid"].as_bool(), Some(true));
        prop_assert_eq!(by_cards["deals"][0]["alone"].as_str(), Some(alone));
    }

    /// An illegal card by any of the three players (out of turn, not held, a trump duty
    /// broken) is named: the record breaks a rule at exactly that action, its ruling says so.
    #[test]
    fn a_random_illegal_card_is_named(spec in spec(), cut in 0..12usize, pick in any::<u16>()) {
        let mut short = spec.clone();
        short.picks.truncate(cut);
        let (mut actions, t) = legal_deal(&short);
        prop_assume!(!t.finished);
        let illegal = shared::illegal_cards(&t, 3, spec.bavarian());
        let at = actions.len();
        actions.push(illegal[pick as usize % illegal.len()].clone());
        shared::named_illegal(&spec.text(&actions), at)?;
    }

    /// Any three-player deal, well-formed or not (seats named by players or by a side),
    /// gets an answer, and the table too: no panic.
    #[test]
    fn no_input_panics(junk in shared::junk()) {
        let text = junk.record(&["P1", "P2", "P3", "A"], json!({"players": 3}));
        let _ = referee(&text, Lang::De);
        let _ = kartl::rules::streit::table(&text, Lang::En);
    }
}
