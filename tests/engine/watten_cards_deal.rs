//! What the two-side and the three-player Watten card-level properties share: a random deal
//! (variant, options, the hands dealt from a shuffled pack, the Schlag the variant allows)
//! played legally from the table's offers, a card the table does not offer and how the
//! referee must name it, and hostile records for the no-panic properties.

// Test helpers: a broken fixture should panic loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::watten_oracle::Order;
use kartl::rules::figures::cards::Card;
use kartl::rules::streit::{self, Table};
use kartl::rules::watten::play::words;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

pub const VARIANTS: [&str; 5] = ["bavarian", "tyrolean", "kritische", "guate", "blind"];
pub const SUITS: [&str; 4] = ["E", "L", "H", "S"];
pub const RANKS: [&str; 8] = ["A", "K", "O", "U", "10", "9", "8", "7"];

/// The random parts of a card-level deal: variant, shuffle, Schlag, trump suit, the options
/// and the picks that choose each action among the table's offers.
#[derive(Debug, Clone)]
pub struct Deal {
    variant: usize,
    shuffle: Vec<u32>,
    schlag: usize,
    trump: usize,
    /// Bavarian `machine`, Tyrolean `farbe`.
    option: bool,
    /// The card options ([`Deal::options`]).
    extra: usize,
    pub picks: Vec<u16>,
}

pub fn deal() -> impl Strategy<Value = Deal> {
    (
        (0..5usize, 0..9usize, 0..4usize),
        prop::collection::vec(any::<u32>(), 33),
        (any::<bool>(), 0..4usize),
        prop::collection::vec(any::<u16>(), 60),
    )
        .prop_map(
            |((variant, schlag, trump), shuffle, (option, extra), picks)| Deal {
                variant,
                shuffle,
                schlag,
                trump,
                option,
                extra,
                picks,
            },
        )
}

