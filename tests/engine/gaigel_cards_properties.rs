//! Gaigel card-level deals (Streitfall; docs/rules/gaigel.md section 12): for random legal
//! deals generated card by card from a shuffled pack (each step one of the legal choices the
//! Streitfall table offers), the record keeps the rules, every trick goes to the card this
//! file's own reading of 002 "Subsequent Tricks" names, and the fact-level deal counted here
//! from the cards (card points, tricks, melds, "Aus!") referees to exactly the same result;
//! no input makes the referee or the table panic; and a card that is not among the legal
//! choices is always named (its action is the error's event, ruled illegal).

use kartl::rules::gaigel::play::table;
use kartl::rules::record::RawRecord;
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

const SUITS: [&str; 4] = ["E", "L", "H", "S"];
const RANKS: [&str; 6] = ["A", "10", "K", "O", "U", "7"];

fn pack() -> Vec<String> {
    let mut p = Vec::new();
    for s in SUITS {
        for r in RANKS {
            p.push(format!("{s}{r}"));
            p.push(format!("{s}{r}"));
        }
    }
    p
}

/// A small deterministic generator, so a failing seed replays.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

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

fn rank(card: &str) -> usize {
    RANKS.iter().position(|r| *r == &card[1..]).unwrap()
}

/// The record of one card-level deal with `actions`.
fn record(
    players: usize,
    hands: &[Vec<String>],
    trump: &str,
    talon: &[String],
    actions: &[Value],
) -> String {
    let seats: Vec<&str> = (0..players)
        .map(|s| if s % 2 == 0 { "A" } else { "B" })
        .collect();
    let variant = match players {
        6 => "six",
        2 => "two",
        _ => "four",
    };
    json!({"game": "gaigel", "variant": variant, "deals": [{"cards": {
        "seats": seats, "dealer": players - 1, "hands": hands, "trump": trump,
        "talon": talon, "actions": actions}}]})
    .to_string()
}

fn table_of(rec: &str) -> Value {
    let raw = RawRecord::parse(rec).unwrap();
    serde_json::to_value(table(&raw, Lang::De).unwrap()).unwrap()
}

#[derive(Clone)]
struct Deal {
    players: usize,
    hands: Vec<Vec<String>>,
    trump: String,
    talon: Vec<String>,
    actions: Vec<Value>,
}

impl Deal {
    fn record(&self, actions: &[Value]) -> String {
        record(self.players, &self.hands, &self.trump, &self.talon, actions)
    }
}

/// Deals a shuffled pack and plays it by the table's legal choices until it is decided:
/// "Aus!" whenever offered, now and then a meld or the exchange, else a random card.
fn generate(seed: u64, players: usize) -> Deal {
    let mut rng = Rng(seed | 1);
    let mut cards = pack();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let hands: Vec<Vec<String>> = (0..players)
        .map(|s| cards[5 * s..5 * s + 5].to_vec())
        .collect();
    let trump = cards[5 * players].clone();
    let talon = cards[5 * players + 1..].to_vec();
    let mut deal = Deal {
        players,
        hands,
        trump,
        talon,
        actions: Vec::new(),
    };
    for _ in 0..400 {
        let t = table_of(&deal.record(&deal.actions));
        if t["finished"] == true {
            break;
        }
        let next = t["next"].as_array().unwrap();
        assert!(!next.is_empty(), "an unfinished table offers a next action");
        let pick = |verb: &str| {
            next.iter()
                .filter(|c| c["action"].get(verb).is_some())
                .collect::<Vec<_>>()
        };
        let outs = pick("out");
        let extras: Vec<&Value> = pick("meld").into_iter().chain(pick("exchange")).collect();
        let chosen = if !outs.is_empty() {
            outs[0]
        } else if !extras.is_empty() && rng.below(3) == 0 {
            extras[rng.below(extras.len())]
        } else {
            let plays: Vec<&Value> = next
                .iter()
                .filter(|c| {
                    c["action"].get("meld").is_none() && c["action"].get("exchange").is_none()
                })
                .collect();
            if plays.is_empty() {
                extras[0]
            } else {
                plays[rng.below(plays.len())]
            }
        };
        deal.actions.push(chosen["action"].clone());
    }
    deal
}

/// The trick's winner by 002 "Subsequent Tricks": the highest trump, else the highest card of
/// the suit led; of equal cards the earlier.
fn winner(cards: &[Value], trump: &str) -> u64 {
    let suit = |c: &Value| c["card"].as_str().unwrap()[..1].to_string();
    let beats = |x: &Value, b: &Value| {
        let (xs, bs) = (suit(x), suit(b));
        (xs == trump && bs != trump)
            || (xs == bs && rank(x["card"].as_str().unwrap()) < rank(b["card"].as_str().unwrap()))
    };
    let mut best = &cards[0];
    for c in &cards[1..] {
        if beats(c, best) {
            best = c;
        }
    }
    best["seat"].as_u64().unwrap()
}

