//! One view of a referee's result for every game family: what a page, a sheet line, a
//! transcript and the standings read (per deal what each side or player wrote, the running
//! score or the deal's winner, the end of a game, the figures; the finished games; the tally),
//! so code outside `rules` reads a result without naming the families of [`Report`].
//!
//! Sides and players are named as the result prints them ([`Who`]: `A`, `B`, or `P1`..`P3`),
//! values as whole numbers in seat order ([`Columns`]). Each family's own result is read by
//! its own function below; what a family does not have is `None` (Gaigel's deals keep no
//! running score, only the figure games have figures).

use super::Report;
use super::common::{Pair, Side};
use super::figures::report::{FigureResult, FiguresReport};
use super::gaigel::{self, Seats, TallyReport};
use super::match_record::Who;
use super::players::{Seat, Trio};
use super::{figures, watten};

/// One value per side or player, in seat order, with its name.
pub type Columns = Vec<(Who, i64)>;

/// The two sides' values.
pub fn pair<T: Copy + Into<i64>>(p: &Pair<T>) -> Columns {
    vec![(Who::A, p.a.into()), (Who::B, p.b.into())]
}

/// The three players' values.
pub fn trio<T: Copy + Into<i64>>(t: &Trio<T>) -> Columns {
    vec![
        (Who::P1, t.p1.into()),
        (Who::P2, t.p2.into()),
        (Who::P3, t.p3.into()),
    ]
}

/// A Gaigel value per side (`A`, `B`) or player (`P1`..`P3`).
fn seats(s: &Seats<u32>) -> Columns {
    (0..s.sides)
        .filter_map(|i| {
            Some((
                Who::named(gaigel::options::name(s.sides, i))?,
                s.values[i].into(),
            ))
        })
        .collect()
}

/// Two columns as a pair of sides; `None` for three players.
pub fn as_pair(columns: &Columns) -> Option<Pair<i64>> {
    match columns.as_slice() {
        [(Who::A, a), (Who::B, b)] => Some(Pair::new(*a, *b)),
        _ => None,
    }
}

impl Who {
    /// The side a name stands for; `None` for a player of three.
    pub fn side(self) -> Option<Side> {
        match self {
            Who::A => Some(Side::A),
            Who::B => Some(Side::B),
            Who::P1 | Who::P2 | Who::P3 => None,
        }
    }

    /// Side `A` or `B` by name.
    pub fn of_side(side: Side) -> Who {
        match side {
            Side::A => Who::A,
            Side::B => Who::B,
        }
    }

    /// A player of three by name.
    pub fn of_seat(seat: Seat) -> Who {
        match seat {
            Seat::P1 => Who::P1,
            Seat::P2 => Who::P2,
            Seat::P3 => Who::P3,
        }
    }

    /// The name as a result prints it (`"A"`, `"P2"`).
    fn named(name: &str) -> Option<Who> {
        [Who::A, Who::B, Who::P1, Who::P2, Who::P3]
            .into_iter()
            .find(|w| w.as_str() == name)
    }
}

/// How a deal counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scored {
    /// Written as points towards a game's running score (Watten, the figure games): each
    /// side's or player's total after the deal, the final score when it ended a game.
    Points { score: Columns },
    /// Won as a whole (Gaigel, where every deal is a game, contract 7.1).
    Won {
        /// `None` for a drawn deal, or when two players of three win (stroke tally).
        winner: Option<Who>,
        /// A double game (Gigackel).
        double: bool,
        /// The strokes on each line after the deal (stroke tally).
        strokes: Option<Columns>,
        /// Each player's game points in this deal (SKV Rutesheim).
        game_points: Option<Columns>,
    },
}

/// One deal of a result.
#[derive(Debug, Clone, PartialEq)]
pub struct DealView {
    /// What each side or player wrote in the deal (Gaigel: the count, card points plus melds).
    pub points: Columns,
    pub scored: Scored,
    /// When the deal ended a game (Gaigel: the match).
    pub game_over: Option<GameEnd>,
    /// Who won Gleich, Hanger and Spiel, at what value (the figure games).
    pub figures: Option<FiguresReport<Who>>,
}

impl DealView {
    /// The running score after the deal; `None` for a deal won as a whole.
    pub fn score(&self) -> Option<&Columns> {
        match &self.scored {
            Scored::Points { score } => Some(score),
            Scored::Won { .. } => None,
        }
    }

