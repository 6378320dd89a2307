//! The three-player Watten sheet (rules text `004`, "Bavarian Watten for two or three
//! players": "A separate total is kept for each player"): a column per player with the
//! running total after each deal, the player who played alone marked, a line through a total
//! that is gestrichen (Bavarian: gespannt), and under each finished game the Bummerl each
//! player received; the Bummerl tally at the foot.

use super::svg::{Writer, n};
use super::{SheetLabels, Svg, Words};
use crate::rules::watten::three::Report;

const WIDTH: f64 = 340.0;

fn col(s: usize) -> f64 {
    100.0 + 90.0 * s as f64
}

fn cell(w: &mut Writer, class: &str, x: f64, y: f64, text: &str, bold: bool) {
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

/// Draws a refereed three-player Watten record.
pub fn draw(report: &Report, target: u32, words: &Words, labels: &SheetLabels) -> Svg {
    let mut w = Writer::new();
    let title = format!("Watten · 3 · {} {target}", words.target());
    w.text(
        &[
            ("x", "8"),
            ("y", "18"),
            ("font-size", "11"),
            ("fill", "#555"),
        ],
        &title,
    );
    for s in 0..3 {
        let name = super::shorten(&labels.name(s, ["P1", "P2", "P3"][s]), 11);
        cell(&mut w, "label", col(s), 48.0, &name, true);
    }
    w.line("rule", (16.0, 56.0), (WIDTH - 16.0, 56.0), 2.0);
    let mut y = 56.0;
    for (k, d) in report.deals.iter().enumerate() {
        y += 22.0;
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
        for (s, total) in d.score.to_array().into_iter().enumerate() {
            let seat = crate::rules::watten::input::Seat::ALL[s];
            let mut text = total.to_string();
            if d.alone == seat {
                // The player who played alone in this deal.
                text.push('*');
            }
            cell(&mut w, "points", col(s), y - 5.0, &text, false);
            if d.gestrichen.contains(&seat) {
                w.line(
                    "gestrichen",
                    (col(s) - 18.0, y - 10.0),
                    (col(s) + 18.0, y - 10.0),
                    1.5,
                );
            }
        }
        if let Some(over) = &d.game_over {
            y += 20.0;
            for (s, marks) in over.marks.to_array().into_iter().enumerate() {
                let text = if marks == 0 {
                    words.winner().to_string()
                } else {
                    "●".repeat(marks as usize)
                };
                cell(&mut w, "bummerl", col(s), y - 5.0, &text, false);
            }
            y += 4.0;
            w.line("rule", (16.0, y), (WIDTH - 16.0, y), 1.0);
        }
    }
    y += 8.0;
    w.line("rule", (16.0, y), (WIDTH - 16.0, y), 2.0);
    w.line("rule", (55.0, 56.0), (55.0, y), 1.0);
    y += 24.0;
    w.text(
        &[
            ("x", "8"),
            ("y", &n(y - 5.0)),
            ("font-size", "10"),
            ("fill", "#555"),
        ],
        "Bummerl",
    );
    for (s, v) in report.tally.to_array().into_iter().enumerate() {
        cell(&mut w, "total", col(s), y - 5.0, &v.to_string(), true);
    }
    y = super::note(&mut w, &report.errors, words, 16.0, y, WIDTH - 32.0);
    w.finish(WIDTH, y + 12.0, "Watten")
}

#[cfg(test)]
mod tests {
    use crate::rules::Lang;
    use crate::sheet::{SheetLabels, render};

    #[test]
    fn a_three_player_record_draws_a_column_per_player_with_its_bummerl() {
        let record = r#"{"game": "watten", "variant": "bavarian", "options": {"players": 3},
            "start": {"P1": 9, "P2": 3},
            "deals": [{"alone": "P1", "winner": "P1", "points": 2}]}"#;
        let labels = SheetLabels::new(["Anna", "Sepp", "Vroni"]);
        let svg = render(record, Lang::De, &labels).unwrap().into_string();
        for name in ["Anna", "Sepp", "Vroni"] {
            assert!(svg.contains(name), "{name} missing");
        }
        // P1 played alone and reached 11; P2 and P3 each received one Bummerl.
        assert!(svg.contains(">11*<"), "{svg}");
        assert_eq!(svg.matches(">●<").count(), 2, "{svg}");
        assert!(svg.contains(">Sieger<"));
    }
}
