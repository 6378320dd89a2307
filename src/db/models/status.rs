//! The status columns as enums. The columns stay TEXT; a row is converted where it is read
//! (`#[diesel(deserialize_as = String)]` and the `TryFrom<String>` here), so a value the enum
//! does not know refuses the row instead of reading as a default; and where it is written
//! (`#[diesel(serialize_as = String)]` on the insert rows and the `From<…> for String` here),
//! so an insert row takes the enum, never a hand-written string.

use crate::rules::{Game, Variant};
use crate::tournament::format::Format;

/// A round's status: open for entries, or closed by the secretary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundStatus {
    Open,
    Closed,
}

impl RoundStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RoundStatus::Open => "open",
            RoundStatus::Closed => "closed",
        }
    }
}

impl TryFrom<String> for RoundStatus {
    type Error = UnknownValue;

    fn try_from(text: String) -> Result<Self, UnknownValue> {
        match text.as_str() {
            "open" => Ok(RoundStatus::Open),
            "closed" => Ok(RoundStatus::Closed),
            _ => Err(UnknownValue::new("rounds.status", text)),
        }
    }
}

/// A deal version's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealStatus {
    /// Entered, waiting for the other side.
    Pending,
    Confirmed,
    /// Taken back: the deal no longer counts (nor do later ones, until it is replaced).
    Withdrawn,
}

impl DealStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DealStatus::Pending => "pending",
            DealStatus::Confirmed => "confirmed",
            DealStatus::Withdrawn => "withdrawn",
        }
    }
}

impl TryFrom<String> for DealStatus {
    type Error = UnknownValue;

    fn try_from(text: String) -> Result<Self, UnknownValue> {
        match text.as_str() {
            "pending" => Ok(DealStatus::Pending),
            "confirmed" => Ok(DealStatus::Confirmed),
            "withdrawn" => Ok(DealStatus::Withdrawn),
            _ => Err(UnknownValue::new("deal_versions.status", text)),
        }
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Entrants are being added; no round drawn yet.
    Setup,
    /// At least one round is drawn.
    Running,
    /// Over (imported files and the demo are finished).
    Finished,
}

impl TournamentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Setup => "setup",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> Option<TournamentStatus> {
        match text {
            "setup" => Some(TournamentStatus::Setup),
            "running" => Some(TournamentStatus::Running),
            "finished" => Some(TournamentStatus::Finished),
            _ => None,
        }
    }
}

impl TryFrom<String> for TournamentStatus {
    type Error = UnknownValue;

    fn try_from(text: String) -> Result<Self, UnknownValue> {
        TournamentStatus::parse(&text).ok_or_else(|| UnknownValue::new("tournaments.status", text))
    }
}

/// The text a status column stores: the enum's `as_str`.
macro_rules! stored_as_str {
    ($($type:ty),*) => {
        $(impl From<$type> for String {
            fn from(value: $type) -> String {
                value.as_str().to_string()
            }
        })*
    };
}

stored_as_str!(RoundStatus, DealStatus, TournamentStatus, DealSource);

/// Who wrote a deal version (the `deal_versions.source` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealSource {
    Scorer,
    Secretary,
    Import,
    Demo,
}

impl DealSource {
    pub fn as_str(self) -> &'static str {
        match self {
            DealSource::Scorer => "scorer",
            DealSource::Secretary => "secretary",
            DealSource::Import => "import",
            DealSource::Demo => "demo",
        }
    }
}

impl TryFrom<String> for DealSource {
    type Error = UnknownValue;

