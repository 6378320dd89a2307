//! The pad writes its deals through the record's types (`match_record`), and they are the
//! bytes its former `json!` builders wrote: at tables of every family, along many tap
//! sequences (every candidate a pad could offer, the referee not asked), each deal the steps
//! make serializes exactly as the builder kept here did. The builders are the pad's own from
//! before the types (contract 3.1-3.3), so a key, an order or a form (one value vs a list)
//! that drifted fails here.

use super::gaigel_facts::Facts;
use super::judge::text;
use super::{Families, Family, family_of, figures, gaigel, watten};
use crate::rules::Record;
use crate::rules::common::Side;
use crate::rules::figures::cards::Card;
use crate::rules::figures::figure::Figure;
use crate::rules::match_record::Who;
use crate::rules::watten::input::Event;
use serde_json::{Map, Value, json};

/// A small deterministic generator (xorshift), so a failing walk is the same every run.
struct Walk(u64);

impl Walk {
    fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Walks `walks` tap sequences of up to `len` candidates each and compares every prefix's
/// deal (and probe) with `old`; answers how many deals were compared.
fn compare<F: Family>(
    family: &F,
    old: impl Fn(&[F::Step]) -> Option<Value>,
    (walks, len): (usize, usize),
) -> usize {
    let mut walk = Walk(0x2545_f491_4f6c_dd1d);
    let mut compared = 0;
    for _ in 0..walks {
        let mut steps: Vec<F::Step> = Vec::new();
        for _ in 0..len {
            let new = family.deal(&steps).map(|d| text(&d));
            let was = old(&steps).map(|v| v.to_string());
            assert_eq!(new, was, "the deal after {} taps", steps.len());
            compared += 1;
            let next = family.candidates(&steps);
            if next.is_empty() {
                break;
            }
            steps.push(next[walk.pick(next.len())].clone());
        }
    }
    compared
}

fn family(record: Value) -> Families {
    let record = Record::from_json(&record.to_string()).unwrap();
    family_of(&record).ok().unwrap()
}

// Watten's builder (contract 3.2).

fn watten_event(e: Event<Who>) -> Value {
    match e.map(Who::as_str) {
        Event::Bet {
            side,
            to_four: false,
        } => json!({ "bet": side }),
        Event::Bet {
            side,
            to_four: true,
        } => json!({"bet": side, "to": 4}),
        Event::See(s) => json!({ "see": s }),
        Event::GiveUp(s) => json!({ "give_up": s }),
        Event::Play(s) => json!({ "play": s }),
        Event::Tricks(s) => json!({ "tricks": s }),
        Event::Farbe { side, card_ok } => json!({"farbe": side, "card_ok": card_ok}),
        Event::Machine(s) => json!({ "machine": s }),
    }
}

fn watten_deal(w: &watten::Watten, steps: &[watten::Step]) -> Option<Value> {
    let events: Vec<Value> = (steps.iter())
        .filter_map(|s| match s {
            watten::Step::Event(e) => Some(watten_event(*e)),
            watten::Step::Alone(_) => None,
        })
        .collect();
    if !w.rules.three_players {
        return Some(json!({ "events": events }));
    }
    let alone = match steps.first() {
        Some(watten::Step::Alone(p)) => p.as_str(),
        _ => return None,
    };
    let extra = (steps.iter().skip(1)).any(|s| matches!(s, watten::Step::Alone(_)));
    Some(if extra {
        json!({"alone": alone, "events": events, "winner": alone})
    } else {
        json!({"alone": alone, "events": events})
    })
}

// The figure games' builder (contract 3.1).

fn figure_event(step: &figures::Step) -> Option<Value> {
    use figures::{Outcome, Step};
    Some(match *step {
        Step::Trump(t) => json!({ "trump": super::cards::suit_letter(t) }),
        Step::Bet(f, s) => json!({"bet": f.key(), "by": s}),
        Step::Hold(f, s) => json!({"hold": f.key(), "by": s}),
        Step::Raise(f, s) => json!({"raise": f.key(), "by": s}),
        Step::Good(f, s) => json!({"good": f.key(), "by": s}),
        Step::Tricks(s) => json!({ "tricks": s }),
        Step::Show(f, Outcome::Won(s)) => json!({"show": { f.key(): s }}),
        Step::Show(f, Outcome::Stands) => json!({"show": { f.key(): "stands" }}),
        Step::Unshown(f, s, other) => {
            json!({"unshown": f.key(), "by": s, "other_can_show": other})
        }
        Step::Decider(Some(s)) => json!({ "decider": s }),
        Step::Decider(None) => json!({"decider": "none"}),
        Step::Cards(_) | Step::Card(..) | Step::Baptism(_) | Step::Done => return None,
    })
}

type Picked = Vec<(Side, Card, Option<Card>)>;

fn shown_json(cards: &Picked) -> Value {
    let mut sides = Map::new();
    for by in Side::BOTH {
        let list: Vec<Value> = (cards.iter())
            .filter(|(s, _, _)| *s == by)
            .map(|(_, c, b)| match b {
                Some(b) => Value::from(format!("{c}={b}")),
                None => Value::from(c.to_string()),
            })
            .collect();
        if !list.is_empty() {
            sides.insert(by.to_string(), Value::Array(list));
        }
    }
    Value::Object(sides)
}

fn figures_deal(steps: &[figures::Step]) -> Option<Value> {
    use figures::Step;
    let mut events = Vec::new();
    let mut open: Option<(Figure, Picked)> = None;
    for s in steps {
        match *s {
            Step::Cards(f) => open = Some((f, Vec::new())),
            Step::Card(side, card) => {
                if let Some((_, cards)) = open.as_mut() {
                    cards.push((side, card, None));
                }
            }
            Step::Baptism(b) => {
                if let Some(last) = open.as_mut().and_then(|(_, cards)| cards.last_mut()) {
                    last.2 = Some(b);
                }
            }
            Step::Done => {
                if let Some((f, cards)) = open.take() {
                    events.push(json!({"show": { f.key(): shown_json(&cards) }}));
                }
            }
            _ => events.extend(figure_event(s)),
        }
    }
    if let Some((f, _)) = open {
        events.push(json!({"show": { f.key(): "stands" }}));
    }
    Some(json!({ "events": events }))
}

// Gaigel's builder (contract 3.3).

fn gaigel_json(g: &gaigel::Gaigel, f: &Facts) -> Value {
    let names = g.side_names();
    let name = |s: usize| names[s].as_str();
    let (mut points, mut melds, mut tricks) = (Map::new(), Map::new(), Map::new());
    for (i, n) in names.iter().enumerate() {
        points.insert(n.to_string(), f.points[i].max(0).into());
        tricks.insert(n.to_string(), f.tricks[i].max(0).into());
        melds.insert(n.to_string(), json!(f.melds[i]));
    }
    let mut deal = json!({"points": points, "melds": melds, "tricks": tricks});
    for (key, side) in [
        ("out", f.out),
        ("overgaigel", f.overgaigel),
        ("five_sevens", f.five_sevens),
        ("dissle", f.dissle),
        ("farbe", f.farbe),
    ] {
        if let Some(s) = side {
            deal[key] = Value::from(name(s));
        }
    }
    if f.dissle_trick {
        deal["dissle_trick"] = Value::Bool(true);
    }
    if !f.cut.is_empty() {
        deal["cut"] = json!(f.cut.iter().map(|s| name(*s)).collect::<Vec<_>>());
    }
    deal
}

fn gaigel_facts(g: &gaigel::Gaigel, steps: &[gaigel::Step]) -> Facts {
    let tricks = g.rules.variant.tricks() as i32;
    Facts::typed(steps).with_fill(g.side_names().len(), tricks)
}

#[test]
fn watten_deals_write_the_builders_bytes() {
    let tables = [
        json!({"game": "watten", "deals": []}),
        json!({"game": "watten", "options": {"immediate_four": true}, "deals": []}),
        json!({"game": "watten", "variant": "bavarian", "options": {"machine": true},
               "deals": []}),
        json!({"game": "watten", "options": {"players": 3}, "deals": []}),
    ];
    for table in tables {
        let Families::Watten(w) = family(table) else {
            panic!("a Watten table")
        };
        assert!(compare(&w, |steps| watten_deal(&w, steps), (200, 8)) > 1000);
    }
}

#[test]
fn figure_deals_write_the_builders_bytes() {
    let tables = [
        json!({"game": "perlaggen", "deals": []}),
        json!({"game": "giltspiel", "deals": []}),
    ];
    for table in tables {
        let Families::Figures(f) = family(table) else {
            panic!("a figure game's table")
        };
        assert!(compare(&f, figures_deal, (300, 12)) > 2000);
    }
}

#[test]
fn figure_card_shows_write_the_builders_bytes() {
    // A show by cards with a baptised wild card (Perlaggen), closed and still open.
    let Families::Figures(f) = family(json!({"game": "perlaggen", "deals": []})) else {
        panic!("a figure game's table")
    };
    let codes = [
        "trump:H",
        "tricks:A",
        "cards:gleich",
        "card:A:EA",
        "card:A:HK",
        "bap:LA",
        "card:B:EK",
        "done",
        "cards:hanger",
        "card:B:H7",
    ];
    let steps: Vec<figures::Step> = codes.iter().map(|c| f.decode(c).unwrap()).collect();
    for n in 0..=steps.len() {
        let new = f.deal(&steps[..n]).map(|d| text(&d));
        assert_eq!(new, figures_deal(&steps[..n]).map(|v| v.to_string()));
    }
    let whole = text(&f.deal(&steps[..8]).unwrap());
    assert!(whole.contains(r#"{"show":{"gleich":{"A":["EA","HK=LA"],"B":["EK"]}}}"#));
}

#[test]
fn gaigel_deals_and_probes_write_the_builders_bytes() {
    let tables = [
        json!({"game": "gaigel", "deals": []}),
        json!({"game": "gaigel", "options": {"sevens": "auf_dissle"}, "deals": []}),
        json!({"game": "gaigel", "options": {"sevens": "five_sevens", "auf_farbe": true},
               "deals": []}),
        json!({"game": "gaigel", "variant": "three", "options": {"scoring": "rutesheim"},
               "deals": []}),
    ];
    for table in tables {
        let Families::Gaigel(g) = family(table) else {
            panic!("a Gaigel table")
        };
        // Every prefix as a whole deal (the facts closed as they stand) and as the pad's
        // deal and probe.
        let whole = |steps: &[gaigel::Step]| Some(gaigel_json(&g, &gaigel_facts(&g, steps)));
        let closed = |steps: &[gaigel::Step]| {
            let f = gaigel_facts(&g, steps);
            f.done.then(|| gaigel_json(&g, &f))
        };
        assert!(compare(&g, closed, (300, 16)) > 2000);
        let mut walk = Walk(7);
        for _ in 0..300 {
            let mut steps = Vec::new();
            for _ in 0..16 {
                let f = gaigel_facts(&g, &steps);
                let probe = (!f.done && f.ready(g.side_names().len())).then(|| whole(&steps));
                let new = g.probe(&steps).map(|d| text(&d));
                assert_eq!(new, probe.flatten().map(|v| v.to_string()));
                let next = g.candidates(&steps);
                if next.is_empty() {
                    break;
                }
                steps.push(next[walk.pick(next.len())]);
            }
        }
    }
}
