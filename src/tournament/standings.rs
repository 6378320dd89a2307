//! Standings (contract 8): rows best first, `rank`, `id`, `name`, `points`, then the tie-break
//! columns in the contract's order. Equal on every key means equal rank (1, 1, 3: the next
//! rank counts everyone above). Computed from scratch from plain per-table results that the
//! glue code fills from the referee's answers for each table's confirmed record; the same
//! results in any order give the same standings.

pub use super::columns::{Column, Encounter, Entry, Row, rank, rank_with};
use super::format::Format;
use super::scheme::Scheme;
pub use super::tiebreak::Order;
use super::tiebreak::{Kind, Scope, default_order};
use crate::rules::{Game, Pair, Side};

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

fn standings(entrants: &[(String, String)], rounds: Vec<Scope>, order: &Order) -> Standings {
    let mut all = Scope::default();
    for round in &rounds {
        all.merge(round);
    }
    Standings {
        standings: all.rank(entrants, order),
        rounds: rounds.iter().map(|r| r.rank(entrants, order)).collect(),
    }
}

/// `sessions` standings (Rutesheim): game points, then deals won, then the sum of counts.
/// A bye scores the session's `bye_points` game points and nothing in the tie-breaks.
pub fn sessions(entrants: &[(String, String)], rounds: &[SessionResults]) -> Standings {
    let order = Order::new(vec![Column::DealsWon, Column::Counts]);
    sessions_by(entrants, rounds, &order)
}

/// [`sessions`] ranked by a chosen order (`tiebreak::offered`).
pub fn sessions_by(
    entrants: &[(String, String)],
    rounds: &[SessionResults],
    order: &Order,
) -> Standings {
    let totals = rounds
        .iter()
        .map(|r| {
            let mut t = Scope::default();
            for s in &r.seats {
                let tb = [
                    (Column::DealsWon, i64::from(s.deals_won)),
                    (Column::Counts, i64::from(s.counts)),
                ];
                t.add(&s.id, i64::from(s.game_points), &tb);
            }
            for b in &r.byes {
                t.add(b, i64::from(r.bye_points), &[]);
            }
            t
        })
        .collect();
    standings(entrants, totals, order)
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
    /// The deals each side won (scored more in than the other side), counted games only.
    pub deals_won: Pair<u32>,
}

/// One round of a `rounds` tournament: its tables and its byes (Freilos).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundResults {
    pub meetings: Vec<Meeting>,
    pub byes: Vec<String>,
}

/// The tie-break columns of a `rounds` tournament for this game and scheme.
pub fn round_columns(game: Game, scheme: Scheme) -> Vec<Column> {
    default_order(Kind {
        format: Format::Rounds,
        game,
        scheme,
        three_player_watten: false,
    })
}

/// What one side of a meeting earns: its points under the scheme and every column value a
/// `rounds` tournament can rank by.
fn side_totals(
    m: &Meeting,
    side: Side,
    game: Game,
    scheme: Scheme,
    target: u32,
) -> (i64, [(Column, i64); 4]) {
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
    let diff = match game {
        Game::Watten => i64::from(*m.bummerl.get(o)) - i64::from(*m.bummerl.get(side)),
        Game::Gaigel => {
            i64::from(*m.strokes_cleared.get(side)) - i64::from(*m.strokes_cleared.get(o))
        }
        Game::Giltspiel | Game::Perlaggen => made(side) - made(o),
    };
    let (points, conceded) = match scheme {
        Scheme::Wattkoenig { bonus } => (wattkoenig(side, bonus), wattkoenig(o, bonus)),
        Scheme::Games => (won, 0),
    };
    let values = [
        (Column::PointsConceded, conceded),
        (Column::GamesWon, won),
        (super::tiebreak::difference(game), diff),
        (Column::DealsWon, i64::from(*m.deals_won.get(side))),
    ];
    (points, values)
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
    let order = Order::new(round_columns(game, scheme));
    rounds_by(entrants, rounds, game, (scheme, target), &order)
}

/// [`rounds`] ranked by a chosen order; `scoring` is the scheme and the target. Head-to-head
/// reads each meeting's points; a bye counts one game won, no meeting.
pub fn rounds_by(
    entrants: &[(String, String)],
    rounds: &[RoundResults],
    game: Game,
    (scheme, target): (Scheme, u32),
    order: &Order,
) -> Standings {
    let totals = rounds
        .iter()
        .map(|r| {
            let mut t = Scope::default();
            for m in &r.meetings {
                let mut points = [0; 2];
                for (i, side) in Side::BOTH.into_iter().enumerate() {
                    let (p, values) = side_totals(m, side, game, scheme, target);
                    t.add(m.entrants.get(side), p, &values);
                    points[i] = p;
                }
                t.meetings.push(Encounter {
                    a: m.entrants.a.clone(),
                    b: m.entrants.b.clone(),
                    points: (points[0], points[1]),
                });
            }
            let bye = match scheme {
                Scheme::Games => 1,
                Scheme::Wattkoenig { bonus } => i64::from(target + bonus),
            };
            for b in &r.byes {
                t.add(b, bye, &[(Column::GamesWon, 1)]);
            }
            t
        })
        .collect();
    standings(entrants, totals, order)
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
    let order = Order::new(vec![Column::BummerlReceived, Column::BummerlDealt]);
    watten_sessions_by(entrants, rounds, &order)
}

/// [`watten_sessions`] ranked by a chosen order.
pub fn watten_sessions_by(
    entrants: &[(String, String)],
    rounds: &[WattenSession],
    order: &Order,
) -> Standings {
    let totals = rounds
        .iter()
        .map(|r| {
            let mut t = Scope::default();
            for s in &r.seats {
                let tb = [
                    (Column::BummerlReceived, i64::from(s.bummerl_received)),
                    (Column::BummerlDealt, i64::from(s.bummerl_dealt)),
                ];
                t.add(&s.id, i64::from(s.games_won), &tb);
            }
            for b in &r.byes {
                t.add(b, 1, &[]);
            }
            t
        })
        .collect();
    standings(entrants, totals, order)
}
