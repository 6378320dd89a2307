//! The match record (contract section 3) as types that read and write it: the frame (game,
//! variant, target, options, start), the deals of each game with their events, and the
//! card-level deals (docs/rules/*.md, "Card-level deals"). Code that builds or passes a
//! record holds a [`Record`]; JSON text exists only where bytes enter or leave.
//!
//! These types keep what the record *says*, word for word, so a record read and written back
//! is the record that was read: each part the engines check (a card's spelling, a keyword, a
//! rule between parts) stays the engines' business, and a record these types read may still
//! be malformed for the referee (contract 2.1). A part the types do not know is refused.
//!
//! Keys are written in the order kartl has always stored them: sorted, as a
//! `serde_json::Value` writes an object. That is why every struct below declares its fields
//! alphabetically; a record stored by kartl writes back byte for byte, a hand-written one
//! (the contract's order, spaces) writes back as the same JSON value.

mod deal;
pub mod figures;
mod frozen;
pub mod gaigel;
pub mod watten;

pub use deal::{Deal, Written};

use super::record::Game;
use super::variant::Variant;
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// A side or a player as a record names it: `A`, `B` (the partnership games) or `P1`..`P3`
/// (three each for themselves). Declared in sorted order, so a map keyed by it writes its
/// keys as kartl stores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Who {
    A,
    B,
    P1,
    P2,
    P3,
}

impl Who {
    /// The name as records write it (`"A"`, `"P2"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Who::A => "A",
            Who::B => "B",
            Who::P1 => "P1",
            Who::P2 => "P2",
            Who::P3 => "P3",
        }
    }
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<crate::rules::common::Side> for Who {
    fn from(side: crate::rules::common::Side) -> Who {
        match side {
            crate::rules::common::Side::A => Who::A,
            crate::rules::common::Side::B => Who::B,
        }
    }
}

/// One value per side or player, with exactly the keys the record wrote.
pub type PerWho<T> = BTreeMap<Who, T>;

/// A card as written (`"EA"`, `"E7=HK"` with a baptism, a Watten `"WELI"`): each engine
/// reads its own card syntax, so the record keeps the word.
pub type CardText = String;

/// A part written as one value or as a list of them (`"bet": "gleich"` or
/// `"bet": ["gleich", "spiel"]`); the form is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

/// An optional key that is written holds a value: `null` is a wrong type (contract 2.1), not
/// a key left out, so a record with `null` is refused rather than written back without it.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    match Option::<T>::deserialize(d)? {
        Some(v) => Ok(Some(v)),
        None => Err(de::Error::custom(
            "null is not allowed here: give a value or leave the key out",
        )),
    }
}

/// The options of every game (contract 3 and each game's section), each as written; which
/// options a game takes is its referee's check.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub auf_farbe: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub dissle_lost: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub farbe: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub gespannt_from: Option<u32>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub gespannt_luft: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub immediate_four: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub kritische: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub kritische_forced: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub luft: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub machine: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub opponents_exchange: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub overgaigel: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub pack: Option<u32>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub pair_card: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub players: Option<u32>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub schneider: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub scoring: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub sevens: Option<OneOrMany<String>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub siebener: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub spiel_aus: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub strokes: Option<u32>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub three_player_strokes: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub weli_bell: Option<bool>,
}

/// The deals, typed by the game's family (the game decides how a deal reads).
#[derive(Debug, Clone, PartialEq)]
pub enum Deals {
    /// Giltspiel and Perlaggen.
    Figures(Vec<figures::Deal>),
    Watten(Vec<watten::Deal>),
    Gaigel(Vec<gaigel::Deal>),
}

