//! A deal and the score in words, read from the referee's one view of a result for every game
//! family ([`Report::deal_view`], `rules::view`): "A schreibt 3, Stand 10:7", "P1 gewinnt,
//! danach 4:4:1". No family is guessed from a JSON shape; the report's JSON is only what
//! leaves the process.

use crate::rules::Report;
use crate::rules::figures::report::{FigureResult, FiguresReport};
use crate::rules::figures::state::AUS;
use crate::rules::match_record::Who;
use crate::rules::view::{Columns, Scored};
use crate::web::i18n::Locale;

/// "10:7": the values in side order.
pub(super) fn text(columns: &Columns) -> String {
    let values: Vec<String> = columns.iter().map(|(_, v)| v.to_string()).collect();
    values.join(":")
}

/// How many deals a referee result has a line for.
pub fn deals_in(report: &Report) -> usize {
    report.deal_count()
}

/// "A schreibt 3, Stand 10:7" for deal `index` of a referee result.
pub fn deal_words(locale: Locale, report: &Report, index: usize) -> String {
    let Some(deal) = report.deal_view(index) else {
        return String::from("–");
    };
    match &deal.scored {
        Scored::Points { score } => {
            let words = points_words(locale, &deal.points, &text(score));
            match &deal.figures {
                Some(figures) => with_figures(locale, words, figures),
                None => words,
            }
        }
        Scored::Won {
            winner: Some(winner),
            double,
            strokes,
            game_points,
        } => {
            let after = match (game_points, strokes) {
                // Rutesheim: the game points so far, not this deal's.
                (Some(_), _) => text(&game_points_so_far(report, index)),
                (None, Some(strokes)) => text(strokes),
                (None, None) => "0:0".to_string(),
            };
            gaigel_words(locale, *winner, *double, after)
        }
        // A drawn deal has no winner to name and no running score: its top count.
        Scored::Won { winner: None, .. } => points_words(locale, &deal.points, "0:0"),
    }
}

/// The side that wrote deal `index`: the deal's winner where a deal is won as a whole
/// (Gaigel), else the side with the most points (the later one when sides tie).
pub fn top_side(report: &Report, index: usize) -> Option<String> {
    let deal = report.deal_view(index)?;
    if let Scored::Won {
        winner: Some(winner),
        ..
    } = deal.scored
    {
        return Some(winner.as_str().to_string());
    }
    (deal.points.into_iter())
        .max_by_key(|(_, v)| *v)
        .map(|(k, _)| k.as_str().to_string())
}

/// "A schreibt 3, Stand 10:7". Every side that scored the most is named: at a table of three
/// the team's two players score alike ("P1 + P3 schreiben 2"), and in a figure game both sides
/// may score the same.
fn points_words(locale: Locale, points: &Columns, score: &str) -> String {
    let pts = points.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let top: Vec<&str> = points
        .iter()
        .filter(|(_, v)| *v == pts)
        .map(|(k, _)| k.as_str())
        .collect();
    let key = if top.len() > 1 {
        "score-deal-words-several"
    } else {
        "score-deal-words"
    };
    locale.t_with(
        key,
        &[
            ("side", top.join(" + ")),
            ("points", pts.to_string()),
            ("score", score.to_string()),
        ],
    )
}

/// The deal's words with its figures: "… (Gleich A 2 · Hanger steht 1 · Spiel A 1)".
fn with_figures(locale: Locale, words: String, figures: &FiguresReport<Who>) -> String {
    let part = |label: &str, f: &FigureResult<Who>| {
        let who = f
            .winner
            .map_or_else(|| locale.t("score-fig-stands"), |w| w.as_str().to_string());
        // Spiel aus is written "aus", as the record writes it (contract 3.1).
        let value = if f.value == AUS {
            "aus".to_string()
        } else {
            f.value.to_string()
        };
        format!("{label} {who} {value}")
    };
    // The game's words stay German.
    let parts = [
        part("Gleich", &figures.gleich),
        part("Hanger", &figures.hanger),
        part("Spiel", &figures.spiel),
    ];
    format!("{words} ({})", parts.join(" · "))
}

/// "P1 gewinnt, Stand 5:3:1" (Gaigel: the winner, a double, the tally after the deal).
fn gaigel_words(locale: Locale, winner: Who, double: bool, after: String) -> String {
    let key = if double {
        "score-gaigel-double"
    } else {
        "score-gaigel-win"
    };
    locale.t_with(
        key,
        &[("side", winner.as_str().to_string()), ("score", after)],
    )
}

/// Rutesheim: each side's game points summed over deals `0..=index`, in side order.
fn game_points_so_far(report: &Report, index: usize) -> Columns {
    let mut sums: Columns = Vec::new();
    for deal in report.deal_views().take(index + 1) {
        let Scored::Won {
            game_points: Some(points),
            ..
        } = deal.scored
        else {
            continue;
        };
        for (i, (side, points)) in points.into_iter().enumerate() {
            match sums.get_mut(i) {
                Some((_, sum)) => *sum += points,
                None => sums.push((side, points)),
            }
        }
    }
    sums
}

/// The score after the last of `count` deals ("10:7"), or the tally when the family's deals
/// carry no running score (Gaigel) or the report stops before that deal.
pub fn score_now(report: &Report, count: usize) -> String {
    let Some(last) = count.checked_sub(1) else {
        return "0:0".to_string();
    };
    let columns = (report.deal_view(last))
        .and_then(|d| d.score().cloned())
        .unwrap_or_else(|| report.tally_view());
    text(&columns)
}

#[cfg(test)]
mod tests;
