//! The card-level Watten deal as written (docs/rules/watten.md, "Card-level deals
//! (Streitfall)"): seats, dealer, hands, Schlag, trump suit, the Kritische taken at the cut
//! (Bavarian), and the actions in order. Shape only (contract 2.1): unknown keys, wrong types
//! and cards that do not parse are malformed; whether the deal keeps the rules is the
//! engine's.

use crate::rules::common::Side;
use crate::rules::figures::cards::{Card, Rank, Shown, Suit};
use crate::rules::players::Seat;
use crate::rules::ruling::{Action as Written, Bet};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A card of a Watten hand: `EA`, `H10`, `S6`. Watten has no baptised cards, so `CARD=AS`
/// is malformed here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WCard(pub Card);

impl<'de> Deserialize<'de> for WCard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let shown = Shown::deserialize(d)?;
        if shown.baptism.is_some() {
            return Err(de::Error::custom(format!(
                "{shown}: Watten has no wild card to baptise; write the card alone"
            )));
        }
        Ok(WCard(shown.card))
    }
}

/// The Schlag as forehand announces it: a rank, `A`, `K`, `O`, `U`, `10` ... `6`; or in the
/// 36-card game of Toblach (`pack: 36`) `WELI`, the WELI alone as opposed to the six, whose
/// Schlag cards are all four sixes (rules text 004, "Watten with 36 cards": "the Schlag can be
/// either the WELI or an ordinary six").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Schlag {
    Rank(Rank),
    Weli,
}

impl Schlag {
    /// The rank of the Schlag cards (the WELI is a six).
    pub fn rank(self) -> Rank {
        match self {
            Schlag::Rank(r) => r,
            Schlag::Weli => Rank::Six,
        }
    }
}

impl<'de> Deserialize<'de> for Schlag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Schlag;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a rank: A, K, O, U, 10, 9, 8, 7 or 6; or WELI (36 cards)")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Schlag, E> {
                if s.eq_ignore_ascii_case("WELI") {
                    return Ok(Schlag::Weli);
                }
                // A rank is a card without its suit: read it as an acorn card.
                match Card::parse(&format!("E{s}")) {
                    Some(c) if !s.is_empty() => Ok(Schlag::Rank(c.rank)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                }
            }
        }
        d.deserialize_str(V)
    }
}

/// A seat's name as written: a side `A`, `B`, or in a three-player record a player
/// `P1`..`P3` (docs/rules/watten.md "Card-level deals", "Three players").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum SeatName {
    A,
    B,
    P1,
    P2,
    P3,
}

impl SeatName {
    /// The side, when the name is one.
    pub fn side(self) -> Option<Side> {
        match self {
            SeatName::A => Some(Side::A),
            SeatName::B => Some(Side::B),
            _ => None,
        }
    }

    /// The player of a three-player record, when the name is one.
    pub fn player(self) -> Option<Seat> {
        match self {
            SeatName::P1 => Some(Seat::P1),
            SeatName::P2 => Some(Seat::P2),
            SeatName::P3 => Some(Seat::P3),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SeatName::A => "A",
            SeatName::B => "B",
            SeatName::P1 => "P1",
            SeatName::P2 => "P2",
            SeatName::P3 => "P3",
        }
    }
}

impl From<Side> for SeatName {
    fn from(s: Side) -> Self {
        match s {
            Side::A => SeatName::A,
            Side::B => SeatName::B,
        }
    }
}

/// One card-level deal.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDeal {
    /// The seats in playing order, sides (`A`, `B`) or, with three players, the players
    /// (`P1`..`P3`); seat 0 is forehand and leads the first trick.
    pub seats: Vec<SeatName>,
    /// The dealer's seat.
    pub dealer: usize,
    /// Each seat's five cards as dealt.
    pub hands: Vec<Vec<WCard>>,
    /// The Schlag forehand announced.
    pub schlag: Schlag,
    /// The trump suit the dealer announced.
    pub trump: Suit,
    /// Bavarian: the Kritische taken at the cut, in the order taken (cutter, dealer, cutter).
    #[serde(default)]
    pub cut: Vec<WCard>,
    /// Tyrolean: forehand asked for "schöneres" (new cards); `hands` are the cards played
    /// with (`play/schoeneres.rs`).
    #[serde(default)]
    pub schoeneres: Option<Schoeneres>,
    pub actions: Vec<Action>,
}

