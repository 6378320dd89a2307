//! Standings (contract 8): rows best first, `rank`, `id`, `name`, `points`, then the tie-break
//! columns in the contract's order. Equal on every key means equal rank (1, 1, 3: the next
//! rank counts everyone above). Computed from scratch from plain per-table results that the
//! glue code fills from the referee's answers for each table's confirmed record; the same
//! results in any order give the same standings.

pub use super::columns::{Column, Entry, Row, rank};
use super::scheme::Scheme;
use crate::rules::{Game, Pair, Side};
use std::collections::BTreeMap;

/// The standings: overall (what contract 8 prints as `{"standings": [...]}`) and per round.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Standings {
    pub standings: Vec<Row>,
    /// Each round on its own, ranked the same way.
    #[serde(skip)]
    pub rounds: Vec<Vec<Row>>,
}

/// One player's results at a `sessions` table in one session (over the deals they played).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatResult {
    pub id: String,
    /// Game points (Rutesheim: 9 a deal shared).
    pub game_points: u32,
    /// Deals in which this player scored the most game points at the table.
    pub deals_won: u32,
    /// The sum of the player's counts (card points and melds).
    pub counts: u32,
}

/// One session: every seated player's results, and who had a bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SessionResults {
    pub seats: Vec<SeatResult>,
    pub byes: Vec<String>,
    /// Game points each bye scores: 3 for every deal a player has played in this session so
    /// far (30 once a 10-deal session is complete; see `format::session_plan`).
    pub bye_points: u32,
}

/// Totals per entrant of one round, summed into the overall standings.
type Totals = BTreeMap<String, (i64, Vec<i64>)>;

fn standings(entrants: &[(String, String)], rounds: Vec<Totals>, columns: &[Column]) -> Standings {
    let entries = |totals: &Totals| -> Vec<Entry> {
        entrants
            .iter()
            .map(|(id, name)| {
                let (points, tiebreaks) = totals
                    .get(id)
                    .cloned()
                    .unwrap_or((0, vec![0; columns.len()]));
                Entry {
                    id: id.clone(),
                    name: name.clone(),
                    points,
                    tiebreaks,
                }
            })
            .collect()
    };
    let mut all = Totals::new();
    for round in &rounds {
        for (id, (p, t)) in round {
            let e = all.entry(id.clone()).or_insert((0, vec![0; columns.len()]));
            e.0 += p;
            for (a, b) in e.1.iter_mut().zip(t) {
                *a += b;
            }
        }
    }
    Standings {
        standings: rank(entries(&all), columns),
        rounds: rounds.iter().map(|r| rank(entries(r), columns)).collect(),
    }
}

fn add(totals: &mut Totals, id: &str, points: i64, tiebreaks: &[i64]) {
    let e = totals
        .entry(id.to_string())
        .or_insert((0, vec![0; tiebreaks.len()]));
    e.0 += points;
    for (a, b) in e.1.iter_mut().zip(tiebreaks) {
        *a += b;
    }
}

/// `sessions` standings (Rutesheim): game points, then deals won, then the sum of counts.
/// A bye scores the session's `bye_points` game points and nothing in the tie-breaks.
pub fn sessions(entrants: &[(String, String)], rounds: &[SessionResults]) -> Standings {
    let totals = rounds
        .iter()
        .map(|r| {
            let mut t = Totals::new();
            for s in &r.seats {
                let tb = [i64::from(s.deals_won), i64::from(s.counts)];
                add(&mut t, &s.id, i64::from(s.game_points), &tb);
            }
            for b in &r.byes {
                add(&mut t, b, i64::from(r.bye_points), &[0, 0]);
            }
            t
        })
        .collect();
    standings(entrants, totals, &[Column::DealsWon, Column::Counts])
}

/// A finished game at a `rounds` table: its winner, final score and marks (Watten: the
/// Bummerl it drew; Gaigel: 2 for a double).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub winner: Side,
    pub score: Pair<u32>,
    pub marks: u32,
}

/// What happened at one `rounds` table, as the referee reports it for its record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Meeting {
    /// The entrants on sides `A` and `B`.
    pub entrants: Pair<String>,
    /// The games finished at the table, in order.
    pub games: Vec<GameResult>,
    /// The score of a game still open when the table stopped (0:0 when none).
    pub open: Pair<u32>,
    /// Watten: the Bummerl each side received (the referee's tally).
    pub bummerl: Pair<u32>,
    /// Gaigel: the strokes each side cleared.
    pub strokes_cleared: Pair<u32>,
}

