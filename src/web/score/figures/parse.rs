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
use crate::rules::match_record::figures::{Deal, DeciderHand, Event, Figure, Hand, Outcome, Show};
use crate::rules::match_record::{CardText, OneOrMany, PerWho, Who};
use crate::web::score::watten::FormError;

fn figure(word: &str) -> Option<Figure> {
    match word.to_lowercase().as_str() {
        "gleich" => Some(Figure::Gleich),
        "hanger" | "hänger" => Some(Figure::Hanger),
        "spiel" => Some(Figure::Spiel),
        _ => None,
    }
}

fn side(word: &str) -> Option<Who> {
    match word.to_ascii_uppercase().as_str() {
        "A" => Some(Who::A),
        "B" => Some(Who::B),
        _ => None,
    }
}

/// A hand: `A`, or a side with its seat, `A1`, `B2`.
fn hand(word: &str) -> Option<(Who, Option<&'static str>)> {
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

/// Adds one hand's cards to what a side showed so far (`before`): a list, or by seat.
/// Refuses a side written both ways, or a hand twice.
fn put(before: Option<Hand>, seat: Option<&str>, cards: Vec<CardText>) -> Option<Hand> {
    Some(match (seat, before) {
        (None, None) => Hand::Cards(cards),
        (Some(n), None) => Hand::BySeat([(n.to_string(), cards)].into()),
        (Some(n), Some(Hand::BySeat(mut seats))) if !seats.contains_key(n) => {
            seats.insert(n.into(), cards);
            Hand::BySeat(seats)
        }
        _ => return None,
    })
}

/// Puts one hand's cards into a side's entry of `sides` (see [`put`]).
fn put_hand(
    sides: &mut PerWho<Hand>,
    (s, seat): (Who, Option<&str>),
    cards: Vec<CardText>,
) -> Option<()> {
    let hand = put(sides.remove(&s), seat, cards)?;
    sides.insert(s, hand);
    Some(())
}

/// `bet gleich+hanger A`, `hold spiel B`, ...: the figures and the side; only a bet names
/// several figures.
fn bid(verb: &str, words: &[&str]) -> Option<Event> {
    let figures: Vec<Figure> = words
        .get(1)?
        .split('+')
        .map(figure)
        .collect::<Option<_>>()?;
    let by = side(words.get(2)?)?;
    if words.len() != 3 {
        return None;
    }
    let mut e = Event {
        by: Some(by),
        ..Event::default()
    };
    match (verb, figures.as_slice()) {
        ("bet", [one]) => e.bet = Some(OneOrMany::One(*one)),
        ("bet", _) => e.bet = Some(OneOrMany::Many(figures)),
        ("hold", [one]) => e.hold = Some(*one),
        ("raise", [one]) => e.raise = Some(*one),
        ("good", [one]) => e.good = Some(*one),
        _ => return None,
    }
    Some(e)
}

/// One line as an event; `None` when it does not read.
pub fn event(words: &[&str]) -> Option<Event> {
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
            Event {
                trump: Some(suit),
                ..Event::default()
            }
        }
        "bet" | "bieten" => bid("bet", words)?,
        "hold" | "halten" => bid("hold", words)?,
        "raise" | "erhöhen" => bid("raise", words)?,
        "good" | "gut" => bid("good", words)?,
        "tricks" | "stiche" => {
            (words.len() == 2).then_some(())?;
            Event {
                tricks: Some(side(arg(1)?)?.as_str().into()),
                ..Event::default()
            }
        }
        "show" | "zeigen" => show(&words[1..])?,
        // "ungezeigt": the hint's German word (no code with `_` on a German page).
        "unshown" | "nicht_gezeigt" | "ungezeigt" => {
            let can = match arg(3)?.to_lowercase().as_str() {
                "yes" | "ja" => true,
                "no" | "nein" => false,
                _ => return None,
            };
            Event {
                unshown: Some(figure(arg(1)?)?),
                by: Some(side(arg(2)?)?),
                other_can_show: Some(can),
                ..Event::default()
            }
        }
        "decider" | "entscheid" => decider(&words[1..])?,
        _ => return None,
    })
}

/// `EA,HA,E7=L10` in the contract's canonical notation; `None` when a card does not read.
fn cards(list: &str) -> Option<Vec<CardText>> {
    list.split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| Shown::parse(c.trim()).map(|s| s.to_string()))
        .collect()
}

