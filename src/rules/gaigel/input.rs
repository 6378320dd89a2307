//! The Gaigel record as kartl reads it (contract 3 and 3.3): the variant, the house rules
//! (`options`, contract 7.4 and 7.5) and the deals, parsed straight from the raw JSON into
//! typed structs. Everything that is not well-formed (contract 2.1) becomes [`Malformed`],
//! naming the field: unknown keys, wrong types, negative or fractional counts, a side the
//! variant lacks, `five_sevens` without the option, `cut` outside `three`, `dissle` without
//! option `sevens` `auf_dissle` or `auf_siebener`, `dissle_trick` without `dissle`, `farbe`
//! without option `auf_farbe`. Gaigel takes no `target` (101 card points win a deal) and no
//! `start`.

use super::super::record::{Malformed, RawRecord, parse_part};
use serde::Deserialize;

use super::options::{RawOptions, rules_from};
pub use super::options::{Rules, Scoring, Sevens, ThreeStrokes, Variant};
use super::play::{self, Played, parse::Form};
use serde_json::value::RawValue;

/// A side as written in a record: `A`, `B`, or `P1` to `P3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(super) enum SideName {
    A,
    B,
    P1,
    P2,
    P3,
}

/// One value per side as written; which keys are allowed depends on the variant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
struct PerSide<T> {
    A: Option<T>,
    B: Option<T>,
    P1: Option<T>,
    P2: Option<T>,
    P3: Option<T>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeal {
    points: PerSide<u32>,
    #[serde(default)]
    melds: Option<PerSide<Vec<u32>>>,
    tricks: PerSide<u32>,
    #[serde(default)]
    out: Option<SideName>,
    #[serde(default)]
    overgaigel: Option<SideName>,
    #[serde(default)]
    five_sevens: Option<SideName>,
    #[serde(default)]
    cut: Option<Vec<SideName>>,
    #[serde(default)]
    dissle: Option<SideName>,
    #[serde(default)]
    dissle_trick: Option<bool>,
    #[serde(default)]
    farbe: Option<SideName>,
}

/// One deal (contract 3.3), sides numbered 0.. in the order `A`, `B` or `P1`, `P2`, `P3`;
/// entries past the variant's sides stay 0 / empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deal {
    /// Card points taken in tricks.
    pub points: [u32; 3],
    /// The declared King-Ober pairs, each 20 or 40 (checked in 7.2, not here).
    pub melds: [Vec<u32>; 3],
    /// Tricks taken.
    pub tricks: [u32; 3],
    /// The side that called "Aus!".
    pub out: Option<usize>,
    /// The side caught übergaigeln.
    pub overgaigel: Option<usize>,
    /// The side holding five Sevens.
    pub five_sevens: Option<usize>,
    /// Each side's place in the cut (0 best), for tied counts in `three`.
    pub cut: [Option<usize>; 3],
    /// The side whose player played on Sevens: announced auf Dissle or auf Siebener.
    pub dissle: Option<usize>,
    /// The Dissle player took a trick: the Dissle is lost and the deal ended there.
    pub dissle_trick: bool,
    /// The side that showed five cards of one suit (auf Farbe).
    pub farbe: Option<usize>,
}

/// Reads the rules and the deals of a Gaigel record; a card-level deal gives the deal its
/// cards derive (a default deal where they give no result).
pub fn parse(raw: &RawRecord) -> Result<(Rules, Vec<Deal>), Malformed> {
    let (rules, deals, _) = parse_full(raw)?;
    Ok((rules, deals))
}

/// Reads the variant and the options of a Gaigel record.
pub fn parse_rules(raw: &RawRecord) -> Result<Rules, Malformed> {
    if raw.target.is_some() {
        return Err(Malformed::new(
            "target",
            "gaigel has no target score: 101 card points win a deal, and options.strokes sets the match length",
        ));
    }
    if raw.start.is_some() {
        return Err(Malformed::new(
            "start",
            "gaigel takes no start: a record is a whole match on the stroke tally",
        ));
    }
    let variant: Variant = match raw.variant {
        Some(v) => parse_part("variant", v)?,
        None => Variant::default(),
    };
    let options: RawOptions = match raw.options {
        Some(o) => parse_part("options", o)?,
        None => RawOptions::default(),
    };
    rules_from(variant, options)
}

