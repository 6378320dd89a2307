//! Row types and their queries, one file per table (queries as associated functions).

pub mod batch;
pub mod clubs;
pub mod reset_codes;
pub mod sessions;
pub mod users;

pub use clubs::{Club, ClubId};
pub use reset_codes::ResetCode;
pub use sessions::SessionRow;
pub use users::{User, UserId};
pub mod field;
pub mod register;
pub mod rounds;
pub mod status;
pub mod tournaments;

pub use rounds::{
    AuditEventRow, DealVersionBrief, DealVersionRow, RoundId, RoundRow, TableId, TableRow,
};
pub use status::{DealSource, DealStatus, RoundStatus, TournamentStatus, UnknownValue};
pub use tournaments::{EntrantRow, PlayerId, PlayerRow, TeamRow, TournamentId, TournamentRow};
