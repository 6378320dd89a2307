//! One deal of any family, as the scoring entry holds it: read from a deal version's column
//! or a form's JSON by the game it belongs to, and pushed onto that game's [`Record`].

use super::{Deals, Record, figures, gaigel, watten};
use crate::rules::common::Lang;
use crate::rules::record::{Game, Malformed};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// One deal, typed by the family of the game it was played in.
#[derive(Debug, Clone, PartialEq)]
pub enum Deal {
    /// Giltspiel and Perlaggen.
    Figures(figures::Deal),
    Watten(watten::Deal),
    Gaigel(gaigel::Deal),
}

impl Deal {
    /// Reads a deal of `game` from any serde input (a parsed JSON value, a text's
    /// deserializer): the game decides how the deal reads.
    pub fn read<'de, D: Deserializer<'de>>(game: Game, d: D) -> Result<Deal, D::Error> {
        Ok(match game {
            Game::Giltspiel | Game::Perlaggen => Deal::Figures(figures::Deal::deserialize(d)?),
            Game::Watten => Deal::Watten(watten::Deal::deserialize(d)?),
            Game::Gaigel => Deal::Gaigel(gaigel::Deal::deserialize(d)?),
        })
    }

    /// Reads a deal of `game` from its JSON text (a deal version's stored record).
    pub fn from_json(game: Game, text: &str) -> serde_json::Result<Deal> {
        let mut de = serde_json::Deserializer::from_str(text);
        let deal = Deal::read(game, &mut de)?;
        de.end()?;
        Ok(deal)
    }

    /// The deal as JSON text, in kartl's stored form (see [`Record::to_json`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl From<figures::Deal> for Deal {
    fn from(d: figures::Deal) -> Deal {
        Deal::Figures(d)
    }
}

impl From<watten::Deal> for Deal {
    fn from(d: watten::Deal) -> Deal {
        Deal::Watten(d)
    }
}

impl From<gaigel::Deal> for Deal {
    fn from(d: gaigel::Deal) -> Deal {
        Deal::Gaigel(d)
    }
}

impl Serialize for Deal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Deal::Figures(d) => d.serialize(s),
            Deal::Watten(d) => d.serialize(s),
            Deal::Gaigel(d) => d.serialize(s),
        }
    }
}

impl Deals {
    /// Appends `deal`; `false` (nothing appended) when it is another family's.
    pub fn push(&mut self, deal: Deal) -> bool {
        match (self, deal) {
            (Deals::Figures(to), Deal::Figures(d)) => to.push(d),
            (Deals::Watten(to), Deal::Watten(d)) => to.push(d),
            (Deals::Gaigel(to), Deal::Gaigel(d)) => to.push(d),
            _ => return false,
        }
        true
    }
}

impl Record {
    /// Appends `deal`; `false` (nothing appended) when it is another family's than the
    /// record's game plays.
    pub fn push(&mut self, deal: Deal) -> bool {
        self.deals.push(deal)
    }

