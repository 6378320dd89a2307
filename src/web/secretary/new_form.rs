//! The "new tournament" form and its parsing (DESIGN habit 5: the form holds strings,
//! `TryFrom` turns them into a [`TournamentSpec`] whose rules the referee accepts).
//!
//! The form shows only the options the chosen variant has, prefilled with the contract's
//! defaults; the spec stores only options that differ from those defaults, so the rules line
//! ("Optionen: schneider = false") names exactly the club's house rules. The format follows
//! from the variant: Gaigel `three` is played in sessions (Rutesheim scoring), and so is
//! three-player Watten (`players` 3: sessions at tables of three); every other variant in
//! rounds.

use crate::rules::gaigel::Variant as Gaigel;
use crate::rules::match_record::Options;
use crate::rules::watten::input::Variant as Watten;
use crate::rules::{Game, Variant};
use crate::text::{Kind, Text};
use crate::tournament::file::{TournamentFile, written_options};
use crate::tournament::format::{DrawMethod, Fill, Format, Settings};
use crate::web::ctx::csrf_form;
use chrono::NaiveDate;
use serde::de::DeserializeOwned;

csrf_form!(NewTournamentForm {
    // The administrator picks the club; a secretary's is their own (this field is ignored).
    club,
    name,
    date,
    place,
    game,
    variant,
    target,
    format,
    farbe,
    gespannt_luft,
    immediate_four,
    schneider,
    machine,
    gespannt_from,
    strokes,
    sevens,
    auf_farbe,
    dissle_lost,
    overgaigel,
    pair_card,
    kritische_forced,
    weli_bell,
    opponents_exchange,
    three_player_strokes,
    sessions,
    deals,
    fill,
    games,
    scheme,
    bonus,
    draw,
    players,
    planned_rounds,
    tb1,
    tb2,
    tb3,
    prize_fee,
    prize_deduction,
    prize_paid,
    prize_money,
    prize_goods,
});

/// The longest tournament name and place.
pub const TEXT_MAX: usize = Kind::Title.max();

/// A checked checkbox sends `on`; an unchecked one sends nothing.
pub(super) const ON: &str = "on";

fn flag(on: bool) -> String {
    if on { ON.into() } else { String::new() }
}

/// Reads a snake_case enum value the way the tournament file spells it.
pub fn enum_of<T: DeserializeOwned>(raw: &str) -> Option<T> {
    crate::text::named(raw.trim())
}

/// The name serde gives an enum value (`tyrolean`, `four_tables`).
pub use crate::text::name_of;

/// The format a variant is played in.
pub fn format_for(variant: Variant) -> Format {
    if variant == Variant::Gaigel(Gaigel::Three) {
        Format::Sessions
    } else {
        Format::Rounds
    }
}

/// Whether the form asks for three-player Watten (the `players` field: `3`).
pub fn three_players(game: Game, players: &str) -> bool {
    game == Game::Watten && players.trim() == "3"
}

/// The format of a variant, or sessions at tables of three for three-player Watten.
pub fn format_of(variant: Variant, three: bool) -> Format {
    if three {
        Format::Sessions
    } else {
        format_for(variant)
    }
}

/// Which option fields the form shows for a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    /// Watten: Tyrolean family (farbe, gespannt_luft, immediate_four, schneider).
    pub tyrolean: bool,
    /// Watten: Bavarian (schneider, machine, gespannt_from).
    pub bavarian: bool,
    /// Gaigel: sevens; strokes unless Rutesheim scoring.
    pub gaigel: bool,
    /// Gaigel `three`: Rutesheim sessions.
    pub sessions: bool,
    /// Figure games and Watten have a target score.
    pub target: bool,
    /// Watten: how many play (4 in teams, or 3: one alone against two).
    pub watten: bool,
    /// Watten `kritische`: kritische_forced.
    pub kritische: bool,
    /// Watten `guate`: weli_bell.
    pub guate: bool,
    /// Perlaggen `eichel`: opponents_exchange.
    pub eichel: bool,
}

impl Shown {
    pub fn of(variant: Variant) -> Shown {
        let game = variant.game();
        Shown {
            tyrolean: game == Game::Watten && variant != Variant::Watten(Watten::Bavarian),
            bavarian: variant == Variant::Watten(Watten::Bavarian),
            gaigel: game == Game::Gaigel,
            sessions: variant == Variant::Gaigel(Gaigel::Three),
            target: variant.default_target().is_some(),
            watten: game == Game::Watten,
            kritische: variant == Variant::Watten(Watten::Kritische),
            guate: variant == Variant::Watten(Watten::Guate),
            eichel: variant == Variant::Figures(crate::rules::figures::cards::Variant::Eichel),
        }
    }

