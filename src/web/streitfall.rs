//! The Streitfall page (docs/rules/streitfall.md): anyone enters a disputed deal card by card
//! and sees the referee's ruling, for all four games. The page draws what `POST
//! /api/v1/streitfall/table` answers (static/streitfall.js); it decides no rule itself: the
//! seats, the pack and the trump fields come from `rules::streit::blank`. A secretary's copy
//! for a stored deal ([`Correct`], `web::tables::streitfall`) also offers "Als Korrektur
//! übernehmen"; the public copy (`web::public::streitfall`) only replays.

use crate::rules::match_record::{Deal, Options};
use crate::rules::{Game, Record, Variant};
use crate::web::AppError;
use crate::web::ctx::Ctx;
use crate::web::i18n::Locale;
use crate::web::page::Page;
use crate::web::secretary::choices::variant_label;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use serde::de::IntoDeserializer;
use serde::de::value::Error as NameError;

/// Where a secretary's finished card-level deal goes: the deal's correction save.
pub struct Correct {
    /// The correction page's save (`…/deals/{d}/save`).
    pub save: String,
    /// The correction page itself.
    pub back: String,
    pub csrf: String,
    /// The deal's current version, the correction's `based_on`.
    pub based_on: i32,
    /// A fresh submission key.
    pub key: String,
    /// The deal's number (from 1).
    pub no: i32,
}

/// What the page starts from: the record's frame (game, variant, options; no deals) and, for
/// a stored deal already entered card by card, that deal, replayed with its rulings.
pub struct Start {
    pub frame: Record,
    pub deal: Option<Deal>,
    /// A stored deal entered without cards: shown in words above the dealer (a
    /// public deal's link opened an empty dealer, as if there were no deal).
    pub entered: Option<Deal>,
}

impl Start {
    /// A stored table's record (its deals are left out) and its deal `deal` (replayed when
    /// card-level, else shown in words).
    pub fn stored(record: &Record, deal: Option<Deal>) -> Start {
        let (deal, entered) = match deal {
            Some(d) if d.has_cards() => (Some(d), None),
            other => (None, other),
        };
        Start {
            frame: record.frame(),
            deal,
            entered,
        }
    }
}

