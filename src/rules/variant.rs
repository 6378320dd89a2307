//! A game's variant as the rest of kartl names it (contract 3 `variant`): one per-game enum
//! under each family — [`figures::cards::Variant`] for Giltspiel and Perlaggen, which share
//! the figure rules, [`watten::input::Variant`], [`gaigel::options::Variant`] — wrapped in
//! [`Variant`]. The contract's names on the wire are written here once, in [`NAMES`]; the
//! tournament file, the rows and the forms read and write them through this type's serde.
//!
//! The match record's own parsers still read `variant` with their per-game types, so a
//! record of one game refuses another game's variant with that game's list of names.

use super::figures::cards::Variant as Figures;
use super::gaigel::options::Variant as Gaigel;
use super::record::Game;
use super::watten::input::Variant as Watten;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// A variant of one of the four games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Giltspiel or Perlaggen: the figure games share one enum (and one referee).
    Figures(Figures),
    Watten(Watten),
    Gaigel(Gaigel),
}

/// Every variant with its contract name, in the contract's order (section 3; the 1853 sets of
/// the Perlaggen text after the four styles).
pub const NAMES: [(Variant, &str); 20] = [
    (Variant::Figures(Figures::GiltStandard), "standard"),
    (Variant::Figures(Figures::GiltPerlique), "perlique"),
    (Variant::Figures(Figures::Innsbruck), "innsbruck"),
    (Variant::Figures(Figures::Eichel), "eichel"),
    (Variant::Figures(Figures::Schlanders), "schlanders"),
    (Variant::Figures(Figures::Deutschnofen), "deutschnofen"),
    (Variant::Figures(Figures::TrumpFour), "trump_four"),
    (Variant::Figures(Figures::SchelloBello), "schello_bello"),
    (Variant::Figures(Figures::Radetzky), "radetzky"),
    (
        Variant::Figures(Figures::SchelloBelloTrumps),
        "schello_bello_trumps",
    ),
    (Variant::Figures(Figures::RadetzkyTrumps), "radetzky_trumps"),
    (Variant::Watten(Watten::Bavarian), "bavarian"),
    (Variant::Watten(Watten::Tyrolean), "tyrolean"),
    (Variant::Watten(Watten::Kritische), "kritische"),
    (Variant::Watten(Watten::Guate), "guate"),
    (Variant::Watten(Watten::Blind), "blind"),
    (Variant::Gaigel(Gaigel::Four), "four"),
    (Variant::Gaigel(Gaigel::Six), "six"),
    (Variant::Gaigel(Gaigel::Two), "two"),
    (Variant::Gaigel(Gaigel::Three), "three"),
];

/// The names alone, for serde's "expected one of" message.
const WIRE: [&str; NAMES.len()] = {
    let mut wire = [""; NAMES.len()];
    let mut i = 0;
    while i < NAMES.len() {
        wire[i] = NAMES[i].1;
        i += 1;
    }
    wire
};

impl Variant {
    /// Every variant, in the contract's order.
    pub fn all() -> impl Iterator<Item = Variant> {
        NAMES.iter().map(|(v, _)| *v)
    }

    /// The variant a contract name stands for.
    pub fn parse(name: &str) -> Option<Variant> {
        NAMES.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
    }

