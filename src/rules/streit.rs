//! Streitfall: a deal recorded card by card (docs/rules/streitfall.md).
//!
//! Each game family parses its own card-level deal form and rules on every action, answering
//! in the shapes of `ruling` (named here too); this module hands a record to its family, so
//! the Streitfall page, the CLI and the API read one form whatever the game. The page draws a
//! [`Table`] and offers its [`Choice`]s; it never decides a rule itself.

pub use super::ruling::{
    Blank, Choice, DealRulings, Offer, Played, Ruling, Seat, Table, Trick, alternating,
};

/// The table for a record holding one card-level deal (docs/rules/streitfall.md), whatever
/// the game: the page sends the record so far and draws what comes back.
pub fn table(input: &str, lang: super::Lang) -> Result<Table, super::Malformed> {
    let raw = super::record::RawRecord::parse(input)?;
    match raw.game {
        super::Game::Giltspiel | super::Game::Perlaggen => super::figures::play::table(&raw, lang),
        super::Game::Watten => super::watten::play::table(&raw, lang),
        super::Game::Gaigel => super::gaigel::play::table(&raw, lang),
    }
}

/// The [`Blank`] for a record frame, whatever the game.
pub fn blank(input: &str) -> Result<Blank, super::Malformed> {
    let raw = super::record::RawRecord::parse(input)?;
    match raw.game {
        super::Game::Giltspiel | super::Game::Perlaggen => super::figures::play::blank::blank(&raw),
        super::Game::Watten => super::watten::play::blank::blank(&raw),
        super::Game::Gaigel => super::gaigel::play::blank::blank(&raw),
    }
}
