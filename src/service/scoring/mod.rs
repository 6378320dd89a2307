//! Table scoring: secret scorer links per table ([`links`]), the per-tournament
//! confirmation rule, and deals entered at the table through check, save, confirm and undo
//! ([`entry`]). A scorer has no account: the link stands for the table, and the service acts
//! for it as [`scorer_actor`].

pub mod audit;
pub mod confirm_all;
pub mod corrections;
pub mod desk;
pub mod entry;
pub mod limit;
pub mod links;
pub mod locked;
pub mod pad;
pub mod rewrite;

use super::{Actor, ActorKind};
use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema::{round_tables, rounds, tournaments};
use crate::error::AppError;
use crate::service::audit_detail::ConfirmationSet;
use diesel::prelude::*;

diesel::table! {
    /// Per tournament, who confirms a scorer's deal (migration 000090_scoring).
    scoring_settings (tournament_id) {
        tournament_id -> Integer,
        confirmation -> Text,
    }
}

// The save reads the rule with its table in one query (`locked`).
diesel::allow_tables_to_appear_in_same_query!(scoring_settings, round_tables);
diesel::allow_tables_to_appear_in_same_query!(scoring_settings, rounds);
diesel::allow_tables_to_appear_in_same_query!(scoring_settings, tournaments);

/// Who confirms a deal a scorer entered before it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Confirmation {
    /// It counts once saved.
    None,
    /// A player of the other side taps "confirm" on the same phone (the default).
    #[default]
    OtherSide,
    /// A secretary confirms.
    Secretary,
}

impl Confirmation {
    pub fn as_str(self) -> &'static str {
        match self {
            Confirmation::None => "none",
            Confirmation::OtherSide => "other_side",
            Confirmation::Secretary => "secretary",
        }
    }

    pub fn parse(text: &str) -> Option<Confirmation> {
        match text {
            "none" => Some(Confirmation::None),
            "other_side" => Some(Confirmation::OtherSide),
            "secretary" => Some(Confirmation::Secretary),
            _ => None,
        }
    }
}

/// The tournament's confirmation rule (the default when none was set).
pub fn confirmation(conn: &mut DbConn, tournament: TournamentId) -> Result<Confirmation, AppError> {
    let stored: Option<String> = scoring_settings::table
        .find(tournament.0)
        .select(scoring_settings::confirmation)
        // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
        .get_result(conn)
        .optional()?;
    Ok(stored
        .as_deref()
        .and_then(Confirmation::parse)
        .unwrap_or_default())
}

/// Sets the tournament's confirmation rule (its managers only), with an audit event.
pub fn set_confirmation(
    conn: &mut DbConn,
    actor: &Actor,
    now: chrono::NaiveDateTime,
    slug: &str,
    value: Confirmation,
) -> Result<(), AppError> {
    crate::db::write(conn, |conn| {
        let t = super::managed(conn, actor, slug)?;
        let updated = diesel::update(scoring_settings::table.find(t.id))
            .set(scoring_settings::confirmation.eq(value.as_str()))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(scoring_settings::table)
                .values((
                    scoring_settings::tournament_id.eq(t.id),
                    scoring_settings::confirmation.eq(value.as_str()),
                ))
                .execute(conn)?;
        }
        super::tournaments::audit(
            conn,
            t.id(),
            actor,
            now,
            ConfirmationSet {
                confirmation: value.as_str().to_string(),
            }
            .into(),
        )
    })
}

/// The actor a scorer link stands for: no account, allowed to write this club's deals (the
/// link was checked before), named after the table in the audit log.
pub fn scorer_actor(club_id: i32, round: i32, table: i32) -> Actor {
    Actor {
        user_id: None,
        name: format!("scorer: round {round}, table {table}"),
        kind: ActorKind::Secretary { club_id },
    }
}
