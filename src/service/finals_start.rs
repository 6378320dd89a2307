//! Starting knockout finals from the secretary's page: the organiser chooses how many of the
//! best go on (2, 4 or 8) when the rounds are over. The number is stored in the tournament's
//! `settings.knockout` (only while no finals stage is drawn) and the first stage is drawn by
//! [`super::finals::draw_stage`]; if that draw is refused (a tie at the cut, too few
//! entrants), the settings are put back as they were.

use super::finals::draw_stage;
use super::tournaments::Tournament;
use super::{Actor, managed};
use crate::db::schema::tournaments;
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::FinalsRefusal;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The sizes the page offers.
pub const SIZES: [u32; 3] = [2, 4, 8];

/// Sets the finals' size to `n` and draws their first stage; returns the round's number.
pub fn start(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    n: u32,
) -> Result<i32, AppError> {
    if !SIZES.contains(&n) {
        return Err(FinalsRefusal::Size { n: n as usize }.into());
    }
    let before = db::write(conn, |conn| {
        let row = managed(conn, actor, slug)?;
        crate::service::closing::require_unfinished(conn, row.id())?;
        let id = row.id;
        let before = row.settings.clone();
        let d = super::tournaments::detail(conn, row)?;
        let t: &Tournament = &d.tournament;
        if d.rounds.iter().any(|r| r.knockout) {
            return Err(FinalsRefusal::AlreadyDrawn.into());
        }
        let mut settings = t.settings.clone().unwrap_or_default();
        settings.knockout = Some(n);
        let text = serde_json::to_string(&Some(settings))
            .map_err(|e| AppError::Internal(e.to_string()))?;
        diesel::update(tournaments::table.find(id))
            .set(tournaments::settings.eq(text))
            .execute(conn)?;
        Ok((id, before))
    })?;
    match draw_stage(conn, actor, now, slug) {
        Ok(number) => Ok(number),
        Err(e) => {
            let (id, text) = before;
            diesel::update(tournaments::table.find(id))
                .set(tournaments::settings.eq(text))
                .execute(conn)?;
            Err(e)
        }
    }
}
