//! The two-column sheet that Watten and the figure games share (rules texts `004`,
//! "scoresheet", and `000`/`001`, "On the scoresheet the target score is written at the top
//! and below it are two columns"): the target and the names on top, each deal's points in
//! its side's column (not totalled, as on paper; a small grey running total beside them),
//! the gestrichen line down a column, a rule under each finished game, the tally below.

use super::svg::{Writer, n};
use super::{Svg, Words};
use crate::rules::common::Violation;

/// Sheet width in drawing units; the columns' left edges and their shared middle line.
pub const WIDTH: f64 = 340.0;
pub const LEFT: f64 = 40.0;
pub const MIDDLE: f64 = 180.0;
pub const RIGHT: f64 = 320.0;
const ROW: f64 = 24.0;
/// Height of the band above each game, where the Bummerl are drawn.
pub const BAND: f64 = 34.0;

/// The centre of side `i`'s column (0: `A`, left; 1: `B`, right).
pub fn center(i: usize) -> f64 {
    if i == 0 {
        (LEFT + MIDDLE) / 2.0
    } else {
        (MIDDLE + RIGHT) / 2.0
    }
}

/// One deal's line.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The deal's index in the record (from 0).
    pub deal: usize,
    /// Points written for each side (penalties negative); 0 is left blank, as on paper.
    pub points: [i64; 2],
    /// The running score after the deal.
    pub score: [i64; 2],
    /// Sides gestrichen (Bavarian Watten: gespannt) after the deal.
    pub gestrichen: [bool; 2],
}

/// One game on the sheet: its deals, and how it ended.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    pub rows: Vec<Row>,
    /// `(winner, marks)` once the game is won.
    pub over: Option<(usize, u32)>,
}

/// Everything above and below the games.
pub struct Frame<'a> {
    pub title: &'a str,
    pub target: u32,
    pub names: [String; 2],
    /// The score when the record begins, when it is not 0:0.
    pub start: Option<[i64; 2]>,
    /// The heading and the numbers of the tally at the bottom.
    pub tally_heading: &'a str,
    pub tally: [u32; 2],
    pub errors: &'a [Violation],
}

/// Splits the deals into games at each deal that ends one.
pub fn split(rows: impl IntoIterator<Item = (Row, Option<(usize, u32)>)>) -> Vec<Block> {
    let mut blocks = vec![Block::default()];
    for (row, over) in rows {
        let Some(block) = blocks.last_mut() else {
            continue;
        };
        block.rows.push(row);
        if over.is_some() {
            block.over = over;
            blocks.push(Block::default());
        }
    }
    // An empty game after the last finished one is left off, unless the sheet is blank.
    if blocks.len() > 1 && blocks.last().is_some_and(|b| b.rows.is_empty()) {
        blocks.pop();
    }
    blocks
}

/// Draws the sheet; `band` draws into the band above each game (given its top).
pub fn draw(
    frame: &Frame,
    blocks: &[Block],
    words: &Words,
    band: &dyn Fn(&mut Writer, &Block, f64),
) -> Svg {
    let mut w = Writer::new();
    let top = head(&mut w, frame, words);
    let mut y = top;
    if let Some(start) = frame.start {
        y += ROW;
        gutter(&mut w, y, words.start());
        for (i, v) in start.iter().enumerate() {
            number(&mut w, "start", i, y, &v.to_string(), "#555");
        }
    }
    for (g, block) in blocks.iter().enumerate() {
        y = game(&mut w, g, block, words, band, y);
    }
    y += 6.0;
    w.line("rule", (MIDDLE, top), (MIDDLE, y), 2.0);
    y = foot(&mut w, frame, words, y);
    w.finish(WIDTH, y + 12.0, frame.title)
}

/// The caption, the target and the sides' names above the rule; returns the rule's height.
fn head(w: &mut Writer, frame: &Frame, words: &Words) -> f64 {
    w.caption(frame.title);
    w.text(
        &[
            ("class", "target"),
            ("x", &n(MIDDLE)),
            ("y", "26"),
            ("font-size", "18"),
            ("font-weight", "bold"),
            ("text-anchor", "middle"),
        ],
        &format!("{} {}", words.target(), frame.target),
    );
    for (i, name) in frame.names.iter().enumerate() {
        w.text(
            &[
                ("class", "label"),
                ("data-side", side(i)),
                ("x", &n(center(i))),
                ("y", "54"),
                ("font-size", "14"),
                ("font-weight", "bold"),
                ("text-anchor", "middle"),
            ],
            name,
        );
    }
    let top = 62.0;
    w.line("rule", (LEFT - 8.0, top), (RIGHT + 8.0, top), 2.0);
    top
}

