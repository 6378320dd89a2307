//! The field through the whole tournament: renaming an entrant (and a team's players),
//! withdrawing one from the next round on, marking one absent for a round, and the marks
//! for late entries. Each change is one transaction with its audit event (`entrant_edited`,
//! `entrant_withdrawn`, `entrant_absent`, `entrant_late`). What the marks mean for draws and
//! standings: `tournament::field`.

use super::tournaments::{Status, TournamentDetail, audit, detail};
use super::{Actor, managed};
use crate::db::models::TournamentRow;
use crate::db::models::field::{self as rows, EntrantMarkRow, NewEntrantMark};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{EntrantRefusal, TextField};
use crate::service::audit_detail::{EntrantAbsent, EntrantEdited, EntrantLate, EntrantWithdrawn};
use crate::text::{Kind, Text};
use crate::tournament::field::MarkKind;
use crate::tournament::registration::Existing;
use chrono::NaiveDateTime;

/// A new name for an entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntrantEdit {
    /// A player's name as shown (club included: "Anna Maier (SKV)").
    Player { name: String },
    /// A team's name and its players' names, in seat order.
    Team { name: String, members: Vec<String> },
}

/// Why a change to the field is refused: the pages word it (German first), the service
/// refuses with it as its last guard.
pub use crate::error::refusal::FieldRefusal as Refusal;

/// Whether the entrant can be withdrawn now; its name if so.
pub fn check_withdraw(d: &TournamentDetail, entrant: &str) -> Result<String, Refusal> {
    let name = entrant_name(d, entrant).ok_or(Refusal::Unknown)?;
    if d.tournament.status == Status::Finished {
        return Err(Refusal::Finished);
    }
    if let Some(r) = d.marks.withdrawn_from(entrant) {
        return Err(Refusal::AlreadyWithdrawn(r));
    }
    Ok(name)
}

/// Whether the entrant can be marked absent in `round` (`absent`), or that mark taken back;
/// its name if so.
pub fn check_absent(
    d: &TournamentDetail,
    entrant: &str,
    round: u32,
    absent: bool,
) -> Result<String, Refusal> {
    let name = entrant_name(d, entrant).ok_or(Refusal::Unknown)?;
    if d.tournament.status == Status::Finished {
        return Err(Refusal::Finished);
    }
    let next = next_round_number(d);
    if round < next || round > next + 50 {
        return Err(Refusal::RoundDrawn { round, next });
    }
    if let Some(w) = d.marks.withdrawn_from(entrant).filter(|w| *w <= round) {
        return Err(Refusal::Withdrawn(w));
    }
    let marked = d
        .marks
        .0
        .iter()
        .any(|m| m.entrant == entrant && m.kind == MarkKind::Absent && m.round == round);
    if absent && !d.marks.plays_in(entrant, round) {
        return Err(Refusal::NotDrawnAnyway(round));
    }
    if !absent && !marked {
        return Err(Refusal::NotAbsent(round));
    }
    Ok(name)
}

/// The number of the round the next draw makes.
pub fn next_round_number(d: &TournamentDetail) -> u32 {
    d.rounds.len() as u32 + 1
}

/// The entrant's name (a team's or a player's), if the tournament has it.
pub fn entrant_name(d: &TournamentDetail, entrant: &str) -> Option<String> {
    if d.tournament.individual() {
        d.players
            .iter()
            .find(|p| p.entrant_id == entrant)
            .map(|p| p.name.clone())
    } else {
        d.teams
            .iter()
            .find(|t| t.entrant_id == entrant)
            .map(|t| t.name.clone())
    }
}

fn known(d: &TournamentDetail, entrant: &str) -> Result<String, AppError> {
    Ok(entrant_name(d, entrant).ok_or(Refusal::Unknown)?)
}

fn checked(name: &str, what: TextField) -> Result<String, AppError> {
    Text::parse(name, Kind::Entrant)
        .map(Text::into_string)
        .map_err(super::refused_text(what))
}

/// Renames an entrant at any time; the old name goes to the audit log. A name another
/// entrant (or, for a team's players, another player) already has is refused (409).
pub fn edit_entrant(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    entrant: &str,
    edit: &EntrantEdit,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        let d = detail(conn, t.clone())?;
        let before = known(&d, entrant)?;
        let (name, members) = match edit {
            EntrantEdit::Player { name } => (checked(name, TextField::PlayerName)?, Vec::new()),
            EntrantEdit::Team { name, members } => {
                let members = members
                    .iter()
                    .map(|m| checked(m, TextField::PlayerName))
                    .collect::<Result<Vec<_>, _>>()?;
                (checked(name, TextField::TeamName)?, members)
            }
        };
        let mut detail = EntrantEdited {
            after: name.clone(),
            before,
            entrant: entrant.to_string(),
            players_after: None,
            players_before: None,
        };
        if d.tournament.individual() {
            let player = d.players.iter().find(|p| p.entrant_id == entrant);
            let player = player.ok_or(AppError::NotFound)?;
            rename_player(conn, (&t, &d), actor, now, &player.entrant_id, &name)?;
        } else {
            let team = d.teams.iter().find(|x| x.entrant_id == entrant);
            let team = team.ok_or(AppError::NotFound)?;
            let key = Existing::key(&name);
            let taken = d
                .teams
                .iter()
                .any(|x| x.entrant_id != entrant && Existing::key(&x.name) == key);
            if taken {
                return Err(AppError::Conflict);
            }
            if members.len() != team.members.len() {
                return Err(EntrantRefusal::TeamSize {
                    size: team.members.len(),
                }
                .into());
            }
            rows::rename_team(conn, team.team_id, &name, &key)?;
            let before_members: Vec<String> = team
                .members
                .iter()
                .filter_map(|m| d.players.iter().find(|p| &p.entrant_id == m))
                .map(|p| p.name.clone())
                .collect();
            for (id, new) in team.members.iter().zip(&members) {
                rename_player(conn, (&t, &d), actor, now, id, new)?;
            }
            detail.players_before = Some(before_members);
            detail.players_after = Some(members);
        }
        audit(conn, t.id(), actor, now, detail.into())
    })
}