impl Deals {
    /// No deals, of the family `game` plays.
    pub fn empty(game: Game) -> Deals {
        match game {
            Game::Giltspiel | Game::Perlaggen => Deals::Figures(Vec::new()),
            Game::Watten => Deals::Watten(Vec::new()),
            Game::Gaigel => Deals::Gaigel(Vec::new()),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Deals::Figures(d) => d.len(),
            Deals::Watten(d) => d.len(),
            Deals::Gaigel(d) => d.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends a copy of `from`'s deal `i`; `false` (nothing appended) when `from` is another
    /// family's or holds no deal `i`.
    pub fn push_from(&mut self, from: &Deals, i: usize) -> bool {
        fn push<T: Clone>(to: &mut Vec<T>, from: &[T], i: usize) -> bool {
            from.get(i).map(|d| to.push(d.clone())).is_some()
        }
        match (self, from) {
            (Deals::Figures(to), Deals::Figures(from)) => push(to, from, i),
            (Deals::Watten(to), Deals::Watten(from)) => push(to, from, i),
            (Deals::Gaigel(to), Deals::Gaigel(from)) => push(to, from, i),
            _ => false,
        }
    }

    /// Takes the last deal off.
    pub fn pop(&mut self) {
        match self {
            Deals::Figures(d) => drop(d.pop()),
            Deals::Watten(d) => drop(d.pop()),
            Deals::Gaigel(d) => drop(d.pop()),
        }
    }

    /// Reads the deals of `game` from their JSON.
    fn read(game: Game, raw: &RawValue) -> serde_json::Result<Deals> {
        Ok(match game {
            Game::Giltspiel | Game::Perlaggen => Deals::Figures(serde_json::from_str(raw.get())?),
            Game::Watten => Deals::Watten(serde_json::from_str(raw.get())?),
            Game::Gaigel => Deals::Gaigel(serde_json::from_str(raw.get())?),
        })
    }
}

impl Serialize for Deals {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Deals::Figures(d) => d.serialize(s),
            Deals::Watten(d) => d.serialize(s),
            Deals::Gaigel(d) => d.serialize(s),
        }
    }
}

/// A match record (contract 3). Fields in the order they are written (see the module text).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    pub deals: Deals,
    pub game: Game,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Options>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<PerWho<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
}

/// The frame as written, the deals kept raw until the game is known (a stored record writes
/// `deals` before `game`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Frame {
    deals: Box<RawValue>,
    game: Game,
    #[serde(default, deserialize_with = "present")]
    options: Option<Options>,
    #[serde(default, deserialize_with = "present")]
    start: Option<PerWho<u32>>,
    #[serde(default, deserialize_with = "present")]
    target: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    variant: Option<Variant>,
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = Frame::deserialize(d)?;
        let deals =
            Deals::read(f.game, &f.deals).map_err(|e| de::Error::custom(format!("deals: {e}")))?;
        Ok(Record {
            deals,
            game: f.game,
            options: f.options,
            start: f.start,
            target: f.target,
            variant: f.variant,
        })
    }
}

impl Record {
    /// A record of `game` with no deals and every part left to its default.
    pub fn new(game: Game) -> Record {
        Record {
            deals: Deals::empty(game),
            game,
            options: None,
            start: None,
            target: None,
            variant: None,
        }
    }

    /// Reads a record from JSON text.
    pub fn from_json(text: &str) -> serde_json::Result<Record> {
        serde_json::from_str(text)
    }

    /// The record as JSON text, in kartl's stored form (compact, keys sorted). Its types are
    /// strings, numbers and lists with string keys, which serde_json always writes; were that
    /// ever to fail, the empty text is refused by the referee as malformed rather than panic.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Small readers for the forms, the Streitfall page and the demo.
impl Who {
    /// The side or player a record names by `text` (`"A"`, `"P2"`; exactly as written).
    pub fn parse(text: &str) -> Option<Who> {
        [Who::A, Who::B, Who::P1, Who::P2, Who::P3]
            .into_iter()
            .find(|w| w.as_str() == text)
    }
}

impl Record {
    /// Takes the last deal off and hands it back; `None` when there is none.
    pub fn take_last(&mut self) -> Option<Deal> {
        Some(match &mut self.deals {
            Deals::Figures(d) => Deal::Figures(d.pop()?),
            Deals::Watten(d) => Deal::Watten(d.pop()?),
            Deals::Gaigel(d) => Deal::Gaigel(d.pop()?),
        })
    }

    /// A copy of deal `i` (from 0); `None` when there is none.
    pub fn deal(&self, i: usize) -> Option<Deal> {
        Some(match &self.deals {
            Deals::Figures(d) => Deal::Figures(d.get(i)?.clone()),
            Deals::Watten(d) => Deal::Watten(d.get(i)?.clone()),
            Deals::Gaigel(d) => Deal::Gaigel(d.get(i)?.clone()),
        })
    }

    /// The frame alone: the record with its deals left out.
    pub fn frame(&self) -> Record {
        Record {
            deals: Deals::empty(self.game),
            game: self.game,
            options: self.options.clone(),
            start: self.start.clone(),
            target: self.target,
            variant: self.variant,
        }
    }
}

#[cfg(test)]
mod tests;
