//! The house rules and format settings of the new-tournament form: only what the chosen
//! variant and format have, stored only where it differs from the defaults.

use crate::rules::Variant;
use crate::tournament::format::{DrawMethod, Fill, Format, Scheme, Settings};
use crate::web::secretary::new_form::{
    Invalid, NewTournamentForm, ON, Shown, enum_of, number, optional,
};
use serde_json::{Map, Value};

/// The options of the variant that differ from their defaults.
pub(super) fn options(
    f: &NewTournamentForm,
    variant: Variant,
    target: Option<u32>,
    bad: &mut Invalid,
) -> Map<String, Value> {
    let shown = Shown::of(variant);
    let mut o = Map::new();
    let mut boolean = |key: &str, raw: &str, default: bool| {
        let on = raw.trim() == ON;
        if on != default {
            o.insert(key.into(), on.into());
        }
    };
    if shown.tyrolean {
        boolean("farbe", &f.farbe, true);
        boolean("gespannt_luft", &f.gespannt_luft, false);
        boolean("immediate_four", &f.immediate_four, false);
        boolean("schneider", &f.schneider, true);
    }
    if shown.bavarian {
        boolean("schneider", &f.schneider, false);
        boolean("machine", &f.machine, false);
        let most = target.or(variant.default_target()).unwrap_or(11) - 2;
        match optional(&f.gespannt_from, 1..=most) {
            Ok(Some(n)) if n != most => {
                o.insert("gespannt_from".into(), n.into());
            }
            Ok(_) => {}
            Err(()) => bad.push("error-gespannt-from"),
        }
    }
    if shown.gaigel {
        if shown.sessions {
            o.insert("scoring".into(), "rutesheim".into());
        } else {
            match optional(&f.strokes, 1..=100) {
                Ok(Some(n)) if n != 10 => {
                    o.insert("strokes".into(), n.into());
                }
                Ok(_) => {}
                Err(()) => bad.push("error-strokes"),
            }
        }
        match f.sevens.trim() {
            "" | "none" => {}
            s @ ("five_sevens" | "auf_dissle" | "auf_siebener") => {
                o.insert("sevens".into(), s.into());
            }
            _ => bad.push("error-sevens"),
        }
        // Five of one suit win (option auf_farbe), beside whichever Sevens rule is chosen.
        if f.auf_farbe.trim() == ON {
            o.insert("auf_farbe".into(), true.into());
        }
    }
    o
}

/// The format's settings; what does not belong to the format stays at its default.
pub(super) fn settings(
    f: &NewTournamentForm,
    format: Format,
    shown: Shown,
    bad: &mut Invalid,
) -> Settings {
    let mut s = Settings::default();
    let draw = if f.draw.trim().is_empty() {
        Some(DrawMethod::Random)
    } else {
        enum_of::<DrawMethod>(&f.draw)
    };
    match draw {
        Some(DrawMethod::Wattkoenig) if format == Format::Sessions => bad.push("error-draw"),
        Some(d) => s.draw = d,
        None => bad.push("error-draw"),
    }
    match format {
        Format::Sessions => {
            match number(&f.sessions, 1..=20) {
                Some(n) => s.sessions = n,
                None => bad.push("error-sessions"),
            }
            match number(&f.deals, 1..=60) {
                Some(n) => s.deals = n,
                None => bad.push("error-deals"),
            }
            match enum_of::<Fill>(if f.fill.trim().is_empty() {
                "byes"
            } else {
                &f.fill
            }) {
                Some(Fill::FourTables) if !s.deals.is_multiple_of(3) => bad.push("error-fill"),
                Some(fill) => s.fill = fill,
                None => bad.push("error-fill"),
            }
        }
        Format::Rounds => {
            match optional(&f.games, 1..=20) {
                Ok(g) => s.games = g,
                Err(()) => bad.push("error-games"),
            }
            match optional(&f.planned_rounds, 1..=50) {
                Ok(r) => s.rounds = r,
                Err(()) => bad.push("error-planned-rounds"),
            }
            match f.scheme.trim() {
                "" | "games" => {}
                "wattkoenig" if shown.target => match optional(&f.bonus, 0..=100) {
                    Ok(b) => {
                        s.scheme = Scheme::Wattkoenig {
                            bonus: b.unwrap_or(10),
                        }
                    }
                    Err(()) => bad.push("error-bonus"),
                },
                _ => bad.push("error-scheme"),
            }
        }
    }
    s
}

/// The tie-breaks chosen on the form (`tb1`..`tb3`, empty places skipped): `None` when none is
/// chosen (the format's default order); what the format does not offer, or twice, is wrong.
pub(super) fn tiebreaks(
    f: &NewTournamentForm,
    kind: crate::tournament::tiebreak::Kind,
    bad: &mut Invalid,
) -> Option<Vec<crate::tournament::standings::Column>> {
    let chosen: Result<Vec<_>, _> = [&f.tb1, &f.tb2, &f.tb3]
        .iter()
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .map(|v| serde_json::from_value(Value::String(v.to_string())))
        .collect();
    match chosen {
        Ok(list) if list.is_empty() => None,
        Ok(list) if crate::tournament::tiebreak::check(kind, &list).is_ok() => Some(list),
        _ => {
            bad.push("error-tiebreaks");
            None
        }
    }
}
