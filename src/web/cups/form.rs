//! The cup's rules form (creating a cup and changing its rules): parsed into the domain's
//! types before anything is stored, each problem a catalogue id.

use crate::rules::Game;
use crate::service::cups::{self, TIEBREAKS, tiebreak_name};
use crate::text::{Kind, Text};
use crate::tournament::cup::{CupRules, CupTiebreak, PlacePoints};
use crate::web::ctx::csrf_form;
use crate::web::i18n::Locale;
use crate::web::secretary::choices::{self, Choice};

// Name, game (creating only), points: `table` with the list or `field`; best-of (empty: all);
// the minimum of evenings; three tie-break slots in order (`none` leaves one empty); the
// organiser's account (the administrator's choice; empty: their own).
csrf_form!(RulesForm {
    name,
    game,
    points_kind,
    points,
    best_of,
    min_evenings,
    tiebreak1,
    tiebreak2,
    tiebreak3,
    organiser
});

/// The form's name and rules, or the first problem's catalogue id.
pub fn parse_rules(form: &RulesForm) -> Result<(String, CupRules), &'static str> {
    let name = Text::parse(&form.name, Kind::Season)
        .map(Text::into_string)
        .map_err(|_| "cup-error-name")?;
    let points = match form.points_kind.as_str() {
        "field" => Some(PlacePoints::FieldLessPlace),
        _ => cups::parse_points(&form.points).filter(|p| *p != PlacePoints::FieldLessPlace),
    }
    .ok_or("cup-error-points")?;
    let best_of = match form.best_of.trim() {
        "" => None,
        n => Some(
            n.parse::<u32>()
                .ok()
                .filter(|n| (1..=1000).contains(n))
                .ok_or("cup-error-best")?,
        ),
    };
    let min_evenings = match form.min_evenings.trim() {
        "" => 1,
        n => n
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=1000).contains(n))
            .ok_or("cup-error-min")?,
    };
    let slots = [&form.tiebreak1, &form.tiebreak2, &form.tiebreak3]
        .into_iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty() && *s != "none")
        .collect::<Vec<_>>()
        .join(",");
    let tiebreaks = cups::parse_tiebreaks(&slots).ok_or("cup-error-tiebreaks")?;
    Ok((
        name,
        CupRules {
            points,
            best_of,
            min_evenings,
            tiebreaks,
        },
    ))
}

/// The game a new cup's form names.
pub fn parse_game(form: &RulesForm) -> Result<Game, &'static str> {
    choices::GAMES
        .into_iter()
        .find(|g| g.as_str() == form.game.trim())
        .ok_or("cup-error-game-choice")
}

/// The choices of one tie-break slot, `current` selected.
pub fn tiebreak_choices(l: Locale, current: Option<CupTiebreak>) -> Vec<Choice> {
    let mut out = vec![Choice {
        value: "none".into(),
        label: l.t("cup-tiebreak-none"),
        selected: current.is_none(),
    }];
    out.extend(TIEBREAKS.into_iter().map(|t| Choice {
        value: tiebreak_name(t).into(),
        label: l.t(&format!(
            "cup-tiebreak-{}",
            tiebreak_name(t).replace('_', "-")
        )),
        selected: current == Some(t),
    }));
    out
}

/// What the rules form shows: the current values (or the defaults for a new cup).
pub struct RulesValues {
    pub name: String,
    pub field_points: bool,
    pub points: String,
    pub best_of: String,
    pub min_evenings: String,
    pub tiebreaks: [Vec<Choice>; 3],
}

impl RulesValues {
    pub fn of(l: Locale, name: &str, rules: &CupRules) -> RulesValues {
        let slot = |i: usize| tiebreak_choices(l, rules.tiebreaks.get(i).copied());
        RulesValues {
            name: name.to_string(),
            field_points: rules.points == PlacePoints::FieldLessPlace,
            points: match &rules.points {
                PlacePoints::Table(t) => t.iter().map(u32::to_string).collect::<Vec<_>>().join("-"),
                PlacePoints::FieldLessPlace => String::new(),
            },
            best_of: rules.best_of.map(|n| n.to_string()).unwrap_or_default(),
            min_evenings: rules.min_evenings.to_string(),
            tiebreaks: [slot(0), slot(1), slot(2)],
        }
    }

    /// A new cup's defaults: 25-20-16-13-11-10-9-8-7-6-5-4-3-2-1, all evenings, one needed,
    /// better places then more evenings.
    pub fn new_cup(l: Locale) -> RulesValues {
        let rules = CupRules {
            points: PlacePoints::Table(vec![25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
            best_of: None,
            min_evenings: 1,
            tiebreaks: vec![CupTiebreak::BetterPlaces, CupTiebreak::MoreEvenings],
        };
        RulesValues::of(l, "", &rules)
    }
}
