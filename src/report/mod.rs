//! Reports and exports of a tournament: pure functions from a tournament's data to
//! bytes. [`ReportData::build`] gathers everything once (title, date, rules in words,
//! standings with their tie-break columns, every round's tables with the entrants' results in
//! that round, winners); the CSV, XLSX and PDF writers all draw from it, so they cannot
//! disagree. No I/O and no clock: the date and place are inputs, the font is embedded.
//!
//! The JSON export is the tournament file itself: [`json`] serialises a [`TournamentFile`].

pub mod cards;
pub mod csv;
pub mod cup;
mod labels;
mod option_set;
pub mod pdf;
mod pdf_layout;
mod pdf_prizes;
pub mod printables;
pub mod prizes;
pub mod sides;
pub mod xlsx;
mod xlsx_cells;
mod xlsx_prizes;

#[cfg(test)]
mod tests;

use crate::rules::Lang;
use crate::tournament::evaluate::Evaluation;
use crate::tournament::file::TournamentFile;
use crate::tournament::format::Format;
use crate::tournament::standings::Row;
use std::collections::HashMap;

pub use labels::{column_label, order_words, rules_line};

/// What the caller knows that the file does not: the report's date (already formatted, e.g.
/// `21.11.2026`), the place (may be empty) and the language of the labels.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Meta {
    pub date: String,
    pub place: String,
    pub lang: Lang,
    /// Whether the tournament is finished ("Turnier abschließen"): only then are the
    /// standings the final ones and the first ranks winners.
    pub finished: bool,
    /// How many rounds are closed: the standings are "after round N" before the end.
    pub closed_rounds: usize,
    /// The public pages' address (`https://host/p/slug`) while they are public; printed with
    /// its QR code.
    pub public_url: Option<String>,
}

/// One standings line as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub rank: u32,
    pub id: String,
    pub name: String,
    pub points: i64,
    /// One value per entry of [`ReportData::columns`] after `points`.
    pub tiebreaks: Vec<i64>,
}

/// One seat of a table: who sat there and what they made in this round (absent for knockout
/// rounds, which the standings do not count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub id: String,
    pub name: String,
    pub points: Option<i64>,
    pub tiebreaks: Vec<i64>,
}

/// One table of a round, numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableResult {
    pub number: usize,
    pub seats: Vec<Seat>,
}

/// One round (a session in the `sessions` format), numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResult {
    pub number: usize,
    pub knockout: bool,
    pub tables: Vec<TableResult>,
    /// Names of the entrants who sat out.
    pub byes: Vec<String>,
}

/// Everything a report or export shows, built once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportData {
    pub title: String,
    pub date: String,
    pub place: String,
    pub lang: Lang,
    /// Game, variant, target, options and format in words (game words stay German).
    pub rules: String,
    /// The standings' header: rank, name, points, then the tie-break columns.
    pub header: Vec<String>,
    /// The tie-break columns' labels alone (also at the end of `header`).
    pub columns: Vec<String>,
    /// The order of the standings in words ("Bei Gleichstand: Punkte, dann Los").
    pub order: String,
    pub standings: Vec<Standing>,
    pub rounds: Vec<RoundResult>,
    /// The first three ranks (more than three lines when ranks are shared); empty until the
    /// tournament is finished.
    pub winners: Vec<Standing>,
    /// Whether the tournament is finished.
    pub finished: bool,
    /// The standings' title: "Endstand" when finished, else "Zwischenstand nach Runde N".
    pub standings_title: String,
    /// The public address to print with its QR code (see [`Meta::public_url`]).
    pub public_url: Option<String>,
    /// Tables whose record breaks a rule, in words ("Runde 2, Tisch 3").
    pub broken: Vec<String>,
    /// `sessions` format: deals per player and session (for the session sheets).
    pub deals_per_session: Option<u32>,
    /// The prize list (the pot before the end), when the tournament has a prize scheme.
    pub prizes: Option<prizes::Prizes>,
}

/// A standings row as the reports show it.
pub fn standing(r: &Row) -> Standing {
    Standing {
        rank: r.rank,
        id: r.id.clone(),
        name: r.name.clone(),
        points: r.points,
        tiebreaks: r.tiebreaks.iter().map(|(_, v)| *v).collect(),
    }
}

