//! Properties of the Watten card-level referee (Streitfall) over random deals: a random legal
//! deal, generated card by card from the moves the table offers, referees exactly as the
//! fact-level record this file derives from its cards (each trick's winner by the text's
//! trick order, `watten_oracle`); no input panics; and a random illegal card is always named
//! (its ruling points at that action).

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::watten_cards_deal::{self as shared, Deal};
use super::watten_oracle::facts;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

const SEATS: [&str; 4] = ["A", "B", "A", "B"];

/// What a random deal is made of.
#[derive(Debug, Clone)]
struct Spec {
    deal: Deal,
    start: (u32, u32),
}

fn spec() -> impl Strategy<Value = Spec> {
    (shared::deal(), (0..15u32, 0..15u32)).prop_map(|(deal, start)| Spec { deal, start })
}

impl Spec {
    /// The record around one deal (variant, options, start).
    fn record(&self, deal: Value) -> Value {
        json!({"game": "watten", "variant": self.deal.variant(), "options": self.deal.options(),
            "start": {"A": self.deal.start(self.start.0), "B": self.deal.start(self.start.1)},
            "deals": [deal]})
    }

    fn text(&self, actions: &[Value]) -> String {
        self.record(self.deal.cards(&SEATS, actions)).to_string()
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

    /// A legal card-level deal and the fact-level record this file derives from its cards
    /// (the tricks by the text's trick order, `watten_oracle`) get the same result (points,
    /// score, stake, game over, tally); each trick goes to the card the text names.
    #[test]
    fn derived_facts_referee_the_same(spec in spec()) {
        let (actions, t) = spec.deal.legal_deal(|a| spec.text(a));
        prop_assume!(t.finished);
        prop_assert!(t.rulings.iter().all(|r| r.legal), "{:?}", t.rulings);
        let order = spec.deal.order();
        shared::tricks_as_the_text(&order, &t)?;
        let names: Vec<String> = SEATS.map(String::from).to_vec();
        // Blind Watten: the last-trick rule binds "only ... forehand and the dealer".
        let blind = spec.deal.variant() == "blind";
        let hands = spec.deal.hands(4);
        let events = facts(&order, &hands, &names, |s| !blind || s == 0 || s == 3, &actions);
        let facts_text = spec.record(json!({"events": events})).to_string();
        let (by_cards, by_facts) = (result(&spec.text(&actions)), result(&facts_text));
        prop_assert_eq!(&by_cards, &by_facts, "facts {}", facts_text);
        prop_assert_eq!(by_cards["valid"].as_bool(), Some(true));
    }

    /// An illegal card (a seat out of turn, a card not held, or a trump duty broken) is
    /// named: the record breaks a rule at exactly that action, and its ruling says so.
    #[test]
    fn a_random_illegal_card_is_named(spec in spec(), cut in 0..20usize, pick in any::<u16>()) {
        spec.deal.illegal_card_is_named(4, cut, pick, |a| spec.text(a))?;
    }

    /// Any deal, well-formed or not, gets an answer (a result or a malformed message), and
    /// the table too: no panic.
    #[test]
    fn no_input_panics(junk in shared::junk()) {
        let text = junk.record(&["A", "B"], json!({}));
        let _ = referee(&text, Lang::De);
        let _ = kartl::rules::streit::table(&text, Lang::En);
    }
}
