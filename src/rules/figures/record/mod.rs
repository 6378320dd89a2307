//! The figure games' part of the match record (contract 3 and 3.1): variant, options, start
//! and the deals with their events, parsed straight from the raw JSON into typed values.
//!
//! Malformed input (contract 2.1) is refused here with the field's path: an event with no
//! action or two, `by` missing or out of place, an unknown figure, side or suit, a card
//! string that does not parse.

pub mod card_deal;

use super::cards::Suit;
pub use super::figure::{Figure, Figures};
pub use super::hands::SideCards;
use crate::rules::common::{Pair, Side};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;

/// Giltspiel's variants (contract 3).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GiltVariant {
    Standard,
    Perlique,
}

/// Perlaggen's variants (contract 3).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PerlaggVariant {
    Innsbruck,
    Eichel,
    Schlanders,
    Deutschnofen,
    /// The 1853 book's most widespread set: trump K, 7, O, U.
    #[serde(rename = "trump_four")]
    TrumpFour,
    /// A single permanent Perlagg: the Seven of bells ("Schello bello").
    #[serde(rename = "schello_bello")]
    SchelloBello,
    /// A single permanent Perlagg: the King of hearts ("Radetzky").
    Radetzky,
    /// "Schello bello" followed by the trump 7, O, U.
    #[serde(rename = "schello_bello_trumps")]
    SchelloBelloTrumps,
    /// "Radetzky" followed by the trump 7, O, U.
    #[serde(rename = "radetzky_trumps")]
    RadetzkyTrumps,
}

/// The figure games' options: `players` (Perlaggen 2, 3, 4 or 6; Giltspiel 4) and
/// `opponents_exchange` (Eichelperlaggen's Imst and Tarrenz variant); an unknown one is
/// malformed (contract 2.1).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub players: Option<u32>,
    pub opponents_exchange: Option<bool>,
}

/// A deal: the events in the order they happened (contract 3.1), or the deal card by card
/// (`{"cards": {...}}`, docs/rules/figures.md "Card-level deals (Streitfall)").
#[derive(Debug)]
pub enum Deal {
    Events(Vec<Event>),
    Cards(Box<card_deal::CardDeal>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealFields {
    #[serde(default, deserialize_with = "present")]
    events: Option<Vec<Event>>,
    #[serde(default, deserialize_with = "present")]
    cards: Option<Box<card_deal::CardDeal>>,
}

impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match DealFields::deserialize(d)? {
            DealFields {
                events: Some(e),
                cards: None,
            } => Ok(Deal::Events(e)),
            DealFields {
                events: None,
                cards: Some(c),
            } => Ok(Deal::Cards(c)),
            DealFields { events: None, .. } => Err(de::Error::missing_field("events")),
            _ => Err(de::Error::custom(
                "a deal holds `events` or `cards`, not both",
            )),
        }
    }
}

/// The cards each side showed for one figure; a side left out showed nothing.
pub type ShownCards = Pair<SideCards>;

/// What the show settled for one figure.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The side that won it.
    Won(Side),
    /// Equal best figures: it stands (steht), no one scores it.
    Stands,
    /// The cards shown, from which the engine decides.
    Cards(ShownCards),
}

/// A side's best instances for the decider (contract 3.1).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeciderHand {
    #[serde(default)]
    pub gleich: SideCards,
    #[serde(default)]
    pub hanger: SideCards,
}

/// The decider's outcome when both sides are gestrichen (contract 5.4).
#[derive(Debug, Clone, PartialEq)]
pub enum DeciderOutcome {
    Won(Side),
    /// No qualifying figure, or a tie.
    Nothing,
    Cards(Pair<DeciderHand>),
}

/// Shared visitor: a keyword string or an object of cards.
pub fn keyword_or_map<'de, D, T, M>(
    d: D,
    keywords: &'static [&'static str],
    keyword: fn(&str) -> Option<T>,
    map: fn(M) -> T,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    M: Deserialize<'de>,
{
    struct V<T, M> {
        keywords: &'static [&'static str],
        keyword: fn(&str) -> Option<T>,
        map: fn(M) -> T,
    }
    impl<'de, T, M: Deserialize<'de>> Visitor<'de> for V<T, M> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(
                f,
                "one of {:?} or an object of cards per side",
                self.keywords
            )
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
            (self.keyword)(s).ok_or_else(|| E::unknown_variant(s, self.keywords))
        }
        fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<T, A::Error> {
            M::deserialize(de::value::MapAccessDeserializer::new(m)).map(self.map)
        }
    }
    d.deserialize_any(V {
        keywords,
        keyword,
        map,
    })
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        keyword_or_map(
            d,
            &["A", "B", "stands"],
            |s| match s {
                "A" => Some(Outcome::Won(Side::A)),
                "B" => Some(Outcome::Won(Side::B)),
                "stands" => Some(Outcome::Stands),
                _ => None,
            },
            Outcome::Cards,
        )
    }
}

