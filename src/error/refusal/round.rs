//! The refusals of a tournament's rounds: drawing one, closing and finishing, the knockout
//! finals, taking a round back.

use super::one;
use crate::error::Message;

/// Why the next round cannot be drawn, or its seats not swapped (`service::draws`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawRefusal {
    /// A round is still open.
    RoundOpen,
    Finished,
    /// The knockout finals have begun: no further ordinary rounds.
    KnockoutBegun,
    /// All planned rounds are drawn.
    PlanComplete {
        planned: u32,
    },
    /// All sessions are drawn.
    SessionsComplete {
        sessions: u32,
    },
    /// Fewer than two entrants present.
    TooFew,
    /// Too few players for a table of three.
    TooFewForTable {
        players: usize,
    },
    /// Four-player tables need a deal count divisible by three.
    DealsNotDivisibleByThree {
        deals: u32,
    },
    /// The draw's tables do not fit the field (a bug's guard, or a field changed meanwhile).
    NoFit,
    /// A swap names someone not seated in the round.
    UnknownSeat {
        entrant: String,
    },
    /// A deal is stored already: the seats no longer change.
    Started,
}

impl DrawRefusal {
    pub fn message(&self) -> Message {
        match self {
            DrawRefusal::RoundOpen => Message::new("refusal-draw-round-open"),
            DrawRefusal::Finished => Message::new("refusal-draw-finished"),
            DrawRefusal::KnockoutBegun => Message::new("refusal-draw-knockout-begun"),
            DrawRefusal::PlanComplete { planned } => {
                one("refusal-draw-plan-complete", "planned", planned)
            }
            DrawRefusal::SessionsComplete { sessions } => {
                one("refusal-draw-sessions-complete", "sessions", sessions)
            }
            DrawRefusal::TooFew => Message::new("refusal-draw-too-few"),
            DrawRefusal::TooFewForTable { players } => {
                one("refusal-draw-too-few-for-table", "players", players)
            }
            DrawRefusal::DealsNotDivisibleByThree { deals } => {
                one("refusal-draw-deals-by-three", "deals", deals)
            }
            DrawRefusal::NoFit => Message::new("refusal-draw-no-fit"),
            DrawRefusal::UnknownSeat { entrant } => {
                one("refusal-draw-unknown-seat", "entrant", entrant)
            }
            DrawRefusal::Started => Message::new("refusal-draw-started"),
        }
    }
}

pub(super) fn draw_samples() -> Vec<DrawRefusal> {
    vec![
        DrawRefusal::RoundOpen,
        DrawRefusal::Finished,
        DrawRefusal::KnockoutBegun,
        DrawRefusal::PlanComplete { planned: 5 },
        DrawRefusal::SessionsComplete { sessions: 3 },
        DrawRefusal::TooFew,
        DrawRefusal::TooFewForTable { players: 2 },
        DrawRefusal::DealsNotDivisibleByThree { deals: 10 },
        DrawRefusal::NoFit,
        DrawRefusal::UnknownSeat {
            entrant: "p9".into(),
        },
        DrawRefusal::Started,
    ]
}

/// Why a round or the tournament cannot be closed, finished, reopened or planned
/// (`service::closing`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CloseRefusal {
    /// Finished: a result changes only after reopening (with a reason).
    Finished,
    /// No round drawn: nothing to finish.
    NothingDrawn,
    /// A round is open: close it before finishing.
    RoundOpen { round: i32 },
    /// Reopening a tournament that is not finished.
    NotFinished,
    /// Only a rounds tournament plans its rounds.
    PlanOnlyRounds,
    /// Planning after the end.
    PlanFinished,
    /// The plan must be 1 to `max` rounds.
    PlanRange { max: u32 },
    /// More rounds drawn than the plan would hold.
    PlanBelowDrawn { drawn: u32, planned: u32 },
}

impl CloseRefusal {
    pub fn message(&self) -> Message {
        match self {
            CloseRefusal::Finished => Message::new("refusal-close-finished"),
            CloseRefusal::NothingDrawn => Message::new("refusal-close-nothing-drawn"),
            CloseRefusal::RoundOpen { round } => one("refusal-close-round-open", "round", round),
            CloseRefusal::NotFinished => Message::new("refusal-close-not-finished"),
            CloseRefusal::PlanOnlyRounds => Message::new("refusal-plan-only-rounds"),
            CloseRefusal::PlanFinished => Message::new("refusal-plan-finished"),
            CloseRefusal::PlanRange { max } => one("refusal-plan-range", "max", max),
            CloseRefusal::PlanBelowDrawn { drawn, planned } => Message::with(
                "refusal-plan-below-drawn",
                &[
                    ("drawn", drawn.to_string()),
                    ("planned", planned.to_string()),
                ],
            ),
        }
    }
}

