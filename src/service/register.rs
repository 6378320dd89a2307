//! The club's register: its players, one `players` row per person and club, reused by every
//! tournament the person is entered in. Adding and correcting a record; a name corrected here
//! is the name in every tournament, because the tournaments read the name from this row.
//!
//! Two things are copied from the name and are made to follow it ([`follow_rename`]): each
//! entry's compared name (`tournament_players.name_key`, unique per tournament), and a team's
//! name when it is the joined names of its players ("Anna Huber / Bert Maier", what an empty
//! team name becomes). A team name the secretary chose ("Die Gleichen") stays as chosen.
//! Every tournament touched gets an audit event, which also moves its change stamp, so the
//! public pages show the new name at once.

use super::Actor;
use super::tournaments::audit;
use crate::db::models::TournamentId;
use crate::db::models::register::{self as rows, RegisterRow};
use crate::db::{self, DbConn};
use crate::error::refusal::{EntrantRefusal, TextField};
use crate::error::{AppError, Message};
use crate::service::audit_detail::RegisterRenamed;
use crate::text::{Kind, Text};
use crate::tournament::registration::Existing;
use chrono::NaiveDateTime;
use std::collections::{BTreeSet, HashMap};

/// A register record with the number of tournaments the person was entered in.
#[derive(Debug, Clone)]
pub struct Listed {
    pub row: RegisterRow,
    pub tournaments: i64,
}

/// What the register form gives: the name, an optional member number and year of birth.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Details {
    pub name: String,
    pub member_no: Option<String>,
    pub birth_year: Option<i32>,
}

/// The years a year of birth may be (a wrong century is a typo, not a player).
pub const BIRTH_YEARS: std::ops::RangeInclusive<i32> = 1900..=2100;

impl Details {
    /// The details checked: the name as an entrant's name (it is shown as one), the member
    /// number a short name, the year plausible.
    pub fn checked(&self) -> Result<Details, AppError> {
        let name = Text::parse(&self.name, Kind::Entrant)
            .map_err(super::refused_text(TextField::PlayerName))?
            .into_string();
        let member_no = match self.member_no.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(no) => Some(
                Text::parse(no, Kind::Name)
                    .map_err(super::refused_text(TextField::MemberNumber))?
                    .into_string(),
            ),
        };
        if let Some(year) = self.birth_year
            && !BIRTH_YEARS.contains(&year)
        {
            return Err(AppError::Invalid(Message::with(
                "register-error-year",
                &[("year", year.to_string())],
            )));
        }
        Ok(Details {
            name,
            member_no,
            birth_year: self.birth_year,
        })
    }
}

/// The club whose register `actor` works on: a secretary their own (another club's is 404,
/// its existence not revealed); the administrator the one asked for.
pub fn club_for(actor: &Actor, asked: Option<i32>) -> Result<i32, AppError> {
    match (actor.kind, asked) {
        (super::ActorKind::Secretary { club_id }, None) => Ok(club_id),
        (_, Some(club)) if actor.may_manage(club) => Ok(club),
        (_, Some(_)) => Err(AppError::NotFound),
        (_, None) => Err(EntrantRefusal::WhichRegister.into()),
    }
}

/// The club's register, each person with their number of tournaments; `query` (if not
/// empty) keeps those whose name, member number or year of birth contains it, case aside.
pub fn list(
    conn: &mut DbConn,
    actor: &Actor,
    club_id: i32,
    query: &str,
) -> Result<Vec<Listed>, AppError> {
    if !actor.may_manage(club_id) {
        return Err(AppError::NotFound);
    }
    let counts: HashMap<i32, i64> = rows::entry_counts(conn, club_id)?.into_iter().collect();
    let query = query.trim().to_lowercase();
    Ok(RegisterRow::of_club(conn, club_id)?
        .into_iter()
        .filter(|r| query.is_empty() || matches_query(r, &query))
        .map(|row| Listed {
            tournaments: counts.get(&row.id).copied().unwrap_or(0),
            row,
        })
        .collect())
}

fn matches_query(r: &RegisterRow, query: &str) -> bool {
    r.name.to_lowercase().contains(query)
        || r.member_no
            .as_deref()
            .is_some_and(|n| n.to_lowercase().contains(query))
        || r.birth_year.is_some_and(|y| y.to_string() == query)
}

/// The record if `actor` manages its club and it was not merged away; 404 otherwise.
pub fn get(conn: &mut DbConn, actor: &Actor, id: i32) -> Result<RegisterRow, AppError> {
    match RegisterRow::find(conn, id)? {
        Some(r) if actor.may_manage(r.club_id) && r.merged_into.is_none() => Ok(r),
        _ => Err(AppError::NotFound),
    }
}

