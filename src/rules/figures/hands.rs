//! Whose cards: a side's cards for a figure in a show or a decider, as a list (no seat named)
//! or by seat (`{"1": [..], "2": [..]}`), and the rule that a figure is held by one player.
//!
//! Sources: both texts, "Gleich, Hanger, Spiel" ("A Gleich is a set of at least two equal
//! ranked cards in the hand of one player"; "The player with the best Gleich wins"); the
//! seat form is kartl's optional extension of contract 3.1 (docs/rules/figures.md).

use super::cards::Shown;
use super::figure::Figure;
use super::shapes::{as_gleich, as_hanger};
use super::state::err;
use crate::rules::common::{ErrorCode, RuleError, Side};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;

/// One side's cards for a figure: a list (the side's cards, no seat named: kartl takes
/// them as one player's, as the record has always read) or the cards by seat, `{"1": [..],
/// "2": [..]}`, each seat one player's hand (a figure is held by one player: both texts,
/// "Gleich, Hanger, Spiel").
#[derive(Debug, Clone, PartialEq)]
pub enum SideCards {
    Unseated(Vec<Shown>),
    /// Seat 1 and seat 2 of the side.
    Seated([Vec<Shown>; 2]),
}

impl Default for SideCards {
    fn default() -> Self {
        SideCards::Unseated(Vec::new())
    }
}

impl SideCards {
    /// Each hand's cards with its seat (`None`: no seat named); hands that showed nothing
    /// are left out.
    pub fn hands(&self) -> Vec<(Option<u8>, &[Shown])> {
        match self {
            SideCards::Unseated(cards) => vec![(None, cards.as_slice())],
            SideCards::Seated([one, two]) => {
                vec![(Some(1), one.as_slice()), (Some(2), two.as_slice())]
            }
        }
        .into_iter()
        .filter(|(_, cards)| !cards.is_empty())
        .collect()
    }
}

/// The seat form as written: `{"1": CARDS, "2": CARDS}`, a seat left out showed nothing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatFields {
    #[serde(rename = "1", default)]
    one: Vec<Shown>,
    #[serde(rename = "2", default)]
    two: Vec<Shown>,
}

impl<'de> Deserialize<'de> for SideCards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SideCards;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cards, or the cards by seat {\"1\": [...], \"2\": [...]}")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<SideCards, A::Error> {
                Vec::<Shown>::deserialize(de::value::SeqAccessDeserializer::new(seq))
                    .map(SideCards::Unseated)
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<SideCards, A::Error> {
                SeatFields::deserialize(de::value::MapAccessDeserializer::new(m))
                    .map(|s| SideCards::Seated([s.one, s.two]))
            }
        }
        d.deserialize_any(V)
    }
}

/// "A1" / "A" for messages: the side, and the seat where one is named.
pub fn hand_name(side: Side, seat: Option<u8>) -> String {
    match seat {
        Some(n) => format!("{side}{n}"),
        None => side.to_string(),
    }
}

/// `invalid_show` for a figure whose cards form it only together, in two players' hands.
pub fn spread_over_hands(
    side: Side,
    hands: &[(Option<u8>, &[Shown])],
    figure: Figure,
) -> Option<RuleError> {
    if hands.len() < 2 {
        return None;
    }
    let all: Vec<Shown> = hands.iter().flat_map(|(_, l)| l.iter().copied()).collect();
    let forms = match figure {
        Figure::Gleich => as_gleich(&all).is_some(),
        _ => as_hanger(&all).is_some(),
    };
    if !forms {
        return None;
    }
    let (de, en) = figure.name();
    let nominative = figure.name_nominative();
    let shown = hands
        .iter()
        .map(|(seat, l)| {
            let cards: Vec<String> = l.iter().map(|c| c.to_string()).collect();
            format!("{}: {}", hand_name(side, *seat), cards.join(" "))
        })
        .collect::<Vec<_>>()
        .join(", ");
    Some(err(
        ErrorCode::InvalidShow,
        format!(
            "Die Karten ({shown}) bilden {de} nur zusammen, aus zwei Händen; {nominative} muss in der Hand eines Spielers sein."
        ),
        format!(
            "The cards ({shown}) form {en} only together, from two hands; {en} must be in the hand of one player."
        ),
    ))
}
