//! The pad's sentences about the table, read from the referee's typed result per family: who
//! writes the completed deal ("A schreibt 3"), the end of a game ("Partie beendet: A gewinnt
//! 15:12, ein Bummerl") and the score before the next deal.

use super::words::{Columns, pair, text, trio};
use crate::rules::Report;
use crate::rules::pad::count;
use crate::web::i18n::Locale;

/// "A schreibt 3" for deal `index` (every side that scored the most). A Gaigel deal's points
/// are card points: its preview names the winner instead, so none.
pub fn writes(locale: Locale, report: &Report, index: usize) -> Option<String> {
    let points = match report {
        Report::Watten(r) => pair(&r.deals.get(index)?.points),
        Report::WattenThree(r) => trio(&r.deals.get(index)?.points),
        Report::Figures(r) => pair(&r.deals.get(index)?.points),
        Report::FiguresThree(r) => trio(&r.deals.get(index)?.points),
        Report::Gaigel(_) => return None,
    };
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

/// How a game ended: its winners, the marks (the most any player got), the final score
/// (Gaigel's deals carry none) and whether the marks are Watten's Bummerl.
struct End {
    winners: Vec<String>,
    marks: u32,
    score: String,
    bummerl: bool,
}

fn end_of(report: &Report, index: usize) -> Option<End> {
    Some(match report {
        Report::Watten(r) => {
            let d = r.deals.get(index)?;
            let over = d.game_over.as_ref()?;
            End {
                winners: vec![over.winner.to_string()],
                marks: over.marks,
                score: text(&pair(&d.score)),
                bummerl: true,
            }
        }
        Report::WattenThree(r) => {
            let d = r.deals.get(index)?;
            let over = d.game_over.as_ref()?;
            End {
                winners: over.winners.iter().map(|w| w.name().to_string()).collect(),
                marks: over.marks.to_array().into_iter().max().unwrap_or(0),
                score: text(&trio(&d.score)),
                bummerl: true,
            }
        }
        Report::Figures(r) => {
            let d = r.deals.get(index)?;
            let over = d.game_over.as_ref()?;
            End {
                winners: vec![over.winner.to_string()],
                marks: over.marks,
                score: text(&pair(&d.score)),
                bummerl: false,
            }
        }
        Report::FiguresThree(r) => {
            let d = r.deals.get(index)?;
            let over = d.game_over.as_ref()?;
            End {
                winners: vec![over.winner.name().to_string()],
                marks: over.marks,
                score: text(&trio(&d.score)),
                bummerl: false,
            }
        }
        Report::Gaigel(r) => {
            let over = r.deals.get(index)?.game_over.as_ref()?;
            End {
                winners: vec![over.winner.to_string()],
                marks: over.marks,
                score: String::new(),
                bummerl: false,
            }
        }
    })
}

/// "Partie beendet: A gewinnt 15:12, ein Bummerl" when deal `index` ended a game.
pub fn game_end(locale: Locale, report: &Report, index: usize) -> Option<String> {
    let end = end_of(report, index)?;
    let words = locale.t_with(
        "padr-game-over",
        &[
            ("side", end.winners.join(" + ")),
            ("n", count(end.winners.len()).to_string()),
            ("score", end.score),
        ],
    );
    Some(if end.bummerl && end.marks > 0 {
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
    let (score, over): (Columns, bool) = match report {
        Report::Watten(r) => r
            .deals
            .get(last)
            .map(|d| (pair(&d.score), d.game_over.is_some()))?,
        Report::WattenThree(r) => r
            .deals
            .get(last)
            .map(|d| (trio(&d.score), d.game_over.is_some()))?,
        Report::Figures(r) => r
            .deals
            .get(last)
            .map(|d| (pair(&d.score), d.game_over.is_some()))?,
        Report::FiguresThree(r) => r
            .deals
            .get(last)
            .map(|d| (trio(&d.score), d.game_over.is_some()))?,
        Report::Gaigel(_) => return None,
    };
    let score = if over && zero_after_game {
        score.into_iter().map(|(k, _)| (k, 0)).collect()
    } else {
        score
    };
    Some(text(&score))
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
