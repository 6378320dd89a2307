//! A whole tournament file through the referee: every table's record is refereed, and the
//! answers become the standings (contract 8). The same path serves `kartl standings FILE` and
//! the service's stored tournaments, so the standings always come from the referee, never
//! from typed totals.

use super::file::TournamentFile;
use super::results;
use super::standings::Standings;
use crate::rules::{Lang, Malformed, Violation};

/// A table whose record breaks a rule: the standings count only the deals before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenTable {
    /// Indexes from 0 in file order.
    pub round: usize,
    pub table: usize,
    pub violation: Violation,
}

/// The standings of a file, and the tables whose records break a rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub standings: Standings,
    pub broken: Vec<BrokenTable>,
}

/// Reads, checks and referees a tournament file. `Err` when the file or one of its records is
/// not well-formed (the path names the table, e.g. `rounds[0].tables[2].deals[1].tricks`).
pub fn evaluate_text(input: &str, lang: Lang) -> Result<Evaluation, Malformed> {
    evaluate(&TournamentFile::parse(input)?, lang)
}

/// Referees every table of a parsed file and computes its standings.
pub fn evaluate(file: &TournamentFile, lang: Lang) -> Result<Evaluation, Malformed> {
    let mut broken = Vec::new();
    let mut answers = Vec::with_capacity(file.rounds.len());
    for (r, round) in file.rounds.iter().enumerate() {
        let mut row = Vec::with_capacity(round.tables.len());
        for t in 0..round.tables.len() {
            let place = format!("rounds[{r}].tables[{t}]");
            let refereed = file
                .referee_table(r, t, lang)
                .ok_or_else(|| Malformed::new(&place, "the table's record cannot be built"))?;
            let report = refereed.map_err(|m| {
                let path = if m.path.is_empty() {
                    place.clone()
                } else {
                    format!("{place}.{}", m.path)
                };
                Malformed::new(path, m.message)
            })?;
            if let Some(v) = report.violations().first() {
                broken.push(BrokenTable {
                    round: r,
                    table: t,
                    violation: v.clone(),
                });
            }
            row.push(report);
        }
        answers.push(row);
    }
    Ok(Evaluation {
        standings: results::compute(file, &answers),
        broken,
    })
}
