//! The Watten result (contract 4): per deal `points`, `score`, `stake`, `gestrichen`
//! (Bavarian: the gespannt sides) and `game_over`; the finished `games`; the `tally` of
//! Bummerl each side received.

use crate::rules::common::{Pair, Side, Violation};
use crate::rules::ruling::DealRulings;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

/// The result of refereeing a Watten record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub valid: bool,
    pub errors: Vec<Violation>,
    pub deals: Vec<DealResult>,
    pub games: Vec<GameResult>,
    /// Bummerl received by each side (the `marks` of the games it lost).
    pub tally: Pair<u32>,
    /// A ruling per action of each card-level deal, up to the first illegal one
    /// (docs/rules/streitfall.md); left out for fact-level records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<DealRulings>,
}

/// One deal's line on the score sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealResult {
    pub points: Pair<u32>,
    /// The running score of the game after the deal (the final score when it ended a game).
    pub score: Pair<u32>,
    /// The value the deal was decided at (what its scorer wrote).
    pub stake: u32,
    /// Sides gestrichen (Tyrolean) or gespannt (Bavarian) at `score`.
    pub gestrichen: Sides,
    pub game_over: Option<GameOver>,
}

/// Written on the deal that ends a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameOver {
    pub winner: Side,
    pub marks: u32,
    /// Figure games only; always null for Watten (contract 4).
    pub decided_by: Option<&'static str>,
}

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Side,
    pub score: Pair<u32>,
    pub marks: u32,
    pub decided_by: Option<&'static str>,
}

/// A set of sides, written as a list (`["A"]`), kept without allocation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sides(pub Pair<bool>);

impl Serialize for Sides {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let n = usize::from(self.0.a) + usize::from(self.0.b);
        let mut seq = serializer.serialize_seq(Some(n))?;
        for side in Side::BOTH {
            if *self.0.get(side) {
                seq.serialize_element(&side)?;
            }
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_serialize_as_a_list() {
        let json = serde_json::to_string(&Sides(Pair::new(false, true))).unwrap();
        assert_eq!(json, r#"["B"]"#);
        let json = serde_json::to_string(&Sides(Pair::new(true, true))).unwrap();
        assert_eq!(json, r#"["A","B"]"#);
    }

    #[test]
    fn game_over_writes_decided_by_null() {
        let g = GameOver {
            winner: Side::A,
            marks: 2,
            decided_by: None,
        };
        assert_eq!(
            serde_json::to_string(&g).unwrap(),
            r#"{"winner":"A","marks":2,"decided_by":null}"#
        );
    }
}