/// One round of a `rounds` tournament: its tables and its byes (Freilos).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundResults {
    pub meetings: Vec<Meeting>,
    pub byes: Vec<String>,
}

/// The tie-break columns of a `rounds` tournament for this game and scheme.
pub fn round_columns(game: Game, scheme: Scheme) -> Vec<Column> {
    match scheme {
        Scheme::Wattkoenig { .. } => vec![Column::PointsConceded],
        Scheme::Games => vec![match game {
            Game::Watten => Column::BummerlDifference,
            Game::Gaigel => Column::StrokesDifference,
            Game::Giltspiel | Game::Perlaggen => Column::ScoreDifference,
        }],
    }
}

/// What one side of a meeting earns: (points, tie-break value) under the scheme.
fn side_totals(m: &Meeting, side: Side, game: Game, scheme: Scheme, target: u32) -> (i64, i64) {
    let o = side.other();
    let won = m.games.iter().filter(|g| g.winner == side).count() as i64;
    let made = |s: Side| -> i64 {
        m.games
            .iter()
            .map(|g| i64::from(*g.score.get(s)))
            .sum::<i64>()
            + i64::from(*m.open.get(s))
    };
    let wattkoenig = |s: Side, bonus: u32| -> i64 {
        let games: i64 = m
            .games
            .iter()
            .map(|g| {
                if g.winner == s {
                    i64::from(target + bonus)
                } else {
                    i64::from(*g.score.get(s))
                }
            })
            .sum();
        games + i64::from(*m.open.get(s))
    };
    match scheme {
        Scheme::Wattkoenig { bonus } => (wattkoenig(side, bonus), wattkoenig(o, bonus)),
        Scheme::Games => {
            let diff = match game {
                Game::Watten => i64::from(*m.bummerl.get(o)) - i64::from(*m.bummerl.get(side)),
                Game::Gaigel => {
                    i64::from(*m.strokes_cleared.get(side)) - i64::from(*m.strokes_cleared.get(o))
                }
                Game::Giltspiel | Game::Perlaggen => made(side) - made(o),
            };
            (won, diff)
        }
    }
}

/// `rounds` standings: points are games won (or Wattkönig points), then the column of
/// [`round_columns`]. A bye counts as a won game (Wattkönig: target + bonus), nothing else.
pub fn rounds(
    entrants: &[(String, String)],
    rounds: &[RoundResults],
    game: Game,
    scheme: Scheme,
    target: u32,
) -> Standings {
    let totals = rounds
        .iter()
        .map(|r| {
            let mut t = Totals::new();
            for m in &r.meetings {
                for side in Side::BOTH {
                    let (p, tb) = side_totals(m, side, game, scheme, target);
                    add(&mut t, m.entrants.get(side), p, &[tb]);
                }
            }
            let bye = match scheme {
                Scheme::Games => 1,
                Scheme::Wattkoenig { bonus } => i64::from(target + bonus),
            };
            for b in &r.byes {
                add(&mut t, b, bye, &[0]);
            }
            t
        })
        .collect();
    standings(entrants, totals, &round_columns(game, scheme))
}

/// One player's results at a three-player Watten table in one session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WattenSeat {
    pub id: String,
    /// Games in which this player reached the target (alone, or with the partner of that
    /// deal).
    pub games_won: u32,
    /// Bummerl this player received (the referee's `tally`).
    pub bummerl_received: u32,
    /// Bummerl the other players received in the games this player won.
    pub bummerl_dealt: u32,
}

/// One session of three-player Watten: every seated player's results, and the byes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WattenSession {
    pub seats: Vec<WattenSeat>,
    pub byes: Vec<String>,
}

/// Three-player Watten `sessions` standings: `points` = games won, then Bummerl received
/// (fewer first), then Bummerl dealt (more first); equal on all three, equal rank. A bye
/// counts as one game won and nothing else, as a bye does in `rounds`.
pub fn watten_sessions(entrants: &[(String, String)], rounds: &[WattenSession]) -> Standings {
    let totals = rounds
        .iter()
        .map(|r| {
            let mut t = Totals::new();
            for s in &r.seats {
                let tb = [i64::from(s.bummerl_received), i64::from(s.bummerl_dealt)];
                add(&mut t, &s.id, i64::from(s.games_won), &tb);
            }
            for b in &r.byes {
                add(&mut t, b, 1, &[0, 0]);
            }
            t
        })
        .collect();
    standings(
        entrants,
        totals,
        &[Column::BummerlReceived, Column::BummerlDealt],
    )
}
