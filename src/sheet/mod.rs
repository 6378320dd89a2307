//! Score sheets: the table's record drawn as SVG the way players keep it on paper.
//!
//! Pure (no I/O, clock, web or database). [`render`] referees the record itself with
//! [`rules::referee`], so a sheet can never disagree with the engine, and draws one sheet per
//! game family from the typed result:
//! - `watten`: two columns, Bummerl and scissors (rules text `004`, "scoresheet");
//! - `figures`: target on top, two columns, the gestrichen line (texts `000` and `001`,
//!   "On the scoresheet the target score is written at the top");
//! - `gaigel`: lines from a central circle with strokes (texts `002`, "on a slate or on
//!   paper", and `003`, "Scoring"), or the SKV Rutesheim game-points table (`002`);
//! - `watten_three`: three-player Watten, a column per player with the Bummerl per game.
//!
//! A record that breaks a rule is drawn up to the break with the rule's message as a note
//! at the bottom; a malformed record is returned as the error.

mod columns;
mod figures;
mod figures_three;
mod gaigel;
#[cfg(test)]
mod samples;
pub mod svg;
#[cfg(test)]
mod tests;
mod three_columns;
mod watten;
mod watten_three;

pub use svg::Svg;

use crate::rules::common::{Lang, Pair, Violation};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use crate::rules::{self, Report};

/// The names written at the top of the columns or lines: teams or players, user input
/// (escaped when drawn). `sides[0]` is side `A` (or `P1`), `sides[1]` `B` (`P2`), `sides[2]`
/// `P3`; a name left out or blank is written as the side's letter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SheetLabels {
    pub sides: Vec<String>,
}

impl SheetLabels {
    /// Labels from the side names in order.
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Self {
        SheetLabels {
            sides: names.into_iter().map(Into::into).collect(),
        }
    }

    /// The name of side `i`, or `fallback` when none was given; long names are shortened.
    fn name(&self, i: usize, fallback: &str) -> String {
        match self.sides.get(i).map(|s| s.trim()) {
            Some(s) if !s.is_empty() => shorten(s, NAME_CHARS),
            _ => fallback.to_string(),
        }
    }
}

/// The most characters of a name over a column of 140 units in bold 14: 20 ran into the
/// other side's name on a phone ("Spieler 5 / SpielerSpieler 7 / Spieler…").
const NAME_CHARS: usize = 15;

/// Cuts `s` to `max` characters, marking the cut with an ellipsis.
fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max - 1).collect();
        out.push('…');
        out
    }
}

/// Referees `record_json` (a match record, contract 3) and draws its score sheet.
///
/// `Err` when the record is not well-formed (contract 2.1); a record that breaks a rule is
/// drawn up to the break with the rule's message (in `lang`) as a note.
///
/// ```
/// use kartl::rules::Lang;
/// use kartl::sheet::{render, SheetLabels};
/// let record = r#"{"game": "watten", "deals": [{"winner": "A", "points": 3}]}"#;
/// let svg = render(record, Lang::De, &SheetLabels::new(["Sepp & Loisl", "Vroni"])).unwrap();
/// assert!(svg.as_str().contains("Sepp &amp; Loisl"));
/// ```
pub fn render(record_json: &str, lang: Lang, labels: &SheetLabels) -> Result<Svg, Malformed> {
    let report = rules::referee(record_json, lang)?;
    let raw = RawRecord::parse(record_json)?;
    // A three-player record's start names players, read by its own referee (Gaigel takes
    // none: the referee refuses it above).
    let start = match raw.start {
        Some(s) if report.players() == 2 => parse_part::<Pair<u32>>("start", s)?,
        _ => Pair::default(),
    };
    let words = Words::new(lang);
    Ok(match &report {
        Report::Watten(r) => {
            let variant = match raw.variant {
                Some(v) => parse_part("variant", v)?,
                None => rules::watten::input::Variant::default(),
            };
            let options = match raw.options {
                Some(o) => parse_part("options", o)?,
                None => Default::default(),
            };
            let target = match raw.target {
                Some(t) => Some(parse_part::<u32>("target", t)?),
                None => None,
            };
            let set = rules::watten::ruleset::RuleSet::new(variant, target, options)?;
            watten::draw(r, set.target, start, &words, labels)
        }
        Report::Figures(r) => {
            let (_, target) = rules::figures::rule_set(&raw)?;
            let title = match raw.game {
                rules::Game::Giltspiel => "Giltspiel",
                _ => "Perlaggen",
            };
            figures::draw(r, title, target, start, &words, labels)
        }
        Report::Gaigel(r) => gaigel::draw(r, &words, labels),
        Report::WattenThree(r) => {
            let target = rules::watten::rule_set(&raw)?.target;
            watten_three::draw(r, target, &words, labels)
        }
        Report::FiguresThree(r) => {
            let (_, target) = rules::figures::rule_set(&raw)?;
            figures_three::draw(r, target, &words, labels)
        }
    })
}

