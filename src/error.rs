//! The domain error: what `db`, `auth` and `service` return, and what the web's handlers
//! return too. It knows nothing of HTTP. Each variant keeps what the user may read apart from
//! the cause, which goes to the log only:
//!
//! - [`AppError::message`] is the line the user reads, a catalogue message (`locales/*/*.ftl`,
//!   a [`Message`]: id and arguments) that the web words in the visitor's language;
//! - [`AppError::detail`] is the reason, where there is one for the user: a typed
//!   [`Refusal`] of a service area ([`AppError::Refusal`], the layers below the web refuse
//!   only so), a catalogue message ([`AppError::Invalid`]) or a sentence the web worded
//!   already ([`AppError::BadRequest`], constructed in `web` alone);
//! - [`AppError::cause`] is what went wrong inside (the database's words, a bug), for the log.
//!
//! `web::errors` alone turns it into HTTP: the status codes, the error pages, the API's JSON.

use std::fmt;

pub mod refusal;

pub use refusal::Refusal;

/// A message of the catalogues (`locales/de/*.ftl`, `locales/en/*.ftl`) and its arguments
/// (the `{ $name }` placeholders): the layers below the web name what the user is told, the
/// web words it in the visitor's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub id: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl Message {
    /// A message without arguments.
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// A message with its placeholders' values.
    pub fn with(id: &'static str, args: &[(&'static str, String)]) -> Message {
        Message {
            id,
            args: args.to_vec(),
        }
    }
}

/// For the log: the id and the arguments, not a translation.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)?;
        for (name, value) in &self.args {
            write!(f, " {name}={value:?}")?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The request cannot be done; the reason is a sentence a web handler worded already in
    /// the visitor's language, shown as is. Only `web` constructs it (a test greps `src/`):
    /// the layers below refuse with [`AppError::Refusal`].
    #[error("{0}")]
    BadRequest(String),
    /// The request cannot be done: a service area's refusal, with its facts, which the web
    /// words in the visitor's language (same status and page as [`AppError::BadRequest`]).
    #[error("refused: {}", .0.message())]
    Refusal(Refusal),
    /// The request cannot be done; the reason is a catalogue message, which the web words in
    /// the visitor's language (same status and page as [`AppError::BadRequest`]).
    #[error("{0}")]
    Invalid(Message),
    /// Not logged in: the pages send the visitor to the login page.
    #[error("login required")]
    LoginRequired,
    /// Logged in but not allowed.
    #[error("forbidden")]
    Forbidden,
    /// A missing or wrong CSRF token, or an unsafe request from another site. Nothing changed.
    #[error("request refused: CSRF check failed")]
    Csrf,
    #[error("not found")]
    NotFound,
    /// A concurrent change got there first (a unique name taken between check and insert).
    #[error("conflict")]
    Conflict,
    /// The database does not answer (the cause is logged).
    #[error("service unavailable")]
    Unavailable(String),
    /// A bug or an unexpected failure (the cause is logged, the user reads a generic line).
    #[error("internal error")]
    Internal(String),
    /// A form larger than its route allows. Nothing was read, so nothing can be shown again:
    /// the page says so, and the browser still holds the text (back button).
    #[error("request too large")]
    TooLarge,
    /// A form value holding a control character: the message names the field, and the page
    /// shows what was typed (the offending characters replaced) so nothing is lost.
    #[error("{message}")]
    Refused { message: String, typed: String },
}

/// The reason shown under an error's line, where the user gets one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail<'a> {
    /// Worded already.
    Text(&'a str),
    /// To be worded in the visitor's language.
    Catalogue(&'a Message),
    /// A service's refusal, to be worded in the visitor's language.
    Refusal(&'a Refusal),
}

impl AppError {
    pub fn pool(e: diesel::r2d2::PoolError) -> AppError {
        AppError::Unavailable(format!("no database connection: {e}"))
    }

    /// The line the user reads (a catalogue message).
    pub fn message(&self) -> Message {
        Message::new(match self {
            AppError::BadRequest(_) | AppError::Invalid(_) | AppError::Refusal(_) => {
                "error-bad-request"
            }
            AppError::LoginRequired => "error-login-required",
            AppError::Forbidden => "error-forbidden",
            AppError::Csrf => "error-csrf",
            AppError::NotFound => "error-not-found",
            AppError::Conflict => "error-conflict",
            AppError::Unavailable(_) => "error-unavailable",
            AppError::Internal(_) => "error-internal",
            AppError::TooLarge => "error-form-too-large",
            AppError::Refused { .. } => "error-bad-request",
        })
    }

    /// The reason the user reads under the line, if the error carries one for them.
    pub fn detail(&self) -> Option<Detail<'_>> {
        match self {
            AppError::BadRequest(m) | AppError::Refused { message: m, .. } => Some(Detail::Text(m)),
            AppError::Invalid(m) => Some(Detail::Catalogue(m)),
            AppError::Refusal(r) => Some(Detail::Refusal(r)),
            _ => None,
        }
    }

    /// What went wrong inside, for the log only (never shown).
    pub fn cause(&self) -> Option<&str> {
        match self {
            AppError::Unavailable(cause) | AppError::Internal(cause) => Some(cause),
            _ => None,
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> AppError {
        match e {
            diesel::result::Error::NotFound => AppError::NotFound,
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => AppError::Conflict,
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ClosedConnection,
                info,
            ) => AppError::Unavailable(format!("connection lost: {}", info.message())),
            e => AppError::Internal(format!("database: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The user's line and reason stay apart from the cause: an internal failure tells the
    /// user nothing of it, a refusal carries its reason and no cause.
    #[test]
    fn the_users_message_is_kept_apart_from_the_cause() {
        let broken = AppError::Internal("database: disk I/O error".into());
        assert_eq!(broken.message(), Message::new("error-internal"));
        assert_eq!(broken.detail(), None);
        assert_eq!(broken.cause(), Some("database: disk I/O error"));
        assert_eq!(broken.to_string(), "internal error");

        let closed = Message::with("text-control", &[("field", "Name".into())]);
        let refused = AppError::Invalid(closed.clone());
        assert_eq!(refused.message(), Message::new("error-bad-request"));
        assert_eq!(refused.detail(), Some(Detail::Catalogue(&closed)));
        assert_eq!(refused.cause(), None);
        assert_eq!(refused.to_string(), "text-control field=\"Name\"");

        let worded = AppError::BadRequest("Zu wenige Anmeldungen.".into());
        assert_eq!(
            worded.detail(),
            Some(Detail::Text("Zu wenige Anmeldungen."))
        );

        let draw = Refusal::Draw(refusal::DrawRefusal::TooFew);
        let refused = AppError::from(draw.clone());
        assert_eq!(refused.message(), Message::new("error-bad-request"));
        assert_eq!(refused.detail(), Some(Detail::Refusal(&draw)));
        assert_eq!(refused.cause(), None);
    }

    /// The database's errors map onto the user's: a missing row is "not found", a unique
    /// name taken is a conflict, anything else is internal with the database's words kept.
    #[test]
    fn database_errors_map_onto_the_users_errors() {
        use diesel::result::Error;
        assert!(matches!(
            AppError::from(Error::NotFound),
            AppError::NotFound
        ));
        let other = AppError::from(Error::RollbackTransaction);
        assert!(other.cause().is_some_and(|c| c.starts_with("database: ")));
        assert_eq!(other.message(), Message::new("error-internal"));
    }
}
