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
use crate::rules::gaigel::{self, Seats, TallyReport};
use crate::rules::players::Seat;
use crate::rules::{Pair, Report, Side};

/// A figure game's score as standings count it: below 0 counts 0.
fn count(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

/// A two-sided Gaigel value (`A`, `B`); a three-player one has no sides `A` and `B`.
fn two_sides(seats: &Seats<u32>) -> Pair<u32> {
    if seats.sides == 2 {
        Pair::new(seats.values[0], seats.values[1])
    } else {
        Pair::default()
    }
}

/// The number of deals a result reports.
fn reported_deals(report: &Report) -> usize {
    match report {
        Report::Figures(r) => r.deals.len(),
        Report::Watten(r) => r.deals.len(),
        Report::Gaigel(r) => r.deals.len(),
        Report::WattenThree(r) => r.deals.len(),
        Report::FiguresThree(r) => r.deals.len(),
    }
}

/// Each player's game points and count (card points plus melds) per reported deal
/// (`P1`..`P3`; SKV Rutesheim), 0 where the result has none.
fn player_deals(report: &Report) -> Vec<([u32; 3], [u32; 3])> {
    let three = |seats: &Seats<u32>| {
        if seats.sides == 3 {
            seats.values
        } else {
            [0; 3]
        }
    };
    match report {
        Report::Gaigel(r) => (r.deals.iter())
            .map(|d| {
                (
                    d.game_points.as_ref().map_or([0; 3], three),
                    three(&d.points),
                )
            })
            .collect(),
        other => vec![([0; 3], [0; 3]); reported_deals(other)],
    }
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
/// is the referee's answer (a three-player result: `games` with `winners` and `marks`,
/// `tally` per player); any other result counts nothing.
pub fn watten_seats(seats: &[String], report: &Report) -> Vec<WattenSeat> {
    let (games, tally) = match report {
        Report::WattenThree(r) => (r.games.as_slice(), r.tally),
        _ => (&[][..], Default::default()),
    };
    seats
        .iter()
        .zip(Seat::ALL)
        .map(|(id, p)| {
            let won: Vec<_> = games.iter().filter(|g| g.winners.contains(&p)).collect();
            let dealt = won
                .iter()
                .map(|g| g.marks.to_array().iter().sum::<u32>())
                .sum();
            WattenSeat {
                id: id.clone(),
                games_won: u32::try_from(won.len()).unwrap_or(u32::MAX),
                bummerl_received: tally.get(p),
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
    match report {
        Report::Figures(r) => {
            meeting.games = (r.games.iter())
                .map(|g| GameResult {
                    winner: g.winner,
                    score: Pair::new(count(g.score.a), count(g.score.b)),
                    marks: g.marks,
                })
                .collect();
            if let Some(d) = r.deals.last().filter(|d| d.game_over.is_none()) {
                meeting.open = Pair::new(count(d.score.a), count(d.score.b));
            }
        }
        Report::Watten(r) => {
            meeting.games = (r.games.iter())
                .map(|g| GameResult {
                    winner: g.winner,
                    score: g.score,
                    marks: g.marks,
                })
                .collect();
            if let Some(d) = r.deals.last().filter(|d| d.game_over.is_none()) {
                meeting.open = d.score;
            }
            meeting.bummerl = r.tally;
        }
        Report::Gaigel(r) => gaigel_meeting(&mut meeting, r),
        // Tables of three are ranked by the sessions' own rows, not by two-sided meetings
        // (three-player Perlaggen is not yet played at tournament tables).
        Report::WattenThree(_) | Report::FiguresThree(_) => {}
    }
    meeting
}

/// Gaigel: every deal is a game, won single or double (contract 7.1). Strokes cleared are
/// the most strokes a line held minus what it holds now (lines only grow while marking and
/// only shrink while erasing).
fn gaigel_meeting(meeting: &mut Meeting, r: &gaigel::Report) {
    meeting.games = (r.deals.iter())
        .filter_map(|d| {
            let winner = gaigel::side_of(d.winner?)?;
            Some(GameResult {
                winner,
                score: Pair::default(),
                marks: if d.double { 2 } else { 1 },
            })
        })
        .collect();
    let now = match &r.tally {
        TallyReport::Strokes(t) if t.sides == 2 => Pair::new(t.lines[0], t.lines[1]),
        TallyReport::Strokes(_) => Pair::default(),
        TallyReport::GamePoints(points) => two_sides(points),
    };
    let most = |side: Side| {
        (r.deals.iter())
            .filter_map(|d| d.strokes.as_ref())
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
    // (winner of the deal, whether it ended a game)
    let deals: Vec<(Option<Side>, bool)> = match report {
        Report::Watten(r) => (r.deals.iter())
            .map(|d| {
                let w = pick(i64::from(d.points.a), i64::from(d.points.b));
                (w, d.game_over.is_some())
            })
            .collect(),
        Report::Figures(r) => (r.deals.iter())
            .map(|d| (pick(d.points.a, d.points.b), d.game_over.is_some()))
            .collect(),
        Report::Gaigel(r) => (r.deals.iter())
            .map(|d| (d.winner.and_then(gaigel::side_of), true))
            .collect(),
        Report::WattenThree(_) | Report::FiguresThree(_) => Vec::new(),
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
                            Some(reported_deals((*a)?) * 3 / table.seats.len().max(3))
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
