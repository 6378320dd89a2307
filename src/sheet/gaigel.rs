//! The Gaigel sheets. Strokes (rules text `002`, "on a slate or on paper. Two lines are
//! drawn, one for each team, extending outward from a central circle. The losers of each game
//! draw a short stroke I across their scoring line, or a V for a double loss ... On paper
//! strokes are 'erased' by adding a further small mark across them"; text `003`, "Scoring":
//! a third line for a third player). SKV Rutesheim (text `002`, the Rutesheim paragraph;
//! contract 7.5): a table of game points per deal and player, with the totals.

use super::svg::{Writer, n};
use super::three_columns::{WIDTH, cell, col, foot, head, row};
use super::{SheetLabels, Svg, Words};
use crate::rules::gaigel::{Phase, Report, TallyReport};

/// Distance between two strokes along a line.
const GAP: f64 = 14.0;
/// Radius of the central circle.
const RADIUS: f64 = 14.0;

/// Draws a refereed Gaigel record: the stroke lines, or the Rutesheim table.
pub fn draw(report: &Report, words: &Words, labels: &SheetLabels) -> Svg {
    match &report.tally {
        TallyReport::GamePoints(totals) => {
            let rows: Vec<[u32; 3]> = report
                .deals
                .iter()
                .filter_map(|d| d.game_points.map(|g| g.values))
                .collect();
            rutesheim(&rows, totals.values, report, words, labels)
        }
        TallyReport::Strokes(t) => {
            let history: Vec<[u32; 3]> = report
                .deals
                .iter()
                .filter_map(|d| d.strokes.map(|s| s.values))
                .collect();
            let sheet = StrokeSheet {
                sides: t.sides,
                pool: t.pool,
                lines: marks(&history, t.sides),
                erase: t.phase == Phase::Erase,
                winner: t.winner,
            };
            strokes(&sheet, report, words, labels)
        }
    }
}

/// A mark on a line: an I (1 arm) or a V (2 arms: a double loss, *Gigackel*), with its
/// erased arms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub arms: u32,
    pub erased: u32,
}

/// What the stroke sheet shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrokeSheet {
    pub sides: usize,
    pub pool: u32,
    pub lines: Vec<Vec<Mark>>,
    pub erase: bool,
    pub winner: Option<usize>,
}

/// Replays the strokes standing after each deal as marks: a line's rise by 1 is an I, by 2 a
/// V; a fall erases arms, the last drawn first.
pub fn marks(history: &[[u32; 3]], sides: usize) -> Vec<Vec<Mark>> {
    let mut lines = vec![Vec::new(); sides];
    let mut before = [0u32; 3];
    for after in history {
        for (s, line) in lines.iter_mut().enumerate() {
            let (old, new) = (before[s], after[s]);
            if new > old {
                let mut rise = new - old;
                while rise > 0 {
                    let arms = rise.min(2);
                    line.push(Mark { arms, erased: 0 });
                    rise -= arms;
                }
            }
            for _ in new..old {
                if let Some(m) = line.iter_mut().rev().find(|m| m.erased < m.arms) {
                    m.erased += 1;
                }
            }
        }
        before = *after;
    }
    lines
}

/// A point or a direction.
type Vec2 = (f64, f64);

/// Each line's origin on the circle, its direction out, and the direction strokes cross it.
fn geometry(sides: usize, cx: f64, cy: f64) -> Vec<(Vec2, Vec2, Vec2)> {
    let mut out = vec![
        ((cx - RADIUS, cy), (-1.0, 0.0), (0.0, 1.0)),
        ((cx + RADIUS, cy), (1.0, 0.0), (0.0, 1.0)),
    ];
    if sides == 3 {
        out.push(((cx, cy + RADIUS), (0.0, 1.0), (1.0, 0.0)));
    }
    out
}

