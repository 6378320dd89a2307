//! Property tests for the figure games' card-level deals (docs/rules/figures.md, "Card-level
//! deals (Streitfall)"): random legal deals, generated card by card from the table's offered
//! choices, referee to the same result as the fact-level record written from the same play
//! (bets, answers, the third trick, concessions, failed shows); no input panics; a card the
//! referee does not offer is always named as illegal.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::figures::cards::{Card, Shown, Variant};
use kartl::rules::streit::{Table, table};
use kartl::rules::{Lang, referee};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A small deterministic generator, seeded by proptest.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

const SUITS: [&str; 4] = ["E", "L", "H", "S"];
const RANKS: [&str; 8] = ["A", "K", "O", "U", "10", "9", "8", "7"];

/// A shuffled deal: four hands of five and the turned card.
pub(crate) fn deal(rng: &mut Rng, perlaggen: bool) -> (Vec<Vec<String>>, String) {
    let mut pack: Vec<String> = SUITS
        .iter()
        .flat_map(|s| RANKS.iter().map(move |r| format!("{s}{r}")))
        .collect();
    if perlaggen {
        pack.push("S6".into());
    }
    for i in (1..pack.len()).rev() {
        pack.swap(i, rng.next(i + 1));
    }
    let hands = (0..4).map(|s| pack[s * 5..s * 5 + 5].to_vec()).collect();
    (hands, pack[20].clone())
}

fn record(game: &str, hands: &[Vec<String>], turned: &str, actions: &[Value]) -> String {
    json!({"game": game, "deals": [{"cards": {
        "seats": ["A", "B", "A", "B"], "dealer": 3, "hands": hands, "turned": turned,
        "actions": actions}}]})
    .to_string()
}

fn side_of(seat: u64) -> &'static str {
    if seat.is_multiple_of(2) { "A" } else { "B" }
}

/// Plays a random legal deal; returns the actions and the table after each.
fn play(
    rng: &mut Rng,
    game: &str,
    hands: &[Vec<String>],
    turned: &str,
) -> (Vec<Value>, Vec<Table>) {
    play_record(rng, &|actions| record(game, hands, turned, actions))
}

/// Plays a random legal deal of the record `rec` writes around the actions.
pub(crate) fn play_record(
    rng: &mut Rng,
    rec: &dyn Fn(&[Value]) -> String,
) -> (Vec<Value>, Vec<Table>) {
    let mut actions = Vec::new();
    let mut tables = Vec::new();
    for _ in 0..80 {
        let t = table(&rec(&actions), Lang::En).unwrap();
        if t.finished {
            tables.push(t);
            break;
        }
        assert!(
            !t.next.is_empty(),
            "an unfinished deal offers a next action: {}",
            rec(&actions)
        );
        let in_show = t.next.iter().all(|c| c.action.get("card").is_none());
        let pick: Vec<&Value> = if in_show {
            // The show: concede whatever is open (the facts then need no show event).
            t.next
                .iter()
                .map(|c| &c.action)
                .filter(|a| a.get("good").is_some())
                .collect()
        } else {
            let cards: Vec<&Value> = t
                .next
                .iter()
                .map(|c| &c.action)
                .filter(|a| a.get("card").is_some())
                .collect();
            if !cards.is_empty() && rng.next(4) != 0 {
                cards
            } else {
                t.next.iter().map(|c| &c.action).collect()
            }
        };
        let pick = if pick.is_empty() {
            t.next.iter().map(|c| &c.action).collect()
        } else {
            pick
        };
        actions.push(pick[rng.next(pick.len())].clone());
        tables.push(t);
    }
    (actions, tables)
}

/// Whether a seat can show an example of the figure from its five cards (the text's
/// obligation): played cards as they count, natural cards in hand, Perlaggen in hand free.
fn can_show(variant: Variant, trump: Card, hand: &[String], played: &[String], fig: &str) -> bool {
    let wild = |c: &Card| variant.is_wild(*c, trump.suit);
    let mut fixed: Vec<Card> = played
        .iter()
        .map(|s| Shown::parse(s).unwrap().counts_as())
        .collect();
    let mut free = 0;
    for c in hand.iter().map(|s| Card::parse(s).unwrap()) {
        if played.iter().any(|p| Shown::parse(p).unwrap().card == c) {
            continue;
        }
        if wild(&c) { free += 1 } else { fixed.push(c) }
    }
    let pair = fixed.iter().enumerate().any(|(i, a)| {
        fixed[i + 1..].iter().any(|b| {
            if fig == "gleich" {
                a.rank == b.rank
            } else {
                a.suit == b.suit
                    && (a.rank.index() as i32 - b.rank.index() as i32).abs() == 1
                    && a.rank.index() < 8
                    && b.rank.index() < 8
            }
        })
    });
    pair || free >= 2 || (free == 1 && fixed.iter().any(|c| fig == "gleich" || c.rank.index() < 8))
}

