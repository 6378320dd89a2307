//! The structural problems of a tournament file (contract section 8) as data: each with its
//! English sentence, which the referee's answers and the command line print as they always
//! did ([`std::fmt::Display`]), and its catalogue message with its arguments, which a page
//! words in the reader's language ([`FileCheck::words`]).

use std::fmt;

/// Where an entrant already was in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placed {
    /// At the table of this index (from 0, as the file counts).
    Table(usize),
    Bye,
}

impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Placed::Table(t) => write!(f, "table {t}"),
            Placed::Bye => write!(f, "a bye"),
        }
    }
}

/// One structural problem of a tournament file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileCheck {
    NotAVariantOf {
        variant: String,
        game: String,
    },
    SessionsNeedThree,
    ThreePerlaggen,
    ThreeWattenSeatsThree,
    SessionsScoring,
    WattkoenigTwoSides,
    RoundsSeatTwo,
    Sessions {
        sessions: u32,
        rounds: usize,
    },
    /// The prize scheme's refusal, in its English words.
    Prizes(String),
    /// A tie-break the game and format do not offer, in the check's English words.
    Tiebreak(String),
    NotADay {
        date: String,
    },
    UnknownPlayer {
        id: String,
    },
    UnknownTeam {
        id: String,
    },
    RoundsFromOne,
    IdTaken {
        id: String,
    },
    TeamSize {
        size: usize,
        got: usize,
    },
    InTwoTeams {
        id: String,
        other: String,
    },
    SeatedTwice {
        id: String,
        before: Placed,
    },
    ByeTwice {
        id: String,
        before: Placed,
    },
    Seats {
        sides: usize,
        got: usize,
    },
    SessionDeals {
        most: u32,
        got: usize,
    },
    TwiceAtTable {
        id: String,
    },
}

impl fmt::Display for FileCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileCheck::NotAVariantOf { variant, game } => {
                write!(f, "{variant} is not a variant of {game}")
            }
            FileCheck::SessionsNeedThree => f.write_str(
                "sessions are played at three-player tables: gaigel, variant three, or watten \
                 with options {\"players\": 3}",
            ),
            FileCheck::ThreePerlaggen => f.write_str(
                "three-player Perlaggen is refereed record by record, not yet at tournament \
                 tables",
            ),
            FileCheck::ThreeWattenSeatsThree => {
                f.write_str("a three-player Watten table seats three (sides P1, P2, P3): use byes")
            }
            FileCheck::SessionsScoring => f.write_str(
                "sessions are scored in game points: options {\"scoring\": \"rutesheim\"}",
            ),
            FileCheck::WattkoenigTwoSides => f.write_str("the Wattkönig rotation seats two sides"),
            FileCheck::RoundsSeatTwo => f.write_str(
                "rounds seat two sides; gaigel three and three-player Watten are played in \
                 sessions",
            ),
            FileCheck::Sessions { sessions, rounds } => {
                write!(f, "the tournament has {sessions} sessions, not {rounds}")
            }
            FileCheck::Prizes(why) | FileCheck::Tiebreak(why) => f.write_str(why),
            FileCheck::NotADay { date } => write!(f, "{date:?} is not a day written YYYY-MM-DD"),
            FileCheck::UnknownPlayer { id } => write!(f, "unknown player {id:?}"),
            FileCheck::UnknownTeam { id } => write!(f, "unknown team {id:?}"),
            FileCheck::RoundsFromOne => f.write_str("rounds count from 1"),
            FileCheck::IdTaken { id } => write!(f, "{id:?} is empty or used twice"),
            FileCheck::TeamSize { size, got } => write!(f, "a team has {size} players, not {got}"),
            FileCheck::InTwoTeams { id, other } => {
                write!(f, "{id:?} already plays in team {other:?}")
            }
            FileCheck::SeatedTwice { id, before } => {
                write!(f, "{id:?} is already seated at {before} of this round")
            }
            FileCheck::ByeTwice { id, before } => {
                write!(f, "{id:?} already has {before} in this round")
            }
            FileCheck::Seats { sides, got } => write!(f, "a table has {sides} seats, not {got}"),
            FileCheck::SessionDeals { most, got } => {
                write!(f, "a table plays {most} deals, not {got}")
            }
            FileCheck::TwiceAtTable { id } => write!(f, "player {id:?} sits at this table twice"),
        }
    }
}

/// A catalogue message and its arguments.
pub type Words = (&'static str, Vec<(&'static str, String)>);

impl FileCheck {
    /// The problem as a catalogue message (`tcheck-…`) with its arguments.
    pub fn words(&self) -> Words {
        let id = |id: &String| ("id", id.clone());
        match self {
            FileCheck::NotAVariantOf { .. } => ("tcheck-not-variant", Vec::new()),
            FileCheck::SessionsNeedThree => ("tcheck-sessions-three", Vec::new()),
            FileCheck::ThreePerlaggen => ("tcheck-perlaggen-three", Vec::new()),
            FileCheck::ThreeWattenSeatsThree => ("tcheck-watten-three-seats", Vec::new()),
            FileCheck::SessionsScoring => ("tcheck-sessions-scoring", Vec::new()),
            FileCheck::WattkoenigTwoSides => ("tcheck-wattkoenig", Vec::new()),
            FileCheck::RoundsSeatTwo => ("tcheck-rounds-two", Vec::new()),
            FileCheck::Sessions { sessions, rounds } => (
                "tcheck-sessions",
                vec![
                    ("sessions", sessions.to_string()),
                    ("rounds", rounds.to_string()),
                ],
            ),
            FileCheck::Prizes(_) => ("tcheck-prizes", Vec::new()),
            FileCheck::Tiebreak(_) => ("tcheck-tiebreak", Vec::new()),
            FileCheck::NotADay { date } => ("tcheck-not-a-day", vec![("date", date.clone())]),
            FileCheck::UnknownPlayer { id: i } => ("tcheck-unknown-player", vec![id(i)]),
            FileCheck::UnknownTeam { id: i } => ("tcheck-unknown-team", vec![id(i)]),
            FileCheck::RoundsFromOne => ("tcheck-rounds-from-one", Vec::new()),
            FileCheck::IdTaken { id: i } => ("tcheck-id-taken", vec![id(i)]),
            FileCheck::TeamSize { size, got } => (
                "tcheck-team-size",
                vec![("size", size.to_string()), ("got", got.to_string())],
            ),
            FileCheck::InTwoTeams { id: i, other } => {
                ("tcheck-in-two-teams", vec![id(i), ("other", other.clone())])
            }
            FileCheck::SeatedTwice { id: i, before } | FileCheck::ByeTwice { id: i, before } => {
                match before {
                    Placed::Table(t) => (
                        "tcheck-twice-table",
                        vec![id(i), ("table", (t + 1).to_string())],
                    ),
                    Placed::Bye => ("tcheck-twice-bye", vec![id(i)]),
                }
            }
            FileCheck::Seats { sides, got } => (
                "tcheck-seats",
                vec![("sides", sides.to_string()), ("got", got.to_string())],
            ),
            FileCheck::SessionDeals { most, got } => (
                "tcheck-session-deals",
                vec![("most", most.to_string()), ("got", got.to_string())],
            ),
            FileCheck::TwiceAtTable { id: i } => ("tcheck-twice-at-table", vec![id(i)]),
        }
    }
}
