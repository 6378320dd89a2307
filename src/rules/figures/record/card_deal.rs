//! The card-level deal of the figure games as written (docs/rules/figures.md, "Card-level
//! deals (Streitfall)"): the seats, the dealer, the hands, the cutter's Perlaggen, the turned
//! card (with the acorns turned aside in Eichelperlaggen), the exchanges, and the actions in
//! order. Malformed input (contract 2.1) is refused
//! here: an unknown key, an action with no verb or two, a seat out of range, a hand that is
//! not five cards.

use super::super::cards::{Card, Shown};
use super::{Figure, Figures, present};
use crate::rules::common::Side;
use serde::Deserialize;
use serde::de::{self, Deserializer};

/// `{"cards": {...}}`: one deal recorded card by card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDeal {
    /// The sides in playing order; seat 0 leads the first trick.
    pub seats: Vec<Side>,
    /// The dealer's seat: the last in playing order (the player to the dealer's left leads).
    pub dealer: usize,
    /// Each seat's five cards as dealt.
    pub hands: Vec<Vec<Plain>>,
    /// Permanent Perlaggen the cutter took at the cut and showed (Perlaggen text, "The
    /// Deal"); they are part of the cutter's five cards in `hands`.
    #[serde(default, deserialize_with = "present")]
    pub cut: Option<Vec<Plain>>,
    /// Eichelperlaggen: the acorns turned up before `turned`, in order, set aside.
    #[serde(default, deserialize_with = "present")]
    pub exposed: Option<Vec<Plain>>,
    /// The card turned up for trumps.
    pub turned: Plain,
    /// The exchanges before the play: one object (the turned Perlagg taken) or a list.
    #[serde(default, deserialize_with = "present")]
    pub exchange: Option<Exchanges>,
    pub actions: Vec<Action>,
}

/// A card without a baptism (hands, the turned card, an exchanged card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plain(pub Card);

impl<'de> Deserialize<'de> for Plain {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = Shown::deserialize(d)?;
        match s.baptism {
            None => Ok(Plain(s.card)),
            Some(_) => Err(de::Error::custom(format!(
                "{s}: a dealt card carries no baptism (a Perlagg is baptised when it is played or shown)"
            ))),
        }
    }
}

/// One exchange: `seat` puts `card` from its hand face up and takes `take`, a Perlagg lying
/// face up (the turned card when `take` is left out). Perlaggen text, "The Deal"; in
/// Eichelperlaggen also the upgrade and natural acorns for acorn Perlaggen set aside.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    pub seat: usize,
    pub card: Plain,
    #[serde(default, deserialize_with = "present")]
    pub take: Option<Plain>,
}

/// `exchange`: one object (the form before the list) or a list, applied in order.
#[derive(Debug, Clone)]
pub struct Exchanges(pub Vec<Exchange>);

impl<'de> Deserialize<'de> for Exchanges {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = Exchanges;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(
                    f,
                    "an exchange {{\"seat\", \"card\", \"take\"}} or a list of them"
                )
            }
            fn visit_map<A: de::MapAccess<'de>>(self, m: A) -> Result<Exchanges, A::Error> {
                Exchange::deserialize(de::value::MapAccessDeserializer::new(m))
                    .map(|x| Exchanges(vec![x]))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, s: A) -> Result<Exchanges, A::Error> {
                Vec::<Exchange>::deserialize(de::value::SeqAccessDeserializer::new(s))
                    .map(Exchanges)
            }
        }
        d.deserialize_any(V)
    }
}

/// One action of a seat.
#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    pub seat: usize,
    pub verb: Verb,
}

