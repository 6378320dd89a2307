//! Giltspiel's and Perlaggen's deals as written (contract 3.1; docs/rules/figures.md,
//! "Card-level deals (Streitfall)" and the three-player record): the events, or the deal card
//! by card. Fields are declared alphabetically, the order kartl stores them.

use super::{CardText, OneOrMany, PerWho, Who, present};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A figure as written: `gleich`, `hanger`, `spiel`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Figure {
    Gleich,
    Hanger,
    Spiel,
}

impl Figure {
    /// The figure as records write it (`"gleich"`).
    pub fn word(self) -> &'static str {
        match self {
            Figure::Gleich => "gleich",
            Figure::Hanger => "hanger",
            Figure::Spiel => "spiel",
        }
    }
}

/// A deal: `{"events": [...]}` or `{"cards": {...}}` (the referee refuses both or neither).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
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
}

impl Deal {
    /// A deal told by its events.
    pub fn events(events: Vec<Event>) -> Deal {
        Deal {
            cards: None,
            events: Some(events),
        }
    }
}

/// One event (contract 3.1): the record writes one action and the keys that belong to it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub bet: Option<OneOrMany<Figure>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub by: Option<Who>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub decider: Option<Outcome<DeciderHand>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub good: Option<Figure>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub hold: Option<Figure>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub other_can_show: Option<bool>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub raise: Option<Figure>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub seat: Option<u8>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub show: Option<Box<Show>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    /// The side (or player) that took three tricks; among three players also `stands`.
    pub tricks: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub trump: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub unshown: Option<Figure>,
}

/// The show: an outcome per figure still open.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Show {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub gleich: Option<Outcome<Hand>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub hanger: Option<Outcome<Hand>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub spiel: Option<Outcome<Hand>>,
}

impl Show {
    /// The show of one figure: `{"gleich": outcome}`.
    pub fn one(figure: Figure, outcome: Outcome<Hand>) -> Show {
        let mut show = Show::default();
        *show.of_mut(figure) = Some(outcome);
        show
    }

    /// The one figure the show names and its outcome; `None` when it names none or several.
    pub fn only(&self) -> Option<(Figure, &Outcome<Hand>)> {
        let named = [Figure::Gleich, Figure::Hanger, Figure::Spiel].map(|f| (f, self.of(f)));
        let mut named = named.into_iter().filter_map(|(f, o)| Some((f, o?)));
        let first = named.next()?;
        named.next().is_none().then_some(first)
    }

    /// The outcome of `figure`, when written.
    pub fn of(&self, figure: Figure) -> Option<&Outcome<Hand>> {
        match figure {
            Figure::Gleich => self.gleich.as_ref(),
            Figure::Hanger => self.hanger.as_ref(),
            Figure::Spiel => self.spiel.as_ref(),
        }
    }

    fn of_mut(&mut self, figure: Figure) -> &mut Option<Outcome<Hand>> {
        match figure {
            Figure::Gleich => &mut self.gleich,
            Figure::Hanger => &mut self.hanger,
            Figure::Spiel => &mut self.spiel,
        }
    }
}

/// An outcome: a word (`"A"`, `"stands"`, `"none"`, `"P2"`) or what each side showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Outcome<H> {
    Word(String),
    Cards(PerWho<H>),
}

/// The cards a side showed: one list, or a list per seat (`{"2": [...]}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Hand {
    Cards(Vec<CardText>),
    BySeat(BTreeMap<String, Vec<CardText>>),
}

/// A side's best instances for the decider (contract 3.1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeciderHand {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub gleich: Option<Hand>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub hanger: Option<Hand>,
}

/// `{"cards": {...}}`: one deal card by card.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
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
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub exchange: Option<OneOrMany<Exchange>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub exposed: Option<Vec<CardText>>,
    pub hands: Vec<Vec<CardText>>,
    pub seats: Vec<Who>,
    pub turned: CardText,
}

/// One exchange before the play: `seat` lays `card` and takes `take` (the turned card when
/// left out).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    pub card: CardText,
    pub seat: u32,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub take: Option<CardText>,
}

/// One action of a seat: a card played, a bet, an answer, or cards put in the show.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardAction {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub bet: Option<OneOrMany<Figure>>,
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
    pub good: Option<Figure>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub hold: Option<Figure>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub raise: Option<Figure>,
    pub seat: u32,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub show: Option<Vec<CardText>>,
}
