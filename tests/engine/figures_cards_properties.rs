//! Property tests for the figure games' card-level deals (docs/rules/figures.md, "Card-level
//! deals (Streitfall)"): random legal deals, generated card by card from the table's offered
//! choices and shown card by card, referee to the same result as the fact-level record this
//! file writes from the same play with `figures_oracle` (bets, answers, the third trick by the
//! texts' card order, concessions, the show decided from the cards face up, failed shows);
//! no input panics; a card the referee does not offer is always named as illegal.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::figures_oracle as oracle;
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
    play_with(rng, &|actions| record(game, hands, turned, actions), true)
}

/// Plays a random legal deal of the record `rec` writes around the actions, the show
/// included: each action one the table offers, or in the show now and then several cards of
/// a seat's hand at once (Perlaggen baptised as the offers baptise them), when the referee
/// rules that legal. Returns the actions and the table after each.
pub(crate) fn play_record(
    rng: &mut Rng,
    rec: &dyn Fn(&[Value]) -> String,
) -> (Vec<Value>, Vec<Table>) {
    play_with(rng, rec, false)
}

/// As [`play_record`]; with `stop`, the record may also end in the show at a moment no bet
/// is open (the table is then not finished: the rest is decided from the cards face up).
fn play_with(
    rng: &mut Rng,
    rec: &dyn Fn(&[Value]) -> String,
    stop: bool,
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
        let offered = actions_of(&t);
        let offered: Vec<&Value> = offered.iter().collect();
        let has = |verb: &str| offered.iter().any(|a| a.get(verb).is_some());
        let in_show = has("show") && !has("card");
        if in_show && stop && !has("hold") && rng.next(6) == 0 {
            tables.push(t);
            break;
        }
        let several = in_show && rng.next(3) == 0;
        let action = several
            .then(|| several_cards(rng, &t, rec, &actions))
            .flatten()
            .unwrap_or_else(|| {
                let cards: Vec<&Value> = offered
                    .iter()
                    .copied()
                    .filter(|a| a.get("card").is_some())
                    .collect();
                let pick = if !cards.is_empty() && rng.next(4) != 0 {
                    cards
                } else {
                    offered.clone()
                };
                pick[rng.next(pick.len())].clone()
            });
        actions.push(action);
        tables.push(t);
    }
    (actions, tables)
}

/// The next actions the table offers, as the record holds them.
fn actions_of(t: &Table) -> Vec<Value> {
    (t.next.iter())
        .map(|c| serde_json::to_value(&c.action).unwrap())
        .collect()
}

/// A show of two or three cards from the hand of a seat the table offers a show to, each
/// Perlagg baptised as one of the offered baptisms; `None` unless the referee rules it legal.
fn several_cards(
    rng: &mut Rng,
    t: &Table,
    rec: &dyn Fn(&[Value]) -> String,
    actions: &[Value],
) -> Option<Value> {
    let offered = actions_of(t);
    let shows: Vec<&Value> = (offered.iter())
        .filter(|a| a.get("show").is_some())
        .collect();
    let seat = shows[rng.next(shows.len())]["seat"].as_u64()?;
    let mut hand = t.seats[seat as usize].hand.clone();
    let mut cards = Vec::new();
    for _ in 0..2 + rng.next(2) {
        if hand.is_empty() {
            break;
        }
        let card = hand.remove(rng.next(hand.len()));
        let forms: Vec<&str> = shows
            .iter()
            .filter(|a| a["seat"] == json!(seat))
            .filter_map(|a| a["show"][0].as_str())
            .filter(|s| s.split('=').next() == Some(card.as_str()))
            .collect();
        cards.push(match forms.len() {
            0 => card,
            n => forms[rng.next(n)].to_string(),
        });
    }
    let action = json!({"seat": seat, "show": cards});
    let mut trial = actions.to_vec();
    trial.push(action.clone());
    let r = result(&rec(&trial));
    let rulings = r["rulings"][0]["rulings"].as_array()?;
    rulings
        .last()
        .is_some_and(|x| x["legal"] == json!(true))
        .then_some(action)
}