/// Game `g` (from 0) below height `y`: its band, a row per deal, the gestrichen marks and
/// the double line of a finished game; returns the height below it.
fn game(
    w: &mut Writer,
    g: usize,
    block: &Block,
    words: &Words,
    band: &dyn Fn(&mut Writer, &Block, f64),
    mut y: f64,
) -> f64 {
    w.open(
        "g",
        &[("class", "game"), ("data-game", &(g + 1).to_string())],
    );
    w.text(
        &[
            ("x", "8"),
            ("y", &n(y + 20.0)),
            ("font-size", "10"),
            ("fill", "#555"),
        ],
        &format!("{} {}", words.game(), g + 1),
    );
    band(w, block, y);
    y += BAND;
    let first = y;
    for row in &block.rows {
        y += ROW;
        gutter(w, y, &(row.deal + 1).to_string());
        for i in 0..2 {
            if row.points[i] != 0 {
                number(w, "points", i, y, &signed(row.points[i]), "#000");
                w.text(
                    &[
                        ("class", "total"),
                        ("x", &n(center(i) + 58.0)),
                        ("y", &n(y - 5.0)),
                        ("font-size", "9"),
                        ("fill", "#888"),
                        ("text-anchor", "end"),
                    ],
                    &signed(row.score[i]),
                );
            }
        }
    }
    gestrichen(w, &block.rows, block.over.is_some(), first);
    if block.over.is_some() {
        y += 8.0;
        w.line("game-end", (LEFT - 8.0, y), (RIGHT + 8.0, y), 1.5);
        w.line(
            "game-end",
            (LEFT - 8.0, y + 3.0),
            (RIGHT + 8.0, y + 3.0),
            1.5,
        );
        y += 3.0;
    }
    w.close("g");
    y
}

/// The tally under the games and the note of a broken rule; returns the height below them.
fn foot(w: &mut Writer, frame: &Frame, words: &Words, mut y: f64) -> f64 {
    y += 22.0;
    w.text(
        &[
            ("x", &n(MIDDLE)),
            ("y", &n(y)),
            ("font-size", "11"),
            ("fill", "#555"),
            ("text-anchor", "middle"),
        ],
        frame.tally_heading,
    );
    y += 24.0;
    for i in 0..2 {
        number(w, "tally", i, y, &frame.tally[i].to_string(), "#000");
    }
    super::note(w, frame.errors, words, LEFT - 24.0, y, WIDTH - 2.0 * 16.0)
}

/// The side's letter, for `data-side`.
pub fn side(i: usize) -> &'static str {
    ["A", "B", "P3"].get(i).copied().unwrap_or("?")
}

/// A number as the scorer writes it: "−2" with a true minus sign.
fn signed(v: i64) -> String {
    if v < 0 {
        format!("\u{2212}{}", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// A small grey note in the left margin (the deal's number, "Stand").
fn gutter(w: &mut Writer, y: f64, text: &str) {
    w.text(
        &[
            ("x", "30"),
            ("y", &n(y - 7.0)),
            ("font-size", "9"),
            ("fill", "#888"),
            ("text-anchor", "end"),
        ],
        text,
    );
}

fn number(w: &mut Writer, class: &str, i: usize, y: f64, text: &str, fill: &str) {
    w.text(
        &[
            ("class", class),
            ("data-side", side(i)),
            ("x", &n(center(i))),
            ("y", &n(y - 6.0)),
            ("font-size", "17"),
            ("fill", fill),
            ("text-anchor", "middle"),
        ],
        text,
    );
}

/// The vertical line through a column from the deal it is gestrichen, one per run of deals.
/// The line stays through the deal that wins the game: on paper it is never taken back.
fn gestrichen(w: &mut Writer, rows: &[Row], over: bool, first: f64) {
    for i in 0..2 {
        let mut run: Option<usize> = None;
        for (k, row) in rows.iter().enumerate() {
            let last = over && k + 1 == rows.len();
            let on = row.gestrichen[i] || (last && run.is_some());
            match (on, run) {
                (true, None) => run = Some(k),
                (false, Some(s)) => {
                    stroke(w, i, rows[s].deal, first, s, k);
                    run = None;
                }
                _ => {}
            }
        }
        if let Some(s) = run {
            stroke(w, i, rows[s].deal, first, s, rows.len());
        }
    }
}

fn stroke(w: &mut Writer, i: usize, deal: usize, first: f64, from: usize, to: usize) {
    let x = center(i) + 1.0;
    let y1 = first + from as f64 * ROW + 2.0;
    let y2 = first + to as f64 * ROW + 2.0;
    w.empty(
        "line",
        &[
            ("class", "gestrichen"),
            ("data-side", side(i)),
            ("data-from-deal", &(deal + 1).to_string()),
            ("x1", &n(x - 2.0)),
            ("y1", &n(y1)),
            ("x2", &n(x + 2.0)),
            ("y2", &n(y2)),
            ("stroke", "#000"),
            ("stroke-width", "2"),
            ("stroke-linecap", "round"),
        ],
    );
}
