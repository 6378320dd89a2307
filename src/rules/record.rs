//! The match record's frame (contract section 3): which game it is, and the raw parts that
//! each game parses with its own types (variant, target, options, start, deals).
//!
//! Malformed input (contract 2.1) becomes [`Malformed`], whose message names the field,
//! e.g. `deals[2].events[0]: unknown field "bets"`.

use serde::Deserialize;
use serde_json::value::RawValue;
use std::fmt;

/// The four games kartl referees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    Giltspiel,
    Perlaggen,
    Watten,
    Gaigel,
}

impl Game {
    /// The game's name as records write it (`"watten"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Game::Giltspiel => "giltspiel",
            Game::Perlaggen => "perlaggen",
            Game::Watten => "watten",
            Game::Gaigel => "gaigel",
        }
    }
}

/// A record that is not well-formed: exit 2 on the CLI, HTTP 400 on the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    /// Where in the record, e.g. `deals[0].events[3].by`; empty for the record as a whole.
    pub path: String,
    /// What is wrong, in plain words (serde's wording for JSON errors).
    pub message: String,
}

impl Malformed {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Malformed {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for Malformed {}

/// An optional part that is written holds a value: `null` is a wrong type (contract 2.1),
/// not a part left out (2.2). The frame is parsed without path tracking, so the message
/// names the field itself.
fn present<'de, D: serde::Deserializer<'de>>(
    d: D,
    field: &str,
) -> Result<Option<&'de RawValue>, D::Error> {
    let raw = <&RawValue>::deserialize(d)?;
    if raw.get().trim() == "null" {
        return Err(serde::de::Error::custom(format!(
            "{field}: null is not allowed here: give a value or leave the key out"
        )));
    }
    Ok(Some(raw))
}

macro_rules! present_field {
    ($name:ident, $field:literal) => {
        fn $name<'de, D: serde::Deserializer<'de>>(
            d: D,
        ) -> Result<Option<&'de RawValue>, D::Error> {
            present(d, $field)
        }
    };
}
present_field!(present_variant, "variant");
present_field!(present_target, "target");
present_field!(present_options, "options");
present_field!(present_start, "start");

/// The record with its game known and the game-specific parts still unparsed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRecord<'a> {
    pub game: Game,
    #[serde(borrow, default, deserialize_with = "present_variant")]
    pub variant: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present_target")]
    pub target: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present_options")]
    pub options: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present_start")]
    pub start: Option<&'a RawValue>,
    #[serde(borrow)]
    pub deals: &'a RawValue,
}

impl<'a> RawRecord<'a> {
    /// Reads the frame of a record; the game-specific parts stay raw.
    pub fn parse(input: &'a str) -> Result<Self, Malformed> {
        serde_json::from_str(input).map_err(|e| Malformed::new("", e.to_string()))
    }
}

/// Parses one raw part of the record into `T`, naming the field path on error.
///
/// `field` is the part's own name (`"deals"`, `"options"`, ...); serde's inner path is
/// appended, so an error reads `deals[1].events[0].by: unknown variant "C", expected ...`.
/// A JSON `null` counts as a wrong type unless `T` accepts it.
///
/// A well-formed part is read with plain serde; only an error pays for the second,
/// path-tracking pass, which fails the same way and names the field.
pub fn parse_part<'a, T: Deserialize<'a>>(field: &str, raw: &'a RawValue) -> Result<T, Malformed> {
    if let Ok(value) = serde_json::from_str(raw.get()) {
        return Ok(value);
    }
    let mut de = serde_json::Deserializer::from_str(raw.get());
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.path().to_string();
        let path = if inner == "." {
            field.to_string()
        } else if inner.starts_with('[') {
            format!("{field}{inner}")
        } else {
            format!("{field}.{inner}")
        };
        Malformed::new(path, strip_position(&e.into_inner().to_string()))
    })
}

/// serde_json ends its messages with "at line L column C", which points into the raw part,
/// not the record the user wrote; the path says where instead.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_top_level_key_is_malformed() {
        let err = RawRecord::parse(r#"{"game":"watten","deals":[],"gmae":1}"#).unwrap_err();
        assert!(err.message.contains("unknown field `gmae`"), "{err}");
    }

    #[test]
    fn an_unknown_game_is_malformed() {
        let err = RawRecord::parse(r#"{"game":"schafkopf","deals":[]}"#).unwrap_err();
        assert!(err.message.contains("unknown variant `schafkopf`"), "{err}");
    }

    #[test]
    fn deals_are_required() {
        let err = RawRecord::parse(r#"{"game":"watten"}"#).unwrap_err();
        assert!(err.message.contains("missing field `deals`"), "{err}");
    }

    #[test]
    fn a_part_error_names_the_path_inside_the_part() {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Deal {
            #[allow(dead_code)]
            winner: Side2,
        }
        #[derive(Debug, Deserialize)]
        enum Side2 {
            A,
        }
        let raw: Box<RawValue> =
            serde_json::from_str(r#"[{"winner":"A"},{"winner":"C"}]"#).unwrap();
        let err = parse_part::<Vec<Deal>>("deals", &raw).unwrap_err();
        assert_eq!(err.path, "deals[1].winner");
        assert!(!err.message.contains("at line"), "{err}");
    }
}
