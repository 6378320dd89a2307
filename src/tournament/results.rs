//! From the referee's answers to standings: reads each table's result (contract section 4,
//! as JSON) and its record's deals into the plain inputs of [`super::standings`], and computes
//! a whole tournament file's standings in one call.
//!
//! Only what the result reports counts: when a record breaks a rule, the deals before the
//! broken one (the engine stops there). Knockout rounds are left out of the standings.

use super::file::TournamentFile;
use super::format::{Format, four_table_sides};
use super::standings::{
    self, GameResult, Meeting, RoundResults, SeatResult, SessionResults, Standings, WattenSeat,
    WattenSession,
};
use crate::rules::{Game, Pair, Side};
use serde_json::Value;

fn num(v: &Value) -> u32 {
    v.as_u64().and_then(|n| u32::try_from(n).ok()).unwrap_or(0)
}

fn pair(v: &Value) -> Pair<u32> {
    Pair::new(num(&v["A"]), num(&v["B"]))
}

fn side(v: &Value) -> Option<Side> {
    match v.as_str()? {
        "A" => Some(Side::A),
        "B" => Some(Side::B),
        _ => None,
    }
}

const P: [&str; 3] = ["P1", "P2", "P3"];

/// A `sessions` table's results per seat: `seats` in order (3, or 4 where the dealer sits out
/// each deal), `deals` the record's deals, `result` the referee's answer. A deal is won by the
/// player with the most game points in it; a count is card points plus melds.
pub fn session_seats(seats: &[String], deals: &[Value], result: &Value) -> Vec<SeatResult> {
    let mut out: Vec<SeatResult> = seats
        .iter()
        .map(|id| SeatResult {
            id: id.clone(),
            game_points: 0,
            deals_won: 0,
            counts: 0,
        })
        .collect();
    let reported = result["deals"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    for (i, d) in reported.iter().enumerate() {
        let who: [usize; 3] = if seats.len() == 4 {
            four_table_sides(i).1
        } else {
            [0, 1, 2]
        };
        let gp: Vec<u32> = P.iter().map(|p| num(&d["game_points"][p])).collect();
        let best = gp.iter().copied().max().unwrap_or(0);
        let deal = deals.get(i).unwrap_or(&Value::Null);
        for (k, p) in P.iter().enumerate() {
            let Some(seat) = who.get(k).and_then(|&s| out.get_mut(s)) else {
                continue;
            };
            seat.game_points += gp[k];
            seat.deals_won += u32::from(gp[k] == best && best > 0);
            let melds: u32 = deal["melds"][p]
                .as_array()
                .map(|m| m.iter().map(num).sum())
                .unwrap_or(0);
            seat.counts += num(&deal["points"][p]) + melds;
        }
    }
    out
}

/// A three-player Watten table's results per seat: `seats` map `P1`..`P3` in order, `result`
/// is the referee's answer (a three-player result: `games` with `winners` and `marks`,
/// `tally` per player).
pub fn watten_seats(seats: &[String], result: &Value) -> Vec<WattenSeat> {
    let games = result["games"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    seats
        .iter()
        .zip(P)
        .map(|(id, p)| {
            let won: Vec<&Value> = games
                .iter()
                .filter(|g| {
                    g["winners"]
                        .as_array()
                        .is_some_and(|w| w.iter().any(|x| x == p))
                })
                .collect();
            let dealt = won
                .iter()
                .map(|g| P.iter().map(|q| num(&g["marks"][q])).sum::<u32>())
                .sum();
            WattenSeat {
                id: id.clone(),
                games_won: u32::try_from(won.len()).unwrap_or(u32::MAX),
                bummerl_received: num(&result["tally"][p]),
                bummerl_dealt: dealt,
            }
        })
        .collect()
}

/// A `rounds` table's meeting: `seats` are the entrants on `A` and `B`, `result` the
/// referee's answer. Gaigel strokes cleared are the most strokes a line held minus what it
/// holds now (lines only grow while marking and only shrink while erasing).
pub fn meeting(seats: &[String], game: Game, result: &Value) -> Meeting {
    let entrants = Pair::new(
        seats.first().cloned().unwrap_or_default(),
        seats.get(1).cloned().unwrap_or_default(),
    );
    let deals = result["deals"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    // Gaigel: every deal is a game, won single or double (contract 7.1).
    let gaigel_games = || -> Vec<GameResult> {
        deals
            .iter()
            .filter_map(|d| {
                Some(GameResult {
                    winner: side(&d["winner"])?,
                    score: Pair::default(),
                    marks: if d["double"].as_bool() == Some(true) {
                        2
                    } else {
                        1
                    },
                })
            })
            .collect()
    };
    let games = if game == Game::Gaigel {
        gaigel_games()
    } else {
        result["games"]
            .as_array()
            .map(|gs| {
                gs.iter()
                    .filter_map(|g| {
                        Some(GameResult {
                            winner: side(&g["winner"])?,
                            score: pair(&g["score"]),
                            marks: num(&g["marks"]),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let open = match deals.last() {
        Some(d) if d["game_over"].is_null() && game != Game::Gaigel => pair(&d["score"]),
        _ => Pair::default(),
    };
    let mut meeting = Meeting {
        entrants,
        games,
        open,
        ..Meeting::default()
    };
    match game {
        Game::Watten => meeting.bummerl = pair(&result["tally"]),
        Game::Gaigel => {
            let now = pair(&result["tally"]);
            let most = |s: &str, now: u32| {
                deals
                    .iter()
                    .map(|d| num(&d["strokes"][s]))
                    .fold(now, u32::max)
            };
            meeting.strokes_cleared = Pair::new(most("A", now.a) - now.a, most("B", now.b) - now.b);
        }
        Game::Giltspiel | Game::Perlaggen => {}
    }
    meeting
}

/// With a fixed number of games a table (`settings.games`), games beyond it do not count,
/// nor does a game open after the last of them.
fn limit_games(m: &mut Meeting, games: Option<u32>) {
    if let Some(g) = games.and_then(|g| usize::try_from(g).ok())
        && m.games.len() >= g
    {
        m.games.truncate(g);
        m.open = Pair::default();
        // Bummerl received: the marks of the games a side lost, counted games only.
        let lost = |side: Side| {
            m.games
                .iter()
                .filter(|x| x.winner != side)
                .map(|x| x.marks)
                .sum()
        };
        m.bummerl = Pair::new(lost(Side::A), lost(Side::B));
    }
}

/// The standings of a tournament file, given the referee's answer (as JSON) for each table,
/// `results[round][table]` in file order. Tables without an answer count nothing.
pub fn compute(file: &TournamentFile, results: &[Vec<Value>]) -> Standings {
    let entrants = file.entrants();
    let settings = file.settings();
    let counted = file.rounds.iter().enumerate().filter(|(_, r)| !r.knockout);
    let answer = |r: usize, t: usize| results.get(r).and_then(|x| x.get(t));
    match file.format {
        Format::Sessions if file.three_player_watten() => {
            let rounds: Vec<WattenSession> = counted
                .map(|(r, round)| WattenSession {
                    seats: round
                        .tables
                        .iter()
                        .enumerate()
                        .filter_map(|(t, table)| Some(watten_seats(&table.seats, answer(r, t)?)))
                        .flatten()
                        .collect(),
                    byes: round.byes.clone(),
                })
                .collect();
            standings::watten_sessions(&entrants, &rounds)
        }
        Format::Sessions => {
            let rounds: Vec<SessionResults> = counted
                .map(|(r, round)| {
                    let answers: Vec<_> = (0..round.tables.len()).map(|t| answer(r, t)).collect();
                    let played = round
                        .tables
                        .iter()
                        .zip(&answers)
                        .filter_map(|(table, a)| {
                            let reported = (*a)?["deals"].as_array()?.len();
                            Some(reported * 3 / table.seats.len().max(3))
                        })
                        .max()
                        .unwrap_or(0);
                    SessionResults {
                        seats: round
                            .tables
                            .iter()
                            .zip(&answers)
                            .filter_map(|(table, a)| {
                                Some(session_seats(&table.seats, &table.deals, (*a)?))
                            })
                            .flatten()
                            .collect(),
                        byes: round.byes.clone(),
                        bye_points: 3 * u32::try_from(played).unwrap_or(0),
                    }
                })
                .collect();
            standings::sessions(&entrants, &rounds)
        }
        Format::Rounds => {
            let rounds: Vec<RoundResults> = counted
                .map(|(r, round)| RoundResults {
                    meetings: round
                        .tables
                        .iter()
                        .enumerate()
                        .filter_map(|(t, table)| {
                            let mut m = meeting(&table.seats, file.game, answer(r, t)?);
                            limit_games(&mut m, settings.games);
                            Some(m)
                        })
                        .collect(),
                    byes: round.byes.clone(),
                })
                .collect();
            let target = file.target().unwrap_or(0);
            standings::rounds(&entrants, &rounds, file.game, settings.scheme, target)
        }
    }
}