/// The rules, the deals, and each card-level deal as played (see [`parse_full`]).
pub type Parsed = (Rules, Vec<Deal>, Vec<Option<Played>>);

/// Reads the rules and the deals, and plays each card-level deal (docs/rules/gaigel.md
/// "Card-level deals (Streitfall)"): `plays` is empty for a record of fact-level deals only,
/// else holds one entry per deal, `Some` for a card-level one.
pub fn parse_full(raw: &RawRecord) -> Result<Parsed, Malformed> {
    let rules = parse_rules(raw)?;
    // The fast path reads the deals with plain serde; only a malformed record pays for the
    // second, path-tracking pass that names the field (as Watten does).
    let raw_deals: Vec<RawDeal> = match serde_json::from_str(raw.deals.get()) {
        Ok(deals) => deals,
        Err(_) => return parse_mixed(&rules, raw),
    };
    let deals = raw_deals
        .into_iter()
        .enumerate()
        .map(|(i, d)| deal_from(&rules, i, d))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rules, deals, Vec::new()))
}

/// Deals that are not all fact-level: each card-level deal is read and played; without one,
/// the error is named exactly as before.
fn parse_mixed(rules: &Rules, raw: &RawRecord) -> Result<Parsed, Malformed> {
    let items: Vec<&RawValue> = match serde_json::from_str(raw.deals.get()) {
        Ok(items) => items,
        Err(_) => return Err(plain_error(raw)),
    };
    let forms: Vec<Form> = items.iter().map(|d| play::parse::form(d)).collect();
    if !forms.iter().any(|f| matches!(f, Form::Cards(_))) {
        return Err(plain_error(raw));
    }
    let mut deals = Vec::with_capacity(items.len());
    let mut plays = Vec::with_capacity(items.len());
    for (i, (item, form)) in items.into_iter().zip(forms).enumerate() {
        if let Form::Cards(read) = form {
            let setup = play::parse::setup(rules.variant, i, item, read)?;
            play::check_rules(rules, &setup, i)?;
            let played = play::play(rules, &setup);
            deals.push(played.deal.clone().unwrap_or_default());
            plays.push(Some(played));
        } else {
            let d: RawDeal = parse_part(&format!("deals[{i}]"), item)?;
            deals.push(deal_from(rules, i, d)?);
            plays.push(None);
        }
    }
    Ok((*rules, deals, plays))
}

/// The error of a record of fact-level deals, named by the path-tracking parse.
fn plain_error(raw: &RawRecord) -> Malformed {
    match parse_part::<Vec<RawDeal>>("deals", raw.deals) {
        Err(e) => e,
        Ok(_) => Malformed::new("deals", "not a list of deals"),
    }
}

/// The index of a side in `variant`, or the side's name when the variant lacks it.
pub(super) fn side_index(variant: Variant, name: SideName) -> Result<usize, &'static str> {
    match (variant.sides(), name) {
        (2, SideName::A) | (3, SideName::P1) => Ok(0),
        (2, SideName::B) | (3, SideName::P2) => Ok(1),
        (3, SideName::P3) => Ok(2),
        (_, SideName::A) => Err("A"),
        (_, SideName::B) => Err("B"),
        (_, SideName::P1) => Err("P1"),
        (_, SideName::P2) => Err("P2"),
        (_, SideName::P3) => Err("P3"),
    }
}

fn lacks(path: String, variant: Variant, side: &str) -> Malformed {
    let has = if variant.sides() == 3 {
        "P1, P2 and P3"
    } else {
        "A and B"
    };
    Malformed::new(
        path,
        format!("{side} is not a side of this variant (it has {has})"),
    )
}

