//! Registrations from a list (issue 6): players (`name;club;start_no`) or teams
//! (`team;member;member[;member];start_no`) pasted or uploaded as CSV.
//!
//! A club secretary's list comes from Excel, LibreOffice or a phone, so the reader is lenient
//! about form and strict about content: `;`, `,` or a tab as delimiter (detected from the
//! first line: German Excel writes `;`, a paste from a spreadsheet gives tabs), UTF-8 with or
//! without BOM, CRLF or LF, an optional header row (which may reorder the columns), blank rows
//! and rows of empty cells ignored. But every bad row is reported with its line number, and
//! nothing comes back unless all rows are good: half an import is worse than none, because
//! the secretary cannot tell which half.
//!
//! Pure: the caller passes what is already registered, so clashes with it are reported too.

use std::collections::{BTreeMap, BTreeSet};

/// The longest name kartl keeps (as for accounts and clubs: `text::Kind::Name`).
pub const NAME_MAX: usize = crate::text::Kind::Name.max();

/// A player to register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    /// The line of the list it came from.
    pub line: u64,
    pub name: String,
    pub club: String,
    pub start_no: Option<u32>,
}

/// A team to register, with its members (new players).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    pub line: u64,
    pub name: String,
    pub members: Vec<String>,
    pub start_no: Option<u32>,
}

/// What is wrong with one row. The web page words it from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The list holds no row at all.
    Empty,
    /// The row cannot be read (an unclosed quote, say).
    Unreadable,
    /// The text is not UTF-8 (an old Excel export in Windows-1252).
    NotUtf8,
    /// More cells than the columns allow.
    TooManyColumns {
        found: usize,
        most: usize,
    },
    /// A team row with the wrong number of members.
    Members {
        found: usize,
        needed: usize,
    },
    EmptyName,
    NameTooLong,
    /// A start number that is not a whole number from 1.
    StartNoNotANumber(String),
    /// The start number appears on an earlier line.
    StartNoTwice {
        first: u64,
    },
    /// The start number belongs to someone already registered.
    StartNoTaken(u32),
    /// The same name (and club) on an earlier line.
    NameTwice {
        first: u64,
    },
    /// The name (and club) is registered already.
    NameTaken,
    /// A name or club holding a control character (a NUL, an escape, a tab inside a cell).
    ControlCharacter,
}

/// A bad row: its line (0 for the list as a whole) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    pub line: u64,
    pub problem: Problem,
}

/// What is registered already, so the list cannot clash with it.
#[derive(Debug, Clone, Default)]
pub struct Existing {
    pub start_numbers: BTreeSet<u32>,
    /// Entrants' names as shown ([`Existing::key`]): players with their club, or teams.
    pub names: BTreeSet<String>,
    /// Team lists: the players already in a team ([`Existing::key`]).
    pub members: BTreeSet<String>,
}

impl Existing {
    /// Names compare without regard to case and surrounding space.
    pub fn key(shown: &str) -> String {
        shown.trim().to_lowercase()
    }
}

/// A player's name as the seating plan and the standings show it: with the club in brackets
/// when one is given (a guest from another club is told apart that way).
pub fn shown_name(name: &str, club: &str) -> String {
    if club.trim().is_empty() {
        name.trim().to_string()
    } else {
        format!("{} ({})", name.trim(), club.trim())
    }
}

mod read;

use read::{Col, club, name, rows, start_no};

/// Checks start numbers and names across the list and against what exists.
#[derive(Default)]
struct Seen {
    start: BTreeMap<u32, u64>,
    names: BTreeMap<String, u64>,
}

impl Seen {
    fn check(
        &mut self,
        line: u64,
        shown: &str,
        no: Option<u32>,
        existing: &Existing,
        bad: &mut Vec<RowError>,
    ) {
        if let Some(n) = no {
            if existing.start_numbers.contains(&n) {
                bad.push(RowError {
                    line,
                    problem: Problem::StartNoTaken(n),
                });
            } else if let Some(&first) = self.start.get(&n) {
                bad.push(RowError {
                    line,
                    problem: Problem::StartNoTwice { first },
                });
            } else {
                self.start.insert(n, line);
            }
        }
        let key = Existing::key(shown);
        if existing.names.contains(&key) {
            bad.push(RowError {
                line,
                problem: Problem::NameTaken,
            });
        } else if let Some(&first) = self.names.get(&key) {
            bad.push(RowError {
                line,
                problem: Problem::NameTwice { first },
            });
        } else {
            self.names.insert(key, line);
        }
    }
}

