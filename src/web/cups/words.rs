//! A cup in words: its rules as lines of text, its evenings' headings, and the standings as
//! the pages and downloads show them (one [`CupReport`] for both). Every word from the
//! catalogue (`locales/*/cup.ftl`).

use crate::report::cup::{Cell, CupLabels, CupReport, CupReportRow};
use crate::service::cups::standings::{CupStandings, EveningLine};
use crate::service::cups::{Cup, tiebreak_name};
use crate::tournament::cup::PlacePoints;
use crate::web::i18n::Locale;
use crate::web::secretary::choices::game_label;

/// `2026-11-21` as `21.11.2026`; anything else as it is.
pub fn date_text(date: Option<&str>) -> String {
    date.and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .map(|d| d.format("%d.%m.%Y").to_string())
        .unwrap_or_default()
}

/// The cup's rules, one line each: game, points per place, best N, minimum, tie-breaks.
pub fn rules_lines(l: Locale, cup: &Cup) -> Vec<String> {
    let r = &cup.rules;
    let points = match &r.points {
        PlacePoints::Table(t) => {
            let table = t.iter().map(u32::to_string).collect::<Vec<_>>().join("-");
            l.t_with("cup-rule-points-table", &[("table", table)])
        }
        PlacePoints::FieldLessPlace => l.t("cup-rule-points-field"),
    };
    let best = match r.best_of {
        Some(n) => l.t_with("cup-rule-best", &[("n", n.to_string())]),
        None => l.t("cup-rule-all"),
    };
    let tiebreaks = if r.tiebreaks.is_empty() {
        l.t("cup-rule-tiebreaks-none")
    } else {
        let list = r
            .tiebreaks
            .iter()
            .map(|t| {
                l.t(&format!(
                    "cup-tiebreak-{}",
                    tiebreak_name(*t).replace('_', "-")
                ))
            })
            .collect::<Vec<_>>()
            .join(", ");
        l.t_with("cup-rule-tiebreaks", &[("list", list)])
    };
    vec![
        l.t_with("cup-rule-game", &[("game", game_label(l, cup.game))]),
        points,
        best,
        l.t_with("cup-rule-min", &[("n", r.min_evenings.to_string())]),
        tiebreaks,
    ]
}

/// An evening's heading: `Wattturnier Söll, 21.11.2026 (SK Söll)`.
pub fn evening_heading(e: &EveningLine) -> String {
    let date = date_text(e.date.as_deref());
    match (date.is_empty(), e.club.is_empty()) {
        (true, true) => e.name.clone(),
        (true, false) => format!("{} ({})", e.name, e.club),
        (false, true) => format!("{}, {date}", e.name),
        (false, false) => format!("{}, {date} ({})", e.name, e.club),
    }
}

fn labels(l: Locale, cup: &Cup) -> CupLabels {
    let legend = match cup.rules.best_of {
        Some(n) => l.t_with("cup-legend", &[("n", n.to_string())]),
        None => l.t("cup-legend-all"),
    };
    CupLabels {
        rank: l.t("standings-rank"),
        name: l.t("field-name"),
        points: l.t("cup-points-total"),
        evenings: l.t("cup-evenings"),
        legend,
        unranked: l.t("cup-unranked"),
        page: l.t("cup-page-word"),
        sheet: l.t("cup-standings"),
    }
}

/// The standings as every download and the public page show them: the counted evenings as
/// columns, each player's cells counted or struck.
pub fn report(l: Locale, s: &CupStandings) -> CupReport {
    let counted: Vec<&EveningLine> = s.evenings.iter().filter(|e| e.counts).collect();
    let rows = s
        .lines
        .iter()
        .map(|line| CupReportRow {
            rank: line.rank,
            id: line.id.clone(),
            name: line.name.clone(),
            points: line.points,
            cells: counted
                .iter()
                .map(|e| {
                    line.evenings
                        .iter()
                        .find(|x| x.evening == e.slug)
                        .map(|x| Cell {
                            place: x.place,
                            points: x.points,
                            counted: x.counted,
                        })
                })
                .collect(),
        })
        .collect();
    CupReport {
        title: s.cup.row.name.clone(),
        rules: rules_lines(l, &s.cup),
        evenings: counted.iter().map(|e| evening_heading(e)).collect(),
        rows,
        labels: labels(l, &s.cup),
    }
}