/// Each round's tables with every seat's name and round result (knockout rounds: names only).
fn round_results(
    file: &TournamentFile,
    eval: &Evaluation,
    name: &dyn Fn(&str) -> String,
) -> Vec<RoundResult> {
    let mut counted = 0;
    let mut rounds = Vec::with_capacity(file.rounds.len());
    for (r, round) in file.rounds.iter().enumerate() {
        let per: HashMap<&str, &Row> = if round.knockout {
            HashMap::new()
        } else {
            counted += 1;
            eval.standings
                .rounds
                .get(counted - 1)
                .map(|rows| rows.iter().map(|row| (row.id.as_str(), row)).collect())
                .unwrap_or_default()
        };
        let tables = round
            .tables
            .iter()
            .enumerate()
            .map(|(t, table)| TableResult {
                number: t + 1,
                seats: table
                    .seats
                    .iter()
                    .map(|id| {
                        let row = per.get(id.as_str());
                        Seat {
                            id: id.clone(),
                            name: name(id),
                            points: row.map(|r| r.points),
                            tiebreaks: row
                                .map(|r| r.tiebreaks.iter().map(|(_, v)| *v).collect())
                                .unwrap_or_default(),
                        }
                    })
                    .collect(),
            })
            .collect();
        rounds.push(RoundResult {
            number: r + 1,
            knockout: round.knockout,
            tables,
            byes: round.byes.iter().map(|id| name(id)).collect(),
        });
    }
    rounds
}

/// "Endstand" once finished; before, "Zwischenstand nach Runde N" (N the closed rounds), or
/// "Zwischenstand" while none is closed.
fn standings_title(meta: &Meta, l: &labels::Labels) -> String {
    if meta.finished {
        l.final_standings.to_string()
    } else if meta.closed_rounds > 0 {
        format!("{} {}", l.interim_after, meta.closed_rounds)
    } else {
        l.interim.to_string()
    }
}

impl ReportData {
    /// Gathers a report from a parsed file and its evaluation.
    pub fn build(file: &TournamentFile, eval: &Evaluation, meta: &Meta) -> ReportData {
        let lang = meta.lang;
        let l = labels::Labels::new(lang);
        let names: HashMap<String, String> = file
            .players
            .iter()
            .map(|p| (p.id.clone(), p.name.clone()))
            .chain(file.teams.iter().map(|t| (t.id.clone(), t.name.clone())))
            .collect();
        let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_string());
        let cols = eval
            .standings
            .standings
            .first()
            .or_else(|| eval.standings.rounds.iter().flatten().next())
            .map(|r| r.tiebreaks.iter().map(|(c, _)| *c).collect::<Vec<_>>())
            .unwrap_or_default();
        let columns: Vec<String> = cols.iter().map(|c| column_label(*c, lang)).collect();
        let mut header = vec![l.rank.to_string(), l.name.to_string(), l.points.to_string()];
        header.extend(columns.iter().cloned());
        let standings: Vec<Standing> = eval.standings.standings.iter().map(standing).collect();
        let winners = if meta.finished {
            standings.iter().filter(|s| s.rank <= 3).cloned().collect()
        } else {
            Vec::new()
        };

        let rounds = round_results(file, eval, &name);
        let prizes = prizes::build(file, &standings, meta.finished);
        let broken = eval
            .broken
            .iter()
            .map(|b| format!("{} {}, {} {}", l.round, b.round + 1, l.table, b.table + 1))
            .collect();
        ReportData {
            title: file.name.clone(),
            date: meta.date.clone(),
            place: meta.place.clone(),
            lang,
            rules: rules_line(file, lang),
            order: order_words(&file.order().columns, lang),
            header,
            columns,
            standings,
            rounds,
            winners,
            finished: meta.finished,
            standings_title: standings_title(meta, &l),
            public_url: meta.public_url.clone(),
            broken,
            deals_per_session: (file.format == Format::Sessions).then(|| file.settings().deals),
            prizes,
        }
    }

    /// The labels of this report's language.
    pub(crate) fn labels(&self) -> labels::Labels {
        labels::Labels::new(self.lang)
    }
}

/// The JSON export: the tournament file of contract section 8, pretty-printed.
pub fn json(file: &TournamentFile) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec_pretty(file)
}
