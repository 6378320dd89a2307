//! A deal and the score in words, read from the referee's typed result per game family
//! ([`Report`]): "A schreibt 3, Stand 10:7", "P1 gewinnt, danach 4:4:1". No family is guessed
//! from a JSON shape; the report's JSON is only what leaves the process.

use crate::rules::Report;
use crate::rules::common::Pair;
use crate::rules::figures::report::{FigureResult, FiguresReport};
use crate::rules::figures::state::AUS;
use crate::rules::gaigel::{self, Seats, TallyReport};
use crate::rules::players::Trio;
use crate::web::i18n::Locale;

/// One value per side, in side order, with the side's name as the sheet writes it.
pub(super) type Columns = Vec<(String, i64)>;

pub(super) fn pair<T: Copy + Into<i64>>(p: &Pair<T>) -> Columns {
    vec![("A".into(), p.a.into()), ("B".into(), p.b.into())]
}

pub(super) fn trio<T: Copy + Into<i64>>(t: &Trio<T>) -> Columns {
    vec![
        ("P1".into(), t.p1.into()),
        ("P2".into(), t.p2.into()),
        ("P3".into(), t.p3.into()),
    ]
}

pub(super) fn seats(s: &Seats<u32>) -> Columns {
    (0..s.sides)
        .map(|i| (gaigel::options::name(s.sides, i).into(), s.values[i].into()))
        .collect()
}

/// "10:7": the values in side order.
pub(super) fn text(columns: &Columns) -> String {
    let values: Vec<String> = columns.iter().map(|(_, v)| v.to_string()).collect();
    values.join(":")
}

/// How many deals a referee result has a line for.
pub fn deals_in(report: &Report) -> usize {
    match report {
        Report::Watten(r) => r.deals.len(),
        Report::WattenThree(r) => r.deals.len(),
        Report::Figures(r) => r.deals.len(),
        Report::FiguresThree(r) => r.deals.len(),
        Report::Gaigel(r) => r.deals.len(),
    }
}

/// "A schreibt 3, Stand 10:7" for deal `index` of a referee result.
pub fn deal_words(locale: Locale, report: &Report, index: usize) -> String {
    let dash = || String::from("–");
    match report {
        Report::Watten(r) => r.deals.get(index).map_or_else(dash, |d| {
            points_words(locale, &pair(&d.points), &text(&pair(&d.score)))
        }),
        Report::WattenThree(r) => r.deals.get(index).map_or_else(dash, |d| {
            points_words(locale, &trio(&d.points), &text(&trio(&d.score)))
        }),
        Report::Figures(r) => r.deals.get(index).map_or_else(dash, |d| {
            let words = points_words(locale, &pair(&d.points), &text(&pair(&d.score)));
            with_figures(locale, words, &d.figures, |s| s.to_string())
        }),
        Report::FiguresThree(r) => r.deals.get(index).map_or_else(dash, |d| {
            let words = points_words(locale, &trio(&d.points), &text(&trio(&d.score)));
            with_figures(locale, words, &d.figures, |s| s.name().to_string())
        }),
        Report::Gaigel(r) => match r.deals.get(index) {
            None => dash(),
            Some(d) => match d.winner {
                Some(winner) => gaigel_words(locale, r, index, winner),
                // A drawn deal has no winner to name and no running score: its top count.
                None => points_words(locale, &seats(&d.points), "0:0"),
            },
        },
    }
}

/// The side that wrote deal `index`: Gaigel's winner, else the side with the most points (the
/// later one when sides tie).
pub fn top_side(report: &Report, index: usize) -> Option<String> {
    let columns = match report {
        Report::Watten(r) => pair(&r.deals.get(index)?.points),
        Report::WattenThree(r) => trio(&r.deals.get(index)?.points),
        Report::Figures(r) => pair(&r.deals.get(index)?.points),
        Report::FiguresThree(r) => trio(&r.deals.get(index)?.points),
        Report::Gaigel(r) => {
            let deal = r.deals.get(index)?;
            if let Some(winner) = deal.winner {
                return Some(winner.to_string());
            }
            seats(&deal.points)
        }
    };
    columns.into_iter().max_by_key(|(_, v)| *v).map(|(k, _)| k)
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
fn with_figures<S: Copy>(
    locale: Locale,
    words: String,
    figures: &FiguresReport<S>,
    name: impl Fn(S) -> String,
) -> String {
    let part = |label: &str, f: &FigureResult<S>| {
        let who = f.winner.map_or_else(|| locale.t("score-fig-stands"), &name);
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
fn gaigel_words(locale: Locale, report: &gaigel::Report, index: usize, winner: &str) -> String {
    let deal = &report.deals[index];
    let key = if deal.double {
        "score-gaigel-double"
    } else {
        "score-gaigel-win"
    };
    let after = match (&deal.game_points, &deal.strokes) {
        // Rutesheim: the game points so far, not this deal's.
        (Some(_), _) => text(&game_points_so_far(report, index)),
        (None, Some(strokes)) => text(&seats(strokes)),
        (None, None) => "0:0".to_string(),
    };
    locale.t_with(key, &[("side", winner.to_string()), ("score", after)])
}

/// Rutesheim: each side's game points summed over deals `0..=index`, in side order.
fn game_points_so_far(report: &gaigel::Report, index: usize) -> Columns {
    let mut sums: Columns = Vec::new();
    for deal in report.deals.iter().take(index + 1) {
        for (i, (side, points)) in deal.game_points.iter().flat_map(seats).enumerate() {
            match sums.get_mut(i) {
                Some((_, sum)) => *sum += points,
                None => sums.push((side, points)),
            }
        }
    }
    sums
}

/// The score after the last of `count` deals ("10:7"), or the tally when the families' deals
/// carry no running score (Gaigel) or the report stops before that deal.
pub fn score_now(report: &Report, count: usize) -> String {
    let Some(last) = count.checked_sub(1) else {
        return "0:0".to_string();
    };
    let columns = match report {
        Report::Watten(r) => r.deals.get(last).map_or(pair(&r.tally), |d| pair(&d.score)),
        Report::WattenThree(r) => r.deals.get(last).map_or(trio(&r.tally), |d| trio(&d.score)),
        Report::Figures(r) => r.deals.get(last).map_or(pair(&r.tally), |d| pair(&d.score)),
        Report::FiguresThree(r) => r.deals.get(last).map_or(trio(&r.tally), |d| trio(&d.score)),
        Report::Gaigel(r) => match &r.tally {
            TallyReport::Strokes(t) => (0..t.sides)
                .map(|i| (gaigel::options::name(t.sides, i).into(), t.lines[i].into()))
                .collect(),
            TallyReport::GamePoints(points) => seats(points),
        },
    };
    text(&columns)
}

#[cfg(test)]
mod tests;