/// "schöneres": whether the dealer agreed, and then the five cards forehand and the dealer
/// each discarded face down (forehand's first).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schoeneres {
    pub granted: bool,
    #[serde(default)]
    pub discarded: Vec<Vec<WCard>>,
}

impl CardDeal {
    /// The seats of a three-player deal are `P1`, `P2`, `P3`, each once; forehand (seat 0)
    /// plays alone (text 004 "forehand ... chooses both the Schlag and the trump suit and plays
    /// alone").
    pub fn forehand_alone(&self) -> Result<Seat, &'static str> {
        let players: Vec<Seat> = self.seats.iter().filter_map(|s| s.player()).collect();
        let mut sorted = players.clone();
        sorted.sort();
        if self.seats.len() != 3 || sorted != Seat::ALL {
            return Err(
                "cards.seats: three players seat P1, P2 and P3, each once, in playing order (seat 0 is forehand, who plays alone)",
            );
        }
        Ok(players[0])
    }
}

/// What an action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    /// A card played.
    Card(Card),
    /// A bet (gehen, vier ...); `four`: the immediate bet of four.
    Bet {
        four: bool,
    },
    See,
    GiveUp,
    /// The gestrichen side plays the deal.
    Play,
    Farbe,
    Machine,
}

/// One action: a seat and its verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    pub seat: usize,
    pub verb: Verb,
}

/// `true`, the value of a verb without a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Yes;

impl<'de> Deserialize<'de> for Yes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match bool::deserialize(d)? {
            true => Ok(Yes),
            false => Err(de::Error::custom(
                "write true, or leave the action out (false is no action)",
            )),
        }
    }
}

/// A bet's value: `true` (one more), or `4` (the immediate four).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BetValue {
    Yes(bool),
    To(u32),
}

