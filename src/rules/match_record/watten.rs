//! Watten's deals as written (contract 3.2; docs/rules/watten.md, card-level deals and three
//! players): the short form, the events, or the deal card by card. Fields are declared
//! alphabetically, the order kartl stores them.

use super::{CardText, Who, present};
use serde::{Deserialize, Serialize};

/// A deal: `{"winner", "points"}`, `{"events": [...]}` or `{"cards": {...}}`; among three
/// players `alone` names the player who played alone.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub alone: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub cards: Option<Box<CardDeal>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub events: Option<Vec<Event>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub points: Option<u32>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub winner: Option<Who>,
}

impl Deal {
    /// The short form: `winner` scored `points`.
    pub fn short(winner: Who, points: u32) -> Deal {
        Deal {
            points: Some(points),
            winner: Some(winner),
            ..Deal::default()
        }
    }

    /// A deal told by its events.
    pub fn events(events: Vec<Event>) -> Deal {
        Deal {
            events: Some(events),
            ..Deal::default()
        }
    }
}

/// One event (contract 3.2): one action and, for `bet`, `to`; for `farbe`, `card_ok`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub bet: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub card_ok: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub farbe: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub give_up: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub machine: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub play: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub see: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub to: Option<u32>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub tricks: Option<Who>,
}

/// `{"cards": {...}}`: one deal card by card.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDeal {
    pub actions: Vec<CardAction>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub cut: Option<Vec<CardText>>,
    pub dealer: u32,
    pub hands: Vec<Vec<CardText>>,
    pub schlag: String,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub schoeneres: Option<Schoeneres>,
    pub seats: Vec<Who>,
    pub trump: String,
}

/// The "schöneres" request: granted or not, and the cards laid away.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schoeneres {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub discarded: Option<Vec<Vec<CardText>>>,
    pub granted: bool,
}

/// A bet at the table: `true`, or the stake it goes to (`4`, option `immediate_four`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Bet {
    Yes(bool),
    To(u32),
}

/// One action of a seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardAction {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub bet: Option<Bet>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub card: Option<CardText>,
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
    pub give_up: Option<bool>,
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
    pub play: Option<bool>,
    pub seat: u32,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub see: Option<bool>,
}