impl Deal {
    pub fn variant(&self) -> &'static str {
        VARIANTS[self.variant]
    }

    pub fn bavarian(&self) -> bool {
        self.variant() == "bavarian"
    }

    /// The card options: in variant `kritische` one of the text's sets of Kritischen, in the
    /// other Tyrolean variants the WELI as a bell or as the wild lowest trump ("WELI is
    /// always a bell"); then `machine` (Bavarian) or `farbe` (Tyrolean).
    pub fn options(&self) -> Value {
        let mut options = match self.variant() {
            "bavarian" => json!({"machine": self.option}),
            "kritische" => {
                let set = ["three", "four", "three_without_spitz", "two"][self.extra];
                // Either reading of whether a trump lead forces out the Kritischen.
                json!({"kritische": set, "kritische_forced": self.shuffle[0].is_multiple_of(2)})
            }
            _ => json!({"weli_bell": self.extra % 2 == 1}),
        };
        if !self.bavarian() {
            options["farbe"] = json!(self.option);
        }
        options
    }

    /// Six is the Schlag only in the Tyrolean variants without Kritischen and with the set of
    /// two (rules text 004: "any rank from ace down to six"; with Kritischen "six cannot be
    /// chosen as the Schlag"; the two Kritischen "with ... six as a possible Schlag").
    pub fn schlag(&self) -> &'static str {
        let six = match self.variant() {
            "bavarian" => false,
            "kritische" => self.options()["kritische"] == "two",
            _ => true,
        };
        match self.schlag {
            8 if six => "6",
            k => RANKS[k % 8],
        }
    }

    /// A start score below the target from any `raw` number: Bavarian 11, Tyrolean 15 (rules
    /// text 004: "The first team that achieves a cumulative score of 11"; "The game is won by
    /// the first team to reach 15"), so the Tyrolean gestrichen decision comes up too.
    pub fn start(&self, raw: u32) -> u32 {
        raw % if self.bavarian() { 11 } else { 15 }
    }

    pub fn trump(&self) -> &'static str {
        SUITS[self.trump]
    }

    /// The trick order by the rules text.
    pub fn order(&self) -> Order {
        Order::new(self.variant(), &self.options(), self.schlag(), self.trump())
    }

    /// One hand of five per seat from the pack (Bavarian 32 cards, Tyrolean 33 with the
    /// WELI) in the order the shuffle's keys sort it into.
    pub fn hands(&self, seats: usize) -> Vec<Vec<String>> {
        let mut pack: Vec<String> = SUITS
            .iter()
            .flat_map(|s| RANKS.iter().map(move |r| format!("{s}{r}")))
            .collect();
        if !self.bavarian() {
            pack.push("S6".into());
        }
        let mut order: Vec<(u32, String)> = self.shuffle.iter().copied().zip(pack).collect();
        order.sort();
        let mut cards: Vec<String> = order.into_iter().map(|(_, c)| c).collect();
        if self.variant() == "blind" {
            self.deal_shown_cards(&mut cards, seats - 1);
        }
        cards
            .chunks(5)
            .take(seats)
            .map(<[String]>::to_vec)
            .collect()
    }

    /// Blind Watten (rules text 004): "forehand privately shows the dealer a card whose rank
    /// is the Schlag, and the dealer then similarly shows forehand a card whose suit is
    /// trump". Swaps such cards into forehand's and the dealer's hands where the shuffle left
    /// none (the WELI, the six of the 33-card pack, shows the Schlag six but no suit).
    fn deal_shown_cards(&self, cards: &mut [String], dealer: usize) {
        let (schlag, trump) = (self.schlag(), self.trump());
        let shows_schlag = |c: &str| c[1..] == *schlag;
        let shows_trump = |c: &str| c.starts_with(trump) && c != "S6";
        give(cards, 0, 0..0, shows_schlag);
        give(cards, dealer * 5, 0..5, shows_trump);
    }

    /// The card-level deal: the seats named `seats` in playing order, the last dealing.
    pub fn cards(&self, seats: &[&str], actions: &[Value]) -> Value {
        json!({"cards": {"seats": seats, "dealer": seats.len() - 1,
            "hands": self.hands(seats.len()), "schlag": self.schlag(), "trump": self.trump(),
            "actions": actions}})
    }

    /// Plays a random legal deal from the table's offers for the record `text` writes
    /// around the actions: a card four times in five where one may be played. Stops when the
    /// deal is decided or the picks run out.
    pub fn legal_deal(&self, text: impl Fn(&[Value]) -> String) -> (Vec<Value>, Table) {
        let table = |actions: &[Value]| streit::table(&text(actions), Lang::De).unwrap();
        let mut actions = Vec::new();
        let mut t = table(&actions);
        for &pick in &self.picks {
            if t.finished || t.next.is_empty() {
                break;
            }
            let cards: Vec<_> = t.next.iter().filter(|c| c.action.card.is_some()).collect();
            let choice = if !cards.is_empty() && pick % 5 != 0 {
                cards[pick as usize / 5 % cards.len()]
            } else {
                &t.next[pick as usize % t.next.len()]
            };
            actions.push(serde_json::to_value(&choice.action).unwrap());
            t = table(&actions);
        }
        (actions, t)
    }

    /// A deal cut after `cut` actions, then a random card (`pick`) by any of `seats` seats
    /// that the table does not offer: the record breaks a rule at exactly that action, and
    /// its ruling says so.
    pub fn illegal_card_is_named(
        &self,
        seats: usize,
        cut: usize,
        pick: u16,
        text: impl Fn(&[Value]) -> String,
    ) -> Result<(), TestCaseError> {
        let mut short = self.clone();
        short.picks.truncate(cut);
        let (mut actions, t) = short.legal_deal(&text);
        prop_assume!(!t.finished);
        let illegal = illegal_cards(&t, seats, self.bavarian());
        let at = actions.len();
        let action = illegal[pick as usize % illegal.len()].clone();
        actions.push(action.clone());
        named_illegal(&text(&actions), at, &action)
    }
}

/// Every card of the 33 by any of `seats` seats that the table does not offer now (the WELI
/// only where the pack holds it).
fn illegal_cards(t: &Table, seats: usize, bavarian: bool) -> Vec<Value> {
    let legal: Vec<Value> = (t.next.iter())
        .map(|c| serde_json::to_value(&c.action).unwrap())
        .collect();
    let legal: Vec<&Value> = legal.iter().collect();
    let mut illegal = Vec::new();
    for seat in 0..seats {
        for s in SUITS {
            for r in RANKS.iter().chain(["6"].iter()) {
                let a = json!({"seat": seat, "card": format!("{s}{r}")});
                if !legal.contains(&&a) && (!bavarian || *r != "6") {
                    illegal.push(a);
                }
            }
        }
    }
    illegal
}

/// Each complete trick of the table went to the seat `order` names.
pub fn tricks_as_the_text(order: &Order, t: &Table) -> Result<(), TestCaseError> {
    for trick in t.tricks.iter().filter(|k| k.winner.is_some()) {
        let cards: Vec<String> = trick.cards.iter().map(|p| p.card.clone()).collect();
        let by_text = trick.cards[order.winner(&cards)].seat;
        prop_assert_eq!(trick.winner, Some(by_text), "{:?}", cards);
    }
    Ok(())
}

