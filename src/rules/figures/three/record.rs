//! The three-player record's events (docs/rules/figures.md, "Three players each for
//! themselves"): the events of contract 3.1 with players `P1`..`P3` for sides, `tricks` also
//! `"stands"` (no one took three tricks), a show's cards per player, `unshown` without
//! `other_can_show` (the show's cards say who else has one) and the decider by its winner.

use crate::rules::figures::cards::{Shown, Suit};
use crate::rules::figures::figure::{Figure, Figures};
use crate::rules::figures::record::keyword_or_map;
use crate::rules::players::{Seat, Trio};
use serde::Deserialize;
use serde::de::{self, DeserializeOwned, Deserializer};
use serde_json::{Map, Value};

/// What the show settled for one figure: a player, `stands`, or each player's cards.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Won(Seat),
    Stands,
    Cards(Trio<Vec<Shown>>),
}

fn seat_or(s: &str, word: &str) -> Option<Option<Seat>> {
    match s {
        "P1" => Some(Some(Seat::P1)),
        "P2" => Some(Some(Seat::P2)),
        "P3" => Some(Some(Seat::P3)),
        w if w == word => Some(None),
        _ => None,
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        keyword_or_map(
            d,
            &["P1", "P2", "P3", "stands"],
            |s| seat_or(s, "stands").map(|p| p.map_or(Outcome::Stands, Outcome::Won)),
            Outcome::Cards,
        )
    }
}

/// The show: an outcome per figure still open, naming players.
pub type Show = crate::rules::figures::record::Show<Outcome>;

/// A player, or the word for no one (`"stands"` for tricks, `"none"` for the decider).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Who(pub Option<Seat>);

fn who<'de, D: Deserializer<'de>>(d: D, word: &'static str) -> Result<Who, D::Error> {
    let s = String::deserialize(d)?;
    seat_or(&s, word).map(Who).ok_or_else(|| {
        de::Error::custom(format!(
            "unknown value `{s}`, expected `P1`, `P2`, `P3` or `{word}`"
        ))
    })
}

/// One event of a three-player deal: exactly one action.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Trump(Suit),
    Bet(Figures, Seat),
    Hold(Figure, Seat),
    Raise(Figure, Seat),
    Good(Figure, Seat),
    /// The player who took three tricks; `None`: no one did (two, two and one).
    Tricks(Option<Seat>),
    Show(Box<Show>),
    Unshown(Figure, Seat),
    /// The decider's winner; `None`: no qualifying figure, or a tie.
    Decider(Option<Seat>),
}

const ACTIONS: [&str; 9] = [
    "trump", "bet", "hold", "raise", "good", "tricks", "show", "unshown", "decider",
];

/// Reads one key of the event object, naming it in the message.
fn part<T: DeserializeOwned, E: de::Error>(map: &Map<String, Value>, key: &str) -> Result<T, E> {
    let v = map.get(key).cloned().unwrap_or(Value::Null);
    serde_json::from_value(v).map_err(|e| E::custom(format!("{key}: {e}")))
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = Map::<String, Value>::deserialize(d)?;
        let found: Vec<&str> = ACTIONS
            .into_iter()
            .filter(|a| map.contains_key(*a))
            .collect();
        let [action] = found[..] else {
            return Err(de::Error::custom(format!(
                "an event holds exactly one action ({}), found {}",
                ACTIONS.join(", "),
                found.len()
            )));
        };
        let takes_by = matches!(action, "bet" | "hold" | "raise" | "good" | "unshown");
        for key in map.keys().filter(|k| *k != action) {
            if key != "by" {
                return Err(de::Error::custom(format!(
                    "unknown field `{key}` (a three-player event holds its action and `by`; \
                     `other_can_show` and `seat` belong to two-sided records)"
                )));
            }
            if !takes_by {
                return Err(de::Error::custom(
                    "`by` belongs only to bet, hold, raise, good and unshown",
                ));
            }
        }
        if takes_by && !map.contains_key("by") {
            return Err(de::Error::missing_field("by"));
        }
        let by = || part::<Seat, D::Error>(&map, "by");
        let text = |word: &'static str| {
            map.get(action)
                .cloned()
                .ok_or_else(|| de::Error::missing_field("action"))
                .and_then(|v| who(v, word).map_err(|e| de::Error::custom(format!("{action}: {e}"))))
        };
        Ok(match action {
            "trump" => Event::Trump(part(&map, action)?),
            "bet" => Event::Bet(part(&map, action)?, by()?),
            "hold" => Event::Hold(part(&map, action)?, by()?),
            "raise" => Event::Raise(part(&map, action)?, by()?),
            "good" => Event::Good(part(&map, action)?, by()?),
            "tricks" => Event::Tricks(text("stands")?.0),
            "show" => Event::Show(part(&map, action)?),
            "unshown" => Event::Unshown(part(&map, action)?, by()?),
            _ => Event::Decider(text("none")?.0),
        })
    }
}

/// A deal: the events in the order they happened.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub events: Vec<Event>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(json: &str) -> Result<Event, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn events_name_players_and_refuse_what_belongs_to_two_sides() {
        assert_eq!(
            event(r#"{"hold": "gleich", "by": "P3"}"#),
            Ok(Event::Hold(Figure::Gleich, Seat::P3))
        );
        assert_eq!(event(r#"{"tricks": "stands"}"#), Ok(Event::Tricks(None)));
        assert_eq!(
            event(r#"{"decider": "P2"}"#),
            Ok(Event::Decider(Some(Seat::P2)))
        );
        assert!(
            event(r#"{"tricks": "none"}"#)
                .unwrap_err()
                .contains("stands")
        );
        assert!(
            event(r#"{"bet": "gleich", "by": "A"}"#)
                .unwrap_err()
                .contains("by:")
        );
        assert!(event(r#"{"good": "spiel"}"#).unwrap_err().contains("`by`"));
        assert!(event(r#"{"tricks": "P1", "by": "P1"}"#).is_err());
        let old = r#"{"unshown": "gleich", "by": "P1", "other_can_show": true}"#;
        assert!(event(old).unwrap_err().contains("other_can_show"));
        assert!(event(r#"{"by": "P1"}"#).unwrap_err().contains("found 0"));
        let Ok(Event::Show(s)) =
            event(r#"{"show": {"gleich": {"P2": ["EA", "LA"]}, "hanger": "stands"}}"#)
        else {
            panic!("no show")
        };
        assert_eq!(s.hanger, Some(Outcome::Stands));
        let Some(Outcome::Cards(cards)) = &s.gleich else {
            panic!("no cards")
        };
        assert_eq!((cards.p1.len(), cards.p2.len()), (0, 2));
        assert!(event(r#"{"show": {"gleich": {"A": ["EA", "LA"]}}}"#).is_err());
        assert!(event(r#"{"show": {"gleich": null}}"#).is_err());
    }
}