/// Reads a list of players: `name`, `club` (optional), `start_no` (optional).
pub fn players(text: &str, existing: &Existing) -> Result<Vec<PlayerRow>, Vec<RowError>> {
    let (rows, header) = rows(text)?;
    let cols = header.unwrap_or_else(|| vec![Col::Name, Col::Club, Col::StartNo]);
    let mut bad = Vec::new();
    let mut out = Vec::new();
    let mut seen = Seen::default();
    for (line, cells) in rows {
        let mut problem = |p| bad.push(RowError { line, problem: p });
        if cells.len() > cols.len() {
            problem(Problem::TooManyColumns {
                found: cells.len(),
                most: cols.len(),
            });
            continue;
        }
        let cell = |want: Col| {
            cols.iter()
                .position(|c| *c == want)
                .and_then(|i| cells.get(i))
                .map_or("", String::as_str)
        };
        let (name, no) = (name(cell(Col::Name)), start_no(cell(Col::StartNo)));
        let club = club(cell(Col::Club));
        match (name, no, club) {
            (Ok(name), Ok(no), Ok(club)) => {
                seen.check(line, &shown_name(&name, &club), no, existing, &mut bad);
                out.push(PlayerRow {
                    line,
                    name,
                    club,
                    start_no: no,
                });
            }
            (name, no, club) => {
                for p in [name.err(), no.err(), club.err()].into_iter().flatten() {
                    problem(p);
                }
            }
        }
    }
    if bad.is_empty() { Ok(out) } else { Err(bad) }
}

/// Reads a list of teams of `size` players: `team`, the members, then `start_no` (optional).
/// Teams are new and so are their members: a member named on two lines is reported.
pub fn teams(text: &str, size: usize, existing: &Existing) -> Result<Vec<TeamRow>, Vec<RowError>> {
    let (rows, header) = rows(text)?;
    let mut cols = vec![Col::Name];
    cols.extend(std::iter::repeat_n(Col::Member, size));
    cols.push(Col::StartNo);
    let cols = header.unwrap_or(cols);
    let mut bad = Vec::new();
    let mut out = Vec::new();
    let mut seen = Seen::default();
    let mut members_seen: BTreeMap<String, u64> = BTreeMap::new();
    for (line, cells) in rows {
        let mut problem = |p| bad.push(RowError { line, problem: p });
        if cells.len() > cols.len() {
            problem(Problem::TooManyColumns {
                found: cells.len(),
                most: cols.len(),
            });
            continue;
        }
        let get = |i: usize| cells.get(i).map_or("", String::as_str);
        let of = |want: Col| {
            cols.iter()
                .enumerate()
                .filter(move |(_, c)| **c == want)
                .map(|(i, _)| i)
        };
        let team = of(Col::Name).next().map_or("", get);
        let no = of(Col::StartNo).next().map_or("", get);
        let members: Vec<&str> = of(Col::Member).map(get).filter(|m| !m.is_empty()).collect();
        let (team, no) = (name(team), start_no(no));
        let mut fine = true;
        for p in [team.clone().err(), no.clone().err()].into_iter().flatten() {
            problem(p);
            fine = false;
        }
        if members.len() != size {
            problem(Problem::Members {
                found: members.len(),
                needed: size,
            });
            fine = false;
        }
        let mut names = Vec::new();
        for m in &members {
            match name(m) {
                Ok(m) => {
                    let key = Existing::key(&m);
                    if existing.members.contains(&key) {
                        problem(Problem::NameTaken);
                        fine = false;
                    } else if let Some(&first) = members_seen.get(&key) {
                        problem(Problem::NameTwice { first });
                        fine = false;
                    } else {
                        members_seen.insert(key, line);
                    }
                    names.push(m);
                }
                Err(p) => {
                    problem(p);
                    fine = false;
                }
            }
        }
        if let (true, Ok(team), Ok(no)) = (fine, team, no) {
            seen.check(line, &team, no, existing, &mut bad);
            out.push(TeamRow {
                line,
                name: team,
                members: names,
                start_no: no,
            });
        }
    }
    if bad.is_empty() { Ok(out) } else { Err(bad) }
}

/// One cell of a list, quoted so that any text stays one cell.
fn quoted(cell: &str) -> String {
    format!("\"{}\"", cell.replace('"', "\"\""))
}

/// One player from the form: checked exactly like a row of a list.
pub fn one_player(
    name: &str,
    club: &str,
    start_no: &str,
    existing: &Existing,
) -> Result<PlayerRow, Vec<Problem>> {
    if name.trim().is_empty() {
        return Err(vec![Problem::EmptyName]);
    }
    let row = [name, club, start_no].map(quoted).join(";");
    match players(&row, existing) {
        Ok(mut rows) if rows.len() == 1 => Ok(rows.remove(0)),
        Ok(_) => Err(vec![Problem::Unreadable]),
        Err(e) => Err(e.into_iter().map(|e| e.problem).collect()),
    }
}

/// One team from the form: checked exactly like a row of a list.
pub fn one_team(
    name: &str,
    members: &[&str],
    size: usize,
    existing: &Existing,
) -> Result<TeamRow, Vec<Problem>> {
    if name.trim().is_empty() {
        return Err(vec![Problem::EmptyName]);
    }
    let cells: Vec<String> = std::iter::once(name)
        .chain(members.iter().copied())
        .map(quoted)
        .collect();
    match teams(&cells.join(";"), size, existing) {
        Ok(mut rows) if rows.len() == 1 => Ok(rows.remove(0)),
        Ok(_) => Err(vec![Problem::Unreadable]),
        Err(e) => Err(e.into_iter().map(|e| e.problem).collect()),
    }
}

#[cfg(test)]
mod tests;
