//! The three figures (Gleich, Hanger, Spiel) and a bet's list of them (contract 3.1, 5.3).

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// The three figures, in the order that breaks ties of simultaneous bets (contract 5.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Figure {
    /// Equal ranks.
    Gleich,
    /// A sequence in one suit.
    Hanger,
    /// The majority of the tricks.
    Spiel,
}

impl Figure {
    pub const ALL: [Figure; 3] = [Figure::Gleich, Figure::Hanger, Figure::Spiel];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The figure's name in German (accusative: "auf den Hanger") and English, for messages.
    pub fn name(self) -> (&'static str, &'static str) {
        match self {
            Figure::Gleich => ("das Gleich", "the Gleich"),
            Figure::Hanger => ("den Hanger", "the Hanger"),
            Figure::Spiel => ("das Spiel", "the Spiel"),
        }
    }

    /// The German name as a subject (nominative: "offen ist noch der Hanger").
    pub fn name_nominative(self) -> &'static str {
        match self {
            Figure::Gleich => "das Gleich",
            Figure::Hanger => "der Hanger",
            Figure::Spiel => "das Spiel",
        }
    }

    /// The German accusative pronoun ("es gehalten", "ihn gehalten").
    pub fn pronoun(self) -> &'static str {
        match self {
            Figure::Hanger => "ihn",
            Figure::Gleich | Figure::Spiel => "es",
        }
    }

    /// The bare figure name, for input errors (`gleich`).
    pub fn key(self) -> &'static str {
        match self {
            Figure::Gleich => "gleich",
            Figure::Hanger => "hanger",
            Figure::Spiel => "spiel",
        }
    }
}

/// One or several figures named by a bet (`"gleich"` or `["gleich", "hanger"]`), kept in the
/// order Gleich, Hanger, Spiel (contract 5.3: figures bet at once score in that order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures(pub [bool; 3]);

impl Figures {
    pub fn iter(self) -> impl Iterator<Item = Figure> {
        Figure::ALL.into_iter().filter(move |f| self.0[f.index()])
    }
}

impl<'de> Deserialize<'de> for Figures {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Figures;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a figure (\"gleich\", \"hanger\", \"spiel\") or a list of figures")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Figures, E> {
                let f = Figure::deserialize(de::value::StrDeserializer::<E>::new(s))?;
                let mut set = [false; 3];
                set[f.index()] = true;
                Ok(Figures(set))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Figures, A::Error> {
                let mut set = [false; 3];
                while let Some(f) = seq.next_element::<Figure>()? {
                    if set[f.index()] {
                        return Err(de::Error::custom(format!(
                            "the figure {:?} is named twice",
                            f.key()
                        )));
                    }
                    set[f.index()] = true;
                }
                if set == [false; 3] {
                    return Err(de::Error::custom("a bet names at least one figure"));
                }
                Ok(Figures(set))
            }
        }
        d.deserialize_any(V)
    }
}