/// The fact-level deal counted from the table and the actions.
fn facts(deal: &Deal, t: &Value) -> Value {
    let trump = &deal.trump[..1];
    let mut pts = [0u32; 2];
    let mut tricks = [0u32; 2];
    for (i, trick) in t["tricks"].as_array().unwrap().iter().enumerate() {
        let cards = trick["cards"].as_array().unwrap();
        let Some(w) = trick["winner"].as_u64() else {
            continue;
        };
        if i > 0 {
            assert_eq!(w, winner(cards, trump), "trick {i}: {cards:?}");
        }
        let side = (w % 2) as usize;
        tricks[side] += 1;
        pts[side] += cards
            .iter()
            .map(|c| points(c["card"].as_str().unwrap()))
            .sum::<u32>();
    }
    let mut melds = [Vec::new(), Vec::new()];
    let mut out = None;
    for a in &deal.actions {
        let side = (a["seat"].as_u64().unwrap() % 2) as usize;
        if let Some(s) = a.get("meld") {
            melds[side].push(if s == trump { 40 } else { 20 });
        }
        if a.get("out").is_some() {
            out = Some(["A", "B"][side]);
        }
    }
    // A meld on the partner's certain win counts with that trick; a deal that ended before
    // the side's first trick was complete leaves it no trick and so no meld.
    for side in 0..2 {
        if tricks[side] == 0 {
            melds[side].clear();
        }
    }
    let mut d = json!({"points": {"A": pts[0], "B": pts[1]}, "tricks": {"A": tricks[0], "B": tricks[1]},
                       "melds": {"A": melds[0], "B": melds[1]}});
    if let Some(o) = out {
        d["out"] = json!(o);
    }
    d
}

fn result(rec: &str) -> Value {
    serde_json::to_value(referee(rec, Lang::De).unwrap()).unwrap()
}

fn without_rulings(mut r: Value) -> Value {
    r.as_object_mut().unwrap().remove("rulings");
    r
}

/// The same deal ended short by untergaigeln: "Aus!" by a random seat at a random moment.
fn under(deal: &Deal, rng: &mut Rng) -> Deal {
    let k = 1 + rng.below(deal.actions.len() - 1);
    let mut d = deal.clone();
    d.actions.truncate(k);
    d.actions
        .push(json!({"seat": rng.below(deal.players), "out": true}));
    d
}

/// The same deal where the side that called "Aus!" plays on instead (übergaigeln): random
/// legal cards until one of its seats plays a card to a trick begun after it reached 101
/// (002 "plays a card to the next trick"); the side named, or `None` when the deal did not
/// end by "Aus!" or was played out first.
fn over(deal: &Deal, rng: &mut Rng) -> Option<(Deal, &'static str)> {
    let last = deal.actions.last()?;
    last.get("out")?;
    let side = (last["seat"].as_u64()? % 2) as usize;
    let mut d = deal.clone();
    d.actions.pop();
    let reached = table_of(&d.record(&d.actions))["tricks"].as_array()?.len();
    for _ in 0..100 {
        let t = table_of(&d.record(&d.actions));
        if t["finished"] == true {
            return None;
        }
        let tricks = t["tricks"].as_array()?;
        let begun = tricks.last().is_some_and(|x| x.get("winner").is_none());
        let index = if begun {
            tricks.len() - 1
        } else {
            tricks.len()
        };
        let plays: Vec<&Value> = t["next"]
            .as_array()?
            .iter()
            .filter(|c| c["action"].get("card").is_some())
            .collect();
        if plays.is_empty() {
            return None;
        }
        let a = plays[rng.below(plays.len())]["action"].clone();
        let own = (a["seat"].as_u64()? % 2) as usize == side;
        d.actions.push(a);
        if own && index >= reached {
            return Some((d, ["A", "B"][side]));
        }
    }
    None
}

