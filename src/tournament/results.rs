//! From the referee's answers to standings: reads each table's typed result (contract
//! section 4, [`Report`]) and its record's deals into the plain inputs of
//! [`super::standings`], and computes a whole tournament file's standings in one call.
//!
//! Only what the result reports counts: when a record breaks a rule, the deals before the
//! broken one (the engine stops there). Knockout rounds are left out of the standings.

use super::file::TournamentFile;
use super::format::{Format, four_table_sides};
use super::standings::{
    self, GameResult, Meeting, RoundResults, SeatResult, SessionResults, Standings, WattenSeat,
    WattenSession,
};
use crate::rules::match_record::Who;
use crate::rules::players::Seat;
use crate::rules::view::{Columns, DealView, Scored, as_pair};
use crate::rules::{Pair, Report, Side};

/// A figure game's score as standings count it: below 0 counts 0.
fn count(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

/// Two sides' values as standings count them (below 0 counts 0); values of three players
/// have no sides `A` and `B`.
fn two_sides(columns: &Columns) -> Pair<u32> {
    as_pair(columns).map_or_else(Pair::default, |p| Pair::new(count(p.a), count(p.b)))
}

/// Three players' values (`P1`..`P3`); 0 for each where the columns are not three.
fn three(columns: &Columns) -> [u32; 3] {
    match columns.as_slice() {
        [(_, a), (_, b), (_, c)] => [count(*a), count(*b), count(*c)],
        _ => [0; 3],
    }
}

/// Each player's game points and count (card points plus melds) per reported deal
/// (`P1`..`P3`; SKV Rutesheim), 0 where the result has none (a deal written as points).
fn player_deals(report: &Report) -> Vec<([u32; 3], [u32; 3])> {
    report
        .deal_views()
        .map(|d| match &d.scored {
            Scored::Won { game_points, .. } => {
                (game_points.as_ref().map_or([0; 3], three), three(&d.points))
            }
            Scored::Points { .. } => ([0; 3], [0; 3]),
        })
        .collect()
}

/// A `sessions` table's results per seat: `seats` in order (3, or 4 where the dealer sits out
/// each deal), `report` the referee's answer. A deal is won by the player with the most game
/// points in it; a count is card points plus melds, as the result reports it.
pub fn session_seats(seats: &[String], report: &Report) -> Vec<SeatResult> {
    let mut out: Vec<SeatResult> = seats
        .iter()
        .map(|id| SeatResult {
            id: id.clone(),
            game_points: 0,
            deals_won: 0,
            counts: 0,
        })
        .collect();
    for (i, (gp, counts)) in player_deals(report).iter().enumerate() {
        let who: [usize; 3] = if seats.len() == 4 {
            four_table_sides(i).1
        } else {
            [0, 1, 2]
        };
        let best = gp.iter().copied().max().unwrap_or(0);
        for k in 0..3 {
            let Some(seat) = who.get(k).and_then(|&s| out.get_mut(s)) else {
                continue;
            };
            seat.game_points += gp[k];
            seat.deals_won += u32::from(gp[k] == best && best > 0);
            seat.counts += counts[k];
        }
    }
    out
}

/// A three-player Watten table's results per seat: `seats` map `P1`..`P3` in order, `report`
/// is the referee's answer (a three-player result whose marks are Bummerl: `games` with
/// `winners` and the Bummerl each player received, `tally` per player); any other result
/// counts nothing.
pub fn watten_seats(seats: &[String], report: &Report) -> Vec<WattenSeat> {
    let (games, tally) = if report.players() == 3 && report.marks_are_bummerl() {
        (report.game_views(), three(&report.tally_view()))
    } else {
        (Vec::new(), [0; 3])
    };
    seats
        .iter()
        .zip(Seat::ALL)
        .map(|(id, p)| {
            let who = Who::of_seat(p);
            let won: Vec<_> = games.iter().filter(|g| g.winners.contains(&who)).collect();
            let dealt = won
                .iter()
                .flat_map(|g| g.received.iter().flatten())
                .map(|(_, m)| count(*m))
                .sum();
            WattenSeat {
                id: id.clone(),
                games_won: u32::try_from(won.len()).unwrap_or(u32::MAX),
                bummerl_received: tally[p.index()],
                bummerl_dealt: dealt,
            }
        })
        .collect()
}

/// A `rounds` table's meeting: `seats` are the entrants on `A` and `B`, `report` the
/// referee's answer. A game still open after the last deal counts its score.
pub fn meeting(seats: &[String], report: &Report) -> Meeting {
    let mut meeting = Meeting {
        entrants: Pair::new(
            seats.first().cloned().unwrap_or_default(),
            seats.get(1).cloned().unwrap_or_default(),
        ),
        ..Meeting::default()
    };
    // Tables of three are ranked by the sessions' own rows, not by two-sided meetings
    // (three-player Perlaggen is not yet played at tournament tables).
    if report.players() != 2 {
        return meeting;
    }
    if report.deals_are_games() {
        gaigel_meeting(&mut meeting, report);
        return meeting;
    }
    meeting.games = (report.game_views().iter())
        .filter_map(|g| {
            Some(GameResult {
                winner: g.side()?,
                score: two_sides(&g.score),
                marks: g.marks,
            })
        })
        .collect();
    if let Some(d) = report.last_deal_view().filter(|d| !d.ends_game()) {
        meeting.open = d.score().map_or_else(Pair::default, two_sides);
    }
    if report.marks_are_bummerl() {
        meeting.bummerl = two_sides(&report.tally_view());
    }
    meeting
}

/// Gaigel: every deal is a game, won single or double (contract 7.1). Strokes cleared are
/// the most strokes a line held minus what it holds now (lines only grow while marking and
/// only shrink while erasing).
fn gaigel_meeting(meeting: &mut Meeting, report: &Report) {
    let deals: Vec<DealView> = report.deal_views().collect();
    meeting.games = (deals.iter())
        .filter_map(|d| match d.scored {
            Scored::Won {
                winner: Some(winner),
                double,
                ..
            } => Some(GameResult {
                winner: winner.side()?,
                score: Pair::default(),
                marks: if double { 2 } else { 1 },
            }),
            _ => None,
        })
        .collect();
    let now = two_sides(&report.tally_view());
    let most = |side: Side| {
        (deals.iter())
            .filter_map(|d| match &d.scored {
                Scored::Won { strokes, .. } => strokes.as_ref(),
                Scored::Points { .. } => None,
            })
            .map(|s| *two_sides(s).get(side))
            .fold(*now.get(side), u32::max)
    };
    meeting.strokes_cleared = Pair::new(most(Side::A) - now.a, most(Side::B) - now.b);
}

/// The deals each side won in a two-sided result (scored more in the deal; Gaigel: the
/// deal's winner), counting only the deals up to the end of the `games`-th game when the
/// number of games is fixed.
fn deals_won(report: &Report, games: Option<u32>) -> Pair<u32> {
    let pick = |a: i64, b: i64| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    };
    // (winner of the deal, whether it ended a game); a deal won as a whole is a game
    let deals: Vec<(Option<Side>, bool)> = if report.players() == 2 {
        (report.deal_views())
            .map(|d| match d.scored {
                Scored::Won { winner, .. } => (winner.and_then(Who::side), true),
                Scored::Points { .. } => {
                    let w = as_pair(&d.points).and_then(|p| pick(p.a, p.b));
                    (w, d.ends_game())
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut won = Pair::new(0, 0);
    let mut ended = 0;
    for (winner, over) in deals {
        if games.is_some_and(|g| ended >= g) {
            break;
        }
        if let Some(w) = winner {
            *won.get_mut(w) += 1;
        }
        ended += u32::from(over);
    }
    won
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

/// The standings of a tournament file, given the referee's answer for each table,
/// `results[round][table]` in file order. Tables without an answer count nothing.
pub fn compute(file: &TournamentFile, results: &[Vec<Report>]) -> Standings {
    let entrants = file.entrants();
    let settings = file.settings();
    let order = file.order();
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
            standings::watten_sessions_by(&entrants, &rounds, &order)
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
                            Some((*a)?.deal_count() * 3 / table.seats.len().max(3))
                        })
                        .max()
                        .unwrap_or(0);
                    SessionResults {
                        seats: round
                            .tables
                            .iter()
                            .zip(&answers)
                            .filter_map(|(table, a)| Some(session_seats(&table.seats, (*a)?)))
                            .flatten()
                            .collect(),
                        byes: round.byes.clone(),
                        bye_points: 3 * u32::try_from(played).unwrap_or(0),
                    }
                })
                .collect();
            standings::sessions_by(&entrants, &rounds, &order)
        }
        Format::Rounds => {
            let rounds: Vec<RoundResults> = counted
                .map(|(r, round)| RoundResults {
                    meetings: round
                        .tables
                        .iter()
                        .enumerate()
                        .filter_map(|(t, table)| {
                            let report = answer(r, t)?;
                            let mut m = meeting(&table.seats, report);
                            limit_games(&mut m, settings.games);
                            m.deals_won = deals_won(report, settings.games);
                            Some(m)
                        })
                        .collect(),
                    byes: round.byes.clone(),
                })
                .collect();
            let target = file.target().unwrap_or(0);
            let scoring = (settings.scheme, target);
            standings::rounds_by(&entrants, &rounds, file.game, scoring, &order)
        }
    }
}
