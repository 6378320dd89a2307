//! The Watten sheet (rules text `004`, "scoresheet with Bummerle / scoresheet with Schere"):
//! two columns of points, a line through the score of a side that is gestrichen (Bavarian:
//! gespannt), and each won game's Bummerl as black blobs above the losers' column:
//! Schneider as two blobs joined into scissors, reverse Schneider as two pairs (contract 6.4).

use super::columns::{self, BAND, Block, Frame, Row};
use super::svg::{Writer, n};
use super::{SheetLabels, Svg, Words};
use crate::rules::common::Pair;
use crate::rules::watten::Report;

/// Draws a refereed Watten record.
pub fn draw(
    report: &Report,
    target: u32,
    start: Pair<u32>,
    words: &Words,
    labels: &SheetLabels,
) -> Svg {
    let rows = report.deals.iter().enumerate().map(|(k, d)| {
        let row = Row {
            deal: k,
            points: [i64::from(d.points.a), i64::from(d.points.b)],
            score: [i64::from(d.score.a), i64::from(d.score.b)],
            gestrichen: [d.gestrichen.0.a, d.gestrichen.0.b],
        };
        (row, d.game_over.map(|g| (g.winner.index(), g.marks)))
    });
    let blocks = columns::split(rows);
    let frame = Frame {
        title: "Watten",
        target,
        names: [labels.name(0, "A"), labels.name(1, "B")],
        start: (start != Pair::default()).then(|| [i64::from(start.a), i64::from(start.b)]),
        tally_heading: "Bummerl",
        tally: [report.tally.a, report.tally.b],
        errors: &report.errors,
    };
    columns::draw(&frame, &blocks, words, &bummerl)
}

/// The Bummerl of a finished game above the losers' column: a pair of scissors for each two
/// marks, a single blob for an odd one.
fn bummerl(w: &mut Writer, block: &Block, top: f64) {
    let Some((winner, marks)) = block.over else {
        return;
    };
    let loser = 1 - winner;
    let pairs = marks / 2;
    let singles = marks % 2;
    let count = pairs + singles;
    // Each figure takes 30 units across; the group is centred over the column.
    let x0 = columns::center(loser) - 15.0 * f64::from(count.saturating_sub(1));
    let y = top + BAND - 9.0;
    w.open(
        "g",
        &[
            ("class", "bummerl-marks"),
            ("data-side", columns::side(loser)),
            ("data-marks", &marks.to_string()),
        ],
    );
    for k in 0..count {
        let x = x0 + 30.0 * f64::from(k);
        if k < pairs {
            scissors(w, x, y, loser);
        } else {
            blob(w, x, y, loser);
        }
    }
    w.close("g");
}

/// A Bummerle: a black blob.
fn blob(w: &mut Writer, x: f64, y: f64, loser: usize) {
    w.empty(
        "circle",
        &[
            ("class", "bummerl"),
            ("data-side", columns::side(loser)),
            ("cx", &n(x)),
            ("cy", &n(y)),
            ("r", "6.5"),
            ("fill", "#000"),
        ],
    );
}

/// Two blobs extended into a pair of scissors: the blobs are the finger holes, their
/// blades cross above them.
fn scissors(w: &mut Writer, x: f64, y: f64, loser: usize) {
    w.open(
        "g",
        &[("class", "scissors"), ("data-side", columns::side(loser))],
    );
    for dx in [-7.0, 7.0] {
        w.empty(
            "circle",
            &[
                ("class", "bummerl"),
                ("cx", &n(x + dx)),
                ("cy", &n(y)),
                ("r", "5.5"),
                ("fill", "#000"),
            ],
        );
        // Each blob's blade runs up across the middle to the other side.
        w.line("blade", (x + dx, y - 3.0), (x - dx * 1.1, y - 22.0), 2.5);
    }
    w.close("g");
}
