//! Why a request is refused, as data: each service area names its refusals in an enum
//! ([`DrawRefusal`], [`CloseRefusal`], ...) carrying the facts (a round's number, a name), and
//! [`Refusal`] gathers them, so the compiler lists every refusal a page may have to word.
//! Each gives a catalogue [`Message`] (`locales/*/refusal.ftl`, and the `roster-`/`undraw-`
//! ids the pages used already); `web` words it in the visitor's language. No sentence is
//! built here, in German or English.
//!
//! The enums live beside [`super::AppError`], below every layer that refuses: the refusals of
//! the tournament's own types (a draw plan, a knockout bracket, a prize scheme) are carried as
//! their facts, not as those types.

mod field;
mod round;
mod scoring;
mod tournament;

use super::Message;

pub use field::{EntrantRefusal, FieldRefusal};
pub use round::{CloseRefusal, DrawRefusal, FinalsRefusal, UndrawRefusal};
pub use scoring::ScoringRefusal;
pub use tournament::TournamentRefusal;

/// Every refusal, by the area that refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Draw(DrawRefusal),
    Close(CloseRefusal),
    Finals(FinalsRefusal),
    Undraw(UndrawRefusal),
    Field(FieldRefusal),
    Entrant(EntrantRefusal),
    Scoring(ScoringRefusal),
    Tournament(TournamentRefusal),
    /// A typed text (a name, a reason) that is not acceptable.
    Text {
        field: TextField,
        problem: TextProblem,
    },
}

impl Refusal {
    /// The catalogue message that words the refusal.
    pub fn message(&self) -> Message {
        match self {
            Refusal::Draw(r) => r.message(),
            Refusal::Close(r) => r.message(),
            Refusal::Finals(r) => r.message(),
            Refusal::Undraw(r) => r.message(),
            Refusal::Field(r) => r.message(),
            Refusal::Entrant(r) => r.message(),
            Refusal::Scoring(r) => r.message(),
            Refusal::Tournament(r) => r.message(),
            Refusal::Text { field, problem } => {
                let mut args = vec![("field", field.key().to_string())];
                if let TextProblem::TooLong { max } = problem {
                    args.push(("max", max.to_string()));
                }
                Message {
                    id: problem.id(),
                    args,
                }
            }
        }
    }
}

/// Which typed text a [`Refusal::Text`] is about (a selector of the catalogue's messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextField {
    PlayerName,
    TeamName,
    MemberNumber,
    TournamentName,
    Place,
    ClubName,
    /// The reason for reopening a round or the tournament.
    ReopenReason,
    /// The reason given for a change of confirmed deals.
    ChangeReason,
}

impl TextField {
    /// The selector's key in the catalogue (`refusal-text-*`).
    pub fn key(self) -> &'static str {
        match self {
            TextField::PlayerName => "player",
            TextField::TeamName => "team",
            TextField::MemberNumber => "member",
            TextField::TournamentName => "tournament",
            TextField::Place => "place",
            TextField::ClubName => "club",
            TextField::ReopenReason => "reopen",
            TextField::ChangeReason => "change",
        }
    }

    /// Every field, for the catalogue test.
    pub const ALL: [TextField; 8] = [
        TextField::PlayerName,
        TextField::TeamName,
        TextField::MemberNumber,
        TextField::TournamentName,
        TextField::Place,
        TextField::ClubName,
        TextField::ReopenReason,
        TextField::ChangeReason,
    ];
}

/// What is wrong with a typed text (`text::TextError`'s facts: `text` and `error` are both
/// the foundation and do not import each other).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    Empty,
    TooLong { max: usize },
    Control,
    Invisible,
}

impl TextProblem {
    fn id(self) -> &'static str {
        match self {
            TextProblem::Empty => "refusal-text-empty",
            TextProblem::TooLong { .. } => "refusal-text-too-long",
            TextProblem::Control => "refusal-text-control",
            TextProblem::Invisible => "refusal-text-invisible",
        }
    }
}

macro_rules! area {
    ($($area:ident => $variant:ident),* $(,)?) => {
        $(
            impl From<$area> for Refusal {
                fn from(r: $area) -> Refusal {
                    Refusal::$variant(r)
                }
            }
            impl From<$area> for super::AppError {
                fn from(r: $area) -> super::AppError {
                    super::AppError::Refusal(Refusal::$variant(r))
                }
            }
        )*
    };
}

area!(
    DrawRefusal => Draw,
    CloseRefusal => Close,
    FinalsRefusal => Finals,
    UndrawRefusal => Undraw,
    FieldRefusal => Field,
    EntrantRefusal => Entrant,
    ScoringRefusal => Scoring,
    TournamentRefusal => Tournament,
);

impl From<Refusal> for super::AppError {
    fn from(r: Refusal) -> super::AppError {
        super::AppError::Refusal(r)
    }
}

/// A message with one numeric or textual fact.
fn one(id: &'static str, name: &'static str, value: impl ToString) -> Message {
    Message::with(id, &[(name, value.to_string())])
}

/// One sample of every refusal: the catalogue test checks each has its words in both
/// languages. A variant added to an area's enum must be added to that area's `samples`
/// (its `message` lists it, and so does the compiler).
pub fn samples() -> Vec<Refusal> {
    let mut all: Vec<Refusal> = Vec::new();
    all.extend(round::draw_samples().into_iter().map(Refusal::Draw));
    all.extend(round::close_samples().into_iter().map(Refusal::Close));
    all.extend(round::finals_samples().into_iter().map(Refusal::Finals));
    all.extend(round::undraw_samples().into_iter().map(Refusal::Undraw));
    all.extend(field::field_samples().into_iter().map(Refusal::Field));
    all.extend(field::entrant_samples().into_iter().map(Refusal::Entrant));
    all.extend(scoring::samples().into_iter().map(Refusal::Scoring));
    all.extend(tournament::samples().into_iter().map(Refusal::Tournament));
    for field in TextField::ALL {
        for problem in [
            TextProblem::Empty,
            TextProblem::TooLong { max: 80 },
            TextProblem::Control,
            TextProblem::Invisible,
        ] {
            all.push(Refusal::Text { field, problem });
        }
    }
    all
}