/// A refusal names the seat, what it holds and the card it played, in English too
/// (rules text 002 "Subsequent Tricks": "players must follow suit if possible"; the case
/// `cards-words_following_names_seat_held_and_played` pins the German words).
#[test]
fn a_refusal_names_seat_held_and_played_in_english() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/conformance/gaigel/cards-words_following_names_seat_held_and_played.json"
    );
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let r = serde_json::to_value(referee(&case["record"].to_string(), Lang::En).unwrap()).unwrap();
    assert_eq!(
        r["errors"][0]["message"],
        json!(
            "Seat 2 (B) holds the Ten of acorns and played the Seven of bells. Following suit (acorns): 002 \"When there are no cards in the talon players must follow suit if possible\"."
        )
    );
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(24)))]

    /// One answer per deal: a deal ended by untergaigeln or übergaigeln is valid
    /// and scored at card level exactly as the fact-level record of the same deal (002 "End
    /// of the Play" describes a scored outcome, not a forbidden act).
    #[test]
    fn over_and_under_gaigeln_referee_as_their_facts(seed in any::<u64>(), six in prop::bool::weighted(0.2), overgaigel in any::<bool>()) {
        let players = if six { 6 } else { 4 };
        let deal = generate(seed, players);
        let mut rng = Rng(seed.rotate_left(17) | 1);
        let (short, caught) = if overgaigel {
            match over(&deal, &mut rng) {
                Some((d, s)) => (d, Some(s)),
                None => (under(&deal, &mut rng), None),
            }
        } else {
            (under(&deal, &mut rng), None)
        };
        let rec = short.record(&short.actions);
        let cards = result(&rec);
        prop_assert_eq!(&cards["valid"], &json!(true), "{}", cards["errors"]);
        let t = table_of(&rec);
        prop_assert_eq!(&t["finished"], &json!(true));
        let mut facts = facts(&short, &t);
        if let Some(s) = caught {
            facts["overgaigel"] = json!(s);
        }
        let variant = if six { "six" } else { "four" };
        let fact = json!({"game": "gaigel", "variant": variant, "deals": [facts]}).to_string();
        prop_assert_eq!(without_rulings(cards), result(&fact));
    }

    /// Random legal deals keep the rules, and the facts counted from their cards referee the
    /// same as the card-level record.
    #[test]
    fn legal_deals_referee_as_their_facts(seed in any::<u64>(), six in prop::bool::weighted(0.2)) {
        let players = if six { 6 } else { 4 };
        let deal = generate(seed, players);
        let rec = deal.record(&deal.actions);
        let cards = result(&rec);
        prop_assert_eq!(&cards["valid"], &json!(true), "{}", cards["errors"]);
        let rulings = cards["rulings"][0]["rulings"].as_array().unwrap();
        prop_assert_eq!(rulings.len(), deal.actions.len());
        prop_assert!(rulings.iter().all(|r| r["legal"] == true));
        let t = table_of(&rec);
        let variant = if six { "six" } else { "four" };
        let fact = json!({"game": "gaigel", "variant": variant, "deals": [facts(&deal, &t)]}).to_string();
        prop_assert_eq!(without_rulings(cards), result(&fact));
    }

    /// A card that is not among the table's legal choices is named: its action is the
    /// error's event and, when the deal gets a result, is ruled illegal.
    #[test]
    fn an_illegal_card_is_always_named(seed in any::<u64>(), at in any::<prop::sample::Index>(), pick in any::<prop::sample::Index>()) {
        let deal = generate(seed, 4);
        let plays: Vec<usize> = (0..deal.actions.len()).filter(|&k| deal.actions[k].get("card").is_some()).collect();
        let k = plays[at.index(plays.len())];
        let seat = deal.actions[k]["seat"].clone();
        let t = table_of(&deal.record(&deal.actions[..k]));
        let legal: Vec<&Value> = t["next"].as_array().unwrap().iter().filter_map(|c| c["action"].get("card")).collect();
        let wrong: Vec<String> = pack().into_iter().filter(|c| !legal.iter().any(|l| *l == c)).collect();
        let card = &wrong[pick.index(wrong.len())];
        let mut actions = deal.actions[..k].to_vec();
        actions.push(json!({"seat": seat, "card": card}));
        let r = result(&deal.record(&actions));
        prop_assert_eq!(&r["valid"], &json!(false));
        prop_assert_eq!(&r["errors"][0]["event"], &json!(k), "{}", r["errors"]);
        prop_assert_eq!(&r["rulings"][0]["rulings"][k]["legal"], &json!(false));
    }

    /// Any mutation of a deal's actions, and stray values anywhere in the form, give an
    /// answer (a result or a malformed message), never a panic, from the referee and the table.
    #[test]
    fn no_panic_on_any_input(seed in any::<u64>(), edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..7, 0usize..8, any::<prop::sample::Index>()), 1..6), junk in "[A-Za-z0-9]{0,3}") {
        let deal = generate(seed, 4);
        let mut actions = deal.actions.clone();
        let cards = pack();
        for (at, verb, seat, card) in edits {
            let c = if verb == 6 { junk.clone() } else { cards[card.index(cards.len())].clone() };
            let a = match verb {
                0 => json!({"seat": seat, "card": c}),
                1 => json!({"seat": seat, "draw": c}),
                2 => json!({"seat": seat, "meld": &c[..1]}),
                3 => json!({"seat": seat, "exchange": true}),
                4 => json!({"seat": seat, "out": true}),
                5 => json!({"seat": seat, "open": "zweite_alte"}),
                _ => json!({"seat": seat, "card": c}),
            };
            let i = at.index(actions.len() + 1);
            if i < actions.len() { actions[i] = a; } else { actions.push(a); }
        }
        let rec = deal.record(&actions);
        let _ = referee(&rec, Lang::En);
        let raw = RawRecord::parse(&rec).unwrap();
        let _ = table(&raw, Lang::En);
        let mut v: Value = serde_json::from_str(&rec).unwrap();
        v["deals"][0]["cards"]["hands"][0][0] = json!(junk);
        v["deals"][0]["cards"]["dealer"] = json!(seed % 5);
        let s = v.to_string();
        let _ = referee(&s, Lang::De);
        let _ = table(&RawRecord::parse(&s).unwrap(), Lang::De);
    }
}
