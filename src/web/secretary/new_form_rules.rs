//! The new-tournament form checked into a [`TournamentSpec`]: the name, date and place, the
//! game and variant, and the house rules and format settings — only what the chosen variant
//! and format have, stored only where it differs from the defaults. The referee and the file
//! checks are the backstop.

use crate::rules::match_record::{OneOrMany, Options};
use crate::rules::{Game, Variant};
use crate::text::{Kind, Text};
use crate::tournament::format::{DrawMethod, Fill, Format, Scheme, Settings};
use crate::web::secretary::new_form::{
    Invalid, NewTournamentForm, ON, Shown, TournamentName, TournamentSpec, enum_of, format_of,
    number, optional, parse_date, three_players,
};

impl TryFrom<&NewTournamentForm> for TournamentSpec {
    type Error = Invalid;

    /// Every problem of the form, in the form's order; a form without a game or a variant of
    /// that game stops there (the rest depends on them).
    fn try_from(f: &NewTournamentForm) -> Result<TournamentSpec, Invalid> {
        let mut bad: Invalid = Vec::new();
        let name = TournamentName::try_from(f.name.as_str()).map_err(|e| bad.push(e));
        let date = date(&f.date).map_err(|e| bad.push(e));
        let place = place(&f.place, &mut bad);
        let Some((game, variant)) = game_and_variant(f, &mut bad) else {
            return Err(bad);
        };
        if game == Game::Watten && !["", "2", "3", "4"].contains(&f.players.trim()) {
            bad.push("error-players");
        }
        let three = three_players(game, &f.players);
        let shown = Shown::for_form(variant, three);
        let format = format_of(variant, three);
        if !f.format.trim().is_empty() && enum_of::<Format>(&f.format) != Some(format) {
            bad.push("error-format");
        }
        let target = target(&f.target, variant, &mut bad);
        let mut options = options(f, variant, target, &mut bad);
        if three {
            options.players = Some(3);
        }
        let mut settings = settings(f, format, shown, &mut bad);
        let kind = crate::tournament::tiebreak::Kind {
            format,
            game,
            scheme: settings.scheme,
            three_player_watten: three && game == Game::Watten,
        };
        settings.tiebreaks = tiebreaks(f, kind, &mut bad);
        settings.prizes = f.prize_text().scheme().unwrap_or_else(|wrong| {
            bad.extend(wrong);
            None
        });
        let (Ok(name), Ok(date), true) = (name, date, bad.is_empty()) else {
            return Err(bad);
        };
        backstop(TournamentSpec {
            name,
            date,
            place,
            game,
            variant,
            target,
            options,
            format,
            settings,
        })
    }
}

fn date(raw: &str) -> Result<chrono::NaiveDate, &'static str> {
    match parse_date(raw) {
        Some(d) if crate::service::tournaments::date_in_range(d) => Ok(d),
        Some(_) => Err("error-date-range"),
        None => Err("error-date"),
    }
}

/// The place (may be empty).
fn place(raw: &str, bad: &mut Invalid) -> String {
    match Text::optional(raw, Kind::Title) {
        Ok(place) => place.map(Text::into_string).unwrap_or_default(),
        Err(_) => {
            bad.push("error-place");
            String::new()
        }
    }
}

/// The game, and the variant (the game's default when none is chosen) if it is the game's.
fn game_and_variant(f: &NewTournamentForm, bad: &mut Invalid) -> Option<(Game, Variant)> {
    let Some(game) = enum_of::<Game>(&f.game) else {
        bad.push("error-game");
        return None;
    };
    let variant = if f.variant.trim().is_empty() {
        Some(Variant::default_for(game))
    } else {
        enum_of::<Variant>(&f.variant).filter(|v| v.game() == game)
    };
    if variant.is_none() {
        bad.push("error-variant");
    }
    variant.map(|v| (game, v))
}

/// The target, stored only where it differs from the variant's default; none in Gaigel.
fn target(raw: &str, variant: Variant, bad: &mut Invalid) -> Option<u32> {
    match (variant.default_target(), optional(raw, 3..=1000)) {
        (None, _) => None,
        (Some(_), Err(())) => {
            bad.push("error-target");
            None
        }
        (Some(default), Ok(t)) => t.filter(|t| *t != default),
    }
}

/// The backstop: the referee and the file checks must accept these rules as they are.
fn backstop(spec: TournamentSpec) -> Result<TournamentSpec, Invalid> {
    let file = spec.file();
    // The frame every table of the tournament will be refereed with, typed as the file
    // reads it: options its types do not read are refused like options the referee refuses.
    let refereed = file
        .frame()
        .ok()
        .map(|record| crate::rules::referee_record(&record, Default::default()));
    if !matches!(refereed, Some(Ok(_))) || !file.problems().is_empty() {
        return Err(vec!["error-rules-invalid"]);
    }
    Ok(spec)
}

