//! The three-player Perlaggen sheet (docs/rules/figures.md, "Three players each for
//! themselves"): a column per player with the running score after each deal, a line through
//! a score one point short of the target (gestrichen), a rule under each finished game with
//! its winner; the games won at the foot.

use super::three_columns::{WIDTH, cell, col, foot, head, row, strike};
use super::{SheetLabels, Svg, Words};
use crate::rules::figures::three::Report;

/// Draws a refereed three-player Perlaggen record.
pub fn draw(report: &Report, target: u32, words: &Words, labels: &SheetLabels) -> Svg {
    let title = format!("Perlaggen · 3 · {} {target}", words.target());
    let (mut w, mut y) = head(&title, labels);
    for (k, d) in report.deals.iter().enumerate() {
        y = row(&mut w, k, y);
        for (s, total) in d.score.to_array().into_iter().enumerate() {
            cell(&mut w, "points", col(s), y - 5.0, &total.to_string(), false);
            if d.gestrichen.iter().any(|p| p.index() == s) {
                strike(&mut w, s, y);
            }
        }
        if let Some(over) = &d.game_over {
            y += 20.0;
            cell(
                &mut w,
                "winner",
                col(over.winner.index()),
                y - 5.0,
                words.winner(),
                false,
            );
            y += 4.0;
            w.line("rule", (16.0, y), (WIDTH - 16.0, y), 1.0);
        }
    }
    y = foot(&mut w, y, words.games_won(), report.tally.to_array());
    y = super::note(&mut w, &report.errors, words, 16.0, y, WIDTH - 32.0);
    w.finish(WIDTH, y + 12.0, "Perlaggen")
}

#[cfg(test)]
mod tests {
    use crate::rules::Lang;
    use crate::sheet::{SheetLabels, render};

    #[test]
    fn a_three_player_record_draws_a_column_per_player_and_the_winner() {
        let record = r#"{"game": "perlaggen", "options": {"players": 3}, "target": 5,
            "start": {"P1": 3, "P2": 1},
            "deals": [{"events": [{"good": "spiel", "by": "P2"}, {"good": "spiel", "by": "P3"},
              {"show": {"gleich": "P1", "hanger": "P3"}}]}]}"#;
        let labels = SheetLabels::new(["Anna", "Sepp", "Vroni"]);
        let svg = render(record, Lang::De, &labels).unwrap().into_string();
        for name in ["Anna", "Sepp", "Vroni"] {
            assert!(svg.contains(name), "{name} missing");
        }
        // P1 takes the Spiel (conceded by both others) and the Gleich: 3 + 1 + 1 = 5 of 5.
        assert!(svg.contains(">5<"), "{svg}");
        assert!(svg.contains(">Sieger<"), "{svg}");
    }
}