/// What the seat did.
#[derive(Debug, Clone, PartialEq)]
pub enum Verb {
    /// Played a card (a Perlagg with its baptism, `E7=L10`).
    Card(Shown),
    Bet(Figures),
    Hold(Figure),
    Raise(Figure),
    Good(Figure),
    /// Put cards from the hand face up in the show (Perlaggen baptised there).
    Show(Vec<Shown>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionFields {
    seat: usize,
    #[serde(default, deserialize_with = "present")]
    card: Option<Shown>,
    #[serde(default, deserialize_with = "present")]
    bet: Option<Figures>,
    #[serde(default, deserialize_with = "present")]
    hold: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    raise: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    good: Option<Figure>,
    #[serde(default, deserialize_with = "present")]
    show: Option<Vec<Shown>>,
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = ActionFields::deserialize(d)?;
        // Counted and picked without a list: an action is read for every card of a deal.
        let found = usize::from(f.card.is_some())
            + usize::from(f.bet.is_some())
            + usize::from(f.hold.is_some())
            + usize::from(f.raise.is_some())
            + usize::from(f.good.is_some())
            + usize::from(f.show.is_some());
        if f.show.as_ref().is_some_and(Vec::is_empty) {
            return Err(de::Error::custom("`show` names at least one card"));
        }
        let verb = match (f.card, f.bet, f.hold, f.raise, f.good, f.show) {
            _ if found != 1 => None,
            (Some(c), ..) => Some(Verb::Card(c)),
            (_, Some(x), ..) => Some(Verb::Bet(x)),
            (_, _, Some(x), ..) => Some(Verb::Hold(x)),
            (_, _, _, Some(x), ..) => Some(Verb::Raise(x)),
            (.., Some(x), _) => Some(Verb::Good(x)),
            (.., Some(x)) => Some(Verb::Show(x)),
            _ => None,
        };
        let Some(verb) = verb else {
            return Err(de::Error::custom(format!(
                "an action holds `seat` and exactly one verb (card, bet, hold, raise, good, show), found {found}"
            )));
        };
        Ok(Action { seat: f.seat, verb })
    }
}

impl CardDeal {
    /// The checks of form serde cannot make: seat counts, alternating sides, the dealer,
    /// five cards a hand, seats in range. `players` is the record's `options.players`.
    pub fn check_form(&self, players: u32) -> Result<(), (String, String)> {
        let n = self.seats.len();
        let bad = |path: &str, msg: String| Err((path.to_string(), msg));
        if n != players as usize {
            return bad(
                "seats",
                format!("{n} seats, but the record is for {players} players"),
            );
        }
        if self
            .seats
            .iter()
            .enumerate()
            .any(|(i, s)| *s != self.seats[0].other_if(i % 2 == 1))
        {
            return bad(
                "seats",
                "the sides alternate round the table (partners sit opposite)".into(),
            );
        }
        if self.dealer != n - 1 {
            return bad(
                "dealer",
                format!(
                    "{}: the player to the dealer's left leads the first trick, so the dealer is the last seat ({})",
                    self.dealer,
                    n - 1
                ),
            );
        }
        if self.hands.len() != n {
            return bad("hands", format!("{} hands for {n} seats", self.hands.len()));
        }
        if let Some(i) = self.hands.iter().position(|h| h.len() != 5) {
            return bad(&format!("hands[{i}]"), "a hand holds five cards".into());
        }
        if let Some(x) = &self.exchange
            && let Some(i) = x.0.iter().position(|x| x.seat >= n)
        {
            let path = if x.0.len() == 1 {
                "exchange.seat".to_string()
            } else {
                format!("exchange[{i}].seat")
            };
            return bad(&path, format!("{}: no such seat", x.0[i].seat));
        }
        if let Some(i) = self.actions.iter().position(|a| a.seat >= n) {
            return bad(
                &format!("actions[{i}].seat"),
                format!("{}: no such seat", self.actions[i].seat),
            );
        }
        Ok(())
    }
}

/// `other_if(true)` is the other side.
trait OtherIf {
    fn other_if(self, flip: bool) -> Side;
}

impl OtherIf for Side {
    fn other_if(self, flip: bool) -> Side {
        if flip { self.other() } else { self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(json: &str) -> Result<Action, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn an_action_reads_its_one_verb() {
        let a = action(r#"{"seat":2,"card":"E7=L10"}"#).unwrap();
        assert_eq!(a.seat, 2);
        assert_eq!(a.verb, Verb::Card(Shown::parse("E7=L10").unwrap()));
        assert_eq!(
            action(r#"{"seat":1,"good":"spiel"}"#).unwrap().verb,
            Verb::Good(Figure::Spiel)
        );
        assert_eq!(
            action(r#"{"seat":0,"hold":"gleich"}"#).unwrap().verb,
            Verb::Hold(Figure::Gleich)
        );
        assert_eq!(
            action(r#"{"seat":0,"raise":"hanger"}"#).unwrap().verb,
            Verb::Raise(Figure::Hanger)
        );
        assert!(matches!(
            action(r#"{"seat":3,"bet":["gleich","spiel"]}"#)
                .unwrap()
                .verb,
            Verb::Bet(_)
        ));
        assert_eq!(
            action(r#"{"seat":1,"show":["L10","S6=L10"]}"#)
                .unwrap()
                .verb,
            Verb::Show(vec![
                Shown::parse("L10").unwrap(),
                Shown::parse("S6=L10").unwrap()
            ])
        );
    }

    #[test]
    fn an_action_without_exactly_one_verb_is_refused_naming_the_count() {
        for (bad, found) in [
            (r#"{"seat":0}"#, 0),
            (r#"{"seat":0,"card":"EA","good":"spiel"}"#, 2),
            (
                r#"{"seat":0,"bet":"gleich","hold":"gleich","show":["EA"]}"#,
                3,
            ),
        ] {
            let err = action(bad).unwrap_err();
            assert!(
                err.contains("exactly one verb") && err.contains(&format!("found {found}")),
                "{bad}: {err}"
            );
        }
        let err = action(r#"{"seat":0,"card":"EA","show":[]}"#).unwrap_err();
        assert!(err.contains("`show` names at least one card"), "{err}");
    }
}
