//! The Giltspiel and Perlaggen sheet (rules texts `000` and `001`, "On the scoresheet the
//! target score is written at the top and below it are two columns ... Traditionally, the
//! scores are not totalled ... a vertical line is drawn through their column of scores: they
//! are said to be gestrichen"): points per deal, penalties as negative numbers, the
//! gestrichen line from the deal it starts, a rule under each game, the games won below.

use super::columns::{self, BAND, Block, Frame, Row};
use super::svg::{Writer, n};
use super::{SheetLabels, Svg, Words};
use crate::rules::common::{Pair, Side};
use crate::rules::figures::Report;

/// Draws a refereed Giltspiel or Perlaggen record.
pub fn draw(
    report: &Report,
    title: &str,
    target: u32,
    start: Pair<u32>,
    words: &Words,
    labels: &SheetLabels,
) -> Svg {
    let rows = report.deals.iter().enumerate().map(|(k, d)| {
        let row = Row {
            deal: k,
            points: [d.points.a, d.points.b],
            score: [d.score.a, d.score.b],
            gestrichen: [
                d.gestrichen.contains(&Side::A),
                d.gestrichen.contains(&Side::B),
            ],
        };
        (row, d.game_over.map(|g| (g.winner.index(), g.marks)))
    });
    let blocks = columns::split(rows);
    let frame = Frame {
        title,
        target,
        names: [labels.name(0, "A"), labels.name(1, "B")],
        start: (start != Pair::default()).then(|| [i64::from(start.a), i64::from(start.b)]),
        tally_heading: words.games_won(),
        tally: [report.tally.a, report.tally.b],
        errors: &report.errors,
    };
    columns::draw(&frame, &blocks, words, &winner_mark)
}

/// A finished game: a ring above the winners' column, as a scorer circles a won game.
fn winner_mark(w: &mut Writer, block: &Block, top: f64) {
    let Some((winner, _)) = block.over else {
        return;
    };
    w.empty(
        "circle",
        &[
            ("class", "game-won"),
            ("data-side", columns::side(winner)),
            ("cx", &n(columns::center(winner))),
            ("cy", &n(top + BAND - 11.0)),
            ("r", "7"),
            ("fill", "none"),
            ("stroke", "#000"),
            ("stroke-width", "2"),
        ],
    );
}
