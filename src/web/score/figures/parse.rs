//! Giltspiel and Perlaggen entry: the deal's events as lines, turned into one deal of the
//! contract (3.1). One event a line:
//! `trump E`, `bet gleich A` (several figures: `bet gleich+hanger A`), `hold spiel B`,
//! `raise hanger A`, `good spiel B`, `tricks A`, `show gleich A hanger stands`,
//! `unshown gleich A yes|no` (whether the other side could show), `decider A|B|none`.
//! Cards (the card picker writes them; contract notation, a baptised wild card `E7=L10`):
//! `show gleich A:EA,HA,SA B:E7=LK,LK` (the cards each side showed for a figure), and
//! `decider A:gleich:EA,HA,SA B:hanger:LK,LO,LU` (each side's best instances). A side may
//! name the seat whose cards they are, `A1:` or `A2:` (contract form `{"A": {"1": [..]}}`,
//! docs/rules/figures.md "Whose cards"); one side's cards for a figure are all seated or none.

use crate::rules::figures::cards::Shown;
use crate::web::score::watten::FormError;
use serde_json::{Map, Value, json};

fn figure(word: &str) -> Option<&'static str> {
    match word.to_lowercase().as_str() {
        "gleich" => Some("gleich"),
        "hanger" | "hänger" => Some("hanger"),
        "spiel" => Some("spiel"),
        _ => None,
    }
}

fn side(word: &str) -> Option<&'static str> {
    match word.to_ascii_uppercase().as_str() {
        "A" => Some("A"),
        "B" => Some("B"),
        _ => None,
    }
}

/// A hand: `A`, or a side with its seat, `A1`, `B2`.
fn hand(word: &str) -> Option<(&'static str, Option<&'static str>)> {
    let mut chars = word.chars();
    let s = side(&chars.next()?.to_string())?;
    let seat = match chars.as_str() {
        "" => None,
        "1" => Some("1"),
        "2" => Some("2"),
        _ => return None,
    };
    Some((s, seat))
}

/// Puts one hand's cards into a side's map: a list, or by seat. Refuses a side written both
/// ways, or a hand twice.
fn put_hand(
    sides: &mut Map<String, Value>,
    (s, seat): (&str, Option<&str>),
    cards: Vec<Value>,
) -> Option<()> {
    match (seat, sides.get_mut(s)) {
        (None, None) => {
            sides.insert(s.into(), Value::Array(cards));
        }
        (Some(n), None) => {
            sides.insert(s.into(), json!({ n: cards }));
        }
        (Some(n), Some(Value::Object(seats))) if !seats.contains_key(n) => {
            seats.insert(n.into(), Value::Array(cards));
        }
        _ => return None,
    }
    Some(())
}

/// One line as an event; `None` when it does not read.
pub fn event(words: &[&str]) -> Option<Value> {
    let verb = words.first()?.to_lowercase();
    let arg = |i: usize| words.get(i).copied();
    Some(match verb.as_str() {
        "trump" | "trumpf" => {
            let suit = arg(1)?.to_ascii_uppercase();
            ["E", "L", "H", "S"]
                .contains(&suit.as_str())
                .then_some(())?;
            if words.len() != 2 {
                return None;
            }
            json!({"trump": suit})
        }
        "bet" | "bieten" | "hold" | "halten" | "raise" | "erhöhen" | "good" | "gut" => {
            let key = match verb.as_str() {
                "bet" | "bieten" => "bet",
                "hold" | "halten" => "hold",
                "raise" | "erhöhen" => "raise",
                _ => "good",
            };
            let figures: Vec<&str> = arg(1)?.split('+').map(figure).collect::<Option<_>>()?;
            let by = side(arg(2)?)?;
            if words.len() != 3 {
                return None;
            }
            let f = match figures.as_slice() {
                [one] => Value::from(*one),
                many => Value::from(many.to_vec()),
            };
            json!({ key: f, "by": by })
        }
        "tricks" | "stiche" => {
            (words.len() == 2).then_some(())?;
            json!({"tricks": side(arg(1)?)?})
        }
        "show" | "zeigen" => show(&words[1..])?,
        // "ungezeigt": the hint's German word (no code with `_` on a German page).
        "unshown" | "nicht_gezeigt" | "ungezeigt" => {
            let can = match arg(3)?.to_lowercase().as_str() {
                "yes" | "ja" => true,
                "no" | "nein" => false,
                _ => return None,
            };
            json!({"unshown": figure(arg(1)?)?, "by": side(arg(2)?)?, "other_can_show": can})
        }
        "decider" | "entscheid" => decider(&words[1..])?,
        _ => return None,
    })
}

/// `EA,HA,E7=L10` in the contract's canonical notation; `None` when a card does not read.
fn cards(list: &str) -> Option<Vec<Value>> {
    list.split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| Shown::parse(c.trim()).map(|s| Value::from(s.to_string())))
        .collect()
}

/// `show F OUTCOME ...`: per figure either one outcome (`A`, `B`, `stands`) or the cards of
/// one or both sides (`A:EA,HA B:LK,LO`).
fn show(rest: &[&str]) -> Option<Value> {
    let mut outcomes = Map::new();
    let mut i = 0;
    while i < rest.len() {
        let f = figure(rest[i])?;
        i += 1;
        let mut shown = Map::new();
        while let Some((h, list)) = rest.get(i).and_then(|w| w.split_once(':')) {
            put_hand(&mut shown, hand(h)?, cards(list)?)?;
            i += 1;
        }
        let outcome = if shown.is_empty() {
            let word = rest.get(i)?;
            i += 1;
            match word.to_lowercase().as_str() {
                "stands" | "steht" => Value::from("stands"),
                other => Value::from(side(other)?),
            }
        } else {
            Value::Object(shown)
        };
        outcomes.insert(f.into(), outcome);
    }
    (!outcomes.is_empty()).then(|| json!({ "show": outcomes }))
}

