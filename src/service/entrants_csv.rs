//! Entering a tournament's field from a CSV file (a club's spreadsheet): a header row naming
//! the columns `name` (required), `start_no` and `team` (optional, in any order; `Name`,
//! `Startnummer`, `Team` too), comma- or semicolon-separated. Rows with the same `team` form a
//! team (pairs; threes for Gaigel `six`). All or nothing: the first problem refuses the whole
//! file, naming its line, and nothing is stored.

use super::tournaments::{enter_player, enter_team, require_setup};
use super::{Actor, managed};
use crate::db::{self, DbConn};
use crate::web::AppError;
use chrono::NaiveDateTime;

fn column(header: &str) -> Option<usize> {
    match header.trim().to_lowercase().as_str() {
        "name" | "spieler" | "player" => Some(0),
        "start_no" | "startnummer" | "start number" | "nr" => Some(1),
        "team" | "mannschaft" => Some(2),
        _ => None,
    }
}

fn at(line: usize, message: impl std::fmt::Display) -> AppError {
    AppError::BadRequest(format!("line {line}: {message}; nothing was entered"))
}

/// A row of the file: name, start number, team, and the line it stood on.
type Row = (String, Option<i32>, Option<String>, usize);

/// Reads and checks the rows.
pub fn parse(text: &str) -> Result<Vec<Row>, AppError> {
    let first = text.lines().next().unwrap_or("");
    let delimiter = if first.matches(';').count() > first.matches(',').count() {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(false)
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    let headers = reader.headers().map_err(|e| at(1, e))?.clone();
    let mut columns = [None; 3];
    for (i, h) in headers.iter().enumerate() {
        match column(h) {
            Some(c) if columns[c].is_none() => columns[c] = Some(i),
            Some(_) => return Err(at(1, format!("the column {h:?} appears twice"))),
            None => {
                return Err(at(
                    1,
                    format!("unknown column {h:?} (name, start_no, team)"),
                ));
            }
        }
    }
    let Some(name_col) = columns[0] else {
        return Err(at(1, "no column \"name\""));
    };
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.map_err(|e| at(line, e))?;
        let get = |c: Option<usize>| c.and_then(|c| record.get(c)).map(str::trim).unwrap_or("");
        let name = get(Some(name_col));
        if name.is_empty() {
            return Err(at(line, "the name is empty"));
        }
        let start_no = match get(columns[1]) {
            "" => None,
            text => match text.parse::<i32>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    return Err(at(
                        line,
                        format!("start number {text:?} is not a number from 1"),
                    ));
                }
            },
        };
        if let Some(n) = start_no
            && let Some(other) = rows.iter().find(|r: &&Row| r.1 == Some(n))
        {
            return Err(at(
                line,
                format!("start number {n} is taken on line {}", other.3),
            ));
        }
        let team = Some(get(columns[2]).to_string()).filter(|t| !t.is_empty());
        rows.push((name.to_string(), start_no, team, line));
    }
    if rows.is_empty() {
        return Err(at(2, "no players"));
    }
    Ok(rows)
}

/// Enters every player of the file (and their teams); returns the new entrant ids, players
/// first, then teams.
pub fn enter(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    text: &str,
) -> Result<Vec<String>, AppError> {
    let rows = parse(text)?;
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        require_setup(&t)?;
        let mut ids = Vec::new();
        let mut teams: Vec<(String, Vec<String>, usize)> = Vec::new();
        for (name, start_no, team, line) in &rows {
            let id =
                enter_player(conn, &t, actor, now, name, *start_no).map_err(|e| at(*line, e))?;
            if let Some(team) = team {
                match teams.iter_mut().find(|x| &x.0 == team) {
                    Some(x) => x.1.push(id.clone()),
                    None => teams.push((team.clone(), vec![id.clone()], *line)),
                }
            }
            ids.push(id);
        }
        for (name, members, line) in &teams {
            let id = enter_team(conn, &t, actor, now, name, members)
                .map_err(|e| at(*line, format!("team {name:?}: {e}")))?;
            ids.push(id);
        }
        Ok(ids)
    })
}