/// The options of the variant that differ from their defaults.
pub(super) fn options(
    f: &NewTournamentForm,
    variant: Variant,
    target: Option<u32>,
    bad: &mut Invalid,
) -> Options {
    let shown = Shown::of(variant);
    let mut o = Options::default();
    if shown.tyrolean {
        boolean(&mut o.farbe, &f.farbe, true);
        boolean(&mut o.gespannt_luft, &f.gespannt_luft, false);
        boolean(&mut o.immediate_four, &f.immediate_four, false);
        boolean(&mut o.schneider, &f.schneider, true);
    }
    if shown.bavarian {
        boolean(&mut o.schneider, &f.schneider, false);
        boolean(&mut o.machine, &f.machine, false);
        let most = target.or(variant.default_target()).unwrap_or(11) - 2;
        match optional(&f.gespannt_from, 1..=most) {
            Ok(Some(n)) if n != most => o.gespannt_from = Some(n),
            Ok(_) => {}
            Err(()) => bad.push("error-gespannt-from"),
        }
    }
    if shown.gaigel {
        if shown.sessions {
            o.scoring = Some("rutesheim".into());
        } else {
            match optional(&f.strokes, 1..=100) {
                Ok(Some(n)) if n != 10 => o.strokes = Some(n),
                Ok(_) => {}
                Err(()) => bad.push("error-strokes"),
            }
        }
        match f.sevens.trim() {
            "" | "none" => {}
            s @ ("five_sevens" | "auf_dissle" | "auf_siebener") => {
                o.sevens = Some(OneOrMany::One(s.into()));
            }
            _ => bad.push("error-sevens"),
        }
        // Five of one suit win (option auf_farbe), beside whichever Sevens rule is chosen.
        if f.auf_farbe.trim() == ON {
            o.auf_farbe = Some(true);
        }
        gaigel_choices(f, &mut o, bad);
    }
    variant_switches(f, shown, &mut o);
    o
}

/// A checkbox, stored only when it differs from the referee's default.
fn boolean(option: &mut Option<bool>, raw: &str, default: bool) {
    let on = raw.trim() == ON;
    if on != default {
        *option = Some(on);
    }
}

/// The switches of one variant each: Watten `kritische` and `guate` (docs/rules/watten.md,
/// options table), Eichelperlaggen's Imst and Tarrenz (docs/rules/figures.md); another
/// variant's form ignores them.
fn variant_switches(f: &NewTournamentForm, shown: Shown, o: &mut Options) {
    if shown.kritische {
        boolean(&mut o.kritische_forced, &f.kritische_forced, false);
    }
    if shown.guate {
        boolean(&mut o.weli_bell, &f.weli_bell, true);
    }
    if shown.eichel {
        boolean(&mut o.opponents_exchange, &f.opponents_exchange, false);
    }
}

/// A two-way house rule as the form offers it: the option it sets, the field as typed, its
/// default and other value, the error's message key, and whether the form offers it.
type TwoWay<'a> = (
    &'a mut Option<String>,
    &'a str,
    [&'a str; 2],
    &'static str,
    bool,
);

/// Gaigel's two-way house rules (docs/rules/gaigel.md 12.4 and 12.7), each written only when it
/// is not the referee's default; `dissle_lost` only beside the Sevens rule auf Dissle (a lost
/// Dissle exists only there; elsewhere the field is ignored).
fn gaigel_choices(f: &NewTournamentForm, o: &mut Options, bad: &mut Invalid) {
    let auf_dissle = o.sevens == Some(OneOrMany::One("auf_dissle".into()));
    let fields: [TwoWay<'_>; 3] = [
        (
            &mut o.dissle_lost,
            &f.dissle_lost,
            ["single", "double"],
            "error-dissle-lost",
            auf_dissle,
        ),
        (
            &mut o.overgaigel,
            &f.overgaigel,
            ["at_once", "on_accusation"],
            "error-overgaigel",
            true,
        ),
        (
            &mut o.pair_card,
            &f.pair_card,
            ["free", "next_trick"],
            "error-pair-card",
            true,
        ),
    ];
    for (option, raw, [default, other], error, offered) in fields {
        match raw.trim() {
            _ if !offered => {}
            "" => {}
            v if v == default => {}
            v if v == other => *option = Some(other.into()),
            _ => bad.push(error),
        }
    }
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
        // The Wattkönig rotation and scheme are Watten's tournament form: offered and taken
        // for Watten only.
        Some(DrawMethod::Wattkoenig) if format == Format::Sessions || !shown.watten => {
            bad.push("error-draw")
        }
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
                "wattkoenig" if shown.watten => match optional(&f.bonus, 0..=100) {
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
    let chosen: Option<Vec<_>> = [&f.tb1, &f.tb2, &f.tb3]
        .iter()
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .map(enum_of)
        .collect();
    match chosen {
        Some(list) if list.is_empty() => None,
        Some(list) if crate::tournament::tiebreak::check(kind, &list).is_ok() => Some(list),
        _ => {
            bad.push("error-tiebreaks");
            None
        }
    }
}
