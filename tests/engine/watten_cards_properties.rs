//! Properties of the Watten card-level referee (Streitfall) over random deals: a random legal
//! deal, generated card by card from the moves the table offers, referees exactly as the
//! fact-level record this file derives from its cards (each trick's winner by the text's
//! trick order, `watten_oracle`); no input panics; and a random illegal card is always named
//! (its ruling points at that action).

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::watten_cards_deal::{self as shared, SUITS, VARIANTS};
use super::watten_oracle::{Order, facts};
use kartl::rules::streit::Table;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

/// What a random deal is made of.
#[derive(Debug, Clone)]
struct Spec {
    variant: usize,
    shuffle: Vec<u32>,
    schlag: usize,
    trump: usize,
    start: (u32, u32),
    option: bool,
    /// The card options (`watten_cards_deal::card_options`).
    extra: usize,
    picks: Vec<u16>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        0..5usize,
        prop::collection::vec(any::<u32>(), 33),
        0..9usize,
        0..4usize,
        (0..11u32, 0..11u32),
        (any::<bool>(), 0..4usize),
        prop::collection::vec(any::<u16>(), 60),
    )
        .prop_map(
            |(variant, shuffle, schlag, trump, start, (option, extra), picks)| Spec {
                variant,
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

    /// The record around the deal's `cards` (variant, options, start).
    fn record(&self, deal: Value) -> Value {
        let mut rec = json!({"game": "watten", "variant": VARIANTS[self.variant],
            "start": {"A": self.start.0, "B": self.start.1}, "deals": [deal]});
        let mut options = self.options();
        if self.bavarian() {
            options["machine"] = json!(self.option);
        } else {
            options["farbe"] = json!(self.option);
        }
        rec["options"] = options;
        rec
    }

    fn hands(&self) -> Vec<Vec<String>> {
        shared::hands(&self.shuffle, self.bavarian(), 4)
    }

    fn options(&self) -> Value {
        shared::card_options(self.variant, self.extra)
    }

    fn schlag(&self) -> &'static str {
        shared::schlag(self.variant, &self.options(), self.schlag)
    }

    fn order(&self) -> Order {
        let variant = VARIANTS[self.variant];
        Order::new(variant, &self.options(), self.schlag(), SUITS[self.trump])
    }

    /// The hands dealt from the shuffled pack, the Schlag the variant allows, the actions.
    fn cards(&self, actions: &[Value]) -> Value {
        json!({"cards": {"seats": ["A", "B", "A", "B"], "dealer": 3, "hands": self.hands(),
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
        let (actions, t) = legal_deal(&spec);
        prop_assume!(t.finished);
        prop_assert!(t.rulings.iter().all(|r| r.legal), "{:?}", t.rulings);
        let order = spec.order();
        shared::tricks_as_the_text(&order, &t)?;
        let names: Vec<String> = ["A", "B", "A", "B"].map(String::from).to_vec();
        // Blind Watten: the last-trick rule binds "only ... forehand and the dealer".
        let blind = VARIANTS[spec.variant] == "blind";
        let events = facts(&order, &spec.hands(), &names, |s| !blind || s == 0 || s == 3, &actions);
        let facts_text = spec.record(json!({"events": events})).to_string();
        let (by_cards, by_facts) = (result(&spec.text(&actions)), result(&facts_text));
        prop_assert_eq!(&by_cards, &by_facts, "facts {}", facts_text);
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
        let illegal = shared::illegal_cards(&t, 4, spec.bavarian());
        let at = actions.len();
        actions.push(illegal[pick as usize % illegal.len()].clone());
        shared::named_illegal(&spec.text(&actions), at)?;
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
