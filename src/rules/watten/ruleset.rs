//! The rule set of one Watten record: variant, target and options resolved to their values
//! (contract 3 and 6; house rules as data, DESIGN habit 3).
//!
//! - Target: Bavarian 11, all others 15 (contract 3; rules text "Betting and scoring" and
//!   "The target score": 11, 15, or 18 in the Tyrol).
//! - Bavarian gespannt at target − 2 and − 1, `gespannt_from` may only lower it (rules text,
//!   Bavarian "Betting and scoring" and "The target score": "Some play that a team that has
//!   12 points is already gespannt").
//! - Tyrolean gestrichen at target − 2 and − 1 (rules text, Tyrolean "scoresheet": 13 or 14
//!   of 15; "Target score": 9 or 10 of 11, 16 or 17 of 18).
//!
//! An option that belongs to the other family of variants is malformed (contract 2.1,
//! "unknown option"), so a house rule is never silently ignored.

use super::input::{KritischeSet, RawOptions, Variant};
use crate::rules::common::{Pair, Side};
use crate::rules::record::Malformed;

/// The smallest and largest target kartl accepts: below 3 a side with 0 would already be
/// gestrichen; above 1000 is no Watten anyone plays (and keeps refereeing cheap).
pub const TARGET_MIN: u32 = 3;
pub const TARGET_MAX: u32 = 1000;

/// How a variant scores: Bavarian, or Tyrolean (also `kritische`, `guate`, `blind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Bavarian,
    Tyrolean,
}

/// The resolved rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSet {
    pub variant: Variant,
    pub family: Family,
    pub target: u32,
    /// Bavarian: the score from which a side is gespannt ("tight", may not bet).
    pub gespannt_from: u32,
    pub machine: bool,
    /// Schneider (2 Bummerl) and, Tyrolean, reverse Schneider (4 Bummerl).
    pub schneider: bool,
    /// Tyrolean: "Farbe" (suit), the accusation against a last-trick bet.
    pub farbe: bool,
    pub gespannt_luft: bool,
    pub immediate_four: bool,
    /// Three-player Watten: players `P1`..`P3`, one plays alone in each deal (`three.rs`).
    pub three_players: bool,
    /// Tyrolean: the WELI counts as the six of bells, a trump only when bells are trumps.
    pub weli_bell: bool,
    /// Cards in the pack: 32 (Bavarian), 33 (Tyrolean), 36 (Toblach).
    pub pack: u32,
    /// Variant `kritische`: the set of Kritischen.
    pub kritische: Option<KritischeSet>,
    /// Variant `kritische`: a player holding a Kritische must play a trump to a trump lead
    /// even with no card of the trump suit (docs/rules/watten.md, "Open points").
    pub kritische_forced: bool,
}

impl RuleSet {
    /// Resolves the record's variant, target and options; `Err` names the field.
    pub fn new(
        variant: Variant,
        target: Option<u32>,
        options: RawOptions,
    ) -> Result<RuleSet, Malformed> {
        let family = match variant {
            Variant::Bavarian => Family::Bavarian,
            _ => Family::Tyrolean,
        };
        let target = target.unwrap_or(variant.default_target());
        if !(TARGET_MIN..=TARGET_MAX).contains(&target) {
            return Err(Malformed::new(
                "target",
                format!("{target}: a Watten target lies between {TARGET_MIN} and {TARGET_MAX}"),
            ));
        }
        family_options(family, &options)?;
        // The house rule only lowers the threshold ("12 points is already gespannt"): above
        // target − 2 a side with 9 of 11 could bet, which the text forbids.
        let gespannt_from = options.gespannt_from.unwrap_or(target - 2);
        if gespannt_from == 0 || gespannt_from > target - 2 {
            return Err(Malformed::new(
                "options.gespannt_from",
                format!(
                    "{gespannt_from}: must lie between 1 and the target − 2 ({}); the option \
                     only lowers the threshold",
                    target - 2
                ),
            ));
        }
        let three_players = match options.players {
            None | Some(2) | Some(4) => false,
            Some(3) => true,
            Some(n) => {
                return Err(Malformed::new(
                    "options.players",
                    format!("{n}: Watten is played by 2, 3 or 4 players"),
                ));
            }
        };
        let (pack, kritische) = card_options(variant, family, options)?;
        Ok(RuleSet {
            variant,
            family,
            target,
            gespannt_from,
            machine: options.machine.unwrap_or(false),
            schneider: options.schneider.unwrap_or(family == Family::Tyrolean),
            farbe: family == Family::Tyrolean && options.farbe.unwrap_or(true),
            gespannt_luft: options.gespannt_luft.unwrap_or(false),
            immediate_four: options.immediate_four.unwrap_or(false),
            three_players,
            weli_bell: family == Family::Tyrolean
                && options.weli_bell.unwrap_or(variant == Variant::Guate),
            pack,
            kritische,
            kritische_forced: options.kritische_forced.unwrap_or(false),
        })
    }

