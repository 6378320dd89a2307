//! The trick order of the 36-card game of Toblach (rules text 004, "Watten with 36 cards" and
//! the Blind Watten paragraph on Toblach), tested apart from `order.rs` to keep that file
//! short.

use super::input::Schlag;
use super::order::{Order, WELI, bit, pack, ranked, schlag_allowed, schlag_choices};
use crate::rules::figures::cards::{Card, Rank::*, Suit::*};
use crate::rules::watten::input::{RawOptions, Variant};
use crate::rules::watten::ruleset::RuleSet;

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn toblach(variant: Variant, weli_bell: Option<bool>) -> RuleSet {
    let options = RawOptions {
        pack: Some(36),
        weli_bell,
        ..RawOptions::default()
    };
    RuleSet::new(variant, None, options).unwrap()
}

/// "Watten with 36 cards": the 33 cards and "the sixes of hearts, acorns and leaves".
#[test]
fn toblach_pack_holds_all_four_sixes() {
    let cards = pack(&toblach(Variant::Tyrolean, None));
    assert_eq!(cards.len(), 36);
    for six in ["E6", "L6", "H6", "S6"] {
        assert!(cards.contains(&c(six)), "{six}");
    }
    let tyrolean = RuleSet::new(Variant::Tyrolean, None, RawOptions::default()).unwrap();
    assert_eq!(pack(&tyrolean).len(), 33);
    assert!(!pack(&tyrolean).contains(&c("H6")));
}

/// "the Schlag can be either the WELI or an ordinary six": both are offered at Toblach; the
/// WELI apart from the six nowhere else.
#[test]
fn toblach_offers_the_weli_and_the_six_as_schlag() {
    let choices: Vec<Schlag> = schlag_choices(&toblach(Variant::Blind, None)).collect();
    assert_eq!(choices.len(), 10);
    assert_eq!(choices[8..], [Schlag::Rank(Six), Schlag::Weli]);
    let tyrolean = RuleSet::new(Variant::Tyrolean, None, RawOptions::default()).unwrap();
    assert!(!schlag_allowed(&tyrolean, Schlag::Weli));
    assert!(schlag_allowed(&tyrolean, Schlag::Rank(Six)));
}

/// "If "WELI" is chosen as the Schlag it is the only Schlag, there is no Guate, and the
/// sixes of hearts, acorns and leaves are the lowest cards of their suits."
#[test]
fn toblach_weli_schlag_is_the_only_schlag_without_guate() {
    for variant in [Variant::Tyrolean, Variant::Guate, Variant::Blind] {
        let o = Order::new(&toblach(variant, None), L, Schlag::Weli);
        assert_eq!(
            (o.rechte, o.linke, o.guate),
            (Some(WELI), 0, None),
            "{variant:?}"
        );
        // The six of the trump suit is its lowest trump, below the seven.
        assert_eq!(
            ranked(&o, &["L6", "E6", "L7", "S6", "LA", "H6"]),
            ["S6", "LA", "L7", "L6", "E6", "H6"]
        );
        // A six led in a plain suit is the lowest of its suit.
        assert_eq!(o.winner(&[c("H6"), c("H7")]), 1);
        assert_eq!(
            o.winner(&[c("E6"), c("H7")]),
            0,
            "no trump, no card of the suit"
        );
    }
}

/// "If "six" is chosen as the Schlag, then the WELI counts as an ordinary six of bells ...
/// and takes its place as a Rechte or Linke. The seven of trumps is the Guate, followed by
/// the six of trumps, then the other sixes, and then the ace of trumps."
#[test]
fn toblach_six_schlag_guate_seven_then_the_sixes() {
    for variant in [Variant::Tyrolean, Variant::Guate, Variant::Blind] {
        let o = Order::new(&toblach(variant, None), H, Schlag::Rank(Six));
        assert_eq!(o.guate, Some(c("H7")), "{variant:?}");
        assert_eq!(o.rechte, Some(c("H6")));
        assert_eq!(o.linke, bit(c("E6")) | bit(c("L6")) | bit(WELI));
        assert_eq!(
            ranked(&o, &["HA", "S6", "H7", "E6", "H6", "HK", "H8"]),
            ["H7", "H6", "S6", "E6", "HA", "HK", "H8"]
        );
        // The other sixes are equal: the first played wins.
        assert_eq!(o.winner(&[c("E6"), WELI, c("L6")]), 0);
        assert_eq!(o.winner(&[c("E9"), WELI, c("L6")]), 1);
    }
}

/// "(even if the dealer chooses bells as trumps)": the WELI is then the six of trumps, the
/// Rechte below the Guate, the bell seven; with `weli_bell` alike.
#[test]
fn toblach_six_schlag_bells_trump_makes_the_weli_the_rechte() {
    for weli_bell in [None, Some(true), Some(false)] {
        let o = Order::new(&toblach(Variant::Tyrolean, weli_bell), S, Schlag::Rank(Six));
        assert_eq!((o.guate, o.rechte), (Some(c("S7")), Some(WELI)));
        assert_eq!(o.linke, bit(c("E6")) | bit(c("L6")) | bit(c("H6")));
        assert_eq!(
            ranked(&o, &["SA", "H6", "S6", "S7"]),
            ["S7", "S6", "H6", "SA"]
        );
    }
}

/// Another rank as Schlag at Toblach: the six of trumps is the lowest card of the trump suit,
/// and "Finally, the lowest trump is the WELI" (the wild WELI) below it.
#[test]
fn toblach_other_schlag_the_wild_weli_stays_the_lowest_trump() {
    let o = Order::new(&toblach(Variant::Tyrolean, None), H, Schlag::Rank(O));
    assert_eq!(o.guate, None);
    assert!(o.is_trump(WELI) && o.is_trump(c("H6")));
    assert_eq!(ranked(&o, &["S6", "H6", "H7"]), ["H7", "H6", "S6"]);
    assert_eq!(o.winner(&[WELI, c("H6")]), 1);
    assert_eq!(
        o.winner(&[c("E7"), c("E6")]),
        0,
        "the six lowest of its suit"
    );
    // The Guate variant keeps its Guate one rank above the Schlag; the ace's is the seven.
    let guate = Order::new(&toblach(Variant::Guate, None), H, Schlag::Rank(A));
    assert_eq!(guate.guate, Some(c("H7")));
}
