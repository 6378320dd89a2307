//! The draw's types: a round's seating ([`Draw`]), the table shapes ([`Layout`]), why a draw
//! cannot be made ([`DrawError`]) and who met whom so far ([`History`]). `draw.rs` makes draws
//! and `search.rs` searches seatings; both read these types from here.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The sizes of a table's sides: `[1, 1, 1]`, `[1, 1]`, `[2, 2]`.
pub type Layout = Vec<usize>;

/// One round's seating: the tables in order, and the entrants who sit out (byes).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    /// Each table's sides, each side's entrants, in seat order.
    pub tables: Vec<Vec<Vec<String>>>,
    /// Entrants without a table this round.
    #[serde(default)]
    pub byes: Vec<String>,
}

impl Draw {
    /// Every entrant the draw names, tables first, then byes.
    pub fn entrants(&self) -> impl Iterator<Item = &String> {
        self.tables
            .iter()
            .flatten()
            .flatten()
            .chain(self.byes.iter())
    }

    /// A table's seats in order (its sides flattened).
    pub fn seats(&self, table: usize) -> Vec<String> {
        self.tables
            .get(table)
            .map(|t| t.iter().flatten().cloned().collect())
            .unwrap_or_default()
    }
}

/// Why a draw cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawError {
    /// The tables and byes do not hold exactly the entrants.
    WrongSize { entrants: usize, places: usize },
    /// An entrant is named twice.
    Duplicate(String),
    /// The swap names someone who is not in the draw.
    Unknown(String),
    /// Wattkönig rotation needs tables of two single sides.
    NotTwoSided,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::WrongSize { entrants, places } => write!(
                f,
                "{entrants} entrants but the tables and byes hold {places} places"
            ),
            DrawError::Duplicate(id) => write!(f, "{id} is named twice"),
            DrawError::Unknown(id) => write!(f, "{id} is not in this draw"),
            DrawError::NotTwoSided => write!(
                f,
                "the Wattkönig rotation needs tables of two teams (or two players)"
            ),
        }
    }
}

impl std::error::Error for DrawError {}

/// Who met whom so far: the facts a later draw avoids repeating.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    opponents: BTreeSet<(String, String)>,
    partners: BTreeSet<(String, String)>,
    byes: BTreeMap<String, u32>,
}

fn pair(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

impl History {
    /// The history of the given rounds.
    pub fn of(draws: &[Draw]) -> Self {
        let mut h = History::default();
        for d in draws {
            h.record(d);
        }
        h
    }

    /// Adds one round: everyone at a table met everyone else there, as partner (same side)
    /// or opponent (other side); byes are counted.
    pub fn record(&mut self, draw: &Draw) {
        for table in &draw.tables {
            for (i, side) in table.iter().enumerate() {
                for (j, other) in table.iter().enumerate() {
                    for a in side {
                        for b in other {
                            if a == b {
                                continue;
                            }
                            if i == j {
                                self.partners.insert(pair(a, b));
                            } else {
                                self.opponents.insert(pair(a, b));
                            }
                        }
                    }
                }
            }
        }
        for b in &draw.byes {
            *self.byes.entry(b.clone()).or_default() += 1;
        }
    }

    /// Whether `a` and `b` have met as opponents.
    pub fn met(&self, a: &str, b: &str) -> bool {
        self.opponents.contains(&pair(a, b))
    }

    /// Whether `a` and `b` have played as partners.
    pub fn partnered(&self, a: &str, b: &str) -> bool {
        self.partners.contains(&pair(a, b))
    }

    /// How many byes `a` has had.
    pub fn byes(&self, a: &str) -> u32 {
        self.byes.get(a).copied().unwrap_or(0)
    }

    /// The repeats a draw would make: (repeat opponents + repeat partners, repeat byes).
    pub fn repeats(&self, draw: &Draw) -> (u32, u32) {
        let mut meetings = 0;
        for table in &draw.tables {
            for (i, side) in table.iter().enumerate() {
                for (j, other) in table.iter().enumerate().skip(i) {
                    for (x, a) in side.iter().enumerate() {
                        for b in other.iter().skip(if i == j { x + 1 } else { 0 }) {
                            let seen = if i == j {
                                self.partnered(a, b)
                            } else {
                                self.met(a, b)
                            };
                            meetings += u32::from(seen);
                        }
                    }
                }
            }
        }
        let byes = draw.byes.iter().filter(|b| self.byes(b) > 0).count() as u32;
        (meetings, byes)
    }
}