/// The fact-level record of the same play.
fn facts(
    variant: Variant,
    game: &str,
    hands: &[Vec<String>],
    turned: &str,
    actions: &[Value],
    tables: &[Table],
) -> String {
    let mut events = vec![json!({"trump": &turned[..1]})];
    let mut involved: Vec<(String, u64)> = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let seat = a["seat"].as_u64().unwrap();
        let by = side_of(seat);
        for verb in ["bet", "hold", "raise", "good"] {
            if let Some(f) = a.get(verb) {
                events.push(json!({verb: f, "by": by}));
                if verb != "good" && f != "spiel" {
                    involved.push((f.as_str().unwrap().to_string(), seat));
                }
            }
        }
        if a.get("card").is_some() {
            let count = |t: &Table, s: &str| {
                t.tricks
                    .iter()
                    .filter(|k| k.winner.is_some_and(|w| side_of(w as u64) == s))
                    .count()
            };
            let after = tables.get(i + 1).unwrap();
            for s in ["A", "B"] {
                if count(after, s) == 3 && count(&tables[i], s) == 2 {
                    events.push(json!({"tricks": s}));
                }
            }
        }
    }
    // The generated show concedes whatever a side is behind on, so a figure still open at
    // the end stood: equal best figures face up on both sides.
    let conceded = |f: &str| {
        actions
            .iter()
            .any(|a| a.get("good").is_some_and(|g| g == f))
    };
    let open: Vec<&str> = ["gleich", "hanger"]
        .into_iter()
        .filter(|f| !conceded(f))
        .collect();
    if !open.is_empty() {
        let show: serde_json::Map<String, Value> = open
            .iter()
            .map(|f| (f.to_string(), json!("stands")))
            .collect();
        events.push(json!({"show": show}));
    }
    let last = tables.last().unwrap();
    let played = |seat: usize| -> Vec<String> {
        last.tricks
            .iter()
            .flat_map(|t| t.cards.iter())
            .filter(|p| p.seat == seat)
            .map(|p| p.card.clone())
            .collect()
    };
    let trump = Card::parse(turned).unwrap();
    let mut failed: Vec<(String, &str)> = Vec::new();
    for (f, seat) in involved {
        let by = side_of(seat);
        let s = seat as usize;
        if can_show(variant, trump, &hands[s], &played(s), &f) || failed.contains(&(f.clone(), by))
        {
            continue;
        }
        let other = (0..4)
            .filter(|o| side_of(*o as u64) != by)
            .any(|o| can_show(variant, trump, &hands[o], &played(o), &f));
        events.push(json!({"unshown": f, "by": by, "other_can_show": other}));
        failed.push((f, by));
    }
    json!({"game": game, "deals": [{"events": events}]}).to_string()
}

pub(crate) fn result(input: &str) -> Value {
    serde_json::to_value(referee(input, Lang::En).unwrap()).unwrap()
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 48, ..ProptestConfig::default() }))]

    #[test]
    fn legal_card_level_deals_referee_as_their_facts(seed in any::<u64>(), perlaggen in any::<bool>()) {
        let mut rng = Rng(seed);
        let (game, variant) = if perlaggen { ("perlaggen", Variant::Innsbruck) } else { ("giltspiel", Variant::GiltStandard) };
        let (hands, turned) = deal(&mut rng, perlaggen);
        let (actions, tables) = play(&mut rng, game, &hands, &turned);
        prop_assume!(tables.last().is_some_and(|t| t.finished));
        let cards = result(&record(game, &hands, &turned, &actions));
        prop_assert_eq!(&cards["valid"], &json!(true), "{}", cards);
        prop_assert!(cards["rulings"][0]["rulings"].as_array().unwrap().iter().all(|r| r["legal"] == json!(true)));
        let fact = result(&facts(variant, game, &hands, &turned, &actions, &tables));
        prop_assert_eq!(&cards["deals"], &fact["deals"], "facts: {} actions {:?}", facts(variant, game, &hands, &turned, &actions, &tables), actions);
    }

    #[test]
    fn a_card_not_offered_is_named_illegal(seed in any::<u64>(), perlaggen in any::<bool>(), cut in 0usize..12) {
        let mut rng = Rng(seed);
        let game = if perlaggen { "perlaggen" } else { "giltspiel" };
        let (hands, turned) = deal(&mut rng, perlaggen);
        let (actions, tables) = play(&mut rng, game, &hands, &turned);
        let at = cut.min(actions.len());
        let t = &tables[at];
        let offered: Vec<&Value> = t.next.iter().map(|c| &c.action).collect();
        // Any card of the pack by any seat that the table does not offer now.
        let seat = rng.next(4);
        let card = format!("{}{}", SUITS[rng.next(4)], RANKS[rng.next(8)]);
        let action = json!({"seat": seat, "card": card});
        prop_assume!(!offered.contains(&&action));
        let mut prefix = actions[..at].to_vec();
        prefix.push(action);
        let r = result(&record(game, &hands, &turned, &prefix));
        prop_assert_eq!(&r["valid"], &json!(false), "{}", r);
        prop_assert_eq!(&r["errors"][0]["event"], &json!(at), "{}", r);
        let msg = r["errors"][0]["message"].as_str().unwrap();
        prop_assert!(msg.contains(&card), "the card is named: {}", msg);
        let last = r["rulings"][0]["rulings"].as_array().unwrap().last().unwrap().clone();
        prop_assert_eq!(&last["legal"], &json!(false));
        prop_assert_eq!(&last["action"], &json!(at));
    }

    #[test]
    fn no_card_level_input_panics(seed in any::<u64>(), junk in prop::collection::vec((0usize..6, 0usize..40, 0usize..8), 0..12)) {
        let mut rng = Rng(seed);
        let (hands, turned) = deal(&mut rng, true);
        let verbs = ["card", "bet", "hold", "raise", "good", "show"];
        let figs = ["gleich", "hanger", "spiel"];
        let actions: Vec<Value> = junk.iter().map(|(v, c, s)| {
            let card = format!("{}{}", SUITS[c % 4], RANKS[c % 8]);
            let card = if c % 5 == 0 { format!("{card}=L10") } else { card };
            match verbs[*v] {
                "card" => json!({"seat": s % 4, "card": card}),
                "show" => json!({"seat": s % 4, "show": [card]}),
                verb => json!({"seat": s % 4, verb: figs[c % 3]}),
            }
        }).collect();
        let input = record("perlaggen", &hands, &turned, &actions);
        let _ = referee(&input, Lang::De);
        let _ = table(&input, Lang::De);
    }
}
