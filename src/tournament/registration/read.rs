//! Reading a list's rows: the delimiter, the BOM, quotes, blank rows, the header, and the
//! cells every row shares (a name, a start number). Line numbers are the text's own lines.

use super::{Problem, RowError};
use crate::text::{Kind, Text, TextError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Col {
    Name,
    Club,
    StartNo,
    Member,
}

/// The header words kartl recognises (lower case, without spaces, `_`, `-` or `.`).
fn header_word(cell: &str) -> Option<Col> {
    let w: String = cell
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-' | '.'))
        .collect::<String>()
        .to_lowercase();
    match w.as_str() {
        "name" | "spieler" | "spielerin" | "player" | "team" | "mannschaft" | "teamname" => {
            Some(Col::Name)
        }
        "club" | "verein" => Some(Col::Club),
        "startno" | "startnr" | "startnummer" | "startnumber" | "nr" | "no" => Some(Col::StartNo),
        _ if w.starts_with("mitglied") || w.starts_with("member") || w.starts_with("spieler") => {
            Some(Col::Member)
        }
        _ => None,
    }
}

/// The delimiter of the list: a tab, `;` or `,`, whichever the first line holds (in that
/// order), `;` when it holds none (a single column).
fn delimiter(text: &str) -> u8 {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.contains('\t') {
        b'\t'
    } else if first.contains(';') {
        b';'
    } else if first.contains(',') {
        b','
    } else {
        b';'
    }
}

/// The rows of a list as (line, trimmed cells), blank rows left out, plus the header's
/// columns if the first row is a header.
pub(super) type Rows = (Vec<(u64, Vec<String>)>, Option<Vec<Col>>);

/// The line a record starts on. The reader's own line count skips blank lines, and a
/// record's offset may point at the line break before it: count the breaks before the
/// record's first real character. `breaks`: the offsets of every `\n` in `text`, so a
/// record costs a binary search, not a walk through the list before it (which made a list
/// of 5,000 rows quadratic).
fn line_at(text: &str, breaks: &[usize], byte: u64) -> u64 {
    let bytes = text.as_bytes();
    let mut end = usize::try_from(byte).unwrap_or(usize::MAX).min(bytes.len());
    while bytes.get(end).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
        end += 1;
    }
    breaks.partition_point(|&at| at < end) as u64 + 1
}

/// A record's cells without the empty ones at its end; `None` for a blank row.
fn cells(record: &csv::StringRecord) -> Result<Option<Vec<String>>, Problem> {
    let mut cells: Vec<String> = record.iter().map(str::to_string).collect();
    while cells.last().is_some_and(String::is_empty) {
        cells.pop();
    }
    if cells.is_empty() {
        return Ok(None);
    }
    if cells.iter().any(|c| c.contains('\u{fffd}')) {
        return Err(Problem::NotUtf8);
    }
    // The reader runs an unclosed quote on to the end: no name holds a line break.
    if cells.iter().any(|c| c.contains(['\n', '\r'])) {
        return Err(Problem::Unreadable);
    }
    Ok(Some(cells))
}

pub(super) fn rows(text: &str) -> Result<Rows, Vec<RowError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter(text))
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let breaks: Vec<usize> = text.match_indices('\n').map(|(at, _)| at).collect();
    let line_at = |byte: u64| line_at(text, &breaks, byte);
    let mut out = Vec::new();
    // No name spans lines, so a line with an odd number of quotes has an unclosed one (which
    // the reader would run on to the end of the list).
    let mut errors: Vec<RowError> = text
        .lines()
        .zip(1..)
        .filter(|(l, _)| l.matches('"').count() % 2 == 1)
        .map(|(_, line)| RowError {
            line,
            problem: Problem::Unreadable,
        })
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    for record in reader.records() {
        match record {
            Ok(r) => {
                let line = r.position().map_or(0, |p| line_at(p.byte()));
                match cells(&r) {
                    Ok(None) => {}
                    Ok(Some(cells)) => out.push((line, cells)),
                    Err(problem) => errors.push(RowError { line, problem }),
                }
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| line_at(p.byte()));
                errors.push(RowError {
                    line,
                    problem: Problem::Unreadable,
                });
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let header = out.first().and_then(|(_, cells)| {
        let cols: Option<Vec<Col>> = cells.iter().map(|c| header_word(c)).collect();
        cols.filter(|c| c.contains(&Col::Name))
    });
    if header.is_some() {
        out.remove(0);
    }
    if out.is_empty() {
        return Err(vec![RowError {
            line: 0,
            problem: Problem::Empty,
        }]);
    }
    Ok((out, header))
}

pub(super) fn start_no(cell: &str) -> Result<Option<u32>, Problem> {
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(Problem::StartNoNotANumber(cell.to_string())),
    }
}

/// A name cell as a checked [`Text`] name (`NAME_MAX` is its kind's length).
pub(super) fn name(cell: &str) -> Result<String, Problem> {
    match Text::parse(cell, Kind::Name) {
        Ok(name) => Ok(name.into_string()),
        Err(TextError::Empty) => Err(Problem::EmptyName),
        Err(TextError::TooLong { .. }) => Err(Problem::NameTooLong),
        Err(TextError::Control | TextError::Invisible) => Err(Problem::ControlCharacter),
    }
}

/// A club cell: may be empty, else checked like a name.
pub(super) fn club(cell: &str) -> Result<String, Problem> {
    if cell.trim().is_empty() {
        Ok(String::new())
    } else {
        name(cell)
    }
}
