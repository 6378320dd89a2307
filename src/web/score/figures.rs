//! Giltspiel and Perlaggen entry, outcomes only (no card picker yet): the deal's events as
//! lines, turned into one deal of the contract (3.1). One event a line:
//! `trump E`, `bet gleich A` (several figures: `bet gleich+hanger A`), `hold spiel B`,
//! `raise hanger A`, `good spiel B`, `tricks A`, `show gleich A hanger stands`,
//! `unshown gleich A yes|no` (whether the other side could show), `decider A|B|none`.

use super::watten::FormError;
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

/// One line as an event; `None` when it does not read.
fn event(words: &[&str]) -> Option<Value> {
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
        "show" | "zeigen" => {
            let mut outcomes = Map::new();
            let rest = &words[1..];
            if rest.is_empty() || !rest.len().is_multiple_of(2) {
                return None;
            }
            for pair in rest.chunks(2) {
                let outcome = match pair[1].to_lowercase().as_str() {
                    "stands" | "steht" => "stands",
                    other => side(other)?,
                };
                outcomes.insert(figure(pair[0])?.into(), outcome.into());
            }
            json!({"show": outcomes})
        }
        "unshown" | "nicht_gezeigt" => {
            let can = match arg(3)?.to_lowercase().as_str() {
                "yes" | "ja" => true,
                "no" | "nein" => false,
                _ => return None,
            };
            json!({"unshown": figure(arg(1)?)?, "by": side(arg(2)?)?, "other_can_show": can})
        }
        "decider" | "entscheid" => {
            let outcome = match arg(1)?.to_lowercase().as_str() {
                "none" | "keiner" => "none",
                other => side(other)?,
            };
            json!({"decider": outcome})
        }
        _ => return None,
    })
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
        assert_eq!(
            events("bet gleich A\nbet kaiser B").unwrap_err().line,
            Some(2)
        );
        assert_eq!(events("trump X").unwrap_err().line, Some(1));
    }
}
