//! Accounts and their protection: argon2id passwords, server-side sessions, CSRF, the login
//! throttle, roles and one-time reset codes.

pub mod csrf;
pub mod password;
pub mod session;
pub mod throttle;
pub mod tokens;

pub use session::Role;
