//! The Watten parts of a match record (contract 3 and 3.2): variant, options and deals, parsed
//! straight from the raw JSON into typed values (no `serde_json::Value` trees).
//!
//! Everything here is shape only (contract 2.1): unknown keys, wrong types, negative or
//! fractional counts and unknown values are refused by serde, and the path names the field.
//! Whether a shape is allowed by the chosen variant is checked in `ruleset.rs`.

pub mod card_deal;

use crate::rules::common::Side;
use crate::rules::players::Seat;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Bavarian,
    #[default]
    Tyrolean,
    Kritische,
    Guate,
    Blind,
}

impl Variant {
    /// The target when the record gives none (contract 3): Bavarian 11, the others 15.
    pub fn default_target(self) -> u32 {
        match self {
            Variant::Bavarian => 11,
            Variant::Tyrolean | Variant::Kritische | Variant::Guate | Variant::Blind => 15,
        }
    }
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
    /// How many play: 2 or 4 (sides `A`, `B`; the default), or 3 (players `P1`..`P3`, one
    /// plays alone against the other two in each deal).
    #[serde(default, deserialize_with = "present")]
    pub players: Option<u32>,
    /// Tyrolean: "WELI is always a bell" (default: on in `guate`, off elsewhere).
    #[serde(default, deserialize_with = "present")]
    pub weli_bell: Option<bool>,
    /// Tyrolean: the pack, 33 cards (default) or 36 (Toblach).
    #[serde(default, deserialize_with = "present")]
    pub pack: Option<u32>,
    /// Variant `kritische`: which set of Kritischen is played.
    #[serde(default, deserialize_with = "present")]
    pub kritische: Option<KritischeSet>,
    /// Variant `kritische`: a trump led forces out the Kritischen too (default off: a player
    /// whose only trumps are Kritischen or Linken plays what it likes).
    #[serde(default, deserialize_with = "present")]
    pub kritische_forced: Option<bool>,
}

/// The sets of Kritischen (permanent trumps above the Rechte) the rules text names for
/// Tyrolean Watten with Kritischen, highest first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KritischeSet {
    /// Martl (HK), WELI (S6), Nell (E7) (Helmut Jenewein, Innsbruck).
    #[default]
    Three,
    /// Martl (HK), geschriebener Weli (S6), kleiner Weli (S7), Eichelspitz (E7).
    Four,
    /// The four without the seven of acorns: Martl, geschriebener Weli, kleiner Weli.
    ThreeWithoutSpitz,
    /// Maxi (HK) and the bell Ober (SO); the WELI is the lowest trump, six may be the Schlag.
    Two,
}

/// One event of a Watten deal (contract 3.2). `S` is how the record names a side: `A`/`B`, or
/// in a three-player record a player `P1`..`P3` ([`Seat`]), counted for the side they play on
/// in that deal (`three.rs` maps players to sides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event<S = Side> {
    /// `{"bet": S}` raises the proposal by one; `{"bet": S, "to": 4}` is the immediate four.
    Bet { side: S, to_four: bool },
    /// `{"see": S}`: S accepts the open bet (schauen).
    See(S),
    /// `{"give_up": S}`: S answers the open bet by giving up, or (gestrichen) declines to play.
    GiveUp(S),
    /// `{"play": S}`: the one gestrichen side S plays the deal (3 points, no betting).
    Play(S),
    /// `{"tricks": S}`: S has taken three tricks and scores the stake.
    Tricks(S),
    /// `{"farbe": S, "card_ok": B}`: S accuses the last-trick bettors (Farbe: suit).
    Farbe { side: S, card_ok: bool },
    /// `{"machine": S}`: a player of S declares all three Kritische (Bavarian option).
    Machine(S),
}

impl<S: Copy> Event<S> {
    /// The side (or player) the event names.
    pub fn side(self) -> S {
        match self {
            Event::Bet { side, .. } | Event::Farbe { side, .. } => side,
            Event::See(s)
            | Event::GiveUp(s)
            | Event::Play(s)
            | Event::Tricks(s)
            | Event::Machine(s) => s,
        }
    }

    /// The same event with its side renamed by `f` (a player to the side they play on).
    pub fn map<T>(self, f: impl Fn(S) -> T) -> Event<T> {
        match self {
            Event::Bet { side, to_four } => Event::Bet {
                side: f(side),
                to_four,
            },
            Event::Farbe { side, card_ok } => Event::Farbe {
                side: f(side),
                card_ok,
            },
            Event::See(s) => Event::See(f(s)),
            Event::GiveUp(s) => Event::GiveUp(f(s)),
            Event::Play(s) => Event::Play(f(s)),
            Event::Tricks(s) => Event::Tricks(f(s)),
            Event::Machine(s) => Event::Machine(f(s)),
        }
    }
}

