//! The tournament file (contract section 8): serde types that refuse unknown keys, and the
//! checks of every reference in it, each error naming its path (`rounds[1].tables[0].seats[2]`).
//!
//! kartl adds optional keys the contract leaves open: `target` (the game's target score),
//! `settings` ([`Settings`]), `date` and `place` (when and where it was played), `marks`
//! (withdrawals, absences and late entries, [`Mark`]), and per round `byes`, `seed` (the
//! stored draw seed) and `knockout` (a finals round, not counted in the standings).

use super::draw::Draw;
use super::field::Mark;
use super::format::{Format, Settings};
use super::tiebreak::{Kind, Order, default_order};
use crate::rules::match_record::Options;
use crate::rules::{Game, Malformed, Variant};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Whether a game whose options name `players` is three-player Watten (`options.players: 3`).
pub fn three_player_watten(game: Game, players: Option<u64>) -> bool {
    game == Game::Watten && players == Some(3)
}

/// Typed options as a file writes them (keys sorted). Options are strings, numbers, lists of
/// strings and switches, which always make a JSON object; were that ever to fail, no options.
pub fn written_options(options: &Options) -> Map<String, Value> {
    match serde_json::to_value(options) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// A player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub id: String,
    pub name: String,
}

/// A partnership and its players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub id: String,
    pub name: String,
    pub players: Vec<String>,
}

/// A table of a round: its seats map the record's sides in order (`A`, `B` or `P1`..`P3`),
/// and its deals are a match record's deals (left to the referee).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub seats: Vec<String>,
    #[serde(default)]
    pub deals: Vec<Value>,
}

/// One round (a session in the `sessions` format).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub tables: Vec<Table>,
    /// Entrants who sit out this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<String>,
    /// The seed this round was drawn with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A knockout finals round: not counted in the standings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub knockout: bool,
}

/// A tournament file (contract 8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    pub name: String,
    pub game: Game,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Map<String, Value>>,
    pub format: Format,
    #[serde(default)]
    pub players: Vec<Player>,
    #[serde(default)]
    pub teams: Vec<Team>,
    #[serde(default)]
    pub rounds: Vec<Round>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    /// The day it was played, `YYYY-MM-DD` (a string: the pure engine reads no calendar).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Where it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// What happened to entrants after the first draw (withdrawn, absent, late), so a file
    /// keeps the standings' notes and the draws of a tournament that runs on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
}

impl TournamentFile {
    /// Reads and checks a tournament file; the first problem is the error.
    pub fn parse(input: &str) -> Result<TournamentFile, Malformed> {
        let mut de = serde_json::Deserializer::from_str(input);
        let file: TournamentFile = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." { String::new() } else { path };
            Malformed::new(path, e.into_inner().to_string())
        })?;
        match file.problems().into_iter().next() {
            Some(p) => Err(p),
            None => Ok(file),
        }
    }

    /// The variant played, the game's default when the file names none.
    pub fn variant(&self) -> Variant {
        self.variant.unwrap_or(Variant::default_for(self.game))
    }

    /// The target score: the file's, or the variant's default.
    pub fn target(&self) -> Option<u32> {
        self.target.or(self.variant().default_target())
    }

    /// The settings, with defaults for anything left out.
    pub fn settings(&self) -> Settings {
        self.settings.clone().unwrap_or_default()
    }

    /// The kind of tournament its tie-breaks are chosen for.
    pub fn kind(&self) -> Kind {
        Kind {
            format: self.format,
            game: self.game,
            scheme: self.settings().scheme,
            three_player_watten: self.three_player_watten(),
        }
    }

    /// The order of the standings: `settings.tiebreaks`, or the format's default order.
    pub fn order(&self) -> Order {
        let s = self.settings();
        Order {
            columns: s.tiebreaks.unwrap_or_else(|| default_order(self.kind())),
            lot_seed: s.lot_seed.unwrap_or(0),
        }
    }

    /// Three-player Watten (`options.players: 3`): players for themselves, one plays alone
    /// against the other two in each deal, tables of three with sides `P1`..`P3`.
    pub fn three_player_watten(&self) -> bool {
        let players = (self.options.as_ref())
            .and_then(|o| o.get("players"))
            .and_then(Value::as_u64);
        three_player_watten(self.game, players)
    }

    /// Whether seats name players (Gaigel `two` and `three`, three-player Watten), not teams.
    pub fn individual(&self) -> bool {
        self.variant().individual() || self.three_player_watten()
    }

    /// How many sides a table has: 3 for Gaigel `three` and three-player Watten, else 2.
    pub fn sides(&self) -> usize {
        if self.three_player_watten() {
            3
        } else {
            self.variant().sides()
        }
    }

    /// The entrants (players, or teams in partnership games) as `(id, name)`.
    pub fn entrants(&self) -> Vec<(String, String)> {
        if self.individual() {
            self.players
                .iter()
                .map(|p| (p.id.clone(), p.name.clone()))
                .collect()
        } else {
            self.teams
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }
    }

    /// The match record of one table, ready for the referee (contract 3).
    pub fn match_record(&self, round: usize, table: usize) -> Option<Value> {
        let t = self.rounds.get(round)?.tables.get(table)?;
        let mut record = Map::new();
        record.insert("game".into(), serde_json::to_value(self.game).ok()?);
        record.insert("variant".into(), serde_json::to_value(self.variant()).ok()?);
        if let Some(target) = self.target {
            record.insert("target".into(), target.into());
        }
        if let Some(options) = &self.options {
            record.insert("options".into(), Value::Object(options.clone()));
        }
        record.insert("deals".into(), Value::Array(t.deals.clone()));
        Some(Value::Object(record))
    }

    /// A round's seating as a draw (each seat a side), for the history of later draws.
    pub fn draw(&self, round: usize) -> Option<Draw> {
        let r = self.rounds.get(round)?;
        Some(Draw {
            tables: r
                .tables
                .iter()
                .map(|t| t.seats.iter().map(|s| vec![s.clone()]).collect())
                .collect(),
            byes: r.byes.clone(),
        })
    }
}