pub(super) fn close_samples() -> Vec<CloseRefusal> {
    vec![
        CloseRefusal::Finished,
        CloseRefusal::NothingDrawn,
        CloseRefusal::RoundOpen { round: 2 },
        CloseRefusal::NotFinished,
        CloseRefusal::PlanOnlyRounds,
        CloseRefusal::PlanFinished,
        CloseRefusal::PlanRange { max: 30 },
        CloseRefusal::PlanBelowDrawn {
            drawn: 4,
            planned: 3,
        },
    ]
}

/// Why the knockout finals cannot be set up or drawn (`service::finals`,
/// `service::finals_start`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FinalsRefusal {
    /// The tournament has no knockout finals.
    None,
    /// The finals take 2, 4 or 8 (the bracket 16 too).
    Size { n: usize },
    /// The finals are drawn already.
    AlreadyDrawn,
    /// A round is still open.
    RoundOpen,
    /// Knockout finals follow a rounds tournament only.
    NotRounds,
    /// A finals match has no winner yet.
    NoWinnerYet,
    /// Every finals match is decided.
    Complete,
    /// Fewer entrants in the standings than places in the finals.
    TooFew { entrants: usize },
    /// Entrants of equal rank straddle the cut.
    TieAtCut { rank: u32 },
    /// A result for a match that does not have both entrants yet.
    NotReady,
    /// A later match already has a result depending on this one.
    AlreadyDecided,
}

impl FinalsRefusal {
    pub fn message(&self) -> Message {
        match self {
            FinalsRefusal::None => Message::new("refusal-finals-none"),
            FinalsRefusal::Size { n } => one("refusal-finals-size", "n", n),
            FinalsRefusal::AlreadyDrawn => Message::new("refusal-finals-already-drawn"),
            FinalsRefusal::RoundOpen => Message::new("refusal-finals-round-open"),
            FinalsRefusal::NotRounds => Message::new("refusal-finals-not-rounds"),
            FinalsRefusal::NoWinnerYet => Message::new("refusal-finals-no-winner"),
            FinalsRefusal::Complete => Message::new("refusal-finals-complete"),
            FinalsRefusal::TooFew { entrants } => {
                one("refusal-finals-too-few", "entrants", entrants)
            }
            FinalsRefusal::TieAtCut { rank } => one("refusal-finals-tie-at-cut", "rank", rank),
            FinalsRefusal::NotReady => Message::new("refusal-finals-not-ready"),
            FinalsRefusal::AlreadyDecided => Message::new("refusal-finals-already-decided"),
        }
    }
}

pub(super) fn finals_samples() -> Vec<FinalsRefusal> {
    vec![
        FinalsRefusal::None,
        FinalsRefusal::Size { n: 3 },
        FinalsRefusal::AlreadyDrawn,
        FinalsRefusal::RoundOpen,
        FinalsRefusal::NotRounds,
        FinalsRefusal::NoWinnerYet,
        FinalsRefusal::Complete,
        FinalsRefusal::TooFew { entrants: 3 },
        FinalsRefusal::TieAtCut { rank: 4 },
        FinalsRefusal::NotReady,
        FinalsRefusal::AlreadyDecided,
    ]
}

/// Why a round cannot be taken back (`service::undraw`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndrawRefusal {
    /// Not the last round drawn (or not drawn at all).
    NotLast,
    Finished,
    Knockout,
    /// A deal of the round is stored (in any state).
    Begun,
}

impl UndrawRefusal {
    pub fn message(&self) -> Message {
        Message::new(match self {
            UndrawRefusal::NotLast => "undraw-not-last",
            UndrawRefusal::Finished => "undraw-finished",
            UndrawRefusal::Knockout => "undraw-knockout",
            UndrawRefusal::Begun => "undraw-begun",
        })
    }
}

pub(super) fn undraw_samples() -> Vec<UndrawRefusal> {
    vec![
        UndrawRefusal::NotLast,
        UndrawRefusal::Finished,
        UndrawRefusal::Knockout,
        UndrawRefusal::Begun,
    ]
}
