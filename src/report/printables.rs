//! Printables for the tables, as PDF: Rutesheim session sheets (one block per table with the
//! players' names over the deal rows and a total row) and blank score pads per game.

use super::pdf_layout::{Layout, PdfError};
use super::{ReportData, labels};
use crate::rules::Variant;
use crate::rules::{Game, Lang};

struct Words {
    sheet: &'static str,
    pad: &'static str,
    total: &'static str,
    us: &'static str,
    them: &'static str,
    player: &'static str,
    target: &'static str,
    table: &'static str,
    page: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::De => Words {
            sheet: "Laufzettel",
            pad: "Schreibblock",
            total: "Summe",
            us: "Wir",
            them: "Sie",
            player: "Spieler",
            target: "gespielt auf",
            table: "Tisch",
            page: "Seite",
        },
        Lang::En => Words {
            sheet: "Session sheet",
            pad: "Score pad",
            total: "Total",
            us: "Us",
            them: "Them",
            player: "Player",
            target: "played to",
            table: "Table",
            page: "Page",
        },
    }
}

/// Session sheets of round `round` (numbered from 1): per table its players over one row per
/// deal and a total row, two tables to a page. `None` when there is no such round.
pub fn session_sheets(data: &ReportData, round: usize) -> Option<Result<Vec<u8>, PdfError>> {
    let r = data.rounds.iter().find(|r| r.number == round)?;
    let w = words(data.lang);
    let l = labels::Labels::new(data.lang);
    let deals = data.deals_per_session.unwrap_or(10) as usize;
    let head = format!("{} · {} · {} {}", data.title, w.sheet, l.round, r.number);
    let mut out = Layout::new(&head, w.page);
    for t in &r.tables {
        // At a four-player table the dealer sits out, so the table plays a third more deals.
        let rows = (deals * t.seats.len()).div_ceil(3) + 1;
        out.need(60.0 + rows as f32 * 18.0);
        out.line(
            13.0,
            true,
            &format!("{} – {} {}", data.title, l.round, r.number),
        );
        out.line(
            12.0,
            true,
            &format!("{} {} · {}: {}", w.table, t.number, l.date, data.date),
        );
        let names: Vec<String> = t.seats.iter().map(|s| s.name.clone()).collect();
        out.grid(&names, rows, 18.0, Some(w.total));
        out.gap(18.0);
    }
    Some(out.finish())
}

/// A blank score pad for `variant` of `game`: columns for the sides (us and them, or one per
/// player where players play for themselves), three games to a page with the target noted.
pub fn score_pad(game: Game, variant: Variant, lang: Lang) -> Result<Vec<u8>, PdfError> {
    let w = words(lang);
    let name = format!(
        "{} {}",
        labels::game_word(game),
        labels::variant_word(variant)
    );
    let mut out = Layout::new(&format!("{} · {name}", w.pad), w.page);
    let sides: Vec<String> = if variant.individual() || variant.sides() == 3 {
        (1..=variant.sides())
            .map(|i| format!("{} {i}", w.player))
            .collect()
    } else {
        vec![w.us.to_string(), w.them.to_string()]
    };
    out.line(18.0, true, &format!("{} – {name}", w.pad));
    match variant.default_target() {
        Some(t) => out.line(10.0, false, &format!("{} {t}", w.target)),
        None => out.gap(14.5),
    }
    let rows = if game == Game::Gaigel { 38 } else { 11 };
    let games = if game == Game::Gaigel { 1 } else { 3 };
    for _ in 0..games {
        out.gap(8.0);
        out.grid(&sides, rows, 18.0, Some(w.total));
    }
    out.finish()
}