    fn try_from(text: String) -> Result<Self, UnknownValue> {
        [
            DealSource::Scorer,
            DealSource::Secretary,
            DealSource::Import,
            DealSource::Demo,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
        .ok_or_else(|| UnknownValue::new("deal_versions.source", text))
    }
}

/// The game, variant and format columns hold the names the tournament file uses
/// (`"watten"`, `"tyrolean"`, `"rounds"`): read with the types' own serde names.
macro_rules! serde_text {
    ($type:ty, $column:literal) => {
        impl TryFrom<String> for $type {
            type Error = UnknownValue;

            fn try_from(text: String) -> Result<Self, UnknownValue> {
                serde_json::from_value(serde_json::Value::String(text.clone()))
                    .map_err(|_| UnknownValue::new($column, text))
            }
        }

        impl From<$type> for String {
            fn from(value: $type) -> String {
                match serde_json::to_value(value) {
                    Ok(serde_json::Value::String(text)) => text,
                    // A unit variant always serialises to its name; anything else is a bug
                    // the column's reading refuses (`UnknownValue`).
                    _ => String::new(),
                }
            }
        }
    };
}

serde_text!(Game, "tournaments.game");
serde_text!(Variant, "tournaments.variant");
serde_text!(Format, "tournaments.format");

/// A TEXT column holding a value its enum does not know: the row is refused, never read as
/// a default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownValue {
    pub column: &'static str,
    pub value: String,
}

impl UnknownValue {
    pub fn new(column: &'static str, value: String) -> Self {
        UnknownValue { column, value }
    }
}

impl std::fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: unknown value {:?}", self.column, self.value)
    }
}

impl std::error::Error for UnknownValue {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::watten::input::Variant as Watten;

    #[test]
    fn statuses_read_back_what_they_write_and_refuse_the_unknown() {
        for s in [RoundStatus::Open, RoundStatus::Closed] {
            assert_eq!(RoundStatus::try_from(s.as_str().to_string()), Ok(s));
        }
        for s in [
            DealStatus::Pending,
            DealStatus::Confirmed,
            DealStatus::Withdrawn,
        ] {
            assert_eq!(DealStatus::try_from(s.as_str().to_string()), Ok(s));
        }
        let e = RoundStatus::try_from("Closed".to_string()).unwrap_err();
        assert_eq!(e.to_string(), "rounds.status: unknown value \"Closed\"");
        assert!(DealStatus::try_from(String::new()).is_err());
        let t = TournamentStatus::Running;
        assert_eq!(TournamentStatus::try_from(t.as_str().to_string()), Ok(t));
        assert_eq!(Game::try_from("gaigel".to_string()), Ok(Game::Gaigel));
        assert_eq!(
            Variant::try_from("tyrolean".to_string()),
            Ok(Variant::Watten(Watten::Tyrolean))
        );
        assert_eq!(
            Format::try_from("sessions".to_string()),
            Ok(Format::Sessions)
        );
        let e = Game::try_from("schafkopf".to_string()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "tournaments.game: unknown value \"schafkopf\""
        );
        assert!(Variant::try_from("Tyrolean".to_string()).is_err());
    }

    /// What an insert row writes (`serialize_as = String`) reads back as the same value.
    #[test]
    fn every_typed_column_writes_what_it_reads() {
        for s in [
            DealSource::Scorer,
            DealSource::Secretary,
            DealSource::Import,
            DealSource::Demo,
        ] {
            assert_eq!(DealSource::try_from(String::from(s)), Ok(s));
        }
        for s in [
            TournamentStatus::Setup,
            TournamentStatus::Running,
            TournamentStatus::Finished,
        ] {
            assert_eq!(TournamentStatus::try_from(String::from(s)), Ok(s));
        }
        assert_eq!(String::from(RoundStatus::Closed), "closed");
        assert_eq!(String::from(DealStatus::Withdrawn), "withdrawn");
        for game in [Game::Watten, Game::Gaigel] {
            assert_eq!(Game::try_from(String::from(game)), Ok(game));
        }
        assert_eq!(String::from(Game::Gaigel), "gaigel");
        let variant = Variant::Watten(Watten::Tyrolean);
        assert_eq!(String::from(variant), "tyrolean");
        assert_eq!(String::from(Format::Sessions), "sessions");
        assert!(DealSource::try_from("Scorer".to_string()).is_err());
    }
}
