//! The pad's sentences about the table, read from the referee's view of a result: who
//! writes the completed deal ("A schreibt 3"), the end of a game ("Partie beendet: A gewinnt
//! 15:12, ein Bummerl") and the score before the next deal.

use super::words::text;
use crate::rules::Report;
use crate::rules::pad::count;
use crate::web::i18n::Locale;

/// "A schreibt 3" for deal `index` (every side that scored the most). A deal won as a whole
/// (Gaigel) counts card points: its preview names the winner instead, so none.
pub fn writes(locale: Locale, report: &Report, index: usize) -> Option<String> {
    let deal = report.deal_view(index)?;
    // Only a deal written as points towards a running score says who writes.
    deal.score()?;
    let points = deal.points;
    let pts = points.iter().map(|(_, v)| *v).max()?;
    let top: Vec<&str> = points
        .iter()
        .filter(|(_, v)| *v == pts)
        .map(|(k, _)| k.as_str())
        .collect();
    Some(locale.t_with(
        "padr-writes",
        &[
            ("side", top.join(" + ")),
            ("points", pts.to_string()),
            ("n", count(top.len()).to_string()),
        ],
    ))
}

/// "Partie beendet: A gewinnt 15:12, ein Bummerl" when deal `index` ended a game: its
/// winners, the final score (none where deals keep no running score, Gaigel) and, where a
/// game's marks are Bummerl (Watten), the most any player got.
pub fn game_end(locale: Locale, report: &Report, index: usize) -> Option<String> {
    let deal = report.deal_view(index)?;
    let end = deal.game_over.as_ref()?;
    let winners: Vec<&str> = end.winners.iter().map(|w| w.as_str()).collect();
    let words = locale.t_with(
        "padr-game-over",
        &[
            ("side", winners.join(" + ")),
            ("n", count(winners.len()).to_string()),
            ("score", deal.score().map(text).unwrap_or_default()),
        ],
    );
    Some(if report.marks_are_bummerl() && end.marks > 0 {
        let n = count(end.marks as usize).to_string();
        let marks = end.marks.to_string();
        let bummerl = locale.t_with("padr-bummerl", &[("marks", marks), ("n", n)]);
        format!("{words}, {bummerl}")
    } else {
        words
    })
}

/// The score before the next deal: the last deal's, 0 for each side after a finished game;
/// `None` without a last deal with a running score (Gaigel's deals carry none).
pub fn score_after(report: &Report, last: usize) -> Option<String> {
    score_of(report, last, true)
}

/// The score after the deal `last`, a finished game's final score included (a table whose
/// game is over shows it, not the next game's 0:0).
pub fn score_at(report: &Report, last: usize) -> Option<String> {
    score_of(report, last, false)
}

fn score_of(report: &Report, last: usize, zero_after_game: bool) -> Option<String> {
    let deal = report.deal_view(last)?;
    let score = deal.score()?;
    Some(if deal.ends_game() && zero_after_game {
        let zeros: Vec<&str> = score.iter().map(|_| "0").collect();
        zeros.join(":")
    } else {
        text(score)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::common::{Pair, Side};
    use crate::rules::watten;

    /// A Watten report of one deal: A wrote 3 and reached 15:12, ending the game with
    /// `marks` Bummerl for B.
    fn ended(marks: u32) -> Report {
        Report::Watten(watten::Report {
            valid: true,
            errors: Vec::new(),
            deals: vec![watten::DealResult {
                points: Pair::new(3, 0),
                score: Pair::new(15, 12),
                stake: 3,
                gestrichen: watten::Sides::default(),
                game_over: Some(watten::GameOver {
                    winner: Side::A,
                    marks,
                    decided_by: None,
                }),
            }],
            games: Vec::new(),
            tally: Pair::new(0, marks),
            rulings: Vec::new(),
        })
    }

    #[test]
    fn a_watten_game_ends_with_its_bummerl() {
        // Rules text 004 (Watten): "A team that has 15 or more points has won, which is
        // indicated by drawing a black blob (called a Bummerle) above the losers' column."
        let report = ended(1);
        assert_eq!(
            game_end(Locale::De, &report, 0).as_deref(),
            Some("Partie beendet: A gewinnt 15:12, ein Bummerl")
        );
        assert_eq!(
            writes(Locale::De, &report, 0).as_deref(),
            Some("A schreibt 3")
        );
        // The next deal starts the new game at nothing each.
        assert_eq!(score_after(&report, 0).as_deref(), Some("0:0"));
        // No deal there, no end and no words.
        assert_eq!(game_end(Locale::De, &report, 1), None);
        assert_eq!(writes(Locale::De, &report, 1), None);
    }

    #[test]
    fn a_deal_that_ends_no_game_leaves_its_score_standing() {
        let Report::Watten(mut r) = ended(1) else {
            unreachable!("built as Watten")
        };
        r.deals[0].game_over = None;
        r.deals[0].score = Pair::new(10, 7);
        let report = Report::Watten(r);
        assert_eq!(game_end(Locale::De, &report, 0), None);
        assert_eq!(score_after(&report, 0).as_deref(), Some("10:7"));
    }
}
