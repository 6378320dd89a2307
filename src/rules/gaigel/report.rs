//! The Gaigel result (contract 4): per deal the counts (`points`), `winner`, `double`, and
//! `strokes` (each line after the deal) or, under SKV Rutesheim scoring, `game_points`;
//! `game_over` on the deal that clears a line; `games` (the match, once won); `tally`
//! (strokes standing on each line, the phase and the match winner, or each player's game
//! points). Sides print as `A`/`B`, or `P1`..`P3` in `three`.

use super::super::common::{Side, Violation};
use super::super::ruling::DealRulings;
use super::options::name;
use super::tally::{Phase, Tally};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// One value per side, printed `{"A": .., "B": ..}` or `{"P1": .., "P2": .., "P3": ..}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats<T> {
    pub sides: usize,
    pub values: [T; 3],
}

impl<T: Serialize> Serialize for Seats<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.sides))?;
        for (s, v) in self.values.iter().enumerate().take(self.sides) {
            map.serialize_entry(name(self.sides, s), v)?;
        }
        map.end()
    }
}

/// A side as printed: `"A"`, `"B"`, `"P1"`, `"P2"`, `"P3"`.
pub type SideName = &'static str;

/// The side of a two-sided table that a printed name stands for; `None` for a player of
/// three (`P1`..`P3`), who has no side `A` or `B`.
pub fn side_of(name: SideName) -> Option<Side> {
    match name {
        "A" => Some(Side::A),
        "B" => Some(Side::B),
        _ => None,
    }
}

/// The deal that ends the match (contract 4: `game_over`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameOver {
    pub winner: SideName,
    /// The strokes still standing on the losers' lines.
    pub marks: u32,
    /// Always null for Gaigel (contract 4).
    pub decided_by: Option<SideName>,
}

/// One deal as the result prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealReport {
    /// Each side's count: card points plus melds.
    pub points: Seats<u32>,
    /// Who won the deal; null for a drawn deal, or in `three` on the stroke tally when two
    /// players win because the third über- or untergaigelt.
    pub winner: Option<SideName>,
    /// A double game (Gigackel).
    pub double: bool,
    /// The strokes on each line after the deal (stroke tally).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strokes: Option<Seats<u32>>,
    /// Each player's game points in this deal (SKV Rutesheim).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Seats<u32>>,
    pub game_over: Option<GameOver>,
}

/// A finished match (contract 4: `games`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    pub winner: SideName,
    /// The strokes standing on each line at the end.
    pub score: Seats<u32>,
    /// The strokes still standing on the losers' lines.
    pub marks: u32,
    pub decided_by: Option<SideName>,
}

/// The tally (contract 4): the stroke sheet, or each player's game points under Rutesheim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TallyReport {
    Strokes(Tally),
    GamePoints(Seats<u32>),
}

impl Serialize for TallyReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            TallyReport::GamePoints(points) => points.serialize(serializer),
            TallyReport::Strokes(t) => {
                let mut map = serializer.serialize_map(Some(t.sides + 2))?;
                for s in 0..t.sides {
                    map.serialize_entry(name(t.sides, s), &t.lines[s])?;
                }
                let phase: Phase = t.phase;
                map.serialize_entry("phase", &phase)?;
                map.serialize_entry("winner", &t.winner.map(|w| name(t.sides, w)))?;
                map.end()
            }
        }
    }
}

/// The result of refereeing a Gaigel record (contract section 4).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub valid: bool,
    pub errors: Vec<Violation>,
    pub deals: Vec<DealReport>,
    pub games: Vec<GameReport>,
    pub tally: TallyReport,
    /// A ruling per action of each card-level deal (docs/rules/streitfall.md); left out for
    /// fact-level records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<DealRulings>,
}