    /// The fields for the form: three-player Watten is played in sessions.
    pub fn for_form(variant: Variant, three: bool) -> Shown {
        let mut shown = Shown::of(variant);
        shown.sessions |= three;
        shown
    }
}

impl NewTournamentForm {
    /// The form for `game` (and `variant`, if it belongs to the game) with every default
    /// filled in; name, date and place as given.
    pub fn defaults(game: Game, variant: Option<Variant>, date: &str) -> NewTournamentForm {
        let variant = variant
            .filter(|v| v.game() == game)
            .unwrap_or(Variant::default_for(game));
        let settings = Settings::default();
        NewTournamentForm {
            csrf: String::new(),
            club: String::new(),
            name: String::new(),
            date: date.into(),
            place: String::new(),
            game: name_of(&game),
            variant: name_of(&variant),
            target: variant
                .default_target()
                .map(|t| t.to_string())
                .unwrap_or_default(),
            format: name_of(&format_for(variant)),
            farbe: flag(variant != Variant::Watten(Watten::Bavarian)),
            gespannt_luft: String::new(),
            immediate_four: String::new(),
            schneider: flag(variant != Variant::Watten(Watten::Bavarian)),
            machine: String::new(),
            gespannt_from: String::new(),
            strokes: "10".into(),
            sevens: "none".into(),
            auf_farbe: String::new(),
            dissle_lost: "single".into(),
            overgaigel: "at_once".into(),
            pair_card: "free".into(),
            kritische_forced: String::new(),
            weli_bell: flag(variant == Variant::Watten(Watten::Guate)),
            opponents_exchange: String::new(),
            three_player_strokes: String::new(),
            sessions: settings.sessions.to_string(),
            deals: settings.deals.to_string(),
            fill: name_of(&Fill::Byes),
            games: String::new(),
            scheme: "games".into(),
            bonus: "10".into(),
            draw: name_of(&DrawMethod::Random),
            players: String::new(),
            planned_rounds: String::new(),
            tb1: String::new(),
            tb2: String::new(),
            tb3: String::new(),
            prize_fee: String::new(),
            prize_deduction: String::new(),
            prize_paid: String::new(),
            prize_money: String::new(),
            prize_goods: String::new(),
        }
    }

    /// The same form for three-player Watten (`players` 3: sessions at tables of three), or
    /// unchanged for any other answer or game.
    pub fn with_players(mut self, players: &str) -> NewTournamentForm {
        let game = enum_of::<Game>(&self.game);
        if game.is_some_and(|g| three_players(g, players)) {
            self.players = "3".into();
            self.format = name_of(&Format::Sessions);
        }
        self
    }
}

/// A tournament's name (1 to 100 characters, no control characters, trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentName(String);

impl TryFrom<&str> for TournamentName {
    type Error = &'static str;
    fn try_from(raw: &str) -> Result<Self, Self::Error> {
        Text::parse(raw, Kind::Title)
            .map(|t| TournamentName(t.into_string()))
            .map_err(|_| "error-tournament-name")
    }
}

impl TournamentName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new tournament, checked: its rules are ones the referee plays.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentSpec {
    pub name: TournamentName,
    pub date: NaiveDate,
    /// May be empty.
    pub place: String,
    pub game: Game,
    pub variant: Variant,
    /// Only when it differs from the variant's default.
    pub target: Option<u32>,
    /// Only the options that differ from the defaults.
    pub options: Options,
    pub format: Format,
    pub settings: Settings,
}

impl TournamentSpec {
    /// The tournament as a file without entrants or rounds (what the engine reads).
    pub fn file(&self) -> TournamentFile {
        TournamentFile {
            name: self.name.as_str().to_string(),
            game: self.game,
            variant: Some(self.variant),
            target: self.target,
            options: Some(written_options(&self.options)),
            format: self.format,
            players: Vec::new(),
            teams: Vec::new(),
            rounds: Vec::new(),
            settings: Some(self.settings.clone()),
            date: None,
            place: None,
            marks: Vec::new(),
        }
    }
}

/// The fields that are wrong, as catalogue message ids (the form shows them all at once).
pub type Invalid = Vec<&'static str>;

pub(super) fn number(raw: &str, range: std::ops::RangeInclusive<u32>) -> Option<u32> {
    raw.trim().parse::<u32>().ok().filter(|n| range.contains(n))
}

/// An optional number: empty is `Ok(None)`.
pub(super) fn optional(raw: &str, range: std::ops::RangeInclusive<u32>) -> Result<Option<u32>, ()> {
    if raw.trim().is_empty() {
        Ok(None)
    } else {
        number(raw, range).map(Some).ok_or(())
    }
}

/// A date as a date picker sends it (`2026-11-21`) or as people type it (`21.11.2026`).
pub fn parse_date(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(raw, "%d.%m.%Y"))
        .ok()
}

#[cfg(test)]
#[path = "new_form_tests.rs"]
mod tests;
