//! A cup's evenings: a member club's secretary proposes one of the club's tournaments of the
//! cup's game; the organiser accepts or refuses it. Only accepted tournaments that are
//! finished count in the standings ([`super::standings`]); a refused one may be proposed
//! again (it becomes proposed once more, for the organiser to decide anew).

use super::{Access, Refusal, get, organised, touch};
use crate::db::models::{TournamentRow, TournamentStatus};
use crate::db::schema::{cup_evenings, tournaments};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::service::{Actor, ActorKind};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Where an evening stands in the cup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EveningStatus {
    Proposed,
    Accepted,
    Refused,
}

impl EveningStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            EveningStatus::Proposed => "proposed",
            EveningStatus::Accepted => "accepted",
            EveningStatus::Refused => "refused",
        }
    }

    fn parse(text: &str) -> EveningStatus {
        match text {
            "accepted" => EveningStatus::Accepted,
            "refused" => EveningStatus::Refused,
            _ => EveningStatus::Proposed,
        }
    }
}

/// One evening of a cup: the tournament and where it stands.
#[derive(Debug, Clone)]
pub struct CupEvening {
    pub tournament: TournamentRow,
    pub status: EveningStatus,
}

impl CupEvening {
    /// Whether it counts: accepted and finished.
    pub fn counts(&self) -> bool {
        self.status == EveningStatus::Accepted
            && self.tournament.status == TournamentStatus::Finished
    }
}

/// Every evening of the cup in the cup's order: by the tournament's date (undated last), then
/// by when it was proposed.
pub fn of_cup(conn: &mut DbConn, cup_id: i32) -> Result<Vec<CupEvening>, AppError> {
    let rows: Vec<(String, TournamentRow)> = cup_evenings::table
        .inner_join(tournaments::table)
        .filter(cup_evenings::cup_id.eq(cup_id))
        .order(cup_evenings::id.asc())
        .select((cup_evenings::status, TournamentRow::as_select()))
        .load(conn)?;
    let mut out: Vec<CupEvening> = rows
        .into_iter()
        .map(|(status, tournament)| CupEvening {
            status: EveningStatus::parse(&status),
            tournament,
        })
        .collect();
    // Stable: between equal dates the earlier proposal stays first.
    out.sort_by(|a, b| match (&a.tournament.date, &b.tournament.date) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    Ok(out)
}

/// A member club's secretary (or the administrator) proposes a tournament for the cup.
pub fn propose(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    tournament: &str,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let (cup, access) = get(conn, actor, slug)?;
        // The organiser runs the cup, not a club: proposing is the clubs' part.
        if access == Access::Organiser && actor.kind == ActorKind::Organiser {
            return Err(AppError::Forbidden);
        }
        let t = match TournamentRow::by_slug(conn, tournament)? {
            Some(t) if actor.may_manage(t.club_id) => t,
            _ => return Ok(Err(Refusal::NotYourTournament)),
        };
        if !cup.clubs.contains(&t.club_id) {
            return Ok(Err(Refusal::NotMember));
        }
        if t.game != cup.game {
            return Ok(Err(Refusal::OtherGame));
        }
        let existing: Option<(i32, String)> = cup_evenings::table
            .filter(cup_evenings::cup_id.eq(cup.row.id))
            .filter(cup_evenings::tournament_id.eq(t.id))
            .select((cup_evenings::id, cup_evenings::status))
            .first(conn)
            .optional()?;
        match existing {
            Some((_, status)) if EveningStatus::parse(&status) != EveningStatus::Refused => {
                return Ok(Err(Refusal::AlreadyIn));
            }
            Some((id, _)) => {
                diesel::update(cup_evenings::table.find(id))
                    .set((
                        cup_evenings::status.eq(EveningStatus::Proposed.as_str()),
                        cup_evenings::proposed_by.eq(actor.user_id),
                        cup_evenings::decided_at.eq(None::<NaiveDateTime>),
                    ))
                    .execute(conn)?;
            }
            None => {
                diesel::insert_into(cup_evenings::table)
                    .values((
                        cup_evenings::cup_id.eq(cup.row.id),
                        cup_evenings::tournament_id.eq(t.id),
                        cup_evenings::status.eq(EveningStatus::Proposed.as_str()),
                        cup_evenings::proposed_by.eq(actor.user_id),
                        cup_evenings::created_at.eq(now),
                    ))
                    .execute(conn)?;
            }
        }
        touch(conn, cup.row.id)?;
        Ok(Ok(()))
    })
}

/// The organiser accepts (or refuses) a proposed evening; an accepted one may be refused
/// later and a refused one accepted (the organiser corrects a decision).
pub fn decide(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    tournament: &str,
    accept: bool,
) -> Result<Result<(), Refusal>, AppError> {
    db::write(conn, |conn| {
        let cup = organised(conn, actor, slug)?;
        let id: Option<i32> = cup_evenings::table
            .inner_join(tournaments::table)
            .filter(cup_evenings::cup_id.eq(cup.row.id))
            .filter(tournaments::slug.eq(tournament))
            .select(cup_evenings::id)
            .first(conn)
            .optional()?;
        let Some(id) = id else {
            return Ok(Err(Refusal::NotProposed));
        };
        let status = if accept {
            EveningStatus::Accepted
        } else {
            EveningStatus::Refused
        };
        diesel::update(cup_evenings::table.find(id))
            .set((
                cup_evenings::status.eq(status.as_str()),
                cup_evenings::decided_at.eq(Some(now)),
            ))
            .execute(conn)?;
        touch(conn, cup.row.id)?;
        Ok(Ok(()))
    })
}