/// The record `text` breaks a rule at action `at` exactly, and its ruling says so.
fn named_illegal(text: &str, at: usize, action: &Value) -> Result<(), TestCaseError> {
    let report = serde_json::to_value(referee(text, Lang::De).unwrap()).unwrap();
    prop_assert_eq!(report["valid"].as_bool(), Some(false));
    prop_assert_eq!(report["errors"][0]["event"].as_u64(), Some(at as u64));
    let rulings = report["rulings"][0]["rulings"].as_array().unwrap();
    let last = rulings.last().unwrap();
    prop_assert_eq!(last["action"].as_u64(), Some(at as u64));
    prop_assert_eq!(last["legal"].as_bool(), Some(false));
    // The ruling names the seat ("Platz 2 (B)") and the card in words.
    let rule = last["rule"].as_str().unwrap_or_default();
    let seat = action["seat"].as_u64().unwrap_or(99) as usize;
    prop_assert!(
        rule.contains(&format!("Platz {} (", seat + 1)),
        "seat named: {}",
        rule
    );
    let card = Card::parse(action["card"].as_str().unwrap_or_default()).unwrap();
    prop_assert!(rule.contains(&words::card(card)), "card named: {}", rule);
    Ok(())
}

/// A card-level Watten deal of any shape: hands of any size with cards outside the pack,
/// any seats and dealer, any Schlag, any verbs.
#[derive(Debug, Clone)]
pub struct Junk {
    hands: Vec<Vec<usize>>,
    seats: Vec<usize>,
    dealer: usize,
    schlag: usize,
    actions: Vec<(usize, usize, usize)>,
    variant: usize,
}

pub fn junk() -> impl Strategy<Value = Junk> {
    (
        prop::collection::vec(prop::collection::vec(0..40usize, 0..7), 0..6),
        prop::collection::vec(0..5usize, 0..6),
        (0..6usize, 0..10usize, 0..5usize),
        prop::collection::vec((0..6usize, 0..12usize, 0..40usize), 0..30),
    )
        .prop_map(|(hands, seats, (dealer, schlag, variant), actions)| Junk {
            hands,
            seats,
            dealer,
            schlag,
            actions,
            variant,
        })
}

impl Junk {
    /// The record, its seats named from `names` (sides, or players), with `options`.
    pub fn record(&self, names: &[&str], options: Value) -> String {
        let card = |k: usize| match k {
            36..=39 => ["X1", "S6", "E6", "HA=HK"][k - 36].to_string(),
            k => format!(
                "{}{}",
                SUITS[k % 4],
                ["A", "K", "O", "U", "10", "9", "8", "7", "6"][k / 4]
            ),
        };
        let hands: Vec<Vec<String>> = self
            .hands
            .iter()
            .map(|h| h.iter().map(|&k| card(k)).collect())
            .collect();
        let seats: Vec<&str> = self.seats.iter().map(|&i| names[i % names.len()]).collect();
        let verbs = ["card", "bet", "see", "give_up", "play", "farbe", "machine"];
        let actions: Vec<Value> = self
            .actions
            .iter()
            .map(|&(seat, v, k)| match v {
                0..=4 => json!({"seat": seat, "card": card(k)}),
                5 => json!({"seat": seat, "bet": 4}),
                v => json!({"seat": seat, verbs[v % 7]: true}),
            })
            .collect();
        let schlag = ["A", "K", "O", "U", "10", "9", "8", "7", "6", "5"][self.schlag];
        json!({"game": "watten", "variant": VARIANTS[self.variant], "options": options,
            "deals": [{"cards": {"seats": seats, "dealer": self.dealer, "hands": hands,
            "schlag": schlag, "trump": "H", "actions": actions}}]})
        .to_string()
    }
}

/// Puts a card `shows` accepts into the hand starting at `slot` (five cards), unless it holds
/// one: the first such card outside that hand and outside `keep` changes places with the
/// card at `slot`.
fn give(
    cards: &mut [String],
    slot: usize,
    keep: std::ops::Range<usize>,
    shows: impl Fn(&str) -> bool,
) {
    if cards[slot..slot + 5].iter().any(|c| shows(c)) {
        return;
    }
    let from = (0..cards.len())
        .filter(|j| !(slot..slot + 5).contains(j) && !keep.contains(j))
        .find(|&j| shows(&cards[j]))
        .expect("the pack holds a card to show");
    cards.swap(slot, from);
}
