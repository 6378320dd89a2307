//! The result of a figures record (contract 4): per deal `points`, `score`, `figures`,
//! `penalty`, `gestrichen`, `game_over`; then `games` and the `tally` of games won.

use super::record::Figure;
use super::scoring::Scored;
use super::state::{AUS, Value};
use crate::rules::common::{Pair, Side, Violation};
use serde::{Serialize, Serializer};

/// The whole result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub valid: bool,
    pub errors: Vec<Violation>,
    pub deals: Vec<DealReport>,
    pub games: Vec<GameReport>,
    /// Games won by each side.
    pub tally: Pair<u32>,
    /// A ruling per action of each card-level deal; left out for fact-level records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<crate::rules::ruling::DealRulings>,
}

impl Default for Report {
    fn default() -> Self {
        Report {
            valid: true,
            errors: Vec::new(),
            deals: Vec::new(),
            games: Vec::new(),
            tally: Pair::new(0, 0),
            rulings: Vec::new(),
        }
    }
}

impl Report {
    /// Stops at the first broken rule; `deals` keeps the deals before it.
    pub fn fail(&mut self, v: Violation) {
        self.valid = false;
        self.errors.push(v);
    }
}

/// One deal's line on the score sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealReport {
    pub points: Pair<i64>,
    pub score: Pair<i64>,
    pub figures: FiguresReport,
    pub penalty: Pair<i64>,
    /// Sides one point short of the target after the deal (gestrichen).
    pub gestrichen: Vec<Side>,
    pub game_over: Option<GameOver>,
}

/// Who won each figure on the table, and its value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FiguresReport<S = Side> {
    pub gleich: FigureResult<S>,
    pub hanger: FigureResult<S>,
    pub spiel: FigureResult<S>,
}

/// A figure's winner (`null` when it stands or no one won it) and value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FigureResult<S = Side> {
    /// A side, or among three players a player.
    pub winner: Option<S>,
    #[serde(serialize_with = "value_out")]
    pub value: Value,
}

/// Values print as numbers and Spiel aus as `"aus"` (contract 3.1).
fn value_out<S: Serializer>(v: &Value, s: S) -> Result<S::Ok, S::Error> {
    if *v == AUS {
        s.serialize_str("aus")
    } else {
        s.serialize_u8(*v)
    }
}

/// The deal ended a game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GameOver {
    pub winner: Side,
    /// One per game won: the figure games know no Schneider.
    pub marks: u32,
    /// The figure that took the winner to the target (`null` when a decider was recorded
    /// only as its winner).
    pub decided_by: Option<Figure>,
}

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GameReport {
    pub winner: Side,
    pub score: Pair<i64>,
    pub marks: u32,
    pub decided_by: Option<Figure>,
}

/// Builds the deal's report line from its scoring.
pub fn deal_report(s: &Scored, target: u32) -> DealReport {
    let fig = |f: Figure| {
        let (winner, value) = s.figures[f.index()];
        FigureResult { winner, value }
    };
    // Read at the deal's final score, the game's last deal included (as Watten does): the
    // losers' column keeps its line on the sheet when they end one point short.
    let gestrichen = Side::BOTH
        .into_iter()
        .filter(|&side| *s.score.get(side) == i64::from(target) - 1)
        .collect();
    DealReport {
        points: s.points,
        score: s.score,
        figures: FiguresReport {
            gleich: fig(Figure::Gleich),
            hanger: fig(Figure::Hanger),
            spiel: fig(Figure::Spiel),
        },
        penalty: s.penalty,
        gestrichen,
        game_over: s.game_over.map(|(winner, decided_by)| GameOver {
            winner,
            marks: 1,
            decided_by,
        }),
    }
}
