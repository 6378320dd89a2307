//! Scoring a finished deal: failed shows and their penalties (contract 5.5), then the ordered
//! scoring that decides who reaches the target first (5.3), Spiel aus and the decider (5.4).
//!
//! Sources: both texts, "Scoring" (the three groups: conceded in the order called good, bet
//! and held in the order first bet on, unseen Gleich, Hanger, Spiel; simultaneous bets as
//! Gleich, Hanger, Spiel; a failed show costs 2 points and the figure, Perlaggen: the whole
//! deal) and "Betting" (a held Spiel aus wins the whole game; a conceded one scores 7).

use super::record::Figure;
use super::state::{AUS, Ctx, DealState, Decider, Value};
use crate::rules::common::{Pair, Side};

/// What a deal scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored {
    /// Points written on the score sheet for the deal, penalties included.
    pub points: Pair<i64>,
    /// Points deducted for failed shows.
    pub penalty: Pair<i64>,
    /// The game's score after the deal.
    pub score: Pair<i64>,
    /// Who won each figure on the table (after failed shows), and its value.
    pub figures: [(Option<Side>, Value); 3],
    /// The deal ended the game: the winner and the figure that took it to the target.
    pub game_over: Option<(Side, Option<Figure>)>,
}

/// The figure's winner once failed shows count: a side that failed to show cannot win it;
/// the other side wins it if it could show one: by the record's word, or because the show
/// proves it (it won the figure, the figure stood, or it showed cards forming it).
fn winner_after_shows(fs: &super::state::FigureState) -> Option<Side> {
    let mut w = fs.winner;
    for side in Side::BOTH {
        if let Some(other_can_show) = fs.unshown[side as usize] {
            let other = side.other();
            let other_failed = fs.unshown[other as usize].is_some();
            w = if other_failed {
                None
            } else if w == Some(other) || other_can_show || fs.can_show[other as usize] {
                Some(other)
            } else {
                None
            };
        }
    }
    w
}

/// The order figures score in (contract 5.3): group, then when, then Gleich-Hanger-Spiel.
fn order_key(state: &DealState, f: Figure) -> (u8, u32, usize) {
    let fs = state.fig(f);
    scoring_order(fs.conceded, fs.first_bet, f)
}

/// The order key of a figure conceded at `conceded` and first bet on at `first_bet` (event
/// numbers), for both record shapes.
pub fn scoring_order(conceded: Option<u32>, first_bet: Option<u32>, f: Figure) -> (u8, u32, usize) {
    match (conceded, first_bet) {
        (Some(when), _) => (0, when, f.index()),
        (None, Some(when)) => (1, when, f.index()),
        (None, None) => (2, 0, f.index()),
    }
}

/// Scores a complete deal.
pub fn score(ctx: &Ctx, state: &DealState) -> Scored {
    let target = ctx.target();
    let mut points = Pair::new(0, 0);
    let mut penalty = Pair::new(0, 0);
    let mut score = ctx.score;
    let mut figures = [(None, 1); 3];
    for f in Figure::ALL {
        let fs = state.fig(f);
        figures[f.index()] = (winner_after_shows(fs), fs.value);
        for side in Side::BOTH {
            if fs.unshown[side as usize].is_some() {
                // 2 points per player who failed: once for the side where no seat is named
                // (docs/rules/figures.md, "Whose cards").
                let players = fs.unshown_seats[side as usize].count_ones().max(1);
                *penalty.get_mut(side) += 2 * i64::from(players);
            }
        }
    }
    if let Decider::Won(side, Some(f)) = state.decider {
        figures[f.index()] = (Some(side), 1);
    }
    // Penalties come off before the ordered scoring (contract 5.5).
    for side in Side::BOTH {
        *points.get_mut(side) -= *penalty.get(side);
        *score.get_mut(side) -= *penalty.get(side);
    }
    // Perlaggen: a side that failed to show scores nothing at all in this deal.
    let barred = |side: Side| ctx.variant.is_perlaggen() && *penalty.get(side) > 0;

    let mut order = Figure::ALL;
    order.sort_by_key(|&f| order_key(state, f));
    let mut game_over = None;
    for f in order {
        let fs = state.fig(f);
        // Undecided figures score nothing: when the decider won the game, only what was
        // settled before it counts.
        if !fs.decided {
            continue;
        }
        let Some(w) = figures[f.index()].0 else {
            continue;
        };
        if barred(w) {
            continue;
        }
        let gain = if fs.value == AUS {
            (target - *score.get(w)).max(0)
        } else {
            i64::from(fs.value)
        };
        *points.get_mut(w) += gain;
        *score.get_mut(w) += gain;
        if fs.value == AUS || *score.get(w) >= target {
            game_over = Some((w, Some(f)));
            break;
        }
    }
    if game_over.is_none()
        && let Decider::Won(w, f) = state.decider
    {
        // The decider credits its winner with what it still needed (contract 4).
        let gain = (target - *score.get(w)).max(0);
        *points.get_mut(w) += gain;
        *score.get_mut(w) += gain;
        game_over = Some((w, f));
    }
    Scored {
        points,
        penalty,
        score,
        figures,
        game_over,
    }
}