/// `decider A|B|none`, or each side's best instances: `decider A:gleich:EA,HA,SA B:hanger:…`.
fn decider(rest: &[&str]) -> Option<Value> {
    if let [word] = rest
        && !word.contains(':')
    {
        let outcome = match word.to_lowercase().as_str() {
            "none" | "keiner" => "none",
            other => side(other)?,
        };
        return Some(json!({ "decider": outcome }));
    }
    let mut hands = Map::new();
    for word in rest {
        let mut parts = word.splitn(3, ':');
        let (h, f, list) = (hand(parts.next()?)?, figure(parts.next()?)?, parts.next()?);
        (f != "spiel").then_some(())?;
        let Value::Object(of_side) = hands.entry(h.0).or_insert_with(|| json!({})) else {
            return None;
        };
        // The side's figures, each a list or by seat, as in the show.
        let mut figure_map = Map::new();
        if let Some(before) = of_side.remove(f) {
            figure_map.insert(h.0.into(), before);
        }
        put_hand(&mut figure_map, h, cards(list)?)?;
        of_side.insert(f.into(), figure_map.remove(h.0)?);
    }
    (!hands.is_empty()).then(|| json!({ "decider": hands }))
}

/// The event list as a deal `{"events": [...]}`.
pub fn events(text: &str) -> Result<Value, FormError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        out.push(event(&words).ok_or(FormError {
            key: "score-err-event",
            line: Some(i + 1),
        })?);
    }
    if out.is_empty() {
        return Err(FormError {
            key: "score-err-no-events",
            line: None,
        });
    }
    Ok(json!({ "events": out }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_contract_events() {
        let deal = events(
            "trump E\nbet gleich+hanger A\nhold gleich B\ngood hanger B\nbet spiel B\n\
             raise spiel A\ntricks A\nshow gleich A\nunshown gleich B no\ndecider none",
        )
        .unwrap();
        assert_eq!(
            deal,
            json!({"events": [
                {"trump": "E"}, {"bet": ["gleich", "hanger"], "by": "A"},
                {"hold": "gleich", "by": "B"}, {"good": "hanger", "by": "B"},
                {"bet": "spiel", "by": "B"}, {"raise": "spiel", "by": "A"}, {"tricks": "A"},
                {"show": {"gleich": "A"}}, {"unshown": "gleich", "by": "B", "other_can_show": false},
                {"decider": "none"}
            ]})
        );
        assert_eq!(
            events("show hanger steht").unwrap()["events"][0],
            json!({"show": {"hanger": "stands"}})
        );
        // The German hint's words, the same events as the codes.
        assert_eq!(
            events("ungezeigt gleich B nein").unwrap()["events"][0],
            json!({"unshown": "gleich", "by": "B", "other_can_show": false})
        );
        assert_eq!(
            events("bet gleich A\nbet kaiser B").unwrap_err().line,
            Some(2)
        );
        assert_eq!(events("trump X").unwrap_err().line, Some(1));
    }

    #[test]
    fn cards_read_in_the_contract_notation() {
        let deal = events("trump h\nshow gleich A:ea,HA,sa B:e7=l10,L10 hanger B").unwrap();
        assert_eq!(
            deal["events"][1],
            json!({"show": {"gleich": {"A": ["EA", "HA", "SA"], "B": ["E7=L10", "L10"]},
                            "hanger": "B"}})
        );
        let deal =
            events("decider A:gleich:EA,HA,SA A:hanger:LK,LO,LU B:hanger:H7=S10,S9").unwrap();
        assert_eq!(
            deal["events"][0],
            json!({"decider": {"A": {"gleich": ["EA", "HA", "SA"], "hanger": ["LK", "LO", "LU"]},
                               "B": {"hanger": ["H7=S10", "S9"]}}})
        );
        assert_eq!(
            events("decider none").unwrap()["events"][0],
            json!({"decider": "none"})
        );
        // Seats: whose cards they are (docs/rules/figures.md, "Whose cards").
        let deal = events("show gleich A1:EA,HA A2:EK,LK B:SO,LO").unwrap();
        assert_eq!(
            deal["events"][0],
            json!({"show": {"gleich": {"A": {"1": ["EA", "HA"], "2": ["EK", "LK"]},
                                       "B": ["SO", "LO"]}}})
        );
        let deal = events("decider A2:gleich:EA,HA,SA A1:hanger:LK,LO,LU A2:hanger:E9,E8").unwrap();
        assert_eq!(
            deal["events"][0],
            json!({"decider": {"A": {"gleich": {"2": ["EA", "HA", "SA"]},
                                     "hanger": {"1": ["LK", "LO", "LU"], "2": ["E9", "E8"]}}}})
        );
        for bad in [
            "show gleich A:EA,HA A1:EK,LK",
            "show gleich A1:EA,HA A1:EK,LK",
            "show gleich A3:EA,HA",
            "decider A:gleich:EA,HA,SA A1:gleich:EK,LK,SK",
            "show gleich A:EX",
            "show gleich",
            "show gleich A:EA hanger",
            "decider A:spiel:EA",
        ] {
            assert_eq!(events(bad).unwrap_err().line, Some(1), "{bad}");
        }
    }
}
