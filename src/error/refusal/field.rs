//! The refusals of the field: withdrawing, marking absent, entering players and teams.

use super::one;
use crate::error::Message;

/// Why a change to the field is refused (`service::field`): the pages check it before the
/// write, the service refuses with it as its last guard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldRefusal {
    /// No such entrant in the tournament.
    Unknown,
    Finished,
    /// Withdrawn already (from this round).
    AlreadyWithdrawn(u32),
    /// The round is drawn already; `next` is the first round that is not.
    RoundDrawn {
        round: u32,
        next: u32,
    },
    /// Withdrawn from a round at or before this one.
    Withdrawn(u32),
    /// Not drawn in that round anyway (absent already, or entered later).
    NotDrawnAnyway(u32),
    /// Not marked absent in that round.
    NotAbsent(u32),
    /// The knockout finals have begun: the field is fixed.
    KnockoutBegun,
}

impl FieldRefusal {
    pub fn message(&self) -> Message {
        match self {
            FieldRefusal::Unknown => Message::new("roster-unknown"),
            FieldRefusal::Finished => Message::new("roster-finished"),
            FieldRefusal::AlreadyWithdrawn(n) => one("roster-already-withdrawn", "round", n),
            FieldRefusal::RoundDrawn { round, next } => Message::with(
                "roster-round-drawn",
                &[("round", round.to_string()), ("next", next.to_string())],
            ),
            FieldRefusal::Withdrawn(n) => one("roster-withdrawn", "round", n),
            FieldRefusal::NotDrawnAnyway(n) => one("roster-not-drawn", "round", n),
            FieldRefusal::NotAbsent(n) => one("roster-not-absent", "round", n),
            FieldRefusal::KnockoutBegun => Message::new("refusal-field-knockout-begun"),
        }
    }
}

pub(super) fn field_samples() -> Vec<FieldRefusal> {
    vec![
        FieldRefusal::Unknown,
        FieldRefusal::Finished,
        FieldRefusal::AlreadyWithdrawn(2),
        FieldRefusal::RoundDrawn { round: 2, next: 3 },
        FieldRefusal::Withdrawn(2),
        FieldRefusal::NotDrawnAnyway(2),
        FieldRefusal::NotAbsent(2),
        FieldRefusal::KnockoutBegun,
    ]
}

/// Why a player or a team cannot be entered, or a register not read (`service::entrants`,
/// `service::entry_rows`, `service::register`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntrantRefusal {
    /// Another entrant has the start number.
    StartNumberTaken { number: i32 },
    /// The variant is played by single players: no teams.
    NoTeams,
    /// A team has exactly `size` players.
    TeamSize { size: usize },
    /// A team's member is not entered in the tournament.
    UnknownPlayer { entrant: String },
    /// A team's member plays in another team already.
    InTeamAlready { entrant: String },
    /// No such person in the club's register.
    NotInRegister { id: i32 },
    /// The register of which club (an administrator names it).
    WhichRegister,
}

impl EntrantRefusal {
    pub fn message(&self) -> Message {
        match self {
            EntrantRefusal::StartNumberTaken { number } => {
                one("refusal-entrant-start-number-taken", "number", number)
            }
            EntrantRefusal::NoTeams => Message::new("refusal-entrant-no-teams"),
            EntrantRefusal::TeamSize { size } => one("refusal-entrant-team-size", "size", size),
            EntrantRefusal::UnknownPlayer { entrant } => {
                one("refusal-entrant-unknown-player", "entrant", entrant)
            }
            EntrantRefusal::InTeamAlready { entrant } => {
                one("refusal-entrant-in-team", "entrant", entrant)
            }
            EntrantRefusal::NotInRegister { id } => {
                one("refusal-entrant-not-in-register", "id", id)
            }
            EntrantRefusal::WhichRegister => Message::new("refusal-entrant-which-register"),
        }
    }
}

pub(super) fn entrant_samples() -> Vec<EntrantRefusal> {
    vec![
        EntrantRefusal::StartNumberTaken { number: 7 },
        EntrantRefusal::NoTeams,
        EntrantRefusal::TeamSize { size: 2 },
        EntrantRefusal::UnknownPlayer {
            entrant: "p9".into(),
        },
        EntrantRefusal::InTeamAlready {
            entrant: "p1".into(),
        },
        EntrantRefusal::NotInRegister { id: 12 },
        EntrantRefusal::WhichRegister,
    ]
}
