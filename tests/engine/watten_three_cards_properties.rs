//! Three-player Watten at card level (Streitfall; rules text 004 "Bavarian Watten for two or
//! three players": "forehand ... plays alone. The other two players play as a team"): a random
//! legal three-player card-level deal, generated from the moves the table offers, referees
//! exactly as the fact-level three-player record this file derives from its cards (each
//! trick's winner by the text's trick order, `watten_oracle`); no input panics; and a random illegal
//! card is always named.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::watten_cards_deal::{self as shared, Deal};
use super::watten_cards_properties::result;
use super::watten_oracle::facts;
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
    deal: Deal,
    seats: usize,
    start: [u32; 3],
}

fn spec() -> impl Strategy<Value = Spec> {
    (shared::deal(), 0..6usize, [0..15u32, 0..15u32, 0..15u32])
        .prop_map(|(deal, seats, start)| Spec { deal, seats, start })
}

impl Spec {
    fn seats(&self) -> [&'static str; 3] {
        ORDERS[self.seats]
    }

    /// The record around one deal (variant, options, start).
    fn record(&self, deal: Value) -> Value {
        let [a, b, c] = self.start.map(|p| self.deal.start(p));
        let mut options = self.deal.options();
        options["players"] = json!(3);
        json!({"game": "watten", "variant": self.deal.variant(), "options": options,
            "start": {"P1": a, "P2": b, "P3": c}, "deals": [deal]})
    }

    fn text(&self, actions: &[Value]) -> String {
        self.record(self.deal.cards(&self.seats(), actions))
            .to_string()
    }
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(40)))]

    /// A legal three-player card-level deal and the fact-level three-player record this file
    /// derives from its cards (`alone` the forehand; the tricks by the text's trick order,
    /// `watten_oracle`) get the same result: points per player, totals, stake, game over.
    #[test]
    fn three_player_deals_referee_as_their_facts(spec in spec()) {
        let (actions, t) = spec.deal.legal_deal(|a| spec.text(a));
        prop_assume!(t.finished);
        prop_assert!(t.rulings.iter().all(|r| r.legal), "{:?}", t.rulings);
        prop_assert_eq!(&t.seats[0].side, spec.seats()[0]);
        let order = spec.deal.order();
        shared::tricks_as_the_text(&order, &t)?;
        // The player alone is named by themself, the team by one of its players (seat 1's).
        let [alone, team, _] = spec.seats();
        let names: Vec<String> = [alone, team, team].map(String::from).to_vec();
        let blind = spec.deal.variant() == "blind";
        let hands = spec.deal.hands(3);
        let events = facts(&order, &hands, &names, |s| !blind || s != 1, &actions);
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
        spec.deal.illegal_card_is_named(3, cut, pick, |a| spec.text(a))?;
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