    /// Whether the deal ended a game.
    pub fn ends_game(&self) -> bool {
        self.game_over.is_some()
    }
}

/// The end of a game, on the deal that ended it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// Who reached the target (two players of three when the team took both there).
    pub winners: Vec<Who>,
    /// The game's marks (contract 4: `marks`); among three players of Watten, the most any
    /// one player received.
    pub marks: u32,
}

/// A finished game (contract 4: `games`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameView {
    pub winners: Vec<Who>,
    /// The final score (Gaigel: the strokes standing on each line).
    pub score: Columns,
    /// As [`GameEnd::marks`].
    pub marks: u32,
    /// The marks each player received, where the result counts them per player (Watten of
    /// three: the Bummerl of the game).
    pub received: Option<Columns>,
}

impl GameView {
    /// The side that won a two-sided game; `None` for a game won by players of three.
    pub fn side(&self) -> Option<Side> {
        match self.winners.as_slice() {
            [one] => one.side(),
            _ => None,
        }
    }
}

impl Report {
    /// How many deals the result has a line for (the deals before a broken rule).
    pub fn deal_count(&self) -> usize {
        match self {
            Report::Figures(r) => r.deals.len(),
            Report::Watten(r) => r.deals.len(),
            Report::Gaigel(r) => r.deals.len(),
            Report::WattenThree(r) => r.deals.len(),
            Report::FiguresThree(r) => r.deals.len(),
        }
    }

    /// Deal `index` of the result.
    pub fn deal_view(&self, index: usize) -> Option<DealView> {
        match self {
            Report::Figures(r) => r.deals.get(index).map(figures_deal),
            Report::Watten(r) => r.deals.get(index).map(watten_deal),
            Report::Gaigel(r) => r.deals.get(index).map(gaigel_deal),
            Report::WattenThree(r) => r.deals.get(index).map(watten_three_deal),
            Report::FiguresThree(r) => r.deals.get(index).map(figures_three_deal),
        }
    }

    /// The last deal of the result.
    pub fn last_deal_view(&self) -> Option<DealView> {
        self.deal_view(self.deal_count().checked_sub(1)?)
    }

    /// Every deal of the result, in order.
    pub fn deal_views(&self) -> impl Iterator<Item = DealView> + '_ {
        (0..self.deal_count()).filter_map(|i| self.deal_view(i))
    }

    /// The finished games.
    pub fn game_views(&self) -> Vec<GameView> {
        match self {
            Report::Figures(r) => r.games.iter().map(figures_game).collect(),
            Report::Watten(r) => r.games.iter().map(watten_game).collect(),
            Report::Gaigel(r) => r.games.iter().map(gaigel_game).collect(),
            Report::WattenThree(r) => r.games.iter().map(watten_three_game).collect(),
            Report::FiguresThree(r) => r.games.iter().map(figures_three_game).collect(),
        }
    }

    /// The tally after the record (contract 4: `tally`): Watten's Bummerl received, the figure
    /// games' games won, Gaigel's strokes standing on each line or, under SKV Rutesheim, each
    /// player's game points.
    pub fn tally_view(&self) -> Columns {
        match self {
            Report::Figures(r) => pair(&r.tally),
            Report::Watten(r) => pair(&r.tally),
            Report::Gaigel(r) => match &r.tally {
                TallyReport::Strokes(t) => seats(&Seats {
                    sides: t.sides,
                    values: t.lines,
                }),
                TallyReport::GamePoints(points) => seats(points),
            },
            Report::WattenThree(r) => trio(&r.tally),
            Report::FiguresThree(r) => trio(&r.tally),
        }
    }

    /// The winner of the match by its stroke sheet, once a line is cleared (Gaigel, contract
    /// 7.3); `None` for every other tally.
    pub fn match_winner(&self) -> Option<Who> {
        match self {
            Report::Gaigel(r) => match &r.tally {
                TallyReport::Strokes(t) => t
                    .winner
                    .and_then(|w| Who::named(gaigel::options::name(t.sides, w))),
                TallyReport::GamePoints(_) => None,
            },
            _ => None,
        }
    }

    /// How many sides or players keep a column: 2, or 3 for three each for themselves.
    pub fn players(&self) -> usize {
        self.tally_view().len()
    }

    /// Whether a game's marks are Bummerl drawn over the losers (Watten, rules text 004: "a
    /// black blob (called a Bummerle) above the losers' column"; 2 or more a Schneider).
    pub fn marks_are_bummerl(&self) -> bool {
        matches!(self, Report::Watten(_) | Report::WattenThree(_))
    }

    /// Whether every deal is a game won as a whole, single or double (Gaigel, contract 7.1).
    pub fn deals_are_games(&self) -> bool {
        matches!(self, Report::Gaigel(_))
    }
}

