//! The standings' columns and their ranking (contract 8): the tie-break [`Column`]s, a ranked
//! [`Row`] as it prints, and [`rank`], which orders entrants by points, then each column in
//! turn. `standings.rs` (one tournament) and `scheme.rs` (a season) both rank with it.
//! A [`Column::HeadToHead`] is worked out inside each group still tied when it is reached
//! ([`rank_with`]).

use serde::ser::{Serialize, SerializeMap, Serializer};
use std::collections::{BTreeMap, BTreeSet};

/// A tie-break column, in JSON under [`Column::key`] (also its name in `settings.tiebreaks`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
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
    /// Wattkönig scheme: games won (a bye counts as one).
    GamesWon,
    /// `rounds`: the points scored against the other entrants of a tied group, when every two
    /// of them met.
    HeadToHead,
    /// `rounds`: the sum of the opponents' points (Buchholz).
    Buchholz,
    /// `rounds`: the sum of the opponents' Buchholz (fine Buchholz).
    FineBuchholz,
    /// The lot: a place drawn from the tournament's stored seed; lower is better.
    Lot,
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
            Column::GamesWon => "games_won",
            Column::HeadToHead => "head_to_head",
            Column::Buchholz => "buchholz",
            Column::FineBuchholz => "fine_buchholz",
            Column::Lot => "lot",
        }
    }

    /// Whether a higher value ranks better (all but points conceded, Bummerl received and
    /// the lot).
    pub fn higher_is_better(self) -> bool {
        !matches!(
            self,
            Column::PointsConceded | Column::BummerlReceived | Column::Lot
        )
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

/// One meeting of two entrants and the points each scored in it (for head-to-head).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encounter {
    pub a: String,
    pub b: String,
    pub points: (i64, i64),
}

/// Ranks entries: points, then each column in turn; equal on every key, equal rank.
/// Rows of equal rank are listed by id, so the input order never shows.
pub fn rank(entries: Vec<Entry>, columns: &[Column]) -> Vec<Row> {
    rank_with(entries, columns, &[])
}

/// Each member's head-to-head value in a tied group: the points scored in `meetings` against
/// the group's other members, when every two of them met; otherwise 0 for all (it decides
/// nothing).
fn head_to_head(ids: &[&str], meetings: &[Encounter]) -> Vec<i64> {
    let members: BTreeSet<&str> = ids.iter().copied().collect();
    let mut met = BTreeSet::new();
    let mut points: BTreeMap<&str, i64> = BTreeMap::new();
    for m in meetings {
        let (a, b) = (m.a.as_str(), m.b.as_str());
        if a != b && members.contains(a) && members.contains(b) {
            met.insert((a.min(b), a.max(b)));
            *points.entry(a).or_default() += m.points.0;
            *points.entry(b).or_default() += m.points.1;
        }
    }
    let pairs = members.len() * (members.len() - 1) / 2;
    ids.iter()
        .map(|id| {
            if met.len() == pairs {
                points.get(id).copied().unwrap_or(0)
            } else {
                0
            }
        })
        .collect()
}

/// [`rank`] with the meetings a [`Column::HeadToHead`] reads: the entries are split by points,
/// then each group still tied by the next column in turn (head-to-head within the group).
pub fn rank_with(mut entries: Vec<Entry>, columns: &[Column], meetings: &[Encounter]) -> Vec<Row> {
    entries.sort_by(|a, b| a.id.cmp(&b.id));
    for e in &mut entries {
        e.tiebreaks.resize(columns.len(), 0);
    }
    let mut groups: Vec<Vec<usize>> = vec![(0..entries.len()).collect()];
    for key in std::iter::once(None).chain(columns.iter().copied().enumerate().map(Some)) {
        let mut next = Vec::with_capacity(groups.len());
        for mut group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            if let Some((k, Column::HeadToHead)) = key {
                let ids: Vec<&str> = group.iter().map(|&i| entries[i].id.as_str()).collect();
                let values = head_to_head(&ids, meetings);
                for (&i, v) in group.iter().zip(values) {
                    entries[i].tiebreaks[k] = v;
                }
            }
            let value = |i: usize| match key {
                None => -entries[i].points,
                Some((k, c)) if c.higher_is_better() => -entries[i].tiebreaks[k],
                Some((k, _)) => entries[i].tiebreaks[k],
            };
            group.sort_by_key(|&i| value(i));
            let mut run: Vec<usize> = Vec::new();
            for i in group {
                if run.last().is_some_and(|&j| value(j) != value(i)) {
                    next.push(std::mem::take(&mut run));
                }
                run.push(i);
            }
            next.push(run);
        }
        groups = next;
    }
    let mut rows: Vec<Row> = Vec::with_capacity(entries.len());
    for group in groups {
        let rank = rows.len() as u32 + 1;
        for i in group {
            let e = &entries[i];
            rows.push(Row {
                rank,
                id: e.id.clone(),
                name: e.name.clone(),
                points: e.points,
                tiebreaks: columns
                    .iter()
                    .copied()
                    .zip(e.tiebreaks.iter().copied())
                    .collect(),
            });
        }
    }
    rows
}
