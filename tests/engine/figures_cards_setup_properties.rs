//! Property tests for what comes before and around the play of a figure game's card-level
//! deal (docs/rules/figures.md, "Card-level deals (Streitfall)"): the cutter's Perlaggen
//! change nothing in the result (Perlaggen text, "The Deal"); Eichelperlaggen's exchanges
//! keep every card once and never reach the opponents' hands; a deal starting with both
//! sides gestrichen is refereed card by card to a won game (contract 5.4).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::figures_cards_properties::{Rng, deal, play_record, result};
use kartl::rules::Lang;
use kartl::rules::streit::table;
use proptest::prelude::*;
use serde_json::{Value, json};

/// The Innsbruck style's permanent Perlaggen (Perlaggen text, "Players and Cards").
const PERMANENT: [&str; 4] = ["HK", "S6", "S7", "E7"];

fn record(game: &str, cards: Value, start: Option<Value>) -> String {
    let mut r = json!({"game": game, "deals": [{"cards": cards}]});
    if game == "perlaggen-eichel" {
        r = json!({"game": "perlaggen", "variant": "eichel", "deals": [{"cards": cards}]});
    }
    if let Some(s) = start {
        r["start"] = s;
    }
    r.to_string()
}

fn cards(hands: &[Vec<String>], turned: &str, extra: &Value, actions: &[Value]) -> Value {
    let mut c = json!({"seats": ["A", "B", "A", "B"], "dealer": 3, "hands": hands,
        "turned": turned, "actions": actions});
    for (k, v) in extra.as_object().unwrap() {
        c[k] = v.clone();
    }
    c
}

/// Moves a permanent Perlagg into the cutter's hand (seat 2, the dealer's right-hand
/// opponent) and names every permanent Perlagg it holds as taken at the cut.
fn with_cut(rng: &mut Rng, hands: &mut [Vec<String>], turned: &mut String) -> Vec<String> {
    let p = PERMANENT[rng.next(4)].to_string();
    if !hands[2].contains(&p) {
        let mine = hands[2][0].clone();
        if *turned == p {
            *turned = mine;
        } else if let Some(h) = hands.iter_mut().find(|h| h.contains(&p)) {
            let at = h.iter().position(|c| *c == p).unwrap();
            h[at] = mine;
        }
        hands[2][0] = p;
    }
    hands[2]
        .iter()
        .filter(|c| PERMANENT.contains(&c.as_str()))
        .cloned()
        .collect()
}

/// An Eichelperlaggen deal: up to two acorns set aside before the trump card, which is half
/// the time a Perlagg (Martl or Weli) so that the exchanges have something to take.
fn eichel_deal(rng: &mut Rng) -> (Vec<Vec<String>>, Vec<String>, String) {
    let (hands, _) = deal(rng, true);
    let dealt: Vec<&String> = hands.iter().flatten().collect();
    let rest: Vec<String> = ["E", "L", "H", "S"]
        .iter()
        .flat_map(|s| ["A", "K", "O", "U", "10", "9", "8", "7"].map(|r| format!("{s}{r}")))
        .chain(std::iter::once("S6".to_string()))
        .filter(|c| !dealt.contains(&c))
        .collect();
    let acorns: Vec<&String> = rest.iter().filter(|c| c.starts_with('E')).collect();
    let exposed = acorns
        .iter()
        .take(rng.next(3))
        .map(|c| c.to_string())
        .collect();
    let others: Vec<&String> = rest.iter().filter(|c| !c.starts_with('E')).collect();
    let wild: Vec<&&String> = others
        .iter()
        .filter(|c| ["HK", "S6"].contains(&c.as_str()))
        .collect();
    let turned = if !wild.is_empty() && rng.next(2) == 0 {
        wild[rng.next(wild.len())].to_string()
    } else {
        others[rng.next(others.len())].to_string()
    };
    (hands, exposed, turned)
}

/// A candidate exchange: mostly by the dealer's team, mostly a card of the trump suit or an
/// acorn (what the exchanges give).
fn candidate(rng: &mut Rng, hands: &[Vec<String>], exposed: &[String], trump: char) -> Value {
    let seat = if rng.next(4) == 0 {
        2 * rng.next(2)
    } else {
        1 + 2 * rng.next(2)
    };
    let hand = &hands[seat];
    let fitting: Vec<&String> = hand
        .iter()
        .filter(|c| c.starts_with('E') || c.starts_with(trump))
        .collect();
    let card = if !fitting.is_empty() && rng.next(4) != 0 {
        fitting[rng.next(fitting.len())]
    } else {
        &hand[rng.next(hand.len())]
    };
    let mut x = json!({"seat": seat, "card": card});
    if !exposed.is_empty() && rng.next(2) == 0 {
        x["take"] = json!(exposed[rng.next(exposed.len())]);
    }
    x
}