fn figure_names<S: Copy>(f: &FiguresReport<S>, who: impl Fn(S) -> Who) -> FiguresReport<Who> {
    let one = |r: &FigureResult<S>| FigureResult {
        winner: r.winner.map(&who),
        value: r.value,
    };
    FiguresReport {
        gleich: one(&f.gleich),
        hanger: one(&f.hanger),
        spiel: one(&f.spiel),
    }
}

fn figures_deal(d: &figures::report::DealReport) -> DealView {
    DealView {
        points: pair(&d.points),
        scored: Scored::Points {
            score: pair(&d.score),
        },
        game_over: d.game_over.map(|o| GameEnd {
            winners: vec![Who::of_side(o.winner)],
            marks: o.marks,
        }),
        figures: Some(figure_names(&d.figures, Who::of_side)),
    }
}

fn figures_three_deal(d: &figures::three::scoring::DealReport) -> DealView {
    DealView {
        points: trio(&d.points),
        scored: Scored::Points {
            score: trio(&d.score),
        },
        game_over: d.game_over.map(|o| GameEnd {
            winners: vec![Who::of_seat(o.winner)],
            marks: o.marks,
        }),
        figures: Some(figure_names(&d.figures, Who::of_seat)),
    }
}

fn watten_deal(d: &watten::DealResult) -> DealView {
    DealView {
        points: pair(&d.points),
        scored: Scored::Points {
            score: pair(&d.score),
        },
        game_over: d.game_over.map(|o| GameEnd {
            winners: vec![Who::of_side(o.winner)],
            marks: o.marks,
        }),
        figures: None,
    }
}

fn watten_three_deal(d: &watten::three::DealResult) -> DealView {
    DealView {
        points: trio(&d.points),
        scored: Scored::Points {
            score: trio(&d.score),
        },
        game_over: d.game_over.as_ref().map(|o| GameEnd {
            winners: o.winners.iter().copied().map(Who::of_seat).collect(),
            marks: o.marks.to_array().into_iter().max().unwrap_or(0),
        }),
        figures: None,
    }
}

fn gaigel_deal(d: &gaigel::DealReport) -> DealView {
    DealView {
        points: seats(&d.points),
        scored: Scored::Won {
            winner: d.winner.and_then(Who::named),
            double: d.double,
            strokes: d.strokes.as_ref().map(seats),
            game_points: d.game_points.as_ref().map(seats),
        },
        game_over: d.game_over.as_ref().map(|o| GameEnd {
            winners: Who::named(o.winner).into_iter().collect(),
            marks: o.marks,
        }),
        figures: None,
    }
}

fn figures_game(g: &figures::report::GameReport) -> GameView {
    GameView {
        winners: vec![Who::of_side(g.winner)],
        score: pair(&g.score),
        marks: g.marks,
        received: None,
    }
}

fn figures_three_game(g: &figures::three::GameReport) -> GameView {
    GameView {
        winners: vec![Who::of_seat(g.winner)],
        score: trio(&g.score),
        marks: g.marks,
        received: None,
    }
}

fn watten_game(g: &watten::GameResult) -> GameView {
    GameView {
        winners: vec![Who::of_side(g.winner)],
        score: pair(&g.score),
        marks: g.marks,
        received: None,
    }
}

fn watten_three_game(g: &watten::three::GameResult) -> GameView {
    GameView {
        winners: g.winners.iter().copied().map(Who::of_seat).collect(),
        score: trio(&g.score),
        marks: g.marks.to_array().into_iter().max().unwrap_or(0),
        received: Some(trio(&g.marks)),
    }
}

fn gaigel_game(g: &gaigel::GameReport) -> GameView {
    GameView {
        winners: Who::named(g.winner).into_iter().collect(),
        score: seats(&g.score),
        marks: g.marks,
        received: None,
    }
}

#[cfg(test)]
mod tests;
