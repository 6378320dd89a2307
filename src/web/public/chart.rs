//! The points chart: each entrant's points after every round as a line, drawn on the server
//! as SVG (no chart library in the browser). Pure: words and numbers in, SVG text out.
//!
//! Accessible: the root is `role="img"` labelled by its `<title>` and `<desc>`; both axes are
//! labelled; each line is a `<g class="series">` with the entrant's name as its own `<title>`
//! (a tooltip, and what a screen reader names). Names are user input and always escaped.

use crate::sheet::svg::{escape, n};
use crate::text::isolated;

/// What the chart says in words (in the page's language).
pub struct ChartWords {
    pub title: String,
    pub desc: String,
    /// The x axis ("Runde").
    pub rounds: String,
    /// The y axis ("Punkte").
    pub points: String,
}

/// One line: an entrant and its points after round 1, 2, ... (cumulative).
pub struct Series {
    pub id: String,
    pub name: String,
    pub points: Vec<i64>,
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 48.0;
/// A legend is drawn only for this many lines or fewer; a larger field reads its names from
/// each line's title and from the standings.
const LEGEND_MAX: usize = 12;
/// Colours distinguishable for the common colour-vision deficiencies (Okabe–Ito).
const COLOURS: [&str; 8] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
];

/// Draws the chart over `rounds` rounds (x from 0, the start, to `rounds`).
pub fn draw(words: &ChartWords, rounds: usize, series: &[Series]) -> String {
    let legend_rows = if series.len() <= LEGEND_MAX {
        series.len()
    } else {
        0
    };
    let height = HEIGHT + 18.0 * legend_rows as f64;
    let max = series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1);
    let min = series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .min()
        .unwrap_or(0)
        .min(0);
    let scale = Scale { rounds, min, max };
    let mut out = String::with_capacity(4096 + 256 * series.len());
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 {} {}\" \
         role=\"img\" aria-labelledby=\"chart-title chart-desc\" \
         font-family=\"system-ui, 'DejaVu Sans', Arial, sans-serif\" font-size=\"12\">\n\
         <title id=\"chart-title\">{}</title>\n<desc id=\"chart-desc\">{}</desc>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
        n(WIDTH),
        n(height),
        escape(&words.title),
        escape(&words.desc)
    ));
    axes(&mut out, &scale, words);
    lines(&mut out, &scale, series, legend_rows);
    out.push_str("</svg>\n");
    out
}

const PLOT_W: f64 = WIDTH - LEFT - RIGHT;
const PLOT_H: f64 = HEIGHT - TOP - BOTTOM;

/// Rounds along x (0, the start, to `rounds`), points along y (`min` to `max`).
struct Scale {
    rounds: usize,
    min: i64,
    max: i64,
}

impl Scale {
    fn x(&self, r: usize) -> f64 {
        LEFT + PLOT_W * r as f64 / self.rounds.max(1) as f64
    }

    fn y(&self, p: i64) -> f64 {
        TOP + PLOT_H * (self.max - p) as f64 / (self.max - self.min) as f64
    }
}

/// Axes, grid and tick labels.
fn axes(out: &mut String, scale: &Scale, words: &ChartWords) {
    let (rounds, min, max) = (scale.rounds, scale.min, scale.max);
    let (plot_w, plot_h) = (PLOT_W, PLOT_H);
    let x = |r: usize| scale.x(r);
    let y = |p: i64| scale.y(p);
    out.push_str("<g class=\"axes\" stroke=\"#999\" stroke-width=\"1\">\n");
    for r in 0..=rounds {
        out.push_str(&format!(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#eee\"/>\n",
            n(x(r)),
            n(TOP),
            n(TOP + plot_h)
        ));
    }
    for p in ticks(min, max) {
        out.push_str(&format!(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#eee\"/>\n",
            n(LEFT),
            n(y(p)),
            n(LEFT + plot_w)
        ));
    }
    out.push_str(&format!(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\"/>\n</g>\n",
        n(LEFT),
        n(TOP),
        n(TOP + plot_h),
        n(LEFT + plot_w)
    ));
    out.push_str("<g class=\"ticks\" fill=\"#333\">\n");
    for r in 0..=rounds {
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{r}</text>\n",
            n(x(r)),
            n(TOP + plot_h + 16.0)
        ));
    }
    for p in ticks(min, max) {
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{p}</text>\n",
            n(LEFT - 6.0),
            n(y(p) + 4.0)
        ));
    }
    out.push_str(&format!(
        "<text class=\"axis-label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
        n(LEFT + plot_w / 2.0),
        n(TOP + plot_h + 36.0),
        escape(&words.rounds)
    ));
    out.push_str(&format!(
        "<text class=\"axis-label\" transform=\"translate(14 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n</g>\n",
        n(TOP + plot_h / 2.0),
        escape(&words.points)
    ));
}

