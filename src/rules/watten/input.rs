//! The Watten parts of a match record (contract 3 and 3.2): variant, options and deals, parsed
//! straight from the raw JSON into typed values (no `serde_json::Value` trees).
//!
//! Everything here is shape only (contract 2.1): unknown keys, wrong types, negative or
//! fractional counts and unknown values are refused by serde, and the path names the field.
//! Whether a shape is allowed by the chosen variant is checked in `ruleset.rs`.

use crate::rules::common::Side;
use serde::Deserialize;

/// Reads an optional field that, when written, must hold a value: `null` is a wrong type
/// (contract 2.1; `record.rs` reads null so), never the same as leaving the key out.
/// Used with `#[serde(default)]`, so a missing key still reads as `None`.
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// The Watten variants of contract 3. Only `bavarian` scores differently; `kritische`,
/// `guate` and `blind` change the cards, not the scoring, and score as `tyrolean`
/// (rules text, "Tyrolean Watten" and the sections on Kritischen, Guate and Blind Watten).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Bavarian,
    #[default]
    Tyrolean,
    Kritische,
    Guate,
    Blind,
}

/// `options` as written; `None` means "the variant's default". Unknown keys are malformed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOptions {
    /// Bavarian: the score from which a side is gespannt (default target − 2).
    #[serde(default, deserialize_with = "present")]
    pub gespannt_from: Option<u32>,
    /// Bavarian: a single player holding all three Kritische declares the machine.
    #[serde(default, deserialize_with = "present")]
    pub machine: Option<bool>,
    /// Schneider and reverse Schneider marks (default on, Bavarian off).
    #[serde(default, deserialize_with = "present")]
    pub schneider: Option<bool>,
    /// Tyrolean: the last-trick accusation "Farbe" (default on).
    #[serde(default, deserialize_with = "present")]
    pub farbe: Option<bool>,
    /// Tyrolean: "Gespannt – Luft" (gestrichen against 0: play for 4 or give up 2).
    #[serde(default, deserialize_with = "present")]
    pub gespannt_luft: Option<bool>,
    /// Tyrolean: a side 4 or more behind may bet 4 before the first lead.
    #[serde(default, deserialize_with = "present")]
    pub immediate_four: Option<bool>,
}

/// One event of a Watten deal (contract 3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// `{"bet": S}` raises the proposal by one; `{"bet": S, "to": 4}` is the immediate four.
    Bet { side: Side, to_four: bool },
    /// `{"see": S}`: S accepts the open bet (schauen).
    See(Side),
    /// `{"give_up": S}`: S answers the open bet by giving up, or (gestrichen) declines to play.
    GiveUp(Side),
    /// `{"play": S}`: the one gestrichen side S plays the deal (3 points, no betting).
    Play(Side),
    /// `{"tricks": S}`: S has taken three tricks and scores the stake.
    Tricks(Side),
    /// `{"farbe": S, "card_ok": B}`: S accuses the last-trick bettors (Farbe: suit).
    Farbe { side: Side, card_ok: bool },
    /// `{"machine": S}`: a player of S declares all three Kritische (Bavarian option).
    Machine(Side),
}

/// The event as written: one action key, plus `to` (bet) or `card_ok` (farbe).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventRepr {
    #[serde(default, deserialize_with = "present")]
    bet: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    to: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    see: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    give_up: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    play: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    tricks: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    farbe: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    card_ok: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    machine: Option<Side>,
}

impl TryFrom<EventRepr> for Event {
    type Error = String;

