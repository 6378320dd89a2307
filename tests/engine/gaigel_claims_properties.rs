//! Gaigel card-level claims (docs/rules/gaigel.md 12.6): random four-player deals in which one
//! seat is dealt four Sevens, played by the Streitfall table's legal choices under a random
//! option `sevens` with `auf_farbe`, taking every claim offered (five Sevens, auf Dissle or auf
//! Siebener, auf Farbe). The record keeps the rules, the Siebener player never takes a trick
//! (002: "this player's cards have no trick-taking power"), an auf-Dissle trick ends the deal
//! (002: "has immediately lost the game"), and the facts counted here from the cards and the
//! claims referee to the same result as the card-level record.

use kartl::rules::gaigel::play::table;
use kartl::rules::record::RawRecord;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

const SUITS: [&str; 4] = ["E", "L", "H", "S"];
const RANKS: [&str; 6] = ["A", "10", "K", "O", "U", "7"];
const SEVENS: [&str; 3] = ["five_sevens", "auf_dissle", "auf_siebener"];

fn points(card: &str) -> u32 {
    match &card[1..] {
        "A" => 11,
        "10" => 10,
        "K" => 4,
        "O" => 3,
        "U" => 2,
        _ => 0,
    }
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

struct Deal {
    sevens: &'static str,
    hands: Vec<Vec<String>>,
    trump: String,
    talon: Vec<String>,
    actions: Vec<Value>,
}

impl Deal {
    fn record(&self, deal: Value) -> String {
        json!({"game": "gaigel", "options": {"sevens": self.sevens, "auf_farbe": true},
               "deals": [deal]})
        .to_string()
    }

    fn cards(&self) -> String {
        self.record(json!({"cards": {"seats": ["A", "B", "A", "B"], "dealer": 3,
            "hands": self.hands, "trump": self.trump, "talon": self.talon,
            "actions": self.actions}}))
    }
}

fn table_of(rec: &str) -> Value {
    serde_json::to_value(table(&RawRecord::parse(rec).unwrap(), Lang::De).unwrap()).unwrap()
}

/// A shuffled pack with four Sevens moved into `seat`'s hand, played by the table's choices:
/// a claim or "Aus!" whenever offered, else a random legal action.
fn generate(seed: u64, seat: usize, sevens: &'static str) -> Deal {
    let mut rng = Rng(seed | 1);
    let mut cards: Vec<String> = SUITS
        .iter()
        .flat_map(|s| {
            RANKS
                .iter()
                .flat_map(move |r| [format!("{s}{r}"), format!("{s}{r}")])
        })
        .collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let mut at = 5 * seat;
    for k in 0..cards.len() {
        if at < 5 * seat + 4 && cards[k].ends_with('7') && !(5 * seat..5 * seat + 4).contains(&k) {
            cards.swap(k, at);
            at += 1;
        }
    }
    let mut deal = Deal {
        sevens,
        hands: (0..4).map(|s| cards[5 * s..5 * s + 5].to_vec()).collect(),
        trump: cards[20].clone(),
        talon: cards[21..].to_vec(),
        actions: Vec::new(),
    };
    for _ in 0..200 {
        let t = table_of(&deal.cards());
        if t["finished"] == true {
            break;
        }
        let next = t["next"].as_array().unwrap();
        let wanted = ["five_sevens", "farbe", "dissle", "out"];
        let claim = next
            .iter()
            .find(|c| wanted.iter().any(|v| c["action"].get(*v).is_some()));
        let chosen = claim.unwrap_or_else(|| &next[rng.below(next.len())]);
        deal.actions.push(chosen["action"].clone());
    }
    deal
}

/// The fact-level deal counted from the table's tricks and the claims.
fn facts(deal: &Deal, t: &Value) -> Value {
    let trump = &deal.trump[..1];
    let (mut pts, mut tricks, mut melds) = ([0u32; 2], [0u32; 2], [vec![], vec![]]);
    for trick in t["tricks"].as_array().unwrap() {
        let Some(w) = trick["winner"].as_u64() else {
            continue;
        };
        tricks[(w % 2) as usize] += 1;
        pts[(w % 2) as usize] += trick["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| points(c["card"].as_str().unwrap()))
            .sum::<u32>();
    }
    let mut d = json!({});
    for a in &deal.actions {
        let side = ["A", "B"][(a["seat"].as_u64().unwrap() % 2) as usize];
        if let Some(s) = a.get("meld") {
            melds[(a["seat"].as_u64().unwrap() % 2) as usize].push(if s == trump {
                40
            } else {
                20
            });
        }
        for key in ["out", "five_sevens", "farbe", "dissle"] {
            if a.get(key).is_some() {
                d[key] = json!(side);
            }
        }
    }
    d["points"] = json!({"A": pts[0], "B": pts[1]});
    d["tricks"] = json!({"A": tricks[0], "B": tricks[1]});
    d["melds"] = json!({"A": melds[0], "B": melds[1]});
    d
}

fn result(rec: &str) -> Value {
    let mut v = serde_json::to_value(referee(rec, Lang::De).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("rulings");
    v
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(24)))]

    /// Deals with a seat dealt four Sevens referee as the facts their cards and claims give.
    #[test]
    fn claims_referee_as_their_facts(seed in any::<u64>(), seat in 0..4usize, option in 0..3usize) {
        let deal = generate(seed, seat, SEVENS[option]);
        let rec = deal.cards();
        let t = table_of(&rec);
        prop_assume!(t["finished"] == true);
        let by_cards = result(&rec);
        prop_assert_eq!(&by_cards["valid"], &json!(true), "{}", by_cards["errors"]);
        let dissle = deal.actions.iter().find(|a| a.get("dissle").is_some()).map(|a| a["seat"].clone());
        let mut fact = facts(&deal, &t);
        let tricks = t["tricks"].as_array().unwrap();
        if let Some(d) = &dissle {
            let won = tricks.iter().any(|x| &x["winner"] == d);
            // auf Siebener: never a trick; auf Dissle: the first trick taken ends the deal.
            prop_assert!(option != 2 || !won, "the Siebener seat took a trick");
            if option == 1 && won {
                prop_assert_eq!(&tricks.last().unwrap()["winner"], d);
                fact["dissle_trick"] = json!(true);
            }
        } else {
            // The four Sevens are announced at once, unless a claim that ends the deal came
            // first (an earlier seat's five of a suit).
            let ended = deal.actions.iter().any(|a| a.get("farbe").is_some() || a.get("five_sevens").is_some());
            prop_assert!(option == 0 || ended);
        }
        prop_assert_eq!(by_cards, result(&deal.record(fact)));
    }
}
