//! Parts every public page shares: the heading with the tournament's navigation, and the
//! standings table with links to each entrant's page.

use super::cache::Snapshot;
use crate::tournament::standings::Row;
use crate::web::i18n::Locale;
use crate::web::secretary::list::date_words;
use crate::web::secretary::standings_view;

/// The tournament's name, date and place, and the links between its public pages.
pub struct Head {
    pub slug: String,
    pub name: String,
    /// Date and place in words ("21.11.2026 · Rutesheim"), empty when neither is known.
    pub when: String,
    /// The rounds drawn so far, by number (knockout rounds too).
    pub rounds: Vec<i32>,
}

impl Head {
    pub fn of(snap: &Snapshot) -> Head {
        let t = &snap.detail.tournament;
        let when = [date_words(t.date), t.place.clone().unwrap_or_default()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" · ");
        Head {
            slug: t.slug.clone(),
            name: t.name.clone(),
            when,
            rounds: snap.detail.rounds.iter().map(|r| r.number).collect(),
        }
    }
}

/// A standings table for the public pages: the secretary's table (same columns and labels,
/// `standings_view`) with each name linked to the entrant's page.
pub struct PublicTable {
    pub caption: String,
    pub rank: String,
    pub name: String,
    pub points: String,
    pub columns: Vec<String>,
    /// The order in words ("Bei Gleichstand: Punkte, dann Los").
    pub order: String,
    pub rows: Vec<PublicLine>,
}

pub struct PublicLine {
    /// How the entrant took part ("zurückgezogen nach Runde 2"); empty when in every round.
    pub note: String,
    pub rank: u32,
    pub name: String,
    pub href: String,
    pub points: i64,
    pub tiebreaks: Vec<i64>,
}

impl PublicTable {
    pub fn of(l: Locale, slug: &str, caption: String, rows: &[Row]) -> PublicTable {
        PublicTable::noted(l, slug, caption, rows, &Default::default())
    }

    /// As [`PublicTable::of`], with each marked entrant's note (`secretary::field_lines::notes`).
    pub fn noted(
        l: Locale,
        slug: &str,
        caption: String,
        rows: &[Row],
        notes: &std::collections::BTreeMap<String, String>,
    ) -> PublicTable {
        let shared = standings_view::table(l, caption, rows).noted(notes);
        PublicTable {
            caption: shared.caption,
            rank: l.t("standings-rank"),
            name: l.t("field-name"),
            points: l.t("standings-points"),
            columns: shared.columns,
            order: shared.order,
            rows: rows
                .iter()
                .zip(shared.rows)
                .map(|(row, line)| PublicLine {
                    note: line.note,
                    rank: line.rank,
                    href: entrant_href(slug, &row.id),
                    name: line.name,
                    points: line.points,
                    tiebreaks: line.tiebreaks,
                })
                .collect(),
        }
    }
}

/// The overall standings, or `None` while no deal counts yet (every line would read 0).
pub fn overall(l: Locale, snap: &Snapshot) -> Option<PublicTable> {
    let any_deal = snap.any_deal();
    let rows = &snap.eval.standings.standings;
    (any_deal && !rows.is_empty()).then(|| {
        PublicTable::noted(
            l,
            &snap.detail.tournament.slug,
            crate::web::secretary::stage::caption(l, &snap.detail),
            rows,
            &crate::web::secretary::field_lines::notes(l, &snap.detail),
        )
    })
}

/// Tables whose record breaks a rule, in words ("Runde 2, Tisch 3: ...").
pub fn broken(l: Locale, snap: &Snapshot) -> Vec<String> {
    snap.eval
        .broken
        .iter()
        .map(|b| {
            l.t_with(
                "standings-broken",
                &[
                    ("round", (b.round + 1).to_string()),
                    ("table", (b.table + 1).to_string()),
                ],
            )
        })
        .collect()
}

pub fn entrant_href(slug: &str, id: &str) -> String {
    let id: String = url::form_urlencoded::byte_serialize(id.as_bytes()).collect();
    format!("/p/{slug}/entrants/{id}")
}
