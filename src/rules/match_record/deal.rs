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
                let at = self.deals.len();
                let types = Malformed::new(format!("deals[{at}]"), e.to_string());
                return Err(self.as_written(&deals[i..], lang).unwrap_or(types));
            }
        }
        Ok(self)
    }

    /// The referee's refusal of this record with `more` deals written after its own; `None`
    /// when the referee takes it (the types then name the part themselves).
    fn as_written(&self, more: &[&Value], lang: Lang) -> Option<Malformed> {
        let mut written = serde_json::to_value(self).ok()?;
        if let Some(Value::Array(deals)) = written.get_mut("deals") {
            deals.extend(more.iter().map(|d| (*d).clone()));
        }
        crate::rules::referee(&written.to_string(), lang).err()
    }
}

impl Deal {
    /// Whether the deal is told card by card (`{"cards": {...}}`).
    pub fn has_cards(&self) -> bool {
        match self {
            Deal::Figures(d) => d.cards.is_some(),
            Deal::Watten(d) => d.cards.is_some(),
            Deal::Gaigel(d) => d.cards.is_some(),
        }
    }
}
