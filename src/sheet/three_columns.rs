//! The frame both three-player sheets share (the SKV Rutesheim Gaigel table and three-player
//! Watten): a column per player under a title, a numbered row per deal, a foot line with one
//! total per player. The sheets differ only in what a row holds.

use super::SheetLabels;
use super::svg::{Writer, n};

/// The sheet's width: three names share it.
pub const WIDTH: f64 = 340.0;
/// Where the table starts below the names.
const TOP: f64 = 56.0;

/// The centre of player `s`'s column.
pub fn col(s: usize) -> f64 {
    100.0 + 90.0 * s as f64
}

/// One centred cell of a column.
pub fn cell(w: &mut Writer, class: &str, x: f64, y: f64, text: &str, bold: bool) {
    w.text(
        &[
            ("class", class),
            ("x", &n(x)),
            ("y", &n(y)),
            ("font-size", if bold { "16" } else { "15" }),
            ("font-weight", if bold { "bold" } else { "normal" }),
            ("text-anchor", "middle"),
        ],
        text,
    );
}

/// Starts a sheet: the title, the three names and the rule under them; returns the writer
/// and the height reached.
pub fn head(title: &str, labels: &SheetLabels) -> (Writer, f64) {
    let mut w = Writer::new();
    w.caption(title);
    for s in 0..3 {
        // Three names share the width: shortened further than on the two-column sheets, and
        // in a smaller type than the totals, so that ten letters stay inside a column's 90
        // units (the names overlapped at 16 units).
        let name = super::shorten(&labels.name(s, ["P1", "P2", "P3"][s]), 10);
        w.text(
            &[
                ("class", "label"),
                ("x", &n(col(s))),
                ("y", "48"),
                ("font-size", "12"),
                ("font-weight", "bold"),
                ("text-anchor", "middle"),
            ],
            &name,
        );
    }
    w.line("rule", (16.0, TOP), (WIDTH - 16.0, TOP), 2.0);
    (w, TOP)
}

/// The line through player `s`'s total in the row at `y`: gestrichen (Bavarian: gespannt).
pub fn strike(w: &mut Writer, s: usize, y: f64) {
    w.line(
        "gestrichen",
        (col(s) - 18.0, y - 10.0),
        (col(s) + 18.0, y - 10.0),
        1.5,
    );
}

/// Starts deal `k`'s row (from 0) at `y`: moves down one row and writes its number; returns
/// the row's baseline.
pub fn row(w: &mut Writer, k: usize, y: f64) -> f64 {
    let y = y + 22.0;
    w.text(
        &[
            ("x", "34"),
            ("y", &n(y - 5.0)),
            ("font-size", "10"),
            ("fill", "#888"),
            ("text-anchor", "end"),
        ],
        &(k + 1).to_string(),
    );
    y
}

/// Closes the table at `y` and writes the foot line: `label` and one bold total per player;
/// returns the height reached.
pub fn foot(w: &mut Writer, y: f64, label: &str, totals: [u32; 3]) -> f64 {
    let y = y + 8.0;
    w.line("rule", (16.0, y), (WIDTH - 16.0, y), 2.0);
    w.line("rule", (55.0, TOP), (55.0, y), 1.0);
    let y = y + 24.0;
    w.text(
        &[
            ("x", "8"),
            ("y", &n(y - 5.0)),
            ("font-size", "10"),
            ("fill", "#555"),
        ],
        label,
    );
    for (s, v) in totals.iter().enumerate() {
        cell(w, "total", col(s), y - 5.0, &v.to_string(), true);
    }
    y
}