/// Renames one player of the tournament (a player entrant, or a team's member), keeping the
/// compared names unique. The name is the register's: it changes in every tournament of the
/// player (`register::follow_rename`; another tournament where the name is taken refuses it).
fn rename_player(
    conn: &mut DbConn,
    (t, d): (&TournamentRow, &TournamentDetail),
    actor: &Actor,
    now: NaiveDateTime,
    entrant: &str,
    name: &str,
) -> Result<(), AppError> {
    let key = Existing::key(name);
    let player = d
        .players
        .iter()
        .find(|p| p.entrant_id == entrant)
        .ok_or(AppError::NotFound)?;
    if Existing::key(&player.name) == key && player.name == name {
        return Ok(());
    }
    let taken = d
        .players
        .iter()
        .any(|p| p.entrant_id != entrant && Existing::key(&p.name) == key);
    if taken {
        return Err(AppError::Conflict);
    }
    rows::rename_player(conn, player.player_id, name)?;
    rows::set_player_key(conn, t.id(), entrant, &key)?;
    let before = &player.name;
    super::register::follow_rename(
        conn,
        actor,
        now,
        player.player_id,
        before,
        name,
        Some(t.id()),
    )?;
    Ok(())
}

fn not_finished(d: &TournamentDetail) -> Result<(), AppError> {
    if d.tournament.status == Status::Finished {
        return Err(Refusal::Finished.into());
    }
    Ok(())
}

/// Withdraws an entrant from the next round on: drawn no more, its results so far stay.
pub fn withdraw(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    entrant: &str,
) -> Result<u32, AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        let d = detail(conn, t.clone())?;
        let name = check_withdraw(&d, entrant)?;
        let round = next_round_number(&d);
        insert_mark(conn, &t, now, entrant, MarkKind::Withdrawn, round)?;
        let detail = EntrantWithdrawn {
            after: round - 1,
            entrant: entrant.to_string(),
            name,
            round,
        };
        audit(conn, t.id(), actor, now, detail.into())?;
        Ok(round)
    })
}

/// Marks an entrant absent for `round` (not drawn yet), or takes the mark back.
pub fn set_absent(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    entrant: &str,
    round: u32,
    absent: bool,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let t = managed(conn, actor, slug)?;
        let d = detail(conn, t.clone())?;
        let name = check_absent(&d, entrant, round, absent)?;
        if absent {
            insert_mark(conn, &t, now, entrant, MarkKind::Absent, round)?;
        } else {
            EntrantMarkRow::delete(conn, t.id(), entrant, MarkKind::Absent, round as i32)?;
        }
        let detail = EntrantAbsent {
            absent,
            entrant: entrant.to_string(),
            name,
            round,
        };
        audit(conn, t.id(), actor, now, detail.into())
    })
}

fn insert_mark(
    conn: &mut DbConn,
    t: &TournamentRow,
    now: NaiveDateTime,
    entrant: &str,
    kind: MarkKind,
    round: u32,
) -> Result<(), AppError> {
    EntrantMarkRow::insert(
        conn,
        NewEntrantMark {
            tournament_id: t.id,
            entrant_id: entrant,
            kind,
            round: round as i32,
            created_at: now,
        },
    )?;
    Ok(())
}

/// New entrants may come until the tournament is finished or its knockout finals begin.
pub(crate) fn require_open(conn: &mut DbConn, t: &TournamentRow) -> Result<(), AppError> {
    if t.status == Status::Setup {
        return Ok(());
    }
    let d = detail(conn, t.clone())?;
    not_finished(&d)?;
    if d.rounds.iter().any(|r| r.knockout) {
        return Err(Refusal::KnockoutBegun.into());
    }
    Ok(())
}

/// Marks entrants just entered as late when a round is drawn already (inside the caller's
/// transaction): they are drawn from the next round on.
pub(crate) fn mark_late(
    conn: &mut DbConn,
    t: &TournamentRow,
    actor: &Actor,
    now: NaiveDateTime,
    entrants: &[String],
) -> Result<(), AppError> {
    if t.status == Status::Setup {
        return Ok(());
    }
    let d = detail(conn, t.clone())?;
    let round = next_round_number(&d);
    // A team game's players are not drawn on their own: only their team is marked.
    for e in entrants {
        let Some(name) = entrant_name(&d, e) else {
            continue;
        };
        insert_mark(conn, t, now, e, MarkKind::Late, round)?;
        let detail = EntrantLate {
            entrant: e.clone(),
            name,
            round,
        };
        audit(conn, t.id(), actor, now, detail.into())?;
    }
    Ok(())
}