/// The event as written: one action key, plus `to` (bet) or `card_ok` (farbe).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound = "S: Deserialize<'de>")]
struct EventRepr<S> {
    #[serde(default, deserialize_with = "present")]
    bet: Option<S>,
    #[serde(default, deserialize_with = "present")]
    to: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    see: Option<S>,
    #[serde(default, deserialize_with = "present")]
    give_up: Option<S>,
    #[serde(default, deserialize_with = "present")]
    play: Option<S>,
    #[serde(default, deserialize_with = "present")]
    tricks: Option<S>,
    #[serde(default, deserialize_with = "present")]
    farbe: Option<S>,
    #[serde(default, deserialize_with = "present")]
    card_ok: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    machine: Option<S>,
}

impl<S> TryFrom<EventRepr<S>> for Event<S> {
    type Error = String;

    fn try_from(r: EventRepr<S>) -> Result<Self, String> {
        let count = [
            r.bet.is_some(),
            r.see.is_some(),
            r.give_up.is_some(),
            r.play.is_some(),
            r.tricks.is_some(),
            r.farbe.is_some(),
            r.machine.is_some(),
        ]
        .iter()
        .filter(|&&a| a)
        .count();
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

impl<'de, S: Deserialize<'de>> Deserialize<'de> for Event<S> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Event::try_from(EventRepr::<S>::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// One deal: the short form (who scored, how many points) or its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deal<S = Side> {
    Short {
        winner: S,
        points: u32,
    },
    Events(Vec<Event<S>>),
    /// A card-level deal (Streitfall): the hands and every action (`play/`).
    Cards(Box<card_deal::CardDeal>),
}

/// A deal of a three-player record: who played alone (forehand, who chose Schlag and trump),
/// and the deal itself with players for sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreeDeal {
    pub alone: Seat,
    pub deal: Deal<Seat>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound = "S: Deserialize<'de>")]
struct DealRepr<S> {
    #[serde(default, deserialize_with = "present")]
    alone: Option<Seat>,
    #[serde(default, deserialize_with = "present")]
    winner: Option<S>,
    #[serde(default, deserialize_with = "present")]
    points: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    events: Option<Vec<Event<S>>>,
    #[serde(default, deserialize_with = "present")]
    cards: Option<Box<card_deal::CardDeal>>,
}

impl<S> DealRepr<S> {
    fn into_deal<E: serde::de::Error>(self) -> Result<Deal<S>, E> {
        if let Some(cards) = self.cards {
            if self.winner.is_some() || self.points.is_some() || self.events.is_some() {
                return Err(E::custom(
                    "a card-level deal is {\"cards\"} alone, without winner, points or events",
                ));
            }
            return Ok(Deal::Cards(cards));
        }
        match (self.winner, self.points, self.events) {
            (Some(winner), Some(points), None) => Ok(Deal::Short { winner, points }),
            (None, None, Some(events)) => Ok(Deal::Events(events)),
            (_, _, Some(_)) => Err(E::custom(
                "a deal is either {\"winner\", \"points\"} or {\"events\"}, not both",
            )),
            (None, _, None) => Err(E::missing_field("winner")),
            (Some(_), None, None) => Err(E::missing_field("points")),
        }
    }
}

impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = DealRepr::<Side>::deserialize(d)?;
        if r.alone.is_some() {
            return Err(D::Error::custom(
                "`alone` belongs to three-player records only (options.players: 3)",
            ));
        }
        if let Some(c) = &r.cards
            && c.seats.iter().any(|s| s.side().is_none())
        {
            return Err(D::Error::custom(
                "cards.seats: the seats are the sides A and B (P1..P3 only with options.players: 3)",
            ));
        }
        r.into_deal()
    }
}

impl<'de> Deserialize<'de> for ThreeDeal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = DealRepr::<Seat>::deserialize(d)?;
        let forehand = match &r.cards {
            Some(c) => Some(c.forehand_alone().map_err(D::Error::custom)?),
            None => None,
        };
        if let (Some(f), Some(a)) = (forehand, r.alone)
            && f != a
        {
            return Err(D::Error::custom(format!(
                "alone: forehand (seat 0, {}) plays alone (\"forehand ... chooses both the Schlag and the trump suit and plays alone\"), not {}",
                f.name(),
                a.name()
            )));
        }
        let Some(alone) = r.alone.or(forehand) else {
            return Err(D::Error::custom(
                "missing field `alone`: a three-player deal names the player who played alone",
            ));
        };
        Ok(ThreeDeal {
            alone,
            deal: r.into_deal()?,
        })
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