    fn try_from(r: EventRepr) -> Result<Self, String> {
        let actions = [
            r.bet, r.see, r.give_up, r.play, r.tricks, r.farbe, r.machine,
        ];
        let count = actions.iter().filter(|a| a.is_some()).count();
        if count != 1 {
            return Err(format!(
                "an event holds exactly one of bet, see, give_up, play, tricks, farbe, machine \
                 (found {count})"
            ));
        }
        if r.to.is_some() && r.bet.is_none() {
            return Err("`to` belongs to a bet only".into());
        }
        if r.card_ok.is_some() && r.farbe.is_none() {
            return Err("`card_ok` belongs to farbe only".into());
        }
        let event = if let Some(side) = r.bet {
            match r.to {
                None => Event::Bet {
                    side,
                    to_four: false,
                },
                Some(4) => Event::Bet {
                    side,
                    to_four: true,
                },
                Some(n) => return Err(format!("to: {n}: a bet may name only `\"to\": 4`")),
            }
        } else if let Some(side) = r.see {
            Event::See(side)
        } else if let Some(side) = r.give_up {
            Event::GiveUp(side)
        } else if let Some(side) = r.play {
            Event::Play(side)
        } else if let Some(side) = r.tricks {
            Event::Tricks(side)
        } else if let Some(side) = r.farbe {
            match r.card_ok {
                Some(card_ok) => Event::Farbe { side, card_ok },
                None => return Err("missing field `card_ok` (farbe needs it)".into()),
            }
        } else if let Some(side) = r.machine {
            Event::Machine(side)
        } else {
            return Err("an event needs an action".into());
        };
        Ok(event)
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Event::try_from(EventRepr::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// One deal: the short form (who scored, how many points) or its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deal {
    Short { winner: Side, points: u32 },
    Events(Vec<Event>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DealRepr {
    #[serde(default, deserialize_with = "present")]
    winner: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    points: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    events: Option<Vec<Event>>,
}

impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = DealRepr::deserialize(d)?;
        match (r.winner, r.points, r.events) {
            (Some(winner), Some(points), None) => Ok(Deal::Short { winner, points }),
            (None, None, Some(events)) => Ok(Deal::Events(events)),
            (_, _, Some(_)) => Err(D::Error::custom(
                "a deal is either {\"winner\", \"points\"} or {\"events\"}, not both",
            )),
            (None, _, None) => Err(D::Error::missing_field("winner")),
            (Some(_), None, None) => Err(D::Error::missing_field("points")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(json: &str) -> Result<Event, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn events_read_as_the_contract_writes_them() {
        assert_eq!(
            event(r#"{"bet":"A"}"#),
            Ok(Event::Bet {
                side: Side::A,
                to_four: false
            })
        );
        assert_eq!(
            event(r#"{"bet":"B","to":4}"#),
            Ok(Event::Bet {
                side: Side::B,
                to_four: true
            })
        );
        assert_eq!(
            event(r#"{"farbe":"A","card_ok":false}"#),
            Ok(Event::Farbe {
                side: Side::A,
                card_ok: false
            })
        );
        assert_eq!(event(r#"{"machine":"B"}"#), Ok(Event::Machine(Side::B)));
    }

    #[test]
    fn malformed_events_are_refused() {
        for bad in [
            r#"{}"#,
            r#"{"bet":"A","see":"B"}"#,
            r#"{"bet":"A","to":5}"#,
            r#"{"see":"A","to":4}"#,
            r#"{"farbe":"A"}"#,
            r#"{"tricks":"A","card_ok":true}"#,
            r#"{"bet":"C"}"#,
            r#"{"bets":"A"}"#,
            r#"{"bet":"A","to":-4}"#,
        ] {
            assert!(event(bad).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn a_deal_is_short_or_events_never_both() {
        let short: Deal = serde_json::from_str(r#"{"winner":"A","points":3}"#).unwrap();
        assert_eq!(
            short,
            Deal::Short {
                winner: Side::A,
                points: 3
            }
        );
        assert!(serde_json::from_str::<Deal>(r#"{"winner":"A"}"#).is_err());
        assert!(serde_json::from_str::<Deal>(r#"{"winner":"A","points":2,"events":[]}"#).is_err());
        assert!(serde_json::from_str::<Deal>(r#"{"winner":"A","points":2.5}"#).is_err());
        assert!(serde_json::from_str::<Deal>(r#"{"points":2}"#).is_err());
    }
}