    /// Whether `score` is gestrichen (Tyrolean: target − 2 or − 1) or gespannt (Bavarian:
    /// from `gespannt_from`), for a game still running (score below the target).
    pub fn is_marked(&self, score: u32) -> bool {
        score < self.target
            && match self.family {
                Family::Bavarian => score >= self.gespannt_from,
                Family::Tyrolean => score + 2 >= self.target,
            }
    }

    /// Both sides' marks (gestrichen / gespannt) at `score`.
    pub fn marks(&self, score: Pair<u32>) -> Pair<bool> {
        Pair::new(self.is_marked(score.a), self.is_marked(score.b))
    }

    /// Tyrolean 6.2: the one side that must decide (play or give up) before the deal, if
    /// exactly one side is gestrichen.
    pub fn decider(&self, score: Pair<u32>) -> Option<Side> {
        if self.family != Family::Tyrolean {
            return None;
        }
        let m = self.marks(score);
        match (m.a, m.b) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => None,
        }
    }
}

/// Options of the other family are malformed: `gespannt_from` and `machine` are Bavarian,
/// `farbe`, `gespannt_luft`, `immediate_four`, `weli_bell` and `pack` Tyrolean.
fn family_options(family: Family, options: &RawOptions) -> Result<(), Malformed> {
    let wrong_family = |name: &str, family_name: &str| {
        Malformed::new(
            format!("options.{name}"),
            format!("unknown option for this variant: `{name}` belongs to {family_name}"),
        )
    };
    if family == Family::Tyrolean {
        if options.gespannt_from.is_some() {
            return Err(wrong_family("gespannt_from", "bavarian"));
        }
        if options.machine.is_some() {
            return Err(wrong_family("machine", "bavarian"));
        }
    } else {
        for (name, set) in [
            ("farbe", options.farbe.is_some()),
            ("gespannt_luft", options.gespannt_luft.is_some()),
            ("immediate_four", options.immediate_four.is_some()),
            ("weli_bell", options.weli_bell.is_some()),
            ("pack", options.pack.is_some()),
        ] {
            if set {
                return Err(wrong_family(name, "the Tyrolean variants"));
            }
        }
    }
    Ok(())
}