/// The fact-level record of the same play, written by `figures_oracle` from the cards alone,
/// and each complete trick's winning seat.
fn facts(
    perlaggen: bool,
    game: &str,
    hands: &[Vec<String>],
    turned: &str,
    actions: &[Value],
) -> (String, Vec<usize>) {
    let wild = oracle::perlaggen(perlaggen, &turned[..1]);
    derive(json!({"game": game}), &wild, hands, turned, actions)
}

/// The fact-level record of a play at any table of two sides (`hands.len()` seats, sides
/// alternating from `A`): `frame` is the record without its deals (game, variant, options),
/// `wild` the variant's Perlaggen under this trump, highest first, as the texts list them.
/// Returns the record and each complete trick's winning seat.
pub(crate) fn derive(
    frame: Value,
    wild: &[String],
    hands: &[Vec<String>],
    turned: &str,
    actions: &[Value],
) -> (String, Vec<usize>) {
    let n = hands.len();
    let trump = &turned[..1];
    let mut events = vec![json!({"trump": trump})];
    let mut involved: Vec<(String, usize)> = Vec::new();
    let mut face_up: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut trick: Vec<(usize, String)> = Vec::new();
    let mut winners = Vec::new();
    for a in actions {
        let seat = a["seat"].as_u64().unwrap() as usize;
        let by = side_of(seat as u64);
        for verb in ["bet", "hold", "raise", "good"] {
            if let Some(f) = a.get(verb) {
                events.push(json!({verb: f, "by": by}));
                if verb != "good" && f != "spiel" {
                    involved.push((f.as_str().unwrap().to_string(), seat));
                }
            }
        }
        for c in a["show"].as_array().into_iter().flatten() {
            face_up[seat].push(c.as_str().unwrap().to_string());
        }
        if let Some(card) = a["card"].as_str() {
            face_up[seat].push(card.to_string());
            trick.push((seat, card.to_string()));
        }
        if trick.len() == n {
            // "The team's third trick is considered won only when all four cards have been
            // played to it."
            let cards: Vec<String> = trick.iter().map(|(_, c)| c.clone()).collect();
            winners.push(trick[oracle::trick_winner(wild, trump, &cards)].0);
            trick.clear();
            let side = side_of(*winners.last().unwrap() as u64);
            if winners
                .iter()
                .filter(|w| side_of(**w as u64) == side)
                .count()
                == 3
            {
                events.push(json!({"tricks": side}));
            }
        }
    }
    // The show decides every figure not conceded from each side's cards face up (played or
    // shown): a complete show ends with the open figures standing, a record that stops
    // earlier leaves the side behind uncontested.
    let conceded = |f: &str| {
        actions
            .iter()
            .any(|a| a.get("good").is_some_and(|g| g == f))
    };
    let side = |s: u64| -> Vec<Vec<String>> {
        (0..n as u64)
            .filter(|o| o % 2 == s)
            .map(|o| face_up[o as usize].clone())
            .collect()
    };
    let show: serde_json::Map<String, Value> = ["gleich", "hanger"]
        .into_iter()
        .filter(|f| !conceded(f))
        .map(|f| (f.to_string(), json!(oracle::outcome(f, &side(0), &side(1)))))
        .collect();
    if !show.is_empty() {
        events.push(json!({"show": show}));
    }
    let in_hand = |s: usize| -> Vec<String> {
        let up: Vec<&str> = face_up[s]
            .iter()
            .map(|c| c.split('=').next().unwrap())
            .collect();
        hands[s]
            .iter()
            .filter(|c| !up.contains(&c.as_str()))
            .cloned()
            .collect()
    };
    let can = |f: &str, s: usize| oracle::can_show(f, wild, &face_up[s], &in_hand(s));
    let mut failed: Vec<(String, &str)> = Vec::new();
    for (f, seat) in involved {
        let by = side_of(seat as u64);
        if can(&f, seat) || failed.contains(&(f.clone(), by)) {
            continue;
        }
        let other = (0..n).filter(|o| o % 2 != seat % 2).any(|o| can(&f, o));
        events.push(json!({"unshown": f, "by": by, "other_can_show": other}));
        failed.push((f, by));
    }
    let mut record = frame;
    record["deals"] = json!([{"events": events}]);
    let text = record.to_string();
    (text, winners)
}