/// `show F OUTCOME ...`: per figure either one outcome (`A`, `B`, `stands`) or the cards of
/// one or both sides (`A:EA,HA B:LK,LO`).
fn show(rest: &[&str]) -> Option<Event> {
    let mut outcomes = Show::default();
    let mut i = 0;
    while i < rest.len() {
        let f = figure(rest[i])?;
        i += 1;
        let mut shown = PerWho::new();
        while let Some((h, list)) = rest.get(i).and_then(|w| w.split_once(':')) {
            put_hand(&mut shown, hand(h)?, cards(list)?)?;
            i += 1;
        }
        let outcome = if shown.is_empty() {
            let word = rest.get(i)?;
            i += 1;
            match word.to_lowercase().as_str() {
                "stands" | "steht" => Outcome::Word("stands".into()),
                other => Outcome::Word(side(other)?.as_str().into()),
            }
        } else {
            Outcome::Cards(shown)
        };
        let slot = match f {
            Figure::Gleich => &mut outcomes.gleich,
            Figure::Hanger => &mut outcomes.hanger,
            Figure::Spiel => &mut outcomes.spiel,
        };
        *slot = Some(outcome);
    }
    (outcomes != Show::default()).then(|| Event {
        show: Some(Box::new(outcomes)),
        ..Event::default()
    })
}

/// `decider A|B|none`, or each side's best instances: `decider A:gleich:EA,HA,SA B:hanger:…`.
fn decider(rest: &[&str]) -> Option<Event> {
    let outcome = if let [word] = rest
        && !word.contains(':')
    {
        Outcome::Word(match word.to_lowercase().as_str() {
            "none" | "keiner" => "none".into(),
            other => side(other)?.as_str().into(),
        })
    } else {
        let mut hands: PerWho<DeciderHand> = PerWho::new();
        for word in rest {
            let mut parts = word.splitn(3, ':');
            let (h, f, list) = (hand(parts.next()?)?, figure(parts.next()?)?, parts.next()?);
            let of_side = hands.entry(h.0).or_default();
            // The side's figures, each a list or by seat, as in the show.
            let slot = match f {
                Figure::Gleich => &mut of_side.gleich,
                Figure::Hanger => &mut of_side.hanger,
                Figure::Spiel => return None,
            };
            *slot = Some(put(slot.take(), h.1, cards(list)?)?);
        }
        if hands.is_empty() {
            return None;
        }
        Outcome::Cards(hands)
    };
    Some(Event {
        decider: Some(outcome),
        ..Event::default()
    })
}

/// The event list as a deal `{"events": [...]}`.
pub fn events(text: &str) -> Result<Deal, FormError> {
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
    Ok(Deal::events(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The parsed deal as a JSON value, for the comparisons below.
    fn events(text: &str) -> Result<Value, FormError> {
        super::events(text).map(|d| serde_json::to_value(d).unwrap())
    }

    /// What the form stores, byte for byte: the deal versions' column holds this text.
    #[test]
    fn the_stored_bytes_stay_as_they_were() {
        let deal = super::events(
            "trump H\nbet gleich+hanger A\nhold gleich B\nraise gleich A\ngood hanger B\n\
             tricks A\nunshown spiel B yes\nshow gleich A1:EA,HA A2:EK B:SO hanger steht spiel B\n\
             decider B2:gleich:EA,HA,SA B1:hanger:LK A:hanger:H7=S10",
        )
        .unwrap();
        assert_eq!(
            serde_json::to_string(&deal).unwrap(),
            concat!(
                r#"{"events":[{"trump":"H"},{"bet":["gleich","hanger"],"by":"A"},"#,
                r#"{"by":"B","hold":"gleich"},{"by":"A","raise":"gleich"},"#,
                r#"{"by":"B","good":"hanger"},{"tricks":"A"},"#,
                r#"{"by":"B","other_can_show":true,"unshown":"spiel"},"#,
                r#"{"show":{"gleich":{"A":{"1":["EA","HA"],"2":["EK"]},"B":["SO"]},"#,
                r#""hanger":"stands","spiel":"B"}},"#,
                r#"{"decider":{"A":{"hanger":["H7=S10"]},"#,
                r#""B":{"gleich":{"2":["EA","HA","SA"]},"hanger":{"1":["LK"]}}}}]}"#
            )
        );
        // Only a bet names several figures.
        assert_eq!(events("hold gleich+hanger B").unwrap_err().line, Some(1));
    }

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
