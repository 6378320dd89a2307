//! Standings as the pages show them: rank, name, points, then the tie-break columns the
//! engine used, labelled like the reports (`report::column_label`). Equal rank is printed
//! for every entrant who shares it (1, 1, 3).

use crate::tournament::standings::Row;
use crate::web::i18n::Locale;

/// One table of standings, ready for the template.
pub struct StandingsTable {
    /// A caption ("Gesamt", "Runde 2").
    pub caption: String,
    /// The tie-break columns' labels (after rank, name and points).
    pub columns: Vec<String>,
    /// The order in words ("Bei Gleichstand: Punkte, dann Los"); empty without rows.
    pub order: String,
    pub rows: Vec<StandingsLine>,
}

pub struct StandingsLine {
    /// The entrant's id in the tournament file.
    pub id: String,
    /// How the entrant took part, when not in every round ("ab Runde 3"); empty otherwise.
    pub note: String,
    pub rank: u32,
    pub name: String,
    pub points: i64,
    pub tiebreaks: Vec<i64>,
}

/// Builds the table from the engine's rows (best first, equal ranks shared).
pub fn table(l: Locale, caption: String, rows: &[Row]) -> StandingsTable {
    let columns = rows
        .first()
        .map(|r| {
            r.tiebreaks
                .iter()
                .map(|(c, _)| crate::report::column_label(*c, l.rules_lang()))
                .collect()
        })
        .unwrap_or_default();
    let order = rows
        .first()
        .map(|r| {
            let cols: Vec<_> = r.tiebreaks.iter().map(|(c, _)| *c).collect();
            crate::report::order_words(&cols, l.rules_lang())
        })
        .unwrap_or_default();
    StandingsTable {
        caption,
        columns,
        order,
        rows: rows
            .iter()
            .map(|r| StandingsLine {
                id: r.id.clone(),
                note: String::new(),
                rank: r.rank,
                name: r.name.clone(),
                points: r.points,
                tiebreaks: r.tiebreaks.iter().map(|(_, v)| *v).collect(),
            })
            .collect(),
    }
}

impl StandingsTable {
    /// The table with each marked entrant's note (`web::secretary::field_lines::notes`).
    pub fn noted(mut self, notes: &std::collections::BTreeMap<String, String>) -> StandingsTable {
        for line in &mut self.rows {
            if let Some(note) = notes.get(&line.id) {
                line.note.clone_from(note);
            }
        }
        self
    }
}
