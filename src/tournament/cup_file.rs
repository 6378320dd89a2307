//! The cup file: a cup's rules and its evenings, each a whole tournament file (contract 8), in
//! one JSON document that `kartl standings` and `POST /api/v1/standings` read as they read a
//! tournament file (docs/reference/cups.md). Every evening is refereed as its own file; its
//! final standings give each player a place (a team's place is each of its players'), and
//! [`super::cup`] adds the places up.
//!
//! A player is one person across the evenings by the player `id` the files give (the
//! register's id where the files come from kartl); the name shown is the one of the latest
//! evening that names them.

use super::cup::{CupEvening, CupRules, CupTiebreak, Evening, PlacePoints, cup_standings};
use super::evaluate::{BrokenTable, evaluate};
use super::file::TournamentFile;
use crate::rules::{Game, Lang, Malformed};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Cup points per place as a file writes them: a list, or `"field_less_place"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PointsSpec {
    Table(Vec<u32>),
    Named(NamedPoints),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NamedPoints {
    FieldLessPlace,
}

fn default_min_evenings() -> u32 {
    1
}

fn default_tiebreaks() -> Vec<CupTiebreak> {
    vec![CupTiebreak::BetterPlaces, CupTiebreak::MoreEvenings]
}

/// A cup file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CupFile {
    /// The cup's name.
    pub cup: String,
    pub game: Game,
    pub points: PointsSpec,
    #[serde(default)]
    pub best_of: Option<u32>,
    #[serde(default = "default_min_evenings")]
    pub min_evenings: u32,
    #[serde(default = "default_tiebreaks")]
    pub tiebreaks: Vec<CupTiebreak>,
    /// The evenings in the cup's order (by date): tournament files.
    pub evenings: Vec<TournamentFile>,
}

/// A line of the cup's standings as the file's answer prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CupLine {
    /// `null` for a player with fewer evenings than the cup requires.
    pub rank: Option<u32>,
    pub id: String,
    pub name: String,
    pub points: u32,
    /// Each evening the player played: its name, the place, the points, counted or struck.
    pub evenings: Vec<CupEvening>,
}

/// The cup's answer (`{"cup": NAME, "standings": [LINE, ...]}`), and the tables of its
/// evenings whose records break a rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CupEvaluation {
    pub cup: String,
    pub standings: Vec<CupLine>,
    /// (the evening's index, the broken table); named on stderr, not in the answer.
    #[serde(skip)]
    pub broken: Vec<(usize, BrokenTable)>,
}

/// Whether a JSON text is a cup file rather than a tournament file (it has a `cup` key).
pub fn is_cup_file(input: &str) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        cup: Option<serde::de::IgnoredAny>,
    }
    serde_json::from_str::<Probe>(input).is_ok_and(|p| p.cup.is_some())
}

impl CupFile {
    /// Reads a cup file; the first problem is the error, with its path.
    pub fn parse(input: &str) -> Result<CupFile, Malformed> {
        let mut de = serde_json::Deserializer::from_str(input);
        let file: CupFile = serde_path_to_error::deserialize(&mut de)
            .map_err(|e| Malformed::new(e.path().to_string(), e.inner().to_string()))?;
        for (i, evening) in file.evenings.iter().enumerate() {
            if evening.game != file.game {
                return Err(Malformed::new(
                    format!("evenings[{i}].game"),
                    format!(
                        "the cup is {}, this evening is {}",
                        file.game.as_str(),
                        evening.game.as_str()
                    ),
                ));
            }
        }
        Ok(file)
    }

    fn rules(&self) -> CupRules {
        CupRules {
            points: match &self.points {
                PointsSpec::Table(table) => PlacePoints::Table(table.clone()),
                PointsSpec::Named(NamedPoints::FieldLessPlace) => PlacePoints::FieldLessPlace,
            },
            best_of: self.best_of,
            min_evenings: self.min_evenings,
            tiebreaks: self.tiebreaks.clone(),
        }
    }
}

/// One evening's place per player: a team's rank is each of its players'.
fn places(file: &TournamentFile, rows: &[super::standings::Row]) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    for row in rows {
        match file.teams.iter().find(|t| t.id == row.id) {
            Some(team) => out.extend(team.players.iter().map(|p| (p.clone(), row.rank))),
            None => out.push((row.id.clone(), row.rank)),
        }
    }
    out
}

/// Referees every evening of the cup file and adds up the cup's standings.
pub fn evaluate_cup(file: &CupFile, lang: Lang) -> Result<CupEvaluation, Malformed> {
    let mut evenings = Vec::with_capacity(file.evenings.len());
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let mut broken = Vec::new();
    for (i, tournament) in file.evenings.iter().enumerate() {
        let evaluation = evaluate(tournament, lang).map_err(|m| {
            let path = match m.path.as_str() {
                "" => format!("evenings[{i}]"),
                path => format!("evenings[{i}].{path}"),
            };
            Malformed::new(path, m.message.clone())
        })?;
        broken.extend(evaluation.broken.into_iter().map(|b| (i, b)));
        let rows = &evaluation.standings.standings;
        for player in &tournament.players {
            names.insert(player.id.clone(), player.name.clone());
        }
        evenings.push(Evening {
            id: tournament.name.clone(),
            field: u32::try_from(rows.len()).unwrap_or(u32::MAX),
            places: places(tournament, rows),
        });
    }
    let standings = cup_standings(&file.rules(), &evenings)
        .into_iter()
        .map(|row| CupLine {
            rank: row.rank,
            name: names.get(&row.player).cloned().unwrap_or_default(),
            id: row.player,
            points: row.points,
            evenings: row.evenings,
        })
        .collect();
    Ok(CupEvaluation {
        cup: file.cup.clone(),
        standings,
        broken,
    })
}

/// Reads and evaluates a cup file.
pub fn evaluate_cup_text(input: &str, lang: Lang) -> Result<CupEvaluation, Malformed> {
    evaluate_cup(&CupFile::parse(input)?, lang)
}