impl<'de> Deserialize<'de> for DeciderOutcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        keyword_or_map(
            d,
            &["A", "B", "none"],
            |s| match s {
                "A" => Some(DeciderOutcome::Won(Side::A)),
                "B" => Some(DeciderOutcome::Won(Side::B)),
                "none" => Some(DeciderOutcome::Nothing),
                _ => None,
            },
            DeciderOutcome::Cards,
        )
    }
}

/// An optional key that is written holds a value: `null` is a wrong type (contract 2.1),
/// not a key left out, so `{"hold": null}` never passes silently.
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

/// The show: an outcome per figure still open (a figure left out is not shown here). Among
/// three players the outcome names players (`three::record::Outcome`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, bound = "O: Deserialize<'de>")]
pub struct Show<O = Outcome> {
    #[serde(default, deserialize_with = "present")]
    pub gleich: Option<O>,
    #[serde(default, deserialize_with = "present")]
    pub hanger: Option<O>,
    #[serde(default, deserialize_with = "present")]
    pub spiel: Option<O>,
}

impl<O> Show<O> {
    pub fn get(&self, f: Figure) -> Option<&O> {
        match f {
            Figure::Gleich => self.gleich.as_ref(),
            Figure::Hanger => self.hanger.as_ref(),
            Figure::Spiel => self.spiel.as_ref(),
        }
    }
}

/// One event of a deal (contract 3.1): exactly one action.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Trump(Suit),
    Bet(Figures, Side),
    Hold(Figure, Side),
    Raise(Figure, Side),
    Good(Figure, Side),
    Tricks(Side),
    Show(Box<Show>),
    Unshown {
        figure: Figure,
        by: Side,
        /// The player of the side who failed (seat 1 or 2), where the record names one.
        seat: Option<u8>,
        other_can_show: bool,
    },
    Decider(Box<DeciderOutcome>),
}