/// One line per entrant, starting at 0 before round 1, and the legend under a small field.
fn lines(out: &mut String, scale: &Scale, series: &[Series], legend_rows: usize) {
    let x = |r: usize| scale.x(r);
    let y = |p: i64| scale.y(p);
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let mut d = format!("M{} {}", n(x(0)), n(y(0)));
        for (r, p) in s.points.iter().enumerate() {
            d.push_str(&format!(" L{} {}", n(x(r + 1)), n(y(*p))));
        }
        out.push_str(&format!(
            "<g class=\"series\" data-entrant=\"{}\" aria-label=\"{}\"><title>{}</title>\
             <path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" \
             stroke-linejoin=\"round\"/></g>\n",
            escape(&s.id),
            escape(&isolated(&s.name)),
            escape(&format!(
                "{}: {}",
                isolated(&s.name),
                s.points.last().copied().unwrap_or(0)
            ))
        ));
    }
    for (i, s) in series.iter().take(legend_rows).enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let ly = HEIGHT + 18.0 * i as f64;
        out.push_str(&format!(
            "<g class=\"legend\"><line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{colour}\" \
             stroke-width=\"3\"/><text x=\"{3}\" y=\"{4}\">{5}</text></g>\n",
            n(LEFT),
            n(ly - 4.0),
            n(LEFT + 24.0),
            n(LEFT + 30.0),
            n(ly),
            escape(&isolated(&s.name))
        ));
    }
}

/// At most nine round numbers (steps of 1, 2 or 5 times a power of ten) between `min` and
/// `max` for the y axis, 0 among them.
fn ticks(min: i64, max: i64) -> Vec<i64> {
    let span = (max - min).max(1);
    let raw = span as f64 / 8.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|f| f * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(magnitude * 10.0)
        .max(1.0) as i64;
    let first = min.div_euclid(step) * step;
    (0..)
        .map(|k| first + k * step)
        .skip_while(|p| *p < min)
        .take_while(|p| *p <= max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> ChartWords {
        ChartWords {
            title: "Punkte <nach> Runden".into(),
            desc: "Eine Linie je Team".into(),
            rounds: "Runde".into(),
            points: "Punkte".into(),
        }
    }

    #[test]
    fn every_entrant_is_one_labelled_line_and_names_are_escaped() {
        let series = vec![
            Series {
                id: "t1".into(),
                name: "Sepp & <Loisl>".into(),
                points: vec![1, 2, 2],
            },
            Series {
                id: "t2".into(),
                name: "Vroni".into(),
                points: vec![0, 1, 3],
            },
        ];
        let svg = draw(&words(), 3, &series);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        assert_eq!(root.attribute("role"), Some("img"));
        let lines: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("series"))
            .collect();
        assert_eq!(lines.len(), 2);
        // Escaped, and isolated (an SVG has no `<bdi>`): FSI … PDI.
        let label = lines[0].attribute("aria-label");
        assert_eq!(label, Some("\u{2068}Sepp & <Loisl>\u{2069}"));
        // Start plus three rounds: four points on each line.
        let d = lines[1]
            .descendants()
            .find(|n| n.has_tag_name("path"))
            .and_then(|p| p.attribute("d"))
            .unwrap();
        assert_eq!(d.matches(['M', 'L']).count(), 4);
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|t| t.text());
        assert_eq!(title, Some("Punkte <nach> Runden"));
    }

    #[test]
    fn ticks_are_round_numbers_inside_the_range() {
        assert_eq!(ticks(0, 10), vec![0, 2, 4, 6, 8, 10]);
        assert_eq!(ticks(0, 1), vec![0, 1]);
        let t = ticks(-30, 95);
        assert!(t.contains(&0) && t.iter().all(|p| (-30..=95).contains(p)));
        assert!(t.len() >= 4 && t.len() <= 8, "{t:?}");
    }
}