/// Gives `seat` three Kings (swapped in from wherever they lie) and shows them first.
fn three_kings(rng: &mut Rng, hands: &mut [Vec<String>], turned: &mut String) -> (usize, Value) {
    let seat = rng.next(4);
    let kings = ["EK", "LK", "SK"];
    for (i, k) in kings.iter().enumerate() {
        let k = k.to_string();
        if hands[seat].contains(&k) {
            continue;
        }
        let slot = hands[seat]
            .iter()
            .position(|c| !kings.contains(&c.as_str()) && c != "HK")
            .unwrap_or(i);
        let mine = hands[seat][slot].clone();
        if *turned == k {
            *turned = mine;
        } else if let Some(h) = hands.iter_mut().find(|h| h.contains(&k)) {
            let at = h.iter().position(|c| *c == k).unwrap();
            h[at] = mine;
        }
        hands[seat][slot] = k;
    }
    (seat, json!({"seat": seat, "show": kings}))
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 32, ..ProptestConfig::default() }))]

    #[test]
    fn the_cutters_perlaggen_change_nothing(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let (mut hands, mut turned) = deal(&mut rng, true);
        let cut = with_cut(&mut rng, &mut hands, &mut turned);
        let extra = json!({"cut": cut});
        let (actions, tables) = play_record(&mut rng, &|a| record("perlaggen", cards(&hands, &turned, &extra, a), None));
        let shown = &tables[0].seats[2].shown;
        prop_assert!(cut.iter().all(|c| shown.contains(c)), "the cut is shown: {:?} {:?}", cut, shown);
        prop_assume!(tables.last().is_some_and(|t| t.finished));
        let with = result(&record("perlaggen", cards(&hands, &turned, &extra, &actions), None));
        let without = result(&record("perlaggen", cards(&hands, &turned, &json!({}), &actions), None));
        prop_assert_eq!(&with["valid"], &json!(true), "{}", with);
        prop_assert_eq!(&with["deals"], &without["deals"]);
    }

    #[test]
    fn a_cut_card_not_a_permanent_perlagg_is_refused(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let (hands, turned) = deal(&mut rng, true);
        let plain: Vec<&String> = hands[2].iter().filter(|c| !PERMANENT.contains(&c.as_str())).collect();
        let c = plain[rng.next(plain.len())].clone();
        let r = result(&record("perlaggen", cards(&hands, &turned, &json!({"cut": [c]}), &[]), None));
        prop_assert_eq!(&r["errors"][0]["code"], &json!("cut_not_perlagg"), "{}", r);
        prop_assert_eq!(&r["errors"][0]["event"], &json!(null));
    }

    #[test]
    fn eichel_exchanges_keep_every_card_once(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let (hands, exposed, turned) = eichel_deal(&mut rng);
        let mut accepted: Vec<Value> = Vec::new();
        let rec = |x: &[Value], a: &[Value]| record("perlaggen-eichel", cards(&hands, &turned, &json!({"exposed": exposed, "exchange": x}), a), None);
        let trump = turned.chars().next().unwrap();
        for _ in 0..8 {
            let now = table(&rec(&accepted, &[]), Lang::En).unwrap();
            let held: Vec<Vec<String>> = now.seats.iter().map(|s| s.hand.clone()).collect();
            let mut trial = accepted.clone();
            trial.push(candidate(&mut rng, &held, &exposed, trump));
            if !table(&rec(&trial, &[]), Lang::En).unwrap().finished {
                accepted = trial;
            }
        }
        prop_assert!(accepted.iter().all(|x| x["seat"] == json!(1) || x["seat"] == json!(3)), "only the dealer's team: {:?}", accepted);
        let t = table(&rec(&accepted, &[]), Lang::En).unwrap();
        let mut all: Vec<String> = hands.iter().flatten().cloned().chain(exposed.iter().cloned()).chain([turned.clone()]).collect();
        for (i, s) in t.seats.iter().enumerate() {
            prop_assert_eq!(s.hand.len(), 5);
            if i % 2 == 0 {
                prop_assert_eq!(&s.hand, &hands[i], "the opponents' hands stay as dealt");
            }
            for c in &s.hand {
                let at = all.iter().position(|a| a == c);
                prop_assert!(at.is_some(), "{} held once, from the deal: {:?}", c, accepted);
                all.remove(at.unwrap());
            }
        }
        let (actions, tables) = play_record(&mut rng, &|a| rec(&accepted, a));
        prop_assume!(tables.last().is_some_and(|t| t.finished));
        let r = result(&rec(&accepted, &actions));
        prop_assert_eq!(&r["valid"], &json!(true), "{}", r);
    }

    #[test]
    fn both_sides_gestrichen_the_deal_ends_the_game(seed in any::<u64>(), perlaggen in any::<bool>(), shows in any::<bool>()) {
        let mut rng = Rng(seed);
        let (game, start) = if perlaggen { ("perlaggen", json!({"A": 17, "B": 17})) } else { ("giltspiel", json!({"A": 10, "B": 10})) };
        let (mut hands, mut turned) = deal(&mut rng, perlaggen);
        // Half the time a seat holds three Kings and shows them for the decider first.
        let shown = shows.then(|| three_kings(&mut rng, &mut hands, &mut turned));
        let first: Vec<Value> = shown.iter().map(|s| s.1.clone()).collect();
        let rec = |a: &[Value]| {
            let all: Vec<Value> = first.iter().chain(a).cloned().collect();
            record(game, cards(&hands, &turned, &json!({}), &all), Some(start.clone()))
        };
        let (actions, tables) = play_record(&mut rng, &rec);
        prop_assume!(tables.last().is_some_and(|t| t.finished));
        let all: Vec<Value> = first.iter().chain(&actions).cloned().collect();
        let r = result(&record(game, cards(&hands, &turned, &json!({}), &all), Some(start.clone())));
        prop_assert_eq!(&r["valid"], &json!(true), "{} {:?}", r, all);
        prop_assert_eq!(r["games"].as_array().map(Vec::len), Some(1), "{}", r);
        if let Some((seat, _)) = shown {
            // Three Kings beat anything shown after them only with more cards or the Gleich
            // of three Aces: the Kings' side wins unless the other side showed such.
            let side = if seat % 2 == 0 { "A" } else { "B" };
            let other_showed = actions.iter().any(|a| a.get("show").is_some() && a["seat"].as_u64().unwrap() % 2 != seat as u64 % 2);
            if !other_showed {
                prop_assert_eq!(&r["games"][0]["winner"], &json!(side), "{}", r);
                prop_assert_eq!(&r["games"][0]["decided_by"], &json!("gleich"), "{}", r);
            }
        }
    }
}