/// The card options (rules text: "WELI is always a bell", "Watten with 36 cards", the
/// Kritischen sets): where they belong, and the pack they give. They change the card play,
/// not the scoring (docs/rules/watten.md says what each changes).
fn card_options(
    variant: Variant,
    family: Family,
    options: RawOptions,
) -> Result<(u32, Option<KritischeSet>), Malformed> {
    let refuse = |name: &str, why: &str| {
        Err(Malformed::new(
            format!("options.{name}"),
            format!(
                "not in variant {}: {why}",
                crate::rules::Variant::Watten(variant).as_str()
            ),
        ))
    };
    if options.kritische.is_some() && variant != Variant::Kritische {
        return refuse(
            "kritische",
            "the sets of Kritischen belong to variant kritische",
        );
    }
    if options.kritische_forced.is_some() && variant != Variant::Kritische {
        return refuse(
            "kritische_forced",
            "whether a trump lead forces out the Kritischen belongs to variant kritische",
        );
    }
    if options.weli_bell.is_some() && variant == Variant::Kritische {
        return refuse(
            "weli_bell",
            "the set of Kritischen says what the WELI is (a Kritische, or the lowest trump)",
        );
    }
    let pack = match (family, options.pack) {
        (Family::Bavarian, _) => 32,
        (Family::Tyrolean, None | Some(33)) => 33,
        (Family::Tyrolean, Some(36)) if variant == Variant::Kritische => {
            return refuse(
                "pack",
                "with Kritischen six cannot be the Schlag, and the 36-card game of Toblach is \
                 about the six as the Schlag",
            );
        }
        (Family::Tyrolean, Some(36)) => 36,
        (Family::Tyrolean, Some(n)) => {
            return Err(Malformed::new(
                "options.pack",
                format!(
                    "{n}: the Tyrolean pack has 33 cards, or 36 as played at Toblach (the rules \
                     text describes no other pack)"
                ),
            ));
        }
    };
    let kritische = (variant == Variant::Kritische).then(|| options.kritische.unwrap_or_default());
    Ok((pack, kritische))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(variant: Variant, target: Option<u32>, o: RawOptions) -> Result<RuleSet, Malformed> {
        RuleSet::new(variant, target, o)
    }

    #[test]
    fn defaults_follow_the_contract() {
        let b = rules(Variant::Bavarian, None, RawOptions::default()).unwrap();
        assert_eq!(
            (b.target, b.gespannt_from, b.schneider, b.farbe),
            (11, 9, false, false)
        );
        let t = rules(Variant::Guate, None, RawOptions::default()).unwrap();
        assert_eq!(
            (t.target, t.family, t.schneider, t.farbe),
            (15, Family::Tyrolean, true, true)
        );
    }

    #[test]
    fn gestrichen_and_gespannt_thresholds() {
        let t = rules(Variant::Tyrolean, Some(18), RawOptions::default()).unwrap();
        assert!(!t.is_marked(15) && t.is_marked(16) && t.is_marked(17) && !t.is_marked(18));
        let o = RawOptions {
            gespannt_from: Some(12),
            ..RawOptions::default()
        };
        let b = rules(Variant::Bavarian, Some(15), o).unwrap();
        assert!(!b.is_marked(11) && b.is_marked(12) && b.is_marked(14));
    }

    #[test]
    fn options_of_the_other_family_are_malformed() {
        let o = RawOptions {
            machine: Some(true),
            ..RawOptions::default()
        };
        assert_eq!(
            rules(Variant::Tyrolean, None, o).unwrap_err().path,
            "options.machine"
        );
        let o = RawOptions {
            farbe: Some(false),
            ..RawOptions::default()
        };
        assert_eq!(
            rules(Variant::Bavarian, None, o).unwrap_err().path,
            "options.farbe"
        );
        assert_eq!(
            rules(Variant::Blind, Some(2), RawOptions::default())
                .unwrap_err()
                .path,
            "target"
        );
    }

    #[test]
    fn exactly_one_gestrichen_side_decides() {
        let t = rules(Variant::Tyrolean, None, RawOptions::default()).unwrap();
        assert_eq!(t.decider(Pair::new(13, 5)), Some(Side::A));
        assert_eq!(t.decider(Pair::new(13, 14)), None);
        assert_eq!(t.decider(Pair::new(12, 0)), None);
    }

    #[test]
    fn card_options_resolve_to_the_texts_defaults() {
        let none = RawOptions::default();
        let guate = rules(Variant::Guate, None, none).unwrap();
        assert_eq!(
            (guate.weli_bell, guate.pack, guate.kritische),
            (true, 33, None)
        );
        let tyrolean = rules(Variant::Tyrolean, None, none).unwrap();
        assert!(!tyrolean.weli_bell);
        let bavarian = rules(Variant::Bavarian, None, none).unwrap();
        assert_eq!((bavarian.weli_bell, bavarian.pack), (false, 32));
        let kritische = rules(Variant::Kritische, None, none).unwrap();
        assert_eq!(kritische.kritische, Some(KritischeSet::Three));
        let toblach = RawOptions {
            pack: Some(36),
            weli_bell: Some(false),
            ..none
        };
        let blind = rules(Variant::Blind, None, toblach).unwrap();
        assert_eq!((blind.pack, blind.weli_bell), (36, false));
        let three = RawOptions {
            players: Some(3),
            ..none
        };
        assert!(rules(Variant::Bavarian, None, three).unwrap().three_players);
    }
}
