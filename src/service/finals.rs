//! Knockout finals for the best N (`settings.knockout`) after the rounds of a `rounds`
//! tournament: each stage is stored as a knockout round (not counted in the standings), its
//! tables seating the bracket's matches (side A the better seed). A match's winner is the side
//! that won more games in the table's record; the next stage is drawn when every match of the
//! current one has a winner.

use super::Actor;
use super::draws::store_round;
use super::tournaments::{audit, detail, evaluate_file};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::FinalsRefusal;
use crate::rules::{Lang, Report, Side};
use crate::tournament::draw::Draw;
use crate::tournament::file::TournamentFile;
use crate::tournament::format::Format;
use crate::tournament::knockout::{Bracket, Match};
use chrono::NaiveDateTime;

/// The bracket with every stored knockout result recorded.
pub fn bracket(file: &TournamentFile) -> Result<Bracket, AppError> {
    let n = file.settings().knockout.ok_or(FinalsRefusal::None)?;
    let standings = evaluate_file(file, Lang::De)?.standings.standings;
    let mut bracket = Bracket::from_standings(&standings, n as usize).map_err(knockout_refusal)?;
    for (r, round) in file.rounds.iter().enumerate().filter(|(_, r)| r.knockout) {
        for (t, table) in round.tables.iter().enumerate() {
            let Some(winner) = table_winner(file, r, t)? else {
                continue;
            };
            let open = bracket
                .matches()
                .into_iter()
                .find(|m| m.winner.is_none() && seats_of(m) == Some(table.seats.clone()));
            if let Some(m) = open {
                bracket
                    .record(m.stage, m.index, winner)
                    .map_err(knockout_refusal)?;
            }
        }
    }
    Ok(bracket)
}

fn seats_of(m: &Match) -> Option<Vec<String>> {
    Some(vec![m.a.clone()?, m.b.clone()?])
}

/// The side that won more games at a table; `None` while undecided.
fn table_winner(
    file: &TournamentFile,
    round: usize,
    table: usize,
) -> Result<Option<Side>, AppError> {
    let report = file
        .referee_table(round, table, Lang::De)
        .ok_or_else(|| AppError::Internal("no such table".into()))?
        .map_err(|m| AppError::Internal(format!("stored record: {m}")))?;
    let winners = game_winners(&report);
    let won = |side: Side| winners.iter().filter(|w| **w == Some(side)).count();
    Ok(match won(Side::A).cmp(&won(Side::B)) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    })
}

/// The side that won each finished game of a two-sided report; `None` for a game won by a
/// player of three (a knockout match seats two sides, so such a table decides nothing).
fn game_winners(report: &Report) -> Vec<Option<Side>> {
    report.game_views().iter().map(|g| g.side()).collect()
}

/// Draws the next stage of the finals (all earlier rounds closed, every match of the last
/// stage decided). Returns the new round's number.
pub fn draw_stage(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
) -> Result<i32, AppError> {
    db::write(conn, |conn| {
        let t = super::closing::managed_locked(conn, actor, slug)?;
        super::closing::require_unfinished(conn, t.id())?;
        let d = detail(conn, t.clone())?;
        if d.rounds.iter().any(|r| !r.closed) {
            return Err(FinalsRefusal::RoundOpen.into());
        }
        let file = d.file();
        if file.format != Format::Rounds {
            return Err(FinalsRefusal::NotRounds.into());
        }
        let bracket = bracket(&file)?;
        let matches = bracket.matches();
        let stored: Vec<Vec<String>> = file
            .rounds
            .iter()
            .filter(|r| r.knockout)
            .flat_map(|r| r.tables.iter().map(|x| x.seats.clone()))
            .collect();
        if matches
            .iter()
            .any(|m| m.winner.is_none() && seats_of(m).is_some_and(|s| stored.contains(&s)))
        {
            return Err(FinalsRefusal::NoWinnerYet.into());
        }
        let next: Vec<Vec<Vec<String>>> = matches
            .iter()
            .filter(|m| m.winner.is_none())
            .filter_map(seats_of)
            .map(|s| s.into_iter().map(|e| vec![e]).collect())
            .collect();
        if next.is_empty() {
            return Err(FinalsRefusal::Complete.into());
        }
        let number = d.rounds.len() as i32 + 1;
        let draw = Draw {
            tables: next,
            byes: Vec::new(),
        };
        store_round(conn, &t, now, number, None, true, &draw)?;
        let detail = crate::service::audit_detail::FinalsDrawn {
            knockout: true,
            round: number,
        };
        audit(conn, t.id(), actor, now, detail.into())?;
        Ok(number)
    })
}

/// The bracket's refusal as the service's (its facts only).
fn knockout_refusal(e: crate::tournament::knockout::KnockoutError) -> AppError {
    use crate::tournament::knockout::KnockoutError as K;
    AppError::from(match e {
        K::Size(n) => FinalsRefusal::Size { n },
        K::TooFew(entrants) => FinalsRefusal::TooFew { entrants },
        K::TieAtCut(rank) => FinalsRefusal::TieAtCut { rank },
        K::NotReady(..) => FinalsRefusal::NotReady,
        K::AlreadyDecided(..) => FinalsRefusal::AlreadyDecided,
    })
}