    /// Reads one deal of the record's game from `d` and appends it.
    pub fn push_read<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        let deal = Deal::read(self.game, d)?;
        self.deals.push(deal);
        Ok(())
    }

    /// The record with `deals` appended, each read through the types: the deals as they
    /// enter (a form's, the pad's or the API's JSON; a stored deal). A deal that does not read
    /// makes the record malformed; the `Err` is then the referee's word on the record as
    /// written, so its message names the part the way the contract says (2.1), as for the
    /// tournament file (`tournament/file_record.rs`).
    pub fn read_deals<'a>(
        mut self,
        deals: impl IntoIterator<Item = &'a Value>,
        lang: Lang,
    ) -> Result<Record, Malformed> {
        let deals: Vec<&Value> = deals.into_iter().collect();
        for (i, deal) in deals.iter().enumerate() {
            if let Err(e) = self.push_read(*deal) {
                let more = deals[i..].iter().map(|d| d.to_string()).collect();
                return Err(self.refused(more, &e, lang));
            }
        }
        Ok(self)
    }

    /// The record with `deals` appended, typed already or as written ([`Written`]): a deal
    /// that does not read as one of the record's game makes the record malformed, worded as
    /// [`Record::read_deals`] words it (the referee's word on the record as written).
    pub fn read_written(
        mut self,
        deals: impl IntoIterator<Item = Written>,
        lang: Lang,
    ) -> Result<Record, Malformed> {
        let deals: Vec<Written> = deals.into_iter().collect();
        for (i, deal) in deals.iter().enumerate() {
            // A typed deal of another family is read again from its JSON, as any written one.
            let read = match deal {
                Written::Deal(d) if self.push(d.clone()) => continue,
                other => Deal::from_json(self.game, &other.to_json()),
            };
            match read {
                Ok(d) => {
                    self.push(d);
                }
                Err(e) => {
                    let more = deals[i..].iter().map(Written::to_json).collect();
                    return Err(self.refused(more, &e, lang));
                }
            }
        }
        Ok(self)
    }

    /// The refusal of this record with `more` deals (JSON texts) written after its own, one
    /// of which did not read (`e`): the referee's word on the record as written; the types'
    /// own words (naming the deal) when the referee takes it.
    fn refused(&self, more: Vec<String>, e: &dyn std::fmt::Display, lang: Lang) -> Malformed {
        let at = self.deals.len();
        let types = Malformed::new(format!("deals[{at}]"), e.to_string());
        self.as_written(&more, lang).unwrap_or(types)
    }

    /// The referee's refusal of this record with `more` deals (JSON texts) written after its
    /// own; `None` when the referee takes it. The text is the record as a JSON value writes it
    /// (keys sorted, compact), which is how the record's types write their part of it.
    fn as_written(&self, more: &[String], lang: Lang) -> Option<Malformed> {
        let frame = self.frame().to_json();
        let rest = frame.strip_prefix(r#"{"deals":[]"#)?;
        let own = (0..self.deals.len()).filter_map(|i| self.deal(i));
        let deals: Vec<String> = own
            .map(|d| d.to_json())
            .chain(more.iter().cloned())
            .collect();
        let written = format!(r#"{{"deals":[{}]{rest}"#, deals.join(","));
        crate::rules::referee(&written, lang).err()
    }
}

/// A deal as written where it enters (a form's field, the API's JSON) or where it is shown
/// from its stored text (the audit log, the conflict page): the typed deal of its game, or,
/// when it does not read as one, its JSON text as written. That text is kept only to be
/// worded: the refusal in the referee's words ([`Record::read_written`]), the words of a deal
/// that cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub enum Written {
    Deal(Deal),
    /// JSON that does not read as a deal of the game, as written (a form's deal in kartl's
    /// form: keys sorted, compact; see `web::entry::deal_json`).
    Unread(String),
}

impl Written {
    /// Reads `text` as a deal of `game`; a text that does not read is kept as written.
    pub fn read(game: Game, text: &str) -> Written {
        match Deal::from_json(game, text) {
            Ok(deal) => Written::Deal(deal),
            Err(_) => Written::Unread(text.to_string()),
        }
    }

    /// The typed deal; `None` when it did not read.
    pub fn deal(&self) -> Option<&Deal> {
        match self {
            Written::Deal(d) => Some(d),
            Written::Unread(_) => None,
        }
    }

    /// The deal's JSON text: the typed deal's stored form, or the text as written.
    pub fn to_json(&self) -> String {
        match self {
            Written::Deal(d) => d.to_json(),
            Written::Unread(text) => text.clone(),
        }
    }
}

impl From<Deal> for Written {
    fn from(d: Deal) -> Written {
        Written::Deal(d)
    }
}

impl Deal {
    /// Whether the deal names a winner and no events: Watten's short form (`{"winner",
    /// "points"}`), the one quick entry that may decide a whole game by itself.
    pub fn names_winner(&self) -> bool {
        matches!(self, Deal::Watten(d) if d.winner.is_some() && d.events.is_none())
    }

    /// Whether the deal is told card by card (`{"cards": {...}}`).
    pub fn has_cards(&self) -> bool {
        match self {
            Deal::Figures(d) => d.cards.is_some(),
            Deal::Watten(d) => d.cards.is_some(),
            Deal::Gaigel(d) => d.cards.is_some(),
        }
    }
}