/// Adds a person to the club's register; returns the record's id. A namesake is a second
/// person (namesakes stay apart; member number or year of birth tell them apart).
pub fn add(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    club_id: i32,
    details: &Details,
) -> Result<i32, AppError> {
    if !actor.may_manage(club_id) {
        return Err(AppError::NotFound);
    }
    let d = details.checked()?;
    db::write(conn, |conn| {
        Ok(RegisterRow::insert(
            conn,
            club_id,
            &d.name,
            d.member_no.as_deref(),
            d.birth_year,
            now,
        )?)
    })
}

/// Corrects a record. A new name is the name in every tournament of the person: each entry's
/// compared name and each joined team name follow, and each tournament gets the event
/// `register_renamed`. A name another player of one of those tournaments has is refused
/// (409): the tournament could no longer tell the two apart.
pub fn edit(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    id: i32,
    details: &Details,
) -> Result<(), AppError> {
    let d = details.checked()?;
    db::write(conn, |conn| {
        let before = get(conn, actor, id)?;
        RegisterRow::update(conn, id, &d.name, d.member_no.as_deref(), d.birth_year)?;
        if before.name != d.name {
            follow_rename(conn, actor, now, id, &before.name, &d.name, None)?;
        }
        Ok(())
    })
}

/// A team name changed by a rename or merge, with what it was (so a merge's undo restores it).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamBefore {
    pub team: i32,
    pub name: String,
    pub key: Option<String>,
}

/// Inside the caller's transaction, after `player`'s name became `after`: the entries'
/// compared names and the joined team names follow, and every tournament touched except
/// `quiet` (whose own event the caller writes) gets `register_renamed`.
pub(crate) fn follow_rename(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    player: i32,
    before: &str,
    after: &str,
    quiet: Option<TournamentId>,
) -> Result<Vec<TeamBefore>, AppError> {
    let key = Existing::key(after);
    let mut touched = BTreeSet::new();
    for e in rows::entries_of(conn, player)? {
        if e.name_key.is_some() {
            rows::set_entry_key(conn, e.id, &key)?;
        }
        touched.insert(e.tournament_id);
    }
    let seats: Vec<i32> = rows::seats_of(conn, player)?
        .into_iter()
        .map(|(_, team)| team)
        .collect();
    let teams = follow_team_names(conn, player, before, &seats)?;
    for t in touched
        .into_iter()
        .filter(|t| Some(TournamentId(*t)) != quiet)
    {
        let detail = RegisterRenamed {
            after: after.to_string(),
            before: before.to_string(),
            player,
        };
        audit(conn, TournamentId(t), actor, now, detail.into())?;
    }
    Ok(teams)
}

/// Renames each of `teams` (where `player` sits) whose name is its players' names joined as
/// they were with `player` called `before`, to the names joined as they are now.
pub(crate) fn follow_team_names(
    conn: &mut DbConn,
    player: i32,
    before: &str,
    teams: &[i32],
) -> Result<Vec<TeamBefore>, AppError> {
    let mut changed = Vec::new();
    for &team_id in teams {
        let team = rows::team(conn, team_id)?;
        let names = rows::team_players(conn, team_id)?;
        let joined = |rename: bool| {
            names
                .iter()
                .map(|(id, n)| {
                    if rename && *id == player {
                        before
                    } else {
                        n.as_str()
                    }
                })
                .collect::<Vec<_>>()
                .join(" / ")
        };
        let (old, new) = (joined(true), joined(false));
        if team.name != old || old == new {
            continue;
        }
        let key = team.name_key.as_ref().map(|_| Existing::key(&new));
        rows::set_team_name(conn, team_id, &new, key.as_deref())?;
        changed.push(TeamBefore {
            team: team_id,
            name: team.name,
            key: team.name_key,
        });
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_year_of_birth_outside_plausible_years_is_refused() {
        let d = Details {
            name: "Anna Huber".into(),
            member_no: None,
            birth_year: Some(19700),
        };
        assert!(matches!(d.checked(), Err(AppError::Invalid(_))));
        let d = Details {
            birth_year: Some(1970),
            ..d
        };
        assert_eq!(d.checked().unwrap().birth_year, Some(1970));
    }

    #[test]
    fn an_empty_member_number_is_none_and_the_name_is_trimmed() {
        let d = Details {
            name: "  Anna Huber ".into(),
            member_no: Some("  ".into()),
            birth_year: None,
        };
        let d = d.checked().unwrap();
        assert_eq!(d.name, "Anna Huber");
        assert_eq!(d.member_no, None);
    }

    #[test]
    fn the_query_finds_by_name_member_number_or_year() {
        let r = RegisterRow {
            id: 1,
            club_id: 1,
            name: "Anna Huber".into(),
            member_no: Some("A-17".into()),
            birth_year: Some(1970),
            merged_into: None,
        };
        assert!(matches_query(&r, "hub"));
        assert!(matches_query(&r, "a-17"));
        assert!(matches_query(&r, "1970"));
        assert!(!matches_query(&r, "maier"));
    }
}
