//! The entry forms every table page shows (`templates/score/_entry.html`): what was typed,
//! the referee's message or the preview, and the fields per game. The scorer's page and the
//! secretary's table and correction pages fill them the same way, posting elsewhere.

use crate::rules::gaigel::{Rules as GaigelRules, Sevens};
use crate::rules::record::RawRecord;
use crate::rules::{Game, Report};
use crate::service::scoring::entry::Refusal;
use crate::web::i18n::Locale;
use crate::web::score::figures::{self, PanelLabels, pack::PickCard, panel::Panel};
use crate::web::score::placing;
use crate::web::score::view::sides;

/// The entry forms' state: what was typed, and the referee's message or the preview.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub mode: String,
    pub points: String,
    pub events: String,
    /// Every submitted field (the Gaigel form shows them again).
    pub fields: std::collections::HashMap<String, String>,
    pub error: Option<String>,
    /// The event list's line (from 1) the error is about; 0: none.
    pub error_line: usize,
    /// The kind of field the error is about (`points`, `melds`, …); empty: none.
    pub error_field: String,
    /// The typed event lines, echoed under the list with the broken one marked.
    pub lines: Vec<placing::Line>,
    pub preview: Option<Preview>,
}

impl Entry {
    /// The referee's `message` about the checked deal of `game`, placed beside what broke the
    /// rule: the line of its `event` (an index into the checked deal's events), or else the
    /// form field the rule's `code` is about. Every page's check places it here.
    pub fn broken(&mut self, game: Game, message: String, code: Refusal, event: Option<usize>) {
        self.error = Some(message);
        match (event, code) {
            (Some(j), _) => self.error_line = placing::line_of_event(&self.events, j).unwrap_or(0),
            (None, Refusal::Rule(code)) => {
                self.error_field = placing::field_of_code(game, code).unwrap_or("").into()
            }
            // A malformed deal or a table's limit is about no field.
            (None, _) => {}
        }
        self.lines = placing::event_lines(&self.events);
    }
}

/// A checked deal waiting for "save".
#[derive(Debug, Clone)]
pub struct Preview {
    pub words: String,
    /// The deal as JSON, posted back by the save form.
    pub deal: String,
    pub based_on: i32,
    pub key: String,
    /// This one deal decides a whole game from 0:0: the save asks "really?" first.
    pub decides: bool,
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
    /// The table's game: which form the page shows.
    pub game: Game,
    pub sides: Vec<(String, String)>,
    /// Three-player Watten: the forms ask who played alone (`alone`, one of `sides`), with
    /// what was chosen before.
    pub three: bool,
    pub alone: String,
    /// The figure games' figures, for the event buttons.
    pub figure_names: Vec<&'static str>,
    /// The figure games: the panel of the deal so far, and the card picker's pack.
    pub panel: Panel,
    pub labels: PanelLabels,
    pub pack: Vec<PickCard>,
    pub gaigel: Vec<GaigelRow>,
    /// The Gaigel selects' current values: out, overgaigel, five_sevens; and the cut.
    pub gaigel_out: String,
    pub gaigel_over: String,
    pub gaigel_sevens: String,
    pub gaigel_cut: String,
    /// Gaigel options of the table's record: playing on Sevens (`auf_dissle` or
    /// `auf_siebener`), a Dissle that a trick can lose (`auf_dissle`), five of a suit.
    pub gaigel_on_sevens: bool,
    pub gaigel_dissle_can_lose: bool,
    pub gaigel_auf_farbe: bool,
    /// Their current values: the side on Sevens, the lost-by-a-trick box, five of a suit.
    pub gaigel_dissle: String,
    pub gaigel_dissle_trick: bool,
    pub gaigel_farbe: String,
    /// A secretary's correction: the save form asks for a reason.
    pub correcting: bool,
    pub reason: String,
}

/// The record the entered deal follows: the table's frame with the deals before it, and the
/// referee's result over them (the figure panel starts from its score; `None` when they break
/// a rule).
pub struct Before<'a> {
    pub record: &'a crate::rules::Record,
    pub report: Option<&'a Report>,
}

impl Forms {
    /// The forms for the table of `game` with `names` per side, showing what `entry` holds;
    /// posting to `{base}/check` and `{base}/save` (the figure panel from `{base}/figures`).
    pub fn new(
        base: String,
        csrf: String,
        locale: Locale,
        game: Game,
        names: &[String],
        before: Before<'_>,
        entry: Entry,
    ) -> Forms {
        let side_list = sides(names.len());
        let typed = |name: String| entry.fields.get(&name).cloned().unwrap_or_default();
        let rules = match game {
            Game::Gaigel => gaigel_rules(before.record),
            _ => GaigelRules::default(),
        };
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
        let (panel, pack) = match figures::variant_of(before.record) {
            Some(v) if matches!(game, Game::Giltspiel | Game::Perlaggen) => (
                figures::panel::panel(locale, before.record, before.report, &entry.events),
                figures::pack::pack(v),
            ),
            _ => Default::default(),
        };
        Forms {
            base,
            csrf,
            points,
            game,
            three: game == Game::Watten && names.len() == 3,
            alone: typed("alone".into()),
            sides: side_list.into_iter().zip(names.iter().cloned()).collect(),
            figure_names: vec!["gleich", "hanger", "spiel"],
            panel,
            labels: PanelLabels::new(locale),
            pack,
            gaigel,
            gaigel_out: typed("out".into()),
            gaigel_over: typed("overgaigel".into()),
            gaigel_sevens: typed("five_sevens".into()),
            gaigel_cut: typed("cut".into()),
            gaigel_on_sevens: matches!(rules.sevens, Sevens::AufDissle | Sevens::AufSiebener),
            gaigel_dissle_can_lose: rules.sevens == Sevens::AufDissle,
            gaigel_auf_farbe: rules.auf_farbe,
            gaigel_dissle: typed("dissle".into()),
            gaigel_dissle_trick: entry.fields.contains_key("dissle_trick"),
            gaigel_farbe: typed("farbe".into()),
            correcting: false,
            reason: String::new(),
            entry,
        }
    }
}

/// The Gaigel rules of the table's record; the defaults when the record cannot be read (the
/// referee names that problem wherever the record is refereed).
fn gaigel_rules(record: &crate::rules::Record) -> GaigelRules {
    let text = record.to_json();
    RawRecord::parse(&text)
        .and_then(|raw| crate::rules::gaigel::input::parse_rules(&raw))
        .unwrap_or_default()
}
