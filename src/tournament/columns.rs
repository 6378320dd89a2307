//! The standings' columns and their ranking (contract 8): the tie-break [`Column`]s, a ranked
//! [`Row`] as it prints, and [`rank`], which orders entrants by points, then each column in
//! turn. `standings.rs` (one tournament) and `scheme.rs` (a season) both rank with it.

use serde::ser::{Serialize, SerializeMap, Serializer};

/// A tie-break column, in JSON under [`Column::key`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// `sessions`: deals won (most game points at the table in a deal).
    DealsWon,
    /// `sessions`: the sum of counts (card points and melds) over all deals.
    Counts,
    /// Watten `rounds`: Bummerl dealt to opponents minus Bummerl received.
    BummerlDifference,
    /// Figure-game `rounds`: points scored minus points conceded in the games.
    ScoreDifference,
    /// Gaigel `rounds`: strokes cleared minus strokes the opponents cleared.
    StrokesDifference,
    /// Wattkönig scheme: the opponents' points; fewer is better.
    PointsConceded,
    /// Three-player Watten `sessions`: Bummerl received; fewer is better.
    BummerlReceived,
    /// Three-player Watten `sessions`: Bummerl the other players received in games this
    /// player won.
    BummerlDealt,
}

impl Column {
    /// The column's JSON key.
    pub fn key(self) -> &'static str {
        match self {
            Column::DealsWon => "deals_won",
            Column::Counts => "counts",
            Column::BummerlDifference => "bummerl_difference",
            Column::ScoreDifference => "score_difference",
            Column::StrokesDifference => "strokes_difference",
            Column::PointsConceded => "points_conceded",
            Column::BummerlReceived => "bummerl_received",
            Column::BummerlDealt => "bummerl_dealt",
        }
    }

    /// Whether a higher value ranks better (all but points conceded and Bummerl received).
    pub fn higher_is_better(self) -> bool {
        !matches!(self, Column::PointsConceded | Column::BummerlReceived)
    }
}

/// One standings row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub rank: u32,
    pub id: String,
    pub name: String,
    pub points: i64,
    /// The tie-break columns in order, with this entrant's values.
    pub tiebreaks: Vec<(Column, i64)>,
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(4 + self.tiebreaks.len()))?;
        m.serialize_entry("rank", &self.rank)?;
        m.serialize_entry("id", &self.id)?;
        m.serialize_entry("name", &self.name)?;
        m.serialize_entry("points", &self.points)?;
        for (c, v) in &self.tiebreaks {
            m.serialize_entry(c.key(), v)?;
        }
        m.end()
    }
}

/// An entrant's totals before ranking: points and one value per tie-break column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub name: String,
    pub points: i64,
    pub tiebreaks: Vec<i64>,
}

/// Ranks entries: points, then each column in turn; equal on every key, equal rank.
/// Rows of equal rank are listed by id, so the input order never shows.
pub fn rank(mut entries: Vec<Entry>, columns: &[Column]) -> Vec<Row> {
    let key = |e: &Entry| -> Vec<i64> {
        std::iter::once(-e.points)
            .chain(columns.iter().enumerate().map(|(i, c)| {
                let v = e.tiebreaks.get(i).copied().unwrap_or(0);
                if c.higher_is_better() { -v } else { v }
            }))
            .collect()
    };
    entries.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.id.cmp(&b.id)));
    let mut rows: Vec<Row> = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let rank = match i.checked_sub(1).map(|p| &entries[p]) {
            Some(prev) if key(prev) == key(e) => rows[i - 1].rank,
            _ => i as u32 + 1,
        };
        rows.push(Row {
            rank,
            id: e.id.clone(),
            name: e.name.clone(),
            points: e.points,
            tiebreaks: columns
                .iter()
                .enumerate()
                .map(|(i, c)| (*c, e.tiebreaks.get(i).copied().unwrap_or(0)))
                .collect(),
        });
    }
    rows
}
