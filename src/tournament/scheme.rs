//! Scoring schemes and what builds on standings: the per-tournament scheme of a `rounds`
//! tournament (contract 8's games won, or Wattkönig), a season (several club evenings in one
//! table, the club championship) and the seeding of knockout finals from the standings.

use super::columns::{Column, Entry, Row, rank};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The scoring scheme of a `rounds` tournament.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Scheme {
    /// Contract 8: points are games won, then the Bummerl or score difference.
    #[default]
    Games,
    /// Wattkönig: a won game scores the target plus `bonus` (10), a lost game the points made;
    /// ties are broken by points conceded, fewer first.
    Wattkoenig {
        /// The bonus for a won game.
        #[serde(default = "ten")]
        bonus: u32,
    },
}

fn ten() -> u32 {
    10
}

/// Which evenings of a season count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeasonCount {
    /// Every evening counts.
    #[default]
    All,
    /// Only each entrant's best N evenings count (Streichergebnisse: the others are dropped).
    Best(usize),
}

fn better(a: &Row, b: &Row) -> std::cmp::Ordering {
    let key = |r: &Row| -> Vec<i64> {
        std::iter::once(-r.points)
            .chain(
                r.tiebreaks
                    .iter()
                    .map(|(c, v)| if c.higher_is_better() { -v } else { *v }),
            )
            .collect()
    };
    key(a).cmp(&key(b))
}

/// A season's standings: each entrant's points and tie-break columns summed over the evenings
/// (their best N with [`SeasonCount::Best`]), ranked like one tournament. An entrant is known
/// by id across evenings; the name of the latest evening is shown. Columns are those of the
/// evenings, in order of first appearance; an evening without a column adds 0 to it.
pub fn season(evenings: &[Vec<Row>], count: SeasonCount) -> Vec<Row> {
    let mut columns: Vec<Column> = Vec::new();
    let mut by_id: BTreeMap<&str, (String, Vec<&Row>)> = BTreeMap::new();
    for evening in evenings {
        for row in evening {
            for (c, _) in &row.tiebreaks {
                if !columns.contains(c) {
                    columns.push(*c);
                }
            }
            let e = by_id
                .entry(&row.id)
                .or_insert((row.name.clone(), Vec::new()));
            e.0 = row.name.clone();
            e.1.push(row);
        }
    }
    let entries = by_id
        .into_iter()
        .map(|(id, (name, mut rows))| {
            if let SeasonCount::Best(n) = count {
                rows.sort_by(|a, b| better(a, b));
                rows.truncate(n);
            }
            let tiebreaks = columns
                .iter()
                .map(|c| {
                    rows.iter()
                        .flat_map(|r| r.tiebreaks.iter().filter(|(k, _)| k == c))
                        .map(|(_, v)| v)
                        .sum()
                })
                .collect();
            Entry {
                id: id.to_string(),
                name,
                points: rows.iter().map(|r| r.points).sum(),
                tiebreaks,
            }
        })
        .collect();
    rank(entries, &columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, points: i64, won: i64) -> Row {
        Row {
            rank: 0,
            id: id.into(),
            name: id.to_uppercase(),
            points,
            tiebreaks: vec![(Column::DealsWon, won)],
        }
    }

    #[test]
    fn a_season_sums_the_evenings() {
        let e1 = vec![row("a", 50, 5), row("b", 40, 4)];
        let e2 = vec![row("b", 60, 6), row("c", 30, 1)];
        let s = season(&[e1, e2], SeasonCount::All);
        let got: Vec<(&str, u32, i64)> = s
            .iter()
            .map(|r| (r.id.as_str(), r.rank, r.points))
            .collect();
        assert_eq!(got, [("b", 1, 100), ("a", 2, 50), ("c", 3, 30)]);
        assert_eq!(s[0].tiebreaks, [(Column::DealsWon, 10)]);
    }

    #[test]
    fn only_the_best_evenings_count_when_asked() {
        let e = |p| vec![row("a", p, 0)];
        let s = season(&[e(10), e(30), e(20)], SeasonCount::Best(2));
        assert_eq!(s[0].points, 50);
    }

    #[test]
    fn the_wattkoenig_scheme_reads_with_its_default_bonus() {
        let s: Scheme = serde_json::from_str(r#"{"wattkoenig": {}}"#).unwrap();
        assert_eq!(s, Scheme::Wattkoenig { bonus: 10 });
        let s: Scheme = serde_json::from_str(r#""games""#).unwrap();
        assert_eq!(s, Scheme::Games);
    }
}