    /// The contract name (`"tyrolean"`, `"trump_four"`).
    pub fn as_str(self) -> &'static str {
        NAMES
            .iter()
            .find(|(v, _)| *v == self)
            .map_or("", |(_, n)| n)
    }

    /// The game's default variant (contract 3, in bold). Watten and Gaigel name theirs on
    /// their own enums (`#[default]`); the figure enum serves two games, so it names none.
    pub fn default_for(game: Game) -> Variant {
        match game {
            Game::Giltspiel => Variant::Figures(Figures::GiltStandard),
            Game::Perlaggen => Variant::Figures(Figures::Innsbruck),
            Game::Watten => Variant::Watten(Watten::default()),
            Game::Gaigel => Variant::Gaigel(Gaigel::default()),
        }
    }

    /// The game this variant belongs to.
    pub fn game(self) -> Game {
        match self {
            Variant::Figures(v) if v.is_perlaggen() => Game::Perlaggen,
            Variant::Figures(_) => Game::Giltspiel,
            Variant::Watten(_) => Game::Watten,
            Variant::Gaigel(_) => Game::Gaigel,
        }
    }

    /// The default target score, as the game's referee states it; Gaigel has none
    /// (contract 3: "101 card points wins a deal").
    pub fn default_target(self) -> Option<u32> {
        match self {
            Variant::Figures(v) => Some(v.default_target()),
            Variant::Watten(v) => Some(v.default_target()),
            Variant::Gaigel(_) => None,
        }
    }

    /// How many sides a table has: 3 for Gaigel `three`, otherwise 2.
    pub fn sides(self) -> usize {
        match self {
            Variant::Gaigel(v) => v.sides(),
            _ => 2,
        }
    }

    /// Whether players play for themselves (Gaigel `two` and `three`): seats name players.
    pub fn individual(self) -> bool {
        matches!(self, Variant::Gaigel(Gaigel::Two | Gaigel::Three))
    }

    /// Players per team for partnership games: 3 in Gaigel `six`, otherwise 2.
    pub fn team_size(self) -> usize {
        match self {
            Variant::Gaigel(Gaigel::Six) => 3,
            _ => 2,
        }
    }
}

impl From<Figures> for Variant {
    fn from(v: Figures) -> Self {
        Variant::Figures(v)
    }
}

impl From<Watten> for Variant {
    fn from(v: Watten) -> Self {
        Variant::Watten(v)
    }
}

impl From<Gaigel> for Variant {
    fn from(v: Gaigel) -> Self {
        Variant::Gaigel(v)
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Variant;
            // The words serde's derived enums use, so a file's error reads as before.
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("variant identifier")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Variant, E> {
                Variant::parse(s).ok_or_else(|| E::unknown_variant(s, &WIRE))
            }
        }
        d.deserialize_str(Name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Contract 3: "`variant` (default in bold): giltspiel: **`standard`** ...; perlaggen:
    /// **`innsbruck`** ...; watten: ... **`tyrolean`** ...; gaigel: **`four`**".
    #[test]
    fn each_game_defaults_to_the_contracts_bold_variant() {
        let name = |g| Variant::default_for(g).as_str();
        assert_eq!(name(Game::Giltspiel), "standard");
        assert_eq!(name(Game::Perlaggen), "innsbruck");
        assert_eq!(name(Game::Watten), "tyrolean");
        assert_eq!(name(Game::Gaigel), "four");
        for g in [Game::Giltspiel, Game::Perlaggen, Game::Watten, Game::Gaigel] {
            assert_eq!(Variant::default_for(g).game(), g);
        }
    }

    /// Every name reads back as its variant, and each variant has one name.
    #[test]
    fn names_round_trip_through_serde() {
        for v in Variant::all() {
            let json = serde_json::to_value(v).unwrap();
            assert_eq!(json, serde_json::Value::String(v.as_str().into()));
            assert_eq!(serde_json::from_value::<Variant>(json).unwrap(), v);
        }
        let mut names = WIRE.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), NAMES.len());
        let err = serde_json::from_str::<Variant>("\"schafkopf\"").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown variant `schafkopf`, expected one of `standard`"),
            "{err}"
        );
    }

    /// Contract 3 `target`: "giltspiel 11; perlaggen innsbruck 18, eichel 15, schlanders 24,
    /// deutschnofen 18; watten bavarian 11, all others 15. Gaigel has no target score".
    #[test]
    fn default_targets_follow_the_contract() {
        let target = |n| Variant::parse(n).unwrap().default_target();
        assert_eq!(target("standard"), Some(11));
        assert_eq!(target("perlique"), Some(11));
        assert_eq!(target("innsbruck"), Some(18));
        assert_eq!(target("eichel"), Some(15));
        assert_eq!(target("schlanders"), Some(24));
        assert_eq!(target("deutschnofen"), Some(18));
        assert_eq!(target("bavarian"), Some(11));
        assert_eq!(target("guate"), Some(15));
        assert_eq!(target("three"), None);
        assert_eq!(Variant::parse("radetzky").unwrap().game(), Game::Perlaggen);
        assert_eq!(Variant::parse("perlique").unwrap().game(), Game::Giltspiel);
    }
}
