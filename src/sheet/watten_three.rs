//! The three-player Watten sheet (rules text `004`, "Bavarian Watten for two or three
//! players": "A separate total is kept for each player"): a column per player with the
//! running total after each deal, the player who played alone marked, a line through a total
//! that is gestrichen (Bavarian: gespannt), and under each finished game the Bummerl each
//! player received; the Bummerl tally at the foot.

use super::three_columns::{WIDTH, cell, col, foot, head, row, strike};
use super::{SheetLabels, Svg, Words};
use crate::rules::watten::three::Report;

/// Draws a refereed three-player Watten record.
pub fn draw(report: &Report, target: u32, words: &Words, labels: &SheetLabels) -> Svg {
    let title = format!("Watten · 3 · {} {target}", words.target());
    let (mut w, mut y) = head(&title, labels);
    for (k, d) in report.deals.iter().enumerate() {
        y = row(&mut w, k, y);
        for (s, total) in d.score.to_array().into_iter().enumerate() {
            let seat = crate::rules::players::Seat::ALL[s];
            let mut text = total.to_string();
            if d.alone == seat {
                // The player who played alone in this deal.
                text.push('*');
            }
            cell(&mut w, "points", col(s), y - 5.0, &text, false);
            if d.gestrichen.contains(&seat) {
                strike(&mut w, s, y);
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
    y = foot(&mut w, y, "Bummerl", report.tally.to_array());
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
