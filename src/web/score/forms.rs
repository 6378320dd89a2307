//! The entry forms every table page shows (`templates/score/_entry.html`): what was typed,
//! the referee's message or the preview, and the fields per game. The scorer's page and the
//! secretary's table and correction pages fill them the same way, posting elsewhere.

use super::view::sides;

/// The entry forms' state: what was typed, and the referee's message or the preview.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub mode: String,
    pub points: String,
    pub events: String,
    /// Every submitted field (the Gaigel form shows them again).
    pub fields: std::collections::HashMap<String, String>,
    pub error: Option<String>,
    pub preview: Option<Preview>,
}

/// A checked deal waiting for "save".
#[derive(Debug, Clone)]
pub struct Preview {
    pub words: String,
    /// The deal as JSON, posted back by the save form.
    pub deal: String,
    pub based_on: i32,
    pub key: String,
}

/// A side's row of the Gaigel form, with what was typed.
pub struct GaigelRow {
    pub side: String,
    pub name: String,
    pub points: String,
    pub melds: String,
    pub tricks: String,
}

/// What the entry forms (`templates/score/_entry.html`) need: the scorer's page and the
/// secretary's table and correction pages show the same forms, only posting elsewhere.
pub struct Forms {
    /// The page the forms post to: `{base}/check`, `{base}/save`.
    pub base: String,
    pub csrf: String,
    pub entry: Entry,
    pub points: String,
    /// `watten`, `gaigel`, or another game (no entry form yet).
    pub game: String,
    pub sides: Vec<(String, String)>,
    /// The figure games' figures, for the event buttons.
    pub figure_names: Vec<&'static str>,
    pub gaigel: Vec<GaigelRow>,
    /// The Gaigel selects' current values: out, overgaigel, five_sevens; and the cut.
    pub gaigel_out: String,
    pub gaigel_over: String,
    pub gaigel_sevens: String,
    pub gaigel_cut: String,
    /// A secretary's correction: the save form asks for a reason.
    pub correcting: bool,
    pub reason: String,
}

impl Forms {
    /// The forms for the table of `game` with `names` per side, showing what `entry` holds.
    pub fn new(base: String, csrf: String, game: &str, names: &[String], entry: Entry) -> Forms {
        let side_list = sides(names.len());
        let typed = |name: String| entry.fields.get(&name).cloned().unwrap_or_default();
        let gaigel = side_list
            .iter()
            .zip(names)
            .map(|(side, name)| GaigelRow {
                side: side.clone(),
                name: name.clone(),
                points: typed(format!("points_{side}")),
                melds: typed(format!("melds_{side}")),
                tricks: typed(format!("tricks_{side}")),
            })
            .collect();
        let points = if entry.points.trim().is_empty() {
            "2".to_string()
        } else {
            entry.points.clone()
        };
        Forms {
            base,
            csrf,
            points,
            game: game.to_string(),
            sides: side_list.into_iter().zip(names.iter().cloned()).collect(),
            figure_names: vec!["gleich", "hanger", "spiel"],
            gaigel,
            gaigel_out: typed("out".into()),
            gaigel_over: typed("overgaigel".into()),
            gaigel_sevens: typed("five_sevens".into()),
            gaigel_cut: typed("cut".into()),
            correcting: false,
            reason: String::new(),
            entry,
        }
    }
}