/// The sheet's own words (headings); game words stay German in both languages.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Words {
    pub lang: Lang,
}

impl Words {
    pub fn new(lang: Lang) -> Self {
        Words { lang }
    }

    fn pick(&self, de: &'static str, en: &'static str) -> &'static str {
        match self.lang {
            Lang::De => de,
            Lang::En => en,
        }
    }

    pub fn target(&self) -> &'static str {
        self.pick("Ziel", "Target")
    }
    /// *Partie*: one game, played to the target.
    pub fn game(&self) -> &'static str {
        self.pick("Partie", "Game")
    }
    /// *Stand*: the score the record begins with.
    pub fn start(&self) -> &'static str {
        self.pick("Stand", "Start")
    }
    pub fn games_won(&self) -> &'static str {
        self.pick("Gewonnene Partien", "Games won")
    }
    pub fn total(&self) -> &'static str {
        self.pick("Summe", "Total")
    }
    pub fn winner(&self) -> &'static str {
        self.pick("Sieger", "Winner")
    }
    /// The stroke tally's phase (contract 7.3): *Anschreiben*, the losers mark strokes;
    /// *Abstreichen*, the winners strike them off.
    pub fn phase(&self, erase: bool) -> &'static str {
        match (self.lang, erase) {
            (Lang::De, false) => "Anschreiben",
            (Lang::De, true) => "Abstreichen",
            (Lang::En, false) => "marking",
            (Lang::En, true) => "erasing",
        }
    }
    pub fn rule_broken(&self, deal: usize) -> String {
        match self.lang {
            Lang::De => format!("Regelverstoß in Runde {}:", deal + 1),
            Lang::En => format!("Rule broken in deal {}:", deal + 1),
        }
    }
}

/// Draws the note for the first broken rule at `y` across `width`; returns the new bottom.
pub(crate) fn note(
    w: &mut svg::Writer,
    errors: &[Violation],
    words: &Words,
    x: f64,
    y: f64,
    width: f64,
) -> f64 {
    let Some(v) = errors.first() else {
        return y;
    };
    let per_line = ((width / 6.6) as usize).max(20);
    let mut lines = vec![words.rule_broken(v.deal)];
    lines.extend(wrap(&v.message, per_line));
    let mut y = y + 8.0;
    w.open("g", &[("class", "note"), ("data-code", v.code.as_str())]);
    for (i, line) in lines.iter().enumerate() {
        y += 16.0;
        let weight = if i == 0 { "bold" } else { "normal" };
        w.text(
            &[
                ("x", &svg::n(x)),
                ("y", &svg::n(y)),
                ("font-size", "12"),
                ("font-weight", weight),
            ],
            line,
        );
    }
    w.close("g");
    y + 8.0
}

/// Splits `text` into lines of at most `max` characters at spaces.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
