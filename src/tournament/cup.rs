//! A cup (a Watt-Cup, a Gaigel series): the evenings of several clubs added up. Each evening's
//! final standings give every player a place; the cup's table of points per place turns the
//! place into cup points; a player's best `best_of` evenings count, the others are struck;
//! a player with fewer than `min_evenings` evenings is listed but not ranked; equal points are
//! separated by the cup's ordered tie-breaks, and who is equal on all of them shares the rank.
//!
//! Pure: the evenings come in as plain places per player (a team's place is each of its
//! players' place), identified by the register's ids. What the texts leave open is decided
//! here (docs/reference/tournaments.md, "Cups"):
//! - **Tied places** (ranks 2, 2) each get the points of the shared rank (both get place 2's).
//! - **Best N**: a player's evenings by points, most first; between equal points the earlier
//!   evening counts and the later is struck (the evenings' order is the cup's, by date).

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Cup points for a place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlacePoints {
    /// Points by place, the first place first (25, 20, 16, 13, 11, 10, ...); beyond it none.
    Table(Vec<u32>),
    /// The field's size less the place plus one: the last of 40 gets 1, the first 40.
    FieldLessPlace,
}

/// A tie-break between players of equal cup points, in the cup's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CupTiebreak {
    /// The better places: more first places, then more second places, and so on.
    BetterPlaces,
    /// More evenings played.
    MoreEvenings,
    /// More points in the struck evenings.
    StruckPoints,
}

/// A cup's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupRules {
    pub points: PlacePoints,
    /// How many of a player's evenings count (the best); absent: all.
    pub best_of: Option<u32>,
    /// How many evenings a player needs to be ranked.
    pub min_evenings: u32,
    pub tiebreaks: Vec<CupTiebreak>,
}

/// One evening's final standings: each player's place (rank) and the field's size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evening {
    pub id: String,
    /// How many entrants the evening had (a team is one entrant).
    pub field: u32,
    /// Each player's rank (1 is first; equal ranks are tied).
    pub places: Vec<(String, u32)>,
}

/// One evening of a player's in the cup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CupEvening {
    pub evening: String,
    pub place: u32,
    pub points: u32,
    /// Counted toward the cup (not struck by best-of).
    pub counted: bool,
}

/// A player's line of the cup's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CupRow {
    /// Absent for a player with fewer evenings than the cup requires.
    pub rank: Option<u32>,
    pub player: String,
    /// The counted evenings' points.
    pub points: u32,
    pub evenings: Vec<CupEvening>,
}

/// The points of `place` in a field of `field` under `points`.
pub fn place_points(points: &PlacePoints, place: u32, field: u32) -> u32 {
    match points {
        PlacePoints::Table(table) => place
            .checked_sub(1)
            .and_then(|i| table.get(i as usize))
            .copied()
            .unwrap_or(0),
        PlacePoints::FieldLessPlace => (field + 1).saturating_sub(place),
    }
}

/// Each player's evenings, best first by points, best-of applied.
fn player_evenings(rules: &CupRules, evenings: &[Evening]) -> Vec<(String, Vec<CupEvening>)> {
    let mut by_player: BTreeMap<String, Vec<CupEvening>> = BTreeMap::new();
    for evening in evenings {
        for (player, place) in &evening.places {
            let line = CupEvening {
                evening: evening.id.clone(),
                place: *place,
                points: place_points(&rules.points, *place, evening.field),
                counted: true,
            };
            by_player.entry(player.clone()).or_default().push(line);
        }
    }
    for lines in by_player.values_mut() {
        // Stable: between equal points the earlier evening stays first and counts.
        let mut order: Vec<usize> = (0..lines.len()).collect();
        order.sort_by(|a, b| lines[*b].points.cmp(&lines[*a].points));
        let counted = rules.best_of.map_or(lines.len(), |n| n as usize);
        for (nth, i) in order.into_iter().enumerate() {
            lines[i].counted = nth < counted;
        }
    }
    by_player.into_iter().collect()
}

fn points(lines: &[CupEvening], counted: bool) -> u32 {
    lines
        .iter()
        .filter(|l| l.counted == counted)
        .map(|l| l.points)
        .sum()
}

/// Compares two players by one tie-break: `Less` means `a` ranks higher.
fn tiebreak(kind: CupTiebreak, a: &[CupEvening], b: &[CupEvening]) -> Ordering {
    match kind {
        CupTiebreak::BetterPlaces => {
            let places = |lines: &[CupEvening]| {
                let mut p: Vec<u32> = lines.iter().map(|l| l.place).collect();
                p.sort_unstable();
                p
            };
            // More good places first: compare the sorted places; a longer list with the same
            // start has one more place and so wins.
            let (pa, pb) = (places(a), places(b));
            for (x, y) in pa.iter().zip(&pb) {
                if x != y {
                    return x.cmp(y);
                }
            }
            pb.len().cmp(&pa.len())
        }
        CupTiebreak::MoreEvenings => b.len().cmp(&a.len()),
        CupTiebreak::StruckPoints => points(b, false).cmp(&points(a, false)),
    }
}

/// The cup's standings: ranked players first (best first), then the unranked by points.
pub fn cup_standings(rules: &CupRules, evenings: &[Evening]) -> Vec<CupRow> {
    let mut rows: Vec<CupRow> = player_evenings(rules, evenings)
        .into_iter()
        .map(|(player, evenings)| CupRow {
            rank: None,
            points: points(&evenings, true),
            player,
            evenings,
        })
        .collect();
    let ranked = |row: &CupRow| row.evenings.len() >= rules.min_evenings as usize;
    let compare = |a: &CupRow, b: &CupRow| {
        b.points.cmp(&a.points).then_with(|| {
            rules
                .tiebreaks
                .iter()
                .map(|kind| tiebreak(*kind, &a.evenings, &b.evenings))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    };
    rows.sort_by(|a, b| {
        ranked(b)
            .cmp(&ranked(a))
            .then_with(|| compare(a, b))
            .then_with(|| a.player.cmp(&b.player))
    });
    let mut rank = 0;
    for i in 0..rows.len() {
        if !ranked(&rows[i]) {
            break;
        }
        if i == 0 || compare(&rows[i - 1], &rows[i]).is_ne() {
            rank = i as u32 + 1;
        }
        rows[i].rank = Some(rank);
    }
    rows
}

#[cfg(test)]
#[path = "cup_tests.rs"]
mod tests;
