//! The limits of a table: no deal past the tournament's games per table (`rounds` with
//! `settings.games`) or past a session's deal count (`sessions`, Rutesheim). The pad offers
//! nothing past them, saving a deal refuses one, the desk shows the table as done.

use super::links::ScorerTable;
use crate::error::AppError;
use crate::rules::Lang;
use crate::service::corrupt;
use crate::tournament::format::Settings;

/// Why a table takes no more deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The table has played the tournament's games per table.
    Games(u32),
    /// The table has played the session's deals.
    Deals(u32),
}

impl Limit {
    /// The refusal in plain words.
    pub fn message(self, lang: Lang) -> String {
        match (self, lang) {
            (Limit::Games(1), Lang::De) => {
                "Dieser Tisch hat seine Partie gespielt: das Turnier spielt eine Partie je Tisch, ein weiteres Spiel wird nicht angenommen.".into()
            }
            (Limit::Games(g), Lang::De) => format!(
                "Dieser Tisch hat seine {g} Partien gespielt: das Turnier spielt {g} Partien je Tisch, ein weiteres Spiel wird nicht angenommen."
            ),
            (Limit::Deals(n), Lang::De) => format!(
                "Dieser Tisch hat alle {n} Spiele der Runde gespielt: ein weiteres Spiel wird nicht angenommen."
            ),
            (Limit::Games(g), Lang::En) => format!(
                "This table has played its {g} game(s): the tournament plays {g} per table, no further deal is accepted."
            ),
            (Limit::Deals(n), Lang::En) => format!(
                "This table has played all {n} deals of the session: no further deal is accepted."
            ),
        }
    }
}

/// The tournament's settings (a tournament file's defaults when it has none).
fn settings(st: &ScorerTable) -> Result<Settings, AppError> {
    let s: Option<Settings> =
        serde_json::from_str(&st.tournament.settings).map_err(|e| corrupt("settings", e))?;
    Ok(s.unwrap_or_default())
}

/// The limit a table with `live` deals has reached, if any. `games` counts the games the
/// live record finished; it is asked only when the tournament limits games per table.
pub fn reached(
    st: &ScorerTable,
    live: usize,
    games: impl FnOnce() -> Result<usize, AppError>,
) -> Result<Option<Limit>, AppError> {
    let s = settings(st)?;
    if st.tournament.format == crate::tournament::format::Format::Sessions {
        if st.knockout {
            return Ok(None);
        }
        // A four-player table plays a third more deals (the dealer sits out each deal; the
        // same count the tournament file's check uses).
        let most = if st.seats.len() == 4 {
            s.deals / 3 * 4
        } else {
            s.deals
        };
        return Ok((live >= most as usize).then_some(Limit::Deals(most)));
    }
    match s.games {
        Some(g) if games()? >= g as usize => Ok(Some(Limit::Games(g))),
        _ => Ok(None),
    }
}
