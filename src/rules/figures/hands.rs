//! Whose cards: a side's cards for a figure in a show or a decider, as a list (no seat named)
//! or by seat (`{"1": [..], "2": [..]}`), and the rule that a figure is held by one player.
//!
//! Sources: both texts, "Gleich, Hanger, Spiel" ("A Gleich is a set of at least two equal
//! ranked cards in the hand of one player"; "The player with the best Gleich wins"); the
//! seat form is kartl's optional extension of contract 3.1 (docs/rules/figures.md).

use super::cards::Shown;
use super::figure::Figure;
use super::shapes::{as_gleich, as_hanger};
use super::state::FigureState;
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

impl SideCards {
    /// The seats that showed cards, as bits (`1 << seat`); 0 for the list form.
    pub fn seat_bits(&self) -> u8 {
        self.hands()
            .iter()
            .filter_map(|(seat, _)| *seat)
            .fold(0, |bits, n| bits | 1 << n)
    }
}

/// The checks of a failed show (`unshown`) that read the player: a player's failure is
/// recorded once (a side's failure without a seat stands for either player, so it is once
/// for the side), and a player whose own cards formed the figure in the show did show an
/// example ("any player who has bet on or seen a figure must show an example of that
/// figure": both texts, "Showing cards to validate bets").
pub fn failed_hand(
    fs: &FigureState,
    figure: Figure,
    side: Side,
    seat: Option<u8>,
) -> Result<(), RuleError> {
    let (de, en) = figure.name();
    let i = side as usize;
    let failed = fs.unshown_seats[i];
    let again = fs.unshown[i].is_some()
        && match seat {
            None => true,
            Some(n) => failed == 0 || failed & 1 << n != 0,
        };
    let who = hand_name(side, seat);
    if again {
        return Err(err(
            ErrorCode::InvalidShow,
            format!("Dass {who} für {de} nichts zeigen konnte, ist schon eingetragen."),
            format!("{who}'s failed show for {en} is already recorded."),
        ));
    }
    if let Some(n) = seat
        && fs.shown_seats[i] & 1 << n != 0
    {
        return Err(err(
            ErrorCode::InvalidShow,
            format!(
                "{who} hat beim Zeigen selbst {de} gezeigt; ein Beispiel ist also gezeigt, ein Nicht-Zeigen passt nicht dazu."
            ),
            format!(
                "{who} showed {en} in the show, so an example was shown; a failed show contradicts it."
            ),
        ));
    }
    Ok(())
}
