//! One tournament as the pages and the API use it: the row with its JSON columns parsed.
//! Its own module so that both [`super::tournaments`] (writing) and [`super::view`] (reading)
//! can name it without importing each other.

use super::corrupt;
use crate::db::models::{TournamentId, TournamentRow, TournamentStatus as Status};
use crate::error::AppError;
use crate::rules::match_record::Options;
use crate::rules::{Game, Record, Variant};
use crate::tournament::format::{Format, Settings};
use chrono::{NaiveDate, NaiveDateTime};

/// A tournament as the pages and the API use it (the row with its JSON columns parsed).
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub id: TournamentId,
    pub slug: String,
    pub club_id: i32,
    pub name: String,
    pub date: Option<NaiveDate>,
    pub place: Option<String>,
    pub game: Game,
    pub variant: Variant,
    pub target: Option<u32>,
    pub options: Option<Options>,
    pub format: Format,
    pub settings: Option<Settings>,
    /// The rule set frozen when the first round was drawn (or at import): the frame of every
    /// table's record.
    pub rules_frozen: Option<Record>,
    pub public: bool,
    pub status: Status,
    pub created_at: NaiveDateTime,
}

impl Tournament {
    /// Whether entrants are players (Gaigel `two`, `three`, three-player Watten), not teams.
    pub fn individual(&self) -> bool {
        self.variant.individual() || self.three_player_watten()
    }

    /// Three-player Watten (`options.players: 3`).
    fn three_player_watten(&self) -> bool {
        let players = self.options.as_ref().and_then(|o| o.players);
        crate::tournament::file::three_player_watten(self.game, players.map(u64::from))
    }

    /// How many sides a table has: 3 for Gaigel `three` and three-player Watten, else 2.
    pub fn sides(&self) -> usize {
        if self.three_player_watten() {
            3
        } else {
            self.variant.sides()
        }
    }
}

impl TryFrom<TournamentRow> for Tournament {
    type Error = AppError;

    fn try_from(row: TournamentRow) -> Result<Tournament, AppError> {
        let date = match &row.date {
            Some(d) => {
                Some(NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|e| corrupt("date", e))?)
            }
            None => None,
        };
        Ok(Tournament {
            id: TournamentId(row.id),
            game: row.game,
            variant: row.variant,
            format: row.format,
            target: row.target.map(|t| t.max(0) as u32),
            options: serde_json::from_str(&row.options).map_err(|e| corrupt("options", e))?,
            settings: serde_json::from_str(&row.settings).map_err(|e| corrupt("settings", e))?,
            rules_frozen: row
                .rules_frozen
                .as_deref()
                .map(Record::from_rules)
                .transpose()
                .map_err(|e| corrupt("rules", e))?,
            status: row.status,
            date,
            slug: row.slug,
            club_id: row.club_id,
            name: row.name,
            place: row.place,
            public: row.public,
            created_at: row.created_at,
        })
    }
}