#[derive(Template)]
#[template(path = "streitfall.html")]
pub struct Streitfall {
    page: Page,
    /// The game and variant picker: only on the free page.
    picker: bool,
    games: [&'static str; 4],
    game: &'static str,
    variant: String,
    /// The variant in the page's language ("Tirolerisch").
    variant_label: String,
    /// Each variant the picker offers: its contract name and its label.
    variants: Vec<(&'static str, String)>,
    /// The player counts the picker offers, and the one chosen.
    counts: Vec<u32>,
    players: u32,
    /// The packs other than the variant's own the picker offers (Watten: 36, Toblach), and
    /// the one chosen (0: the variant's own).
    packs: Vec<u32>,
    pack: u32,
    /// `rules::streit::Blank` as JSON, or empty when the referee refuses the frame.
    blank: String,
    /// The referee's message when it refuses the frame for card-level deals.
    refused: Option<String>,
    frame: String,
    /// The stored card-level deal as JSON, or empty.
    deal: String,
    correct: Option<Correct>,
    /// The public copy's way back to the table's sheet.
    back: Option<String>,
    /// The stored deal in the pad's words, when it was entered without cards.
    entered: Option<String>,
    /// The pasted record, shown again with what was wrong with it.
    pasted: String,
    pasted_error: Option<String>,
}

#[derive(serde::Deserialize)]
pub struct Query {
    game: Option<String>,
    variant: Option<String>,
    /// The option `players`, for the games that take it (contract 3).
    players: Option<u32>,
    /// Watten's option `pack` (`36`: Toblach); empty or anything else: the variant's pack.
    pack: Option<String>,
    /// A pasted match record (contract 3): its frame, and its last deal when card-level.
    record: Option<String>,
}

/// The player counts the free page offers per game, the default first. Counts the
/// card-level referee does not take (three) are offered too: the page then shows its words.
fn player_counts(game: Game) -> Vec<u32> {
    match game {
        Game::Perlaggen => vec![4, 2, 6, 3],
        Game::Watten => vec![4, 2, 3],
        // Giltspiel is played by four; Gaigel's variants say who plays.
        Game::Giltspiel | Game::Gaigel => Vec::new(),
    }
}

/// The packs the free page offers besides the variant's own: Watten's `pack: 36` (Toblach).
/// Where the variant does not take it the referee refuses the frame in its words.
fn packs(game: Game) -> Vec<u32> {
    match game {
        Game::Watten => vec![36],
        _ => Vec::new(),
    }
}

/// The variants of each game by their contract names (contract 3), the game's default first.
fn variants(game: Game) -> Vec<&'static str> {
    let mut of_game: Vec<Variant> = Variant::all().filter(|v| v.game() == game).collect();
    of_game.sort_by_key(|v| *v != Variant::default_for(game));
    of_game.into_iter().map(Variant::as_str).collect()
}

/// The game the query names; Perlaggen, the page's first, when it names none or no game.
fn game_of(name: Option<&str>) -> Game {
    let parse = |name: &str| {
        let name: serde::de::value::StrDeserializer<NameError> = name.into_deserializer();
        Game::deserialize(name).ok()
    };
    name.and_then(parse).unwrap_or(Game::Perlaggen)
}

/// `GET /streitfall?game=..&variant=..`: the page for any game's disputed deal.
pub async fn page(mut ctx: Ctx, query: web::Query<Query>) -> Result<HttpResponse, AppError> {
    if let Some(text) = query.record.as_deref().filter(|t| !t.trim().is_empty()) {
        return pasted(ctx, text).await;
    }
    let game = game_of(query.game.as_deref());
    let variant = (query.variant.as_deref())
        .and_then(Variant::parse)
        .filter(|v| v.game() == game)
        .unwrap_or_else(|| Variant::default_for(game));
    let mut frame = Record::new(game);
    frame.variant = Some(variant);
    let pack = query.pack.as_deref().and_then(|p| p.parse::<u32>().ok());
    let options = Options {
        players: query.players.filter(|n| player_counts(game).contains(n)),
        pack: pack.filter(|n| packs(game).contains(n)),
        ..Options::default()
    };
    frame.options = (options != Options::default()).then_some(options);
    let page = ctx.page().await?;
    let start = Start {
        frame,
        deal: None,
        entered: None,
    };
    ctx.ok(&view(page, start, true, None, None))
}

/// A pasted record (there was no way to paste one): its game, variant and options,
/// and its last deal (replayed when card-level, in words otherwise). Not JSON, or not a
/// record the typed record reads (a key it does not know, a deal not of its game): the free
/// page again with the text and a sentence saying so, as 400.
async fn pasted(mut ctx: Ctx, text: &str) -> Result<HttpResponse, AppError> {
    let page = ctx.page().await?;
    let Ok(mut record) = Record::from_json(text) else {
        let mut v = view(
            page,
            Start::stored(&default_frame(), None),
            true,
            None,
            None,
        );
        v.pasted = text.to_string();
        v.pasted_error = Some(v.page.t("streit-paste-error"));
        return ctx.render(actix_web::http::StatusCode::BAD_REQUEST, &v);
    };
    let last = record.take_last();
    let mut v = view(page, Start::stored(&record, last), true, None, None);
    v.pasted = text.to_string();
    ctx.ok(&v)
}

fn default_frame() -> Record {
    let mut frame = Record::new(Game::Perlaggen);
    frame.variant = Some(Variant::default_for(Game::Perlaggen));
    frame
}

/// Why the referee refuses the frame, in the page's language. The referee's malformed
/// messages are English (contract 4) and name fields, so the frames the free page can ask for
/// (three players in Perlaggen, the 36 cards in a variant without them) are said in words;
/// any other is a sentence, in English with the referee's own message after it.
fn refusal(locale: Locale, m: &crate::rules::Malformed) -> String {
    match (m.path.as_str(), locale) {
        ("options.players", _) => locale.t("streit-refused-players"),
        ("options.pack", _) => locale.t("streit-refused-pack"),
        (_, Locale::En) => format!("{} ({m})", locale.t("streit-refused-frame")),
        (_, Locale::De) => locale.t("streit-refused-frame"),
    }
}

/// The page for `start`; `picker` offers the game and variant choice (the free page only).
pub fn view(
    page: Page,
    start: Start,
    picker: bool,
    correct: Option<Correct>,
    back: Option<String>,
) -> Streitfall {
    let game = start.frame.game;
    let variant = start.frame.variant.unwrap_or(Variant::default_for(game));
    let locale = page.locale;
    let label = |v: Variant| variant_label(locale, v);
    let list = variants(game)
        .into_iter()
        .filter_map(|v| Some((v, label(Variant::parse(v)?))))
        .collect();
    // The frame as a whole record with no deals yet: the referee reads it so, and the page's
    // script puts its deal in.
    let frame = start.frame.to_json();
    let (blank, refused) = match crate::rules::streit::blank(&frame) {
        Ok(b) => (serde_json::to_string(&b).unwrap_or_default(), None),
        Err(m) => (String::new(), Some(refusal(page.locale, &m))),
    };
    let entered = (start.entered.as_ref()).map(|d| crate::web::deal_words::words(page.locale, d));
    let counts = player_counts(game);
    let options = start.frame.options.as_ref();
    let players = (options.and_then(|o| o.players))
        .or(counts.first().copied())
        .unwrap_or_default();
    let pack = options.and_then(|o| o.pack).unwrap_or_default();
    Streitfall {
        page,
        picker,
        counts,
        players,
        packs: packs(game),
        pack,
        games: ["perlaggen", "giltspiel", "watten", "gaigel"],
        game: game.as_str(),
        variant: variant.as_str().to_string(),
        variant_label: label(variant),
        variants: list,
        blank,
        refused,
        frame,
        deal: start.deal.map(|d| d.to_json()).unwrap_or_default(),
        correct,
        back,
        entered,
        pasted: String::new(),
        pasted_error: None,
    }
}

/// The page for a secretary's stored deal.
pub async fn render(
    mut ctx: Ctx,
    start: Start,
    correct: Correct,
) -> Result<HttpResponse, AppError> {
    let page = ctx.page().await?;
    ctx.ok(&view(page, start, false, Some(correct), None))
}

#[cfg(test)]
mod tests {
    use super::{game_of, variants};
    use crate::rules::Game;

    /// Contract 3 names each game's variants, its default first in bold: the picker offers
    /// them all (Perlaggen's 1853 sets too), the default first.
    #[test]
    fn the_picker_offers_every_variant_of_the_game_the_default_first() {
        assert_eq!(variants(Game::Giltspiel), ["standard", "perlique"]);
        assert_eq!(
            variants(Game::Watten),
            ["tyrolean", "bavarian", "kritische", "guate", "blind"]
        );
        assert_eq!(variants(Game::Gaigel), ["four", "six", "two", "three"]);
        let perlaggen = variants(Game::Perlaggen);
        assert_eq!(
            perlaggen[..4],
            ["innsbruck", "eichel", "schlanders", "deutschnofen"]
        );
        assert!(perlaggen.contains(&"trump_four"), "{perlaggen:?}");
    }

    #[test]
    fn the_game_is_read_by_its_record_name_and_perlaggen_stands_in_for_none() {
        assert_eq!(game_of(Some("gaigel")), Game::Gaigel);
        assert_eq!(game_of(Some("giltspiel")), Game::Giltspiel);
        assert_eq!(game_of(Some("schafkopf")), Game::Perlaggen);
        assert_eq!(game_of(None), Game::Perlaggen);
    }
}
