//! The service layer: plain functions over a database connection that the CLI, the JSON API
//! and the pages share. Each takes the [`Actor`] who asks; who may do what is decided here, in
//! [`Actor::may_manage`] and [`visible`], and nowhere else. Writes run in one transaction
//! ([`crate::db::write`]); every deal version is written with its audit event.
//! A write that needs more than its actor (when, from which address, in which language it
//! refuses) takes them together as one [`Write`].
//!
//! Standings always come from one path: the tournament file is built from the current
//! confirmed versions ([`tournaments::load_file`]) and handed to [`crate::tournament::evaluate`].

pub mod accounts;
pub mod audit_detail;
pub mod closing;
pub mod consent;
pub mod cups;
pub mod deals;
pub mod demo;
pub mod draws;
pub mod entrants;
mod entry_rows;
pub mod field;
pub mod finals;
pub mod finals_start;
pub mod front;
pub mod import;
pub mod import_check;
mod import_write;
pub mod merge;
pub mod once;
pub mod player;
pub mod privacy;
pub mod prizes;
pub mod public;
pub mod public_names;
pub mod register;
pub mod registration;
pub mod scoring;
pub mod seasons;
pub mod slug;
pub mod tiebreaks;
mod tournament;
pub mod tournaments;
pub mod undraw;
mod view;

use crate::auth::Role;
use crate::db::models::{TournamentRow, User};
use crate::error::AppError;
use crate::error::refusal::{Refusal, TextField, TextProblem};
use crate::text::TextError;

/// A typed text refused, as the refusal of `field` (`map_err(refused_text(…))`).
pub(crate) fn refused_text(field: TextField) -> impl Fn(TextError) -> AppError {
    move |e| {
        let problem = match e {
            TextError::Empty => TextProblem::Empty,
            TextError::TooLong { max } => TextProblem::TooLong { max },
            TextError::Control => TextProblem::Control,
            TextError::Invisible => TextProblem::Invisible,
        };
        AppError::Refusal(Refusal::Text { field, problem })
    }
}

use chrono::NaiveDateTime;

/// The circumstances of one write, passed whole rather than piece by piece: who writes (an
/// [`Actor`], or a scorer's [`scoring::entry::Author`]), when, from which address, and the
/// language its refusals are worded in.
pub struct Write<'a, Who = Actor> {
    pub by: &'a Who,
    pub at: NaiveDateTime,
    /// The client's address, for the audit log (none from the command line).
    pub ip: Option<&'a str>,
    pub lang: crate::rules::Lang,
}

// By hand: a derive would ask `Who: Clone`, and a `Write` only borrows its writer.
impl<Who> Clone for Write<'_, Who> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<Who> Copy for Write<'_, Who> {}

/// Who asks: an account, or the operator at the command line (who owns the database anyway).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    /// The account, when there is one (stored with deal versions).
    pub user_id: Option<i32>,
    /// For the audit log: the account's name, or `cli`.
    pub name: String,
    pub kind: ActorKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActorKind {
    /// The administrator: every club's tournaments.
    Admin,
    /// A club secretary: the tournaments of this club.
    Secretary { club_id: i32 },
    /// A cup organiser: their own cups (`cups`), no club's tournaments.
    Organiser,
    /// `kartl import`, `kartl demo`: whoever runs the binary on the database.
    CommandLine,
}

impl Actor {
    pub fn of_user(user: &User) -> Actor {
        let kind = match (user.role, user.club_id) {
            (Role::Admin, _) => ActorKind::Admin,
            (Role::Secretary, Some(club_id)) => ActorKind::Secretary { club_id },
            // A secretary without a club (the schema forbids it) manages nothing.
            (Role::Secretary, None) => ActorKind::Secretary { club_id: -1 },
            (Role::Organiser, _) => ActorKind::Organiser,
        };
        Actor {
            user_id: Some(user.id.0),
            name: user.name.clone(),
            kind,
        }
    }

    pub fn command_line() -> Actor {
        Actor {
            user_id: None,
            name: "cli".into(),
            kind: ActorKind::CommandLine,
        }
    }

    /// Whether this actor runs the tournaments of `club_id`: the administrator, the command
    /// line, or a secretary of that club.
    pub fn may_manage(&self, club_id: i32) -> bool {
        match self.kind {
            ActorKind::Admin | ActorKind::CommandLine => true,
            ActorKind::Secretary { club_id: own } => own == club_id,
            ActorKind::Organiser => false,
        }
    }
}

/// Whether `viewer` (none: anonymous) may see the tournament: public ones everybody, private
/// ones only those who manage them.
pub fn visible(viewer: Option<&Actor>, t: &TournamentRow) -> bool {
    t.public || viewer.is_some_and(|a| a.may_manage(t.club_id))
}

/// The tournament if `viewer` may see it; 404 otherwise (a private tournament's existence is
/// not revealed).
pub(crate) fn seen(
    conn: &mut crate::db::DbConn,
    viewer: Option<&Actor>,
    slug: &str,
) -> Result<TournamentRow, AppError> {
    match TournamentRow::by_slug(conn, slug)? {
        Some(t) if visible(viewer, &t) => Ok(t),
        _ => Err(AppError::NotFound),
    }
}

/// The tournament if `actor` manages it: 404 when they cannot even see it, 403 when they see
/// it (public) but run another club.
pub(crate) fn managed(
    conn: &mut crate::db::DbConn,
    actor: &Actor,
    slug: &str,
) -> Result<TournamentRow, AppError> {
    let t = seen(conn, Some(actor), slug)?;
    if actor.may_manage(t.club_id) {
        Ok(t)
    } else {
        Err(AppError::Forbidden)
    }
}

/// A JSON column that does not parse is a bug or a hand-edited database.
pub(crate) fn corrupt(what: &str, e: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("stored {what} does not parse: {e}"))
}

/// A deal version's stored record, read as a deal of `game`. Every stored deal was read
/// through these types (and refereed) before it was written, so one that does not read was
/// changed by hand in the database: like a record that is not JSON, that is a corrupt row
/// (an internal error, logged), never a guess at what the deal meant nor a panic.
pub(crate) fn stored_deal(
    game: crate::rules::Game,
    text: &str,
) -> Result<crate::rules::match_record::Deal, AppError> {
    crate::rules::match_record::Deal::from_json(game, text).map_err(|e| corrupt("deal record", e))
}
