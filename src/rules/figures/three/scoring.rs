//! Scoring a finished three-player deal and its line in the result: failed shows (2 points
//! each; Perlaggen: the player scores nothing in the deal), then the ordered scoring of
//! contract 5.3, the first player to reach the target winning the game.

use super::show::best;
use super::state::{Ctx, Decider, Fig, State};
use crate::rules::figures::figure::Figure;
use crate::rules::figures::report::{FigureResult, FiguresReport};
use crate::rules::figures::scoring::scoring_order;
use crate::rules::figures::state::AUS;
use crate::rules::players::{Seat, Trio};
use serde::Serialize;

/// The deal ended a game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GameOver {
    pub winner: Seat,
    /// One per game won: the figure games know no Schneider.
    pub marks: u32,
    pub decided_by: Option<Figure>,
}

/// One deal's line: each player's column.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealReport {
    pub points: Trio<i64>,
    pub score: Trio<i64>,
    pub figures: FiguresReport<Seat>,
    pub penalty: Trio<i64>,
    /// Players one point short of the target after the deal.
    pub gestrichen: Vec<Seat>,
    pub game_over: Option<GameOver>,
}

/// A figure's winner once failed shows count: a player who failed cannot win it; it goes to
/// the best hand the show's cards give among the other players still in it, or to no one.
fn winner_after_shows(fs: &Fig) -> Option<Seat> {
    match fs.winner {
        Some(w) if !fs.unshown[w.index()] => Some(w),
        _ if fs.unshown == [false; 3] => fs.winner,
        _ => best(fs.shown, |p| !fs.unshown[p.index()] && !fs.out[p.index()]),
    }
}

/// Scores a complete deal; `score` after it is the deal's final score.
pub fn score(ctx: &Ctx, state: &State) -> DealReport {
    let target = ctx.target();
    let mut points = [0i64; 3];
    let mut penalty = [0i64; 3];
    let mut score = ctx.score;
    let mut winners = [None; 3];
    for f in Figure::ALL {
        let fs = state.fig(f);
        winners[f.index()] = winner_after_shows(fs);
        for p in Seat::ALL {
            if fs.unshown[p.index()] {
                penalty[p.index()] += 2;
            }
        }
    }
    for i in 0..3 {
        points[i] -= penalty[i];
        score[i] -= penalty[i];
    }
    let barred = |p: Seat| ctx.variant.is_perlaggen() && penalty[p.index()] > 0;
    let mut order = Figure::ALL;
    order.sort_by_key(|&f| scoring_order(state.fig(f).conceded, state.fig(f).first_bet, f));
    let mut game_over = None;
    for f in order {
        let fs = state.fig(f);
        let Some(w) = winners[f.index()].filter(|w| fs.decided && !barred(*w)) else {
            continue;
        };
        let i = w.index();
        let gain = match fs.value {
            AUS => (target - score[i]).max(0),
            v => i64::from(v),
        };
        points[i] += gain;
        score[i] += gain;
        if fs.value == AUS || score[i] >= target {
            game_over = Some((w, Some(f)));
            break;
        }
    }
    if game_over.is_none()
        && let Decider::Won(w) = state.decider
    {
        let gain = (target - score[w.index()]).max(0);
        points[w.index()] += gain;
        score[w.index()] += gain;
        game_over = Some((w, None));
    }
    let fig = |f: Figure| FigureResult {
        winner: winners[f.index()],
        value: state.fig(f).value,
    };
    DealReport {
        points: Trio::from_array(points),
        score: Trio::from_array(score),
        figures: FiguresReport {
            gleich: fig(Figure::Gleich),
            hanger: fig(Figure::Hanger),
            spiel: fig(Figure::Spiel),
        },
        penalty: Trio::from_array(penalty),
        gestrichen: Seat::ALL
            .into_iter()
            .filter(|p| score[p.index()] == target - 1)
            .collect(),
        game_over: game_over.map(|(winner, decided_by)| GameOver {
            winner,
            marks: 1,
            decided_by,
        }),
    }
}
