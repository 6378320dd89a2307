//! A table's match record from the tournament file, typed ([`rules::Record`]), and refereed
//! without turning it into text to parse again.
//!
//! The file holds each deal and the options as the JSON it was written with (they are the
//! referee's business), so the typed record is read from those values here, at the file's
//! edge. A deal or an option the record's types do not read is not well-formed for the
//! referee either; for it the written record goes to the referee's text entry, whose message
//! names the field the way the contract says (2.1): for a deal through
//! [`Record::read_deals`], for options here.

use super::file::TournamentFile;
use crate::rules::match_record::{Deals, Options};
use crate::rules::{self, Game, Lang, Malformed, Record, Report};
use serde::Deserialize;
use serde_json::Value;

/// Reads each deal of `game`'s family from its written value.
fn deals_of(game: Game, deals: &[Value]) -> serde_json::Result<Deals> {
    fn each<'a, T: Deserialize<'a>>(deals: &'a [Value]) -> serde_json::Result<Vec<T>> {
        deals.iter().map(T::deserialize).collect()
    }
    Ok(match game {
        Game::Giltspiel | Game::Perlaggen => Deals::Figures(each(deals)?),
        Game::Watten => Deals::Watten(each(deals)?),
        Game::Gaigel => Deals::Gaigel(each(deals)?),
    })
}

impl TournamentFile {
    /// The record's frame every table of the file shares: game, variant, target, options;
    /// no deals.
    pub fn frame(&self) -> serde_json::Result<Record> {
        let mut record = Record::new(self.game);
        record.variant = Some(self.variant());
        record.target = self.target;
        record.options = self.typed_options()?;
        Ok(record)
    }

    /// The options, typed; an error for options the record's types do not read (the referee
    /// refuses them: see the module text).
    pub fn typed_options(&self) -> serde_json::Result<Option<Options>> {
        self.options
            .as_ref()
            .map(|options| Options::deserialize(&Value::Object(options.clone())))
            .transpose()
    }

    /// The match record of one table, typed; `None` for no such table.
    pub fn table_record(&self, round: usize, table: usize) -> Option<serde_json::Result<Record>> {
        let t = self.rounds.get(round)?.tables.get(table)?;
        Some(self.frame().and_then(|mut record| {
            record.deals = deals_of(self.game, &t.deals)?;
            Ok(record)
        }))
    }

    /// Referees one table's record; `None` for no such table. A record the types do not
    /// read goes to the text entry for the contract's message (see the module text).
    pub fn referee_table(
        &self,
        round: usize,
        table: usize,
        lang: Lang,
    ) -> Option<Result<Report, Malformed>> {
        let t = self.rounds.get(round)?.tables.get(table)?;
        Some(match self.frame() {
            Ok(frame) => frame
                .read_deals(&t.deals, lang)
                .and_then(|record| rules::referee_record(&record, lang)),
            // Options the types do not read: the written record, for the referee's words.
            Err(_) => rules::referee(&self.match_record(round, table)?.to_string(), lang),
        })
    }
}