/// A card in German words, as the rulings name it ("Herz König").
fn german(card: &str) -> String {
    let suit = match &card[..1] {
        "E" => "Eichel",
        "L" => "Laub",
        "H" => "Herz",
        _ => "Schell",
    };
    let rank = match &card[1..] {
        "A" => "Ass",
        "K" => "König",
        "O" => "Ober",
        "U" => "Unter",
        "10" => "Zehn",
        "9" => "Neun",
        "8" => "Acht",
        "7" => "Sieben",
        _ => "Sechs",
    };
    format!("{suit} {rank}")
}

pub(crate) fn result(input: &str) -> Value {
    serde_json::to_value(referee(input, Lang::En).unwrap()).unwrap()
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 48, ..ProptestConfig::default() }))]

    /// A random legal deal, its show played card by card too (and sometimes broken off
    /// while no bet is open), gets exactly the result of the fact-level record
    /// `figures_oracle` writes from its cards; every trick goes to the card the texts name.
    #[test]
    fn legal_card_level_deals_referee_as_their_facts(seed in any::<u64>(), perlaggen in any::<bool>()) {
        let mut rng = Rng(seed);
        let game = if perlaggen { "perlaggen" } else { "giltspiel" };
        let (hands, turned) = deal(&mut rng, perlaggen);
        let (actions, tables) = play(&mut rng, game, &hands, &turned);
        let last = tables.last().unwrap();
        prop_assume!(last.finished || actions.len() == tables.len() - 1);
        let cards = result(&record(game, &hands, &turned, &actions));
        prop_assert_eq!(&cards["valid"], &json!(true), "{}", cards);
        prop_assert!(cards["rulings"][0]["rulings"].as_array().unwrap().iter().all(|r| r["legal"] == json!(true)));
        let (fact, winners) = facts(perlaggen, game, &hands, &turned, &actions);
        let by_engine: Vec<Option<usize>> = last.tricks.iter().map(|t| t.winner).filter(Option::is_some).collect();
        let by_text: Vec<Option<usize>> = winners.into_iter().map(Some).collect();
        prop_assert_eq!(by_engine, by_text, "tricks {:?}", last.tricks);
        let fact_result = result(&fact);
        prop_assert_eq!(&cards["deals"], &fact_result["deals"], "facts: {} actions {:?}", fact, actions);
    }

    #[test]
    fn a_card_not_offered_is_named_illegal(seed in any::<u64>(), perlaggen in any::<bool>(), cut in 0usize..12) {
        let mut rng = Rng(seed);
        let game = if perlaggen { "perlaggen" } else { "giltspiel" };
        let (hands, turned) = deal(&mut rng, perlaggen);
        let (actions, tables) = play(&mut rng, game, &hands, &turned);
        let at = cut.min(actions.len());
        let t = &tables[at];
        let offered = actions_of(t);
        let offered: Vec<&Value> = offered.iter().collect();
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
        // The seat (counted from 1, with its side) and the card in words head the ruling.
        let msg = r["errors"][0]["message"].as_str().unwrap();
        let who = format!("seat {} ({})", seat + 1, side_of(seat as u64));
        prop_assert!(msg.starts_with(&who), "the seat is named: {}", msg);
        prop_assert!(msg.contains(&german(&card)), "the card is named: {}", msg);
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