/// The event object as written: every key optional, checked into an [`Event`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFields {
    #[serde(default, deserialize_with = "present")]
    trump: Option<Suit>,
    #[serde(default, deserialize_with = "present")]
    bet: Option<Figures>,
    #[serde(default, deserialize_with = "present")]
    hold: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    raise: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    good: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    tricks: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    show: Option<Box<Show>>,
    #[serde(default, deserialize_with = "present")]
    unshown: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    decider: Option<Box<DeciderOutcome>>,
    #[serde(default, deserialize_with = "present")]
    by: Option<Side>,
    #[serde(default, deserialize_with = "present")]
    other_can_show: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    seat: Option<u8>,
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = EventFields::deserialize(d)?;
        let actions = [
            f.trump.is_some(),
            f.bet.is_some(),
            f.hold.is_some(),
            f.raise.is_some(),
            f.good.is_some(),
            f.tricks.is_some(),
            f.show.is_some(),
            f.unshown.is_some(),
            f.decider.is_some(),
        ]
        .iter()
        .filter(|&&x| x)
        .count();
        if actions != 1 {
            return Err(de::Error::custom(format!(
                "an event holds exactly one action (trump, bet, hold, raise, good, tricks, show, unshown, decider), found {actions}"
            )));
        }
        let needs_by = f.bet.is_some()
            || f.hold.is_some()
            || f.raise.is_some()
            || f.good.is_some()
            || f.unshown.is_some();
        let by = match (needs_by, f.by) {
            (true, Some(by)) => by,
            (true, None) => return Err(de::Error::missing_field("by")),
            (false, Some(_)) => {
                return Err(de::Error::custom(
                    "`by` belongs only to bet, hold, raise, good and unshown",
                ));
            }
            (false, None) => Side::A,
        };
        if f.unshown.is_none() && f.other_can_show.is_some() {
            return Err(de::Error::custom(
                "`other_can_show` belongs only to unshown",
            ));
        }
        match (f.unshown.is_some(), f.seat) {
            (false, Some(_)) => return Err(de::Error::custom("`seat` belongs only to unshown")),
            (true, Some(n)) if !(1..=2).contains(&n) => {
                return Err(de::Error::custom(format!(
                    "`seat` is the player of the side, 1 or 2, not {n}"
                )));
            }
            _ => {}
        }
        Ok(if let Some(s) = f.trump {
            Event::Trump(s)
        } else if let Some(fs) = f.bet {
            Event::Bet(fs, by)
        } else if let Some(x) = f.hold {
            Event::Hold(x, by)
        } else if let Some(x) = f.raise {
            Event::Raise(x, by)
        } else if let Some(x) = f.good {
            Event::Good(x, by)
        } else if let Some(s) = f.tricks {
            Event::Tricks(s)
        } else if let Some(s) = f.show {
            Event::Show(s)
        } else if let Some(figure) = f.unshown {
            let other_can_show = f
                .other_can_show
                .ok_or_else(|| de::Error::missing_field("other_can_show"))?;
            Event::Unshown {
                figure,
                by,
                seat: f.seat,
                other_can_show,
            }
        } else if let Some(o) = f.decider {
            Event::Decider(o)
        } else {
            return Err(de::Error::custom("an event holds exactly one action"));
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
    fn a_bet_takes_one_figure_or_a_list_kept_in_scoring_order() {
        let Ok(Event::Bet(f, Side::B)) = event(r#"{"bet": ["spiel", "gleich"], "by": "B"}"#) else {
            panic!("not a bet")
        };
        assert_eq!(
            f.iter().collect::<Vec<_>>(),
            [Figure::Gleich, Figure::Spiel]
        );
        assert!(matches!(
            event(r#"{"bet": "hanger", "by": "A"}"#),
            Ok(Event::Bet(Figures([false, true, false]), Side::A))
        ));
        assert!(event(r#"{"bet": ["gleich", "gleich"], "by": "A"}"#).is_err());
        assert!(event(r#"{"bet": [], "by": "A"}"#).is_err());
    }

    #[test]
    fn an_event_holds_exactly_one_action_and_by_where_it_belongs() {
        assert!(event(r#"{"by": "A"}"#).unwrap_err().contains("found 0"));
        assert!(
            event(r#"{"hold": "gleich", "good": "spiel", "by": "A"}"#)
                .unwrap_err()
                .contains("found 2")
        );
        assert!(
            event(r#"{"good": "spiel"}"#)
                .unwrap_err()
                .contains("missing field `by`")
        );
        assert!(event(r#"{"tricks": "A", "by": "A"}"#).is_err());
        assert!(event(r#"{"trump": "G"}"#).is_ok_and(|e| e == Event::Trump(Suit::L)));
        assert!(event(r#"{"unshown": "gleich", "by": "A"}"#).is_err());
        assert!(event(r#"{"tricks": "A", "other_can_show": true}"#).is_err());
        // The seat of a failed show: 1 or 2, and only on unshown.
        let seated = r#"{"unshown": "gleich", "by": "A", "seat": 2, "other_can_show": true}"#;
        assert!(matches!(
            event(seated),
            Ok(Event::Unshown { seat: Some(2), .. })
        ));
        let three = r#"{"unshown": "gleich", "by": "A", "seat": 3, "other_can_show": true}"#;
        assert!(event(three).unwrap_err().contains("1 or 2"));
        assert!(event(r#"{"tricks": "A", "seat": 1}"#).is_err());
    }

    #[test]
    fn show_outcomes_are_a_side_stands_or_cards() {
        let Ok(Event::Show(s)) =
            event(r#"{"show": {"gleich": "stands", "hanger": {"A": ["ek", "E7=EO"]}}}"#)
        else {
            panic!("not a show")
        };
        assert_eq!(s.gleich, Some(Outcome::Stands));
        let Some(Outcome::Cards(cards)) = &s.hanger else {
            panic!("no cards")
        };
        assert_eq!(cards.a.hands()[0].1.len(), 2);
        assert!(cards.b.hands().is_empty());
        assert!(event(r#"{"show": {"gleich": "C"}}"#).is_err());
        // Cards by seat: each seat's hand on its own; an unknown seat is malformed.
        let Ok(Event::Show(s)) = event(r#"{"show": {"gleich": {"A": {"2": ["EA", "LA"]}}}}"#)
        else {
            panic!("not a show")
        };
        let Some(Outcome::Cards(cards)) = &s.gleich else {
            panic!("no cards")
        };
        assert_eq!(cards.a.hands().len(), 1);
        assert_eq!(cards.a.hands()[0].0, Some(2));
        assert!(event(r#"{"show": {"gleich": {"A": {"3": ["EA", "LA"]}}}}"#).is_err());
        assert!(event(r#"{"show": {"gleich": {"A": ["E11"]}}}"#).is_err());
        assert!(
            event(r#"{"decider": "none"}"#)
                .is_ok_and(|e| e == Event::Decider(Box::new(DeciderOutcome::Nothing)))
        );
    }
}