/// Read straight from the token, a bool or a number, where `#[serde(untagged)]` would buffer
/// the value first; anything else is refused in the untagged enum's words.
impl<'de> Deserialize<'de> for BetValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = BetValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("true or 4")
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<BetValue, E> {
                Ok(BetValue::Yes(b))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<BetValue, E> {
                u32::try_from(n)
                    .map(BetValue::To)
                    .map_err(|_| Self::refused())
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<BetValue, E> {
                u32::try_from(n)
                    .map(BetValue::To)
                    .map_err(|_| Self::refused())
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<BetValue, E> {
                Err(Self::refused())
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<BetValue, E> {
                Err(Self::refused())
            }
            fn visit_unit<E: de::Error>(self) -> Result<BetValue, E> {
                Err(Self::refused())
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<BetValue, A::Error> {
                Err(Self::refused())
            }
            fn visit_map<A: de::MapAccess<'de>>(self, _: A) -> Result<BetValue, A::Error> {
                Err(Self::refused())
            }
        }
        impl V {
            fn refused<E: de::Error>() -> E {
                E::custom("data did not match any variant of untagged enum BetValue")
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionRepr {
    seat: usize,
    #[serde(default)]
    card: Option<WCard>,
    #[serde(default)]
    bet: Option<BetValue>,
    #[serde(default)]
    see: Option<Yes>,
    #[serde(default)]
    give_up: Option<Yes>,
    #[serde(default)]
    play: Option<Yes>,
    #[serde(default)]
    farbe: Option<Yes>,
    #[serde(default)]
    machine: Option<Yes>,
}

impl TryFrom<ActionRepr> for Action {
    type Error = String;

    fn try_from(r: ActionRepr) -> Result<Self, String> {
        // Counted and picked without a list: an action is read for every card of a deal.
        let mut found = 0;
        let mut verb = None;
        let mut take = |v: Verb| {
            found += 1;
            verb = Some(v);
        };
        if let Some(WCard(c)) = r.card {
            take(Verb::Card(c));
        }
        match r.bet {
            None => {}
            Some(BetValue::Yes(true)) => take(Verb::Bet { four: false }),
            Some(BetValue::To(4)) => take(Verb::Bet { four: true }),
            Some(_) => {
                return Err(
                    "bet: write true (one more), or 4 (the immediate bet of four)".to_string(),
                );
            }
        }
        for (set, v) in [
            (r.see.is_some(), Verb::See),
            (r.give_up.is_some(), Verb::GiveUp),
            (r.play.is_some(), Verb::Play),
            (r.farbe.is_some(), Verb::Farbe),
            (r.machine.is_some(), Verb::Machine),
        ] {
            if set {
                take(v);
            }
        }
        match (found, verb) {
            (1, Some(verb)) => Ok(Action { seat: r.seat, verb }),
            _ => Err(format!(
                "an action holds `seat` and exactly one of card, bet, see, give_up, play, farbe, \
                 machine (found {found})"
            )),
        }
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Action::try_from(ActionRepr::deserialize(d)?).map_err(de::Error::custom)
    }
}

impl Action {
    /// The action as the record holds it, e.g. `{"card": "HA", "seat": 2}`.
    pub fn written(self) -> Written {
        let of = Written::of(self.seat);
        match self.verb {
            Verb::Card(c) => Written {
                card: Some(c.to_string()),
                ..of
            },
            Verb::Bet { four } => Written {
                bet: Some(if four { Bet::To(4) } else { Bet::Yes(true) }),
                ..of
            },
            Verb::See => Written {
                see: Some(true),
                ..of
            },
            Verb::GiveUp => Written {
                give_up: Some(true),
                ..of
            },
            Verb::Play => Written {
                play: Some(true),
                ..of
            },
            Verb::Farbe => Written {
                farbe: Some(true),
                ..of
            },
            Verb::Machine => Written {
                machine: Some(true),
                ..of
            },
        }
    }
}

/// Serialized as the record writes it (for the page's choices).
impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.written().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(json: &str) -> Result<Action, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn actions_read_as_the_doc_writes_them() {
        assert_eq!(
            action(r#"{"seat":2,"card":"h10"}"#).unwrap().verb,
            Verb::Card(Card::parse("H10").unwrap())
        );
        assert_eq!(
            action(r#"{"seat":0,"bet":true}"#).unwrap().verb,
            Verb::Bet { four: false }
        );
        assert_eq!(
            action(r#"{"seat":0,"bet":4}"#).unwrap().verb,
            Verb::Bet { four: true }
        );
        assert_eq!(
            action(r#"{"seat":1,"farbe":true}"#).unwrap().verb,
            Verb::Farbe
        );
        for json in [r#"{"seat":2,"card":"HA"}"#, r#"{"seat":0,"bet":4}"#] {
            let a = action(json).unwrap();
            assert_eq!(
                serde_json::to_value(a.written()).unwrap(),
                serde_json::from_str::<serde_json::Value>(json).unwrap()
            );
        }
    }

    #[test]
    fn malformed_actions_are_refused() {
        for bad in [
            r#"{"seat":0}"#,
            r#"{"card":"HA"}"#,
            r#"{"seat":0,"card":"HA","bet":true}"#,
            r#"{"seat":0,"bet":false}"#,
            r#"{"seat":0,"bet":5}"#,
            r#"{"seat":0,"see":false}"#,
            r#"{"seat":0,"card":"E7=L10"}"#,
            r#"{"seat":0,"card":"X7"}"#,
            r#"{"seat":-1,"see":true}"#,
            r#"{"seat":0,"tricks":true}"#,
        ] {
            assert!(action(bad).is_err(), "{bad} was accepted");
        }
    }

    /// A bet is read from its token (no buffering): what is neither a bool nor a number
    /// that fits is refused in the words the untagged reading had.
    #[test]
    fn a_bet_that_is_no_bool_or_number_is_refused_as_before() {
        for bad in [
            r#"{"seat":0,"bet":"4"}"#,
            r#"{"seat":0,"bet":[4]}"#,
            r#"{"seat":0,"bet":{"to":4}}"#,
            r#"{"seat":0,"bet":-4}"#,
            r#"{"seat":0,"bet":4.0}"#,
        ] {
            let err = action(bad).unwrap_err();
            assert!(
                err.contains("data did not match any variant of untagged enum BetValue"),
                "{bad}: {err}"
            );
        }
        assert_eq!(
            action(r#"{"seat":1,"bet":null,"see":true}"#).unwrap().verb,
            Verb::See
        );
    }

    #[test]
    fn the_schlag_is_a_rank() {
        let s: Schlag = serde_json::from_str(r#""10""#).unwrap();
        assert_eq!(s, Schlag::Rank(Rank::Ten));
        let weli: Schlag = serde_json::from_str(r#""weli""#).unwrap();
        assert_eq!((weli, weli.rank()), (Schlag::Weli, Rank::Six));
        assert!(serde_json::from_str::<Schlag>(r#""""#).is_err());
        assert!(serde_json::from_str::<Schlag>(r#""HA""#).is_err());
    }
}
