//! Tie-breaks as a tournament setting: the secretary chooses an ordered list from what the
//! game and format offer (`tournament::tiebreak::offered`), before or during the tournament.
//! The list is stored in the tournament's `settings.tiebreaks`; choosing the lot draws its
//! seed once (`settings.lot_seed`) and keeps it for good, so the order never changes on
//! reload. Audited as `tiebreaks_set` with the list before and after.

use super::tournaments::{Status, audit};
use super::{Actor, managed};
use crate::db::schema::tournaments;
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::TournamentRefusal;
use crate::service::audit_detail::TiebreaksSet;
use crate::tournament::standings::Column;
use crate::tournament::tiebreak;
use chrono::NaiveDateTime;
use diesel::prelude::*;

fn keys(columns: &[Column]) -> Vec<String> {
    columns.iter().map(|c| c.key().to_string()).collect()
}

/// Stores `columns` as the tournament's tie-breaks; `fresh_seed` is the lot's seed if the lot
/// is chosen and none is stored yet. An empty list means "points alone".
pub fn set(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    columns: Vec<Column>,
    fresh_seed: u64,
) -> Result<(), AppError> {
    db::write(conn, |conn| {
        let row = managed(conn, actor, slug)?;
        let (id, tid) = (row.id, row.id());
        let d = super::tournaments::detail(conn, row)?;
        if d.tournament.status == Status::Finished {
            return Err(TournamentRefusal::TiebreaksFinished.into());
        }
        let file = d.file();
        tiebreak::check(file.kind(), &columns).map_err(|(i, _)| {
            let column = columns[i].key().to_string();
            AppError::from(if columns[..i].contains(&columns[i]) {
                TournamentRefusal::TiebreakTwice { column }
            } else {
                TournamentRefusal::TiebreakNotOffered { column }
            })
        })?;
        let before = file.order().columns;
        let mut settings = d.tournament.settings.clone().unwrap_or_default();
        if columns.contains(&Column::Lot) && settings.lot_seed.is_none() {
            settings.lot_seed = Some(fresh_seed);
        }
        settings.tiebreaks = Some(columns.clone());
        let text = serde_json::to_string(&Some(settings))
            .map_err(|e| AppError::Internal(e.to_string()))?;
        diesel::update(tournaments::table.find(id))
            .set(tournaments::settings.eq(text))
            .execute(conn)?;
        let detail = TiebreaksSet {
            before: keys(&before),
            tiebreaks: keys(&columns),
        };
        audit(conn, tid, actor, now, detail.into())
    })
}