/// Spreads a per-side map (`deals[i].field`) over the variant's sides; `required` sides must
/// be present. The path is written out only for an error.
fn spread<T: Default>(
    variant: Variant,
    i: usize,
    field: &str,
    m: PerSide<T>,
    required: bool,
) -> Result<[T; 3], Malformed> {
    const NAMES: [&str; 5] = ["A", "B", "P1", "P2", "P3"];
    // The variant's own sides come first in `NAMES` order; the rest must be absent.
    let own = if variant.sides() == 3 { 2..5 } else { 0..2 };
    let mut out: [T; 3] = Default::default();
    for (k, v) in [m.A, m.B, m.P1, m.P2, m.P3].into_iter().enumerate() {
        match (own.contains(&k), v) {
            (false, Some(_)) => {
                return Err(lacks(
                    format!("deals[{i}].{field}.{}", NAMES[k]),
                    variant,
                    NAMES[k],
                ));
            }
            (true, Some(v)) => out[k - own.start] = v,
            (true, None) if required => {
                return Err(Malformed::new(
                    format!("deals[{i}].{field}.{}", NAMES[k]),
                    "missing: every side's value is required",
                ));
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Three players' cut (`at` the field's path): each player's place, none named twice;
/// outside `three` malformed.
pub(super) fn read_cut(
    v: Variant,
    at: &str,
    names: Option<Vec<SideName>>,
) -> Result<[Option<usize>; 3], Malformed> {
    let mut cut = [None; 3];
    let Some(names) = names else {
        return Ok(cut);
    };
    if v != Variant::Three {
        return Err(Malformed::new(
            at,
            "cut is for variant three only (tied players cut cards)",
        ));
    }
    for (place, name) in names.into_iter().enumerate() {
        let s = side_index(v, name).map_err(|s| lacks(format!("{at}[{place}]"), v, s))?;
        if cut[s].is_some() {
            return Err(Malformed::new(
                format!("{at}[{place}]"),
                "a player is named twice in the cut",
            ));
        }
        cut[s] = Some(place);
    }
    Ok(cut)
}

fn deal_from(rules: &Rules, i: usize, d: RawDeal) -> Result<Deal, Malformed> {
    let v = rules.variant;
    let at = |field: &str| format!("deals[{i}].{field}");
    let one = |field: &str, name: Option<SideName>| -> Result<Option<usize>, Malformed> {
        name.map(|n| side_index(v, n).map_err(|s| lacks(at(field), v, s)))
            .transpose()
    };
    let points = spread(v, i, "points", d.points, true)?;
    let tricks = spread(v, i, "tricks", d.tricks, true)?;
    let melds = match d.melds {
        Some(m) => spread(v, i, "melds", m, false)?,
        None => Default::default(),
    };
    let out = one("out", d.out)?;
    let overgaigel = one("overgaigel", d.overgaigel)?;
    let five_sevens = one("five_sevens", d.five_sevens)?;
    if five_sevens.is_some() && rules.sevens == Sevens::None {
        return Err(Malformed::new(
            at("five_sevens"),
            "five Sevens count only with options.sevens \"five_sevens\", \"auf_dissle\" or \"auf_siebener\"",
        ));
    }
    let dissle = one("dissle", d.dissle)?;
    if dissle.is_some() && !rules.sevens.announced() {
        return Err(Malformed::new(
            at("dissle"),
            "playing on Sevens needs options.sevens \"auf_dissle\" or \"auf_siebener\"",
        ));
    }
    let dissle_trick = d.dissle_trick.unwrap_or(false);
    if dissle_trick && dissle.is_none() {
        return Err(Malformed::new(
            at("dissle_trick"),
            "dissle_trick says the Dissle player took a trick: name that side in dissle",
        ));
    }
    let farbe = one("farbe", d.farbe)?;
    if farbe.is_some() && !rules.auf_farbe {
        return Err(Malformed::new(
            at("farbe"),
            "five cards of one suit count only with options.auf_farbe true",
        ));
    }
    let cut = read_cut(v, &at("cut"), d.cut)?;
    Ok(Deal {
        points,
        melds,
        tricks,
        out,
        overgaigel,
        five_sevens,
        cut,
        dissle,
        dissle_trick,
        farbe,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> Result<(Rules, Vec<Deal>), Malformed> {
        parse(&RawRecord::parse(s).unwrap())
    }

    #[test]
    fn the_deal_sizes_come_from_48_cards() {
        let t: Vec<u32> = [Variant::Four, Variant::Six, Variant::Three, Variant::Two]
            .iter()
            .map(|v| v.tricks())
            .collect();
        assert_eq!(t, vec![12, 8, 16, 24]);
    }

    #[test]
    fn a_side_the_variant_lacks_is_malformed_and_named() {
        let e = parse_str(
            r#"{"game":"gaigel","deals":[{"points":{"A":1,"B":2,"P3":0},"tricks":{"A":1,"B":1}}]}"#,
        )
        .unwrap_err();
        assert_eq!(e.path, "deals[0].points.P3");
        let e = parse_str(r#"{"game":"gaigel","variant":"three","deals":[{"points":{"P1":1,"P2":2,"P3":0},"tricks":{"P1":1,"P2":1,"P3":0},"out":"A"}]}"#)
            .unwrap_err();
        assert_eq!(e.path, "deals[0].out");
    }

    #[test]
    fn a_missing_side_target_and_start_are_malformed() {
        let e =
            parse_str(r#"{"game":"gaigel","deals":[{"points":{"A":1},"tricks":{"A":1,"B":1}}]}"#)
                .unwrap_err();
        assert_eq!(e.path, "deals[0].points.B");
        assert_eq!(
            parse_str(r#"{"game":"gaigel","target":11,"deals":[]}"#)
                .unwrap_err()
                .path,
            "target"
        );
        assert_eq!(
            parse_str(r#"{"game":"gaigel","start":{"A":0},"deals":[]}"#)
                .unwrap_err()
                .path,
            "start"
        );
    }

    #[test]
    fn malformed_deals_read_exactly_as_the_path_tracking_parse_names_them() {
        // The fast path falls back to `parse_part` on any error: the same path and message.
        for deals in [
            r#"[{"points":{"A":1.5,"B":2},"tricks":{"A":1,"B":1}}]"#,
            r#"[{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1},"melds":{"A":[-20]}}]"#,
            r#"[{"points":{"A":1,"B":2}}]"#,
            r#"[{"points":{"A":-1,"B":2},"tricks":{"A":1,"B":1}}]"#,
            r#"[{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1},"out":"C"}]"#,
            r#"[{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1},"bets":1}]"#,
            r#"[{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1}},{"points":null,"tricks":{}}]"#,
            r#"[{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1},"cut":["P1",3]}]"#,
            r#"{"points":{}}"#,
        ] {
            let record = format!(r#"{{"game":"gaigel","deals":{deals}}}"#);
            let raw = RawRecord::parse(&record).unwrap();
            let slow = parse_part::<Vec<RawDeal>>("deals", raw.deals).unwrap_err();
            assert_eq!(parse(&raw).unwrap_err(), slow, "{deals}");
        }
    }

    #[test]
    fn the_paths_of_sides_are_written_out_for_an_error() {
        let e = parse_str(
            r#"{"game":"gaigel","deals":[{"points":{"A":0,"B":0},"tricks":{"A":0,"B":0},"out":"A"},{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1,"P2":1}}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            e,
            Malformed::new(
                "deals[1].tricks.P2",
                "P2 is not a side of this variant (it has A and B)"
            )
        );
        let e = parse_str(
            r#"{"game":"gaigel","variant":"three","deals":[{"points":{"P1":1,"P2":2,"P3":0},"tricks":{"P1":1,"P3":0},"melds":{"P1":[20]}}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            e,
            Malformed::new(
                "deals[0].tricks.P2",
                "missing: every side's value is required"
            )
        );
        let e = parse_str(
            r#"{"game":"gaigel","deals":[{"points":{"A":1,"B":2},"tricks":{"A":1,"B":1},"melds":{"P3":[20]}}]}"#,
        )
        .unwrap_err();
        assert_eq!(e.path, "deals[0].melds.P3");
    }

    #[test]
    fn options_take_their_defaults_and_refuse_what_does_not_fit() {
        let (r, _) = parse_str(r#"{"game":"gaigel","deals":[]}"#).unwrap();
        assert_eq!(r, Rules::default());
        let e = parse_str(r#"{"game":"gaigel","options":{"scoring":"rutesheim"},"deals":[]}"#)
            .unwrap_err();
        assert_eq!(e.path, "options.scoring");
        let e = parse_str(r#"{"game":"gaigel","options":{"strokes":-1},"deals":[]}"#).unwrap_err();
        assert_eq!(e.path, "options.strokes");
        let e =
            parse_str(r#"{"game":"gaigel","options":{"sevens":"six"},"deals":[]}"#).unwrap_err();
        assert_eq!(e.path, "options.sevens");
    }
}
