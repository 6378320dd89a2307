//! The choices of the secretary's select fields, labelled from the catalogue. Game and variant
//! names stay German in both languages (clubs call them so); the rest is translated.

use crate::rules::{Game, Variant};
use crate::tournament::format::{DrawMethod, Format};
use crate::web::i18n::Locale;
use crate::web::secretary::new_form::name_of;

/// One `<option>`.
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

fn choice(value: String, label: String, current: &str) -> Choice {
    Choice {
        selected: value == current,
        value,
        label,
    }
}

pub const GAMES: [Game; 4] = [Game::Watten, Game::Gaigel, Game::Perlaggen, Game::Giltspiel];

pub fn game_label(l: Locale, g: Game) -> String {
    l.t(&format!("game-{}", name_of(&g)))
}

pub fn variant_label(l: Locale, v: Variant) -> String {
    l.t(&format!("variant-{}", v.as_str().replace('_', "-")))
}

pub fn games(l: Locale, current: &str) -> Vec<Choice> {
    GAMES
        .iter()
        .map(|g| choice(name_of(g), game_label(l, *g), current))
        .collect()
}

/// The game's variants in the contract's order, its default first (Watten's `tyrolean`
/// before `bavarian`): the form opens on the default.
pub fn variants(l: Locale, game: Game, current: &str) -> Vec<Choice> {
    let mut of_game: Vec<Variant> = Variant::all().filter(|v| v.game() == game).collect();
    of_game.sort_by_key(|v| *v != Variant::default_for(game));
    of_game
        .into_iter()
        .map(|v| choice(v.as_str().to_string(), variant_label(l, v), current))
        .collect()
}

pub fn draw_label(l: Locale, d: DrawMethod) -> String {
    l.t(&format!("draw-{}", name_of(&d)))
}

/// The draws a format offers: the Wattkönig rotation seats two sides, so not in sessions,
/// and it is Watten's (`watten`), so not on another game's form.
pub fn draws(l: Locale, format: Format, watten: bool, current: &str) -> Vec<Choice> {
    [
        DrawMethod::Random,
        DrawMethod::Swiss,
        DrawMethod::Wattkoenig,
    ]
    .into_iter()
    .filter(|d| (format == Format::Rounds && watten) || *d != DrawMethod::Wattkoenig)
    .map(|d| choice(name_of(&d), draw_label(l, d), current))
    .collect()
}

/// Value/label pairs from catalogue ids `{prefix}-{value}`.
pub fn keyed(l: Locale, prefix: &str, values: &[&str], current: &str) -> Vec<Choice> {
    values
        .iter()
        .map(|v| {
            choice(
                v.to_string(),
                l.t(&format!("{prefix}-{}", v.replace('_', "-"))),
                current,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels built from values (`variant-...`) exist in both catalogues; the catalogue
    /// test sees only literal ids. A missing message comes back as its id.
    #[test]
    fn every_built_label_exists_in_both_languages() {
        let mut ids: Vec<String> = GAMES
            .iter()
            .map(|g| format!("game-{}", name_of(g)))
            .collect();
        ids.extend(Variant::all().map(|v| format!("variant-{}", v.as_str().replace('_', "-"))));
        for d in [
            DrawMethod::Random,
            DrawMethod::Swiss,
            DrawMethod::Wattkoenig,
        ] {
            ids.push(format!("draw-{}", name_of(&d)));
        }
        for id in [
            "sevens-none",
            "sevens-five-sevens",
            "sevens-auf-dissle",
            "sevens-auf-siebener",
            "opt-auf-farbe",
            "dissle-lost-single",
            "dissle-lost-double",
            "overgaigel-at-once",
            "overgaigel-on-accusation",
            "pair-card-free",
            "pair-card-next-trick",
            "fill-byes",
            "fill-four-tables",
            "players-4",
            "players-3",
            "scheme-games",
            "scheme-wattkoenig",
            "format-sessions",
            "format-rounds",
            "status-setup",
            "status-running",
            "status-finished",
            "round-open",
            "round-closed",
        ] {
            ids.push(id.to_string());
        }
        for l in [Locale::De, Locale::En] {
            for id in &ids {
                assert_ne!(&l.t(id), id, "{id} is missing in {}", l.tag());
            }
        }
        assert_eq!(variants(Locale::De, Game::Watten, "bavarian").len(), 5);
        // Perlaggen: four styles and the five historical sets of 1853.
        assert_eq!(variants(Locale::De, Game::Perlaggen, "radetzky").len(), 9);
    }
}
