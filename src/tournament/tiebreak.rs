//! Tie-breaks as settings: which columns a format offers, its default order (the order kartl
//! always used, so files without `settings.tiebreaks` rank as before), and the columns worked
//! out from the whole field rather than one entrant's results: Buchholz, fine Buchholz and the
//! lot. Head-to-head is worked out while ranking (`columns::rank_with`).

use super::columns::{Column, Encounter, Entry, Row, rank_with};
use super::format::{Format, Scheme};
use super::rng::SplitMix64;
use crate::rules::Game;
use std::collections::BTreeMap;

/// What a tournament ranks by after points: the columns in order and the lot's stored seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub columns: Vec<Column>,
    pub lot_seed: u64,
}

impl Order {
    /// An order without a lot seed (a lot then draws with seed 0).
    pub fn new(columns: Vec<Column>) -> Order {
        Order {
            columns,
            lot_seed: 0,
        }
    }
}

/// The kind of tournament a tie-break list is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    pub format: Format,
    pub game: Game,
    pub scheme: Scheme,
    /// Three-player Watten (`sessions` at tables of three, one alone against two).
    pub three_player_watten: bool,
}

/// The difference column of a `rounds` tournament of this game.
pub fn difference(game: Game) -> Column {
    match game {
        Game::Watten => Column::BummerlDifference,
        Game::Gaigel => Column::StrokesDifference,
        Game::Giltspiel | Game::Perlaggen => Column::ScoreDifference,
    }
}

/// The default order: the columns kartl ranked by before tie-breaks were settings.
pub fn default_order(kind: Kind) -> Vec<Column> {
    match kind.format {
        Format::Sessions if kind.three_player_watten => {
            vec![Column::BummerlReceived, Column::BummerlDealt]
        }
        Format::Sessions => vec![Column::DealsWon, Column::Counts],
        Format::Rounds => match kind.scheme {
            Scheme::Wattkoenig { .. } => vec![Column::PointsConceded],
            Scheme::Games => vec![difference(kind.game)],
        },
    }
}

/// Every column this kind of tournament can rank by, in the order the form lists them.
/// Head-to-head, Buchholz and fine Buchholz only in `rounds`, where two entrants meet and
/// every draw changes the opponents; the lot everywhere.
pub fn offered(kind: Kind) -> Vec<Column> {
    let mut out = default_order(kind);
    if kind.format == Format::Rounds {
        if matches!(kind.scheme, Scheme::Wattkoenig { .. }) {
            out.extend([Column::GamesWon, difference(kind.game)]);
        }
        out.extend([
            Column::DealsWon,
            Column::HeadToHead,
            Column::Buchholz,
            Column::FineBuchholz,
        ]);
    }
    out.push(Column::Lot);
    out
}

/// Why a chosen list cannot be used: the index of the first column not offered or listed
/// twice, and why.
pub fn check(kind: Kind, columns: &[Column]) -> Result<(), (usize, String)> {
    let offered = offered(kind);
    for (i, c) in columns.iter().enumerate() {
        if !offered.contains(c) {
            let why = format!("\"{}\" is not offered for this game and format", c.key());
            return Err((i, why));
        }
        if columns[..i].contains(c) {
            return Err((i, format!("\"{}\" is listed twice", c.key())));
        }
    }
    Ok(())
}

/// A stable 64-bit mix of an id (FNV-1a), so each entrant's lot depends only on the seed and
/// its own id.
fn id_hash(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Each entrant's lot: its place (from 1) when the field is ordered by a number drawn from
/// the seed and the entrant's id. The same seed and field always give the same places, in any
/// input order; an entrant added later does not change the order of the others.
pub fn lots(ids: &[&str], seed: u64) -> BTreeMap<String, i64> {
    let mut drawn: Vec<(u64, &str)> = ids
        .iter()
        .map(|id| (SplitMix64::new(seed ^ id_hash(id)).next_u64(), *id))
        .collect();
    drawn.sort();
    drawn
        .into_iter()
        .enumerate()
        .map(|(i, (_, id))| (id.to_string(), i as i64 + 1))
        .collect()
}

/// One ranking's inputs: each entrant's points and own column values, and the meetings.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    pub totals: BTreeMap<String, (i64, BTreeMap<Column, i64>)>,
    pub meetings: Vec<Encounter>,
}

impl Scope {
    /// Adds one entrant's points and values.
    pub fn add(&mut self, id: &str, points: i64, values: &[(Column, i64)]) {
        let e = self.totals.entry(id.to_string()).or_default();
        e.0 += points;
        for (c, v) in values {
            *e.1.entry(*c).or_default() += v;
        }
    }

    /// Adds another scope (a round) to this one (the whole tournament).
    pub fn merge(&mut self, other: &Scope) {
        for (id, (p, values)) in &other.totals {
            let v: Vec<(Column, i64)> = values.iter().map(|(c, v)| (*c, *v)).collect();
            self.add(id, *p, &v);
        }
        self.meetings.extend(other.meetings.iter().cloned());
    }

    fn points(&self, id: &str) -> i64 {
        self.totals.get(id).map_or(0, |t| t.0)
    }

    /// Buchholz: the sum of the points of every opponent met (once per meeting); a bye adds
    /// nothing. Fine Buchholz: the sum of those opponents' Buchholz.
    fn buchholz(&self, ids: &[&str]) -> (BTreeMap<String, i64>, BTreeMap<String, i64>) {
        let sum = |id: &str, of: &dyn Fn(&str) -> i64| -> i64 {
            self.meetings
                .iter()
                .filter_map(|m| {
                    (m.a == id)
                        .then_some(m.b.as_str())
                        .or((m.b == id).then_some(m.a.as_str()))
                })
                .map(of)
                .sum()
        };
        let bh: BTreeMap<String, i64> = ids
            .iter()
            .map(|id| (id.to_string(), sum(id, &|o| self.points(o))))
            .collect();
        let fine = ids
            .iter()
            .map(|id| {
                (
                    id.to_string(),
                    sum(id, &|o| bh.get(o).copied().unwrap_or(0)),
                )
            })
            .collect();
        (bh, fine)
    }

    /// Ranks the entrants by points, then the order's columns.
    pub fn rank(&self, entrants: &[(String, String)], order: &Order) -> Vec<Row> {
        let ids: Vec<&str> = entrants.iter().map(|(id, _)| id.as_str()).collect();
        let lot = lots(&ids, order.lot_seed);
        let (bh, fine) = self.buchholz(&ids);
        let entries = entrants
            .iter()
            .map(|(id, name)| {
                let own = self.totals.get(id);
                let tiebreaks = order
                    .columns
                    .iter()
                    .map(|c| match c {
                        Column::Lot => lot.get(id).copied().unwrap_or(0),
                        Column::Buchholz => bh.get(id).copied().unwrap_or(0),
                        Column::FineBuchholz => fine.get(id).copied().unwrap_or(0),
                        c => own.and_then(|o| o.1.get(c)).copied().unwrap_or(0),
                    })
                    .collect();
                Entry {
                    id: id.clone(),
                    name: name.clone(),
                    points: own.map_or(0, |o| o.0),
                    tiebreaks,
                }
            })
            .collect();
        rank_with(entries, &order.columns, &self.meetings)
    }
}
