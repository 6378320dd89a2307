//! A tournament's frozen rule set: the record frame every table of it is refereed with (game,
//! variant, target, options) and the engine that froze it, stored as one JSON text when the
//! first round is drawn. Read here into the frame as a [`Record`] with no deals, so the
//! scoring entry builds every table's record from it through one function.

use super::{Options, Record, present};
use crate::rules::record::Game;
use crate::rules::variant::Variant;
use serde::Deserialize;

/// The frozen rule set as written (keys sorted, as kartl stores it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Frozen {
    /// Which referee froze the rules (`kartl-rules/1`); the record itself does not carry it.
    #[serde(default, rename = "engine")]
    _engine: Option<String>,
    game: Game,
    #[serde(default, deserialize_with = "present")]
    options: Option<Options>,
    #[serde(default, deserialize_with = "present")]
    target: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    variant: Option<Variant>,
}

impl Record {
    /// The frame (no deals) of a frozen rule set's text.
    pub fn from_rules(text: &str) -> serde_json::Result<Record> {
        let f: Frozen = serde_json::from_str(text)?;
        let mut record = Record::new(f.game);
        record.options = f.options;
        record.target = f.target;
        record.variant = f.variant;
        Ok(record)
    }
}
