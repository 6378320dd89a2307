//! Row types and their queries, one file per table (queries as associated functions).

pub mod clubs;
pub mod reset_codes;
pub mod sessions;
pub mod users;

pub use clubs::{Club, ClubId};
pub use reset_codes::ResetCode;
pub use sessions::SessionRow;
pub use users::{User, UserId};
