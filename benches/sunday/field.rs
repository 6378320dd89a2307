//! The Sunday's field: tournaments of all four games (Watten, Perlaggen, Giltspiel, Gaigel
//! Rutesheim), public, round 1 drawn and its table cards issued, stored through kartl's service
//! layer the way the tests' fixture builds them. Their sizes run evenly from the smallest to the
//! largest club and add up to the day's number of tables.

use crate::harness::fixture::{self, Spec};
use crate::harness::setup;
use kartl::rules::{Game, Variant};
use kartl::service::scoring::Confirmation;
use kartl::tournament::format::Format;
use serde_json::json;

/// One tournament of the day.
#[derive(Debug, Clone)]
pub struct Event {
    pub slug: String,
    pub game: Game,
    /// Round 1's scorer link secrets, one per table.
    pub tokens: Vec<String>,
}

/// The tables of `count` tournaments adding up to `total`, from about `smallest` to about
/// `largest` tables, evenly spread (at least one table each).
pub fn sizes(count: usize, total: usize, smallest: usize, largest: usize) -> Vec<usize> {
    let weights: Vec<f64> = (0..count)
        .map(|i| {
            let step = if count > 1 {
                i as f64 / (count - 1) as f64
            } else {
                0.0
            };
            smallest as f64 + (largest - smallest) as f64 * step
        })
        .collect();
    let sum: f64 = weights.iter().sum();
    let mut out: Vec<usize> = weights
        .iter()
        .map(|w| ((w / sum * total as f64).round() as usize).max(1))
        .collect();
    // Rounding leaves the sum a few tables off: the largest tournament takes the difference.
    let have: usize = out.iter().sum();
    if let Some(last) = out.last_mut() {
        *last = (*last + total).saturating_sub(have).max(1);
    }
    out
}

/// Tournament `n` of the day with `tables` tables: the games in turn.
fn spec(n: usize, tables: usize) -> Spec {
    let (variant, seats, team_size) = match n % 4 {
        0 => ("tyrolean", 4, 2),
        1 => ("innsbruck", 4, 2),
        2 => ("standard", 4, 2),
        _ => ("three", 3, 1),
    };
    let variant: Variant = serde_json::from_value(json!(variant)).expect("a variant's name");
    let game = variant.game();
    let mut spec = Spec {
        club: setup::CLUB.into(),
        name: format!("Sonntag {} ({})", n + 1, game.as_str()),
        variant: Some(variant),
        players: (0..tables * seats)
            .map(|i| format!("Spieler {n}-{i}"))
            .collect(),
        team_size,
        seed: Some(7 + n as u64),
        confirmation: Confirmation::None,
        cards: true,
        public: true,
        ..Spec::new(game)
    };
    if game == Game::Gaigel {
        spec.options = json!({"scoring": "rutesheim"}).as_object().cloned();
        spec.format = Format::Sessions;
        spec.settings = Some(serde_json::from_value(json!({"sessions": 3, "deals": 10})).unwrap());
    }
    // Watten to a target no table reaches in the run, so every table keeps playing (the other
    // games end their table's game by their own rules; such a table stops entering).
    if game == Game::Watten {
        spec.target = Some(1000);
    }
    spec
}

/// Stores the day's tournaments in `database`, for the club the harness's secretary keeps.
pub fn build(database: &str, sizes: &[usize]) -> Vec<Event> {
    let url = kartl::db::DbUrl::parse(database).expect("database URL");
    let mut conn = kartl::db::open_one(&url).expect("open the database");
    let now = chrono::Utc::now().naive_utc();
    sizes
        .iter()
        .enumerate()
        .map(|(n, &tables)| {
            let spec = spec(n, tables);
            let built = fixture::build(&mut conn, now, &spec)
                .unwrap_or_else(|e| panic!("tournament {n}: {e:?}"));
            assert_eq!(
                built.tokens.len(),
                tables,
                "tournament {n}: a link per table"
            );
            Event {
                slug: built.slug,
                game: spec.game,
                tokens: built.tokens,
            }
        })
        .collect()
}

/// The day's cup: the Watten tournaments (the cup's game) joined and accepted, as a valley's
/// "Watt-Cup" whose evenings all run this Sunday; its slug, or `None` without a Watten
/// tournament. Its evenings are not finished, so the cup page lists no ranking yet, but every
/// deal saved at one of them moves the page's stamp: the page is refereed and rendered anew
/// as often as it ever is.
pub fn cup(database: &str, events: &[Event]) -> Option<String> {
    let slugs: Vec<String> = events
        .iter()
        .filter(|e| e.game == Game::Watten)
        .map(|e| e.slug.clone())
        .collect();
    (!slugs.is_empty())
        .then(|| crate::harness::cup::make(database, "Sonntags-Watt-Cup", Game::Watten, &slugs))
}