/// Draws the stroke lines.
pub fn strokes(sheet: &StrokeSheet, report: &Report, words: &Words, labels: &SheetLabels) -> Svg {
    let slots = sheet.pool.max(1) as f64;
    // At least long enough for the names and the phase line below to fit.
    let len = (slots * GAP + 24.0).max(130.0);
    let width = 2.0 * (RADIUS + len + 24.0);
    let (cx, cy) = (width / 2.0, 70.0);
    let mut w = Writer::new();
    w.caption("Gaigel");
    w.empty(
        "circle",
        &[
            ("class", "pool"),
            ("cx", &n(cx)),
            ("cy", &n(cy)),
            ("r", &n(RADIUS)),
            ("fill", "none"),
            ("stroke", "#000"),
            ("stroke-width", "2"),
        ],
    );
    let fallback = |s: usize| match (sheet.sides, s) {
        (3, s) => ["P1", "P2", "P3"][s.min(2)],
        (_, 0) => "A",
        _ => "B",
    };
    for (s, ((ox, oy), (dx, dy), (nx, ny))) in geometry(sheet.sides, cx, cy).into_iter().enumerate()
    {
        let side = fallback(s);
        w.open("g", &[("class", "line"), ("data-side", side)]);
        w.line(
            "scoring-line",
            (ox, oy),
            (ox + dx * len, oy + dy * len),
            2.0,
        );
        let name = super::shorten(&labels.name(s, side), 14);
        let standing: u32 = sheet.lines[s].iter().map(|m| m.arms - m.erased).sum();
        line_label(&mut w, s, (ox, oy), len, &format!("{name} ({standing})"));
        line_marks(&mut w, &sheet.lines[s], (ox, oy), (dx, dy), (nx, ny));
        w.close("g");
    }
    let mut y = if sheet.sides == 3 {
        cy + RADIUS + len + 30.0
    } else {
        cy + 44.0
    };
    let mut status = format!("Phase: {}", words.phase(sheet.erase));
    if let Some(win) = sheet.winner {
        status = format!(
            "{} · {}: {}",
            status,
            words.winner(),
            labels.name(win, fallback(win))
        );
    }
    w.text(
        &[
            ("class", "phase"),
            ("x", &n(cx)),
            ("y", &n(y)),
            ("font-size", "13"),
            ("text-anchor", "middle"),
        ],
        &status,
    );
    y = super::note(&mut w, &report.errors, words, 16.0, y, width - 32.0);
    w.finish(width, y + 16.0, "Gaigel")
}

/// The name and strokes standing of line `s` (from its origin, `len` long), at its far end
/// for `A` and `B`, beside it for the third line.
fn line_label(w: &mut Writer, s: usize, (ox, oy): (f64, f64), len: f64, text: &str) {
    let (lx, ly, anchor) = match s {
        0 => (ox - len, oy - 16.0, "start"),
        1 => (ox + len, oy - 16.0, "end"),
        _ => (ox + 14.0, oy + len, "start"),
    };
    w.text(
        &[
            ("class", "label"),
            ("x", &n(lx)),
            ("y", &n(ly)),
            ("font-size", "13"),
            ("font-weight", "bold"),
            ("text-anchor", anchor),
        ],
        text,
    );
}

/// The marks of one line, from its origin along `dir` (`normal` points across it): an I per
/// stroke, a V per two, each erased arm crossed out.
fn line_marks(
    w: &mut Writer,
    marks: &[Mark],
    (ox, oy): (f64, f64),
    (dx, dy): (f64, f64),
    (nx, ny): (f64, f64),
) {
    let at = |t: f64, k: f64| (ox + dx * t + nx * k, oy + dy * t + ny * k);
    let mut t = 12.0;
    for m in marks {
        let class = if m.erased == m.arms {
            "stroke erased"
        } else {
            "stroke"
        };
        w.open("g", &[("class", class), ("data-arms", &m.arms.to_string())]);
        if m.arms == 1 {
            w.line("arm", at(t, -10.0), at(t, 10.0), 2.0);
            if m.erased > 0 {
                w.line("erase", at(t - 7.0, -3.0), at(t + 7.0, -8.0), 1.8);
            }
            t += GAP;
        } else {
            let mid = t + GAP / 2.0;
            w.line("arm", at(t - 2.0, -10.0), at(mid, 10.0), 2.0);
            w.line("arm", at(mid, 10.0), at(t + GAP + 2.0, -10.0), 2.0);
            for k in 0..m.erased {
                // Across the upper half of one arm, then of the other.
                let c = if k == 0 {
                    t + GAP * 0.95
                } else {
                    t + GAP * 0.05
                };
                w.line("erase", at(c - 6.0, -3.0), at(c + 6.0, -8.0), 1.8);
            }
            t += 2.0 * GAP;
        }
        w.close("g");
    }
}

/// Draws the SKV Rutesheim table: one row per deal, one column per player, the totals below.
fn rutesheim(
    rows: &[[u32; 3]],
    totals: [u32; 3],
    report: &Report,
    words: &Words,
    labels: &SheetLabels,
) -> Svg {
    let (mut w, mut y) = head("Gaigel · SKV Rutesheim", labels);
    for (k, r) in rows.iter().enumerate() {
        y = row(&mut w, k, y);
        for (s, v) in r.iter().enumerate() {
            cell(&mut w, "points", col(s), y - 5.0, &v.to_string(), false);
        }
    }
    y = foot(&mut w, y, words.total(), totals);
    y = super::note(&mut w, &report.errors, words, 16.0, y, WIDTH - 32.0);
    w.finish(WIDTH, y + 12.0, "Gaigel")
}
