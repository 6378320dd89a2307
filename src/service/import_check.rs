//! Checking a tournament file uploaded in the browser before anything is stored: every
//! problem at once, each with where it is (a path such as `rounds[1].tables[2].deals[0]`),
//! so the secretary can fix the file in one go. The same checks as `kartl import`
//! ([`super::import::refusal`]), which stops at the first.

use crate::rules::Lang;
use crate::text::{Kind, Text, TextError};
use crate::tournament::evaluate::evaluate;
use crate::tournament::file::TournamentFile;

/// One thing wrong with the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: a path into the file (`players[3].name`), empty for the file as a whole.
    pub path: String,
    /// What, in the referee's words (its language) or the file reader's.
    pub message: String,
    /// The same as a catalogue message and its arguments, where the message above is the
    /// file reader's English ("EOF while parsing a string"): the page says this instead.
    pub words: Option<(&'static str, Vec<(&'static str, String)>)>,
}

impl Problem {
    fn new(path: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            path: path.into(),
            message: message.into(),
            words: None,
        }
    }

    /// A name or title of the file that is no proper text (empty, too long, a control or
    /// invisible character), as a catalogue message after its place (`timport-text-…`).
    fn text(path: impl Into<String>, e: TextError) -> Problem {
        let id = match e {
            TextError::Empty => "timport-text-empty",
            TextError::TooLong { .. } => "timport-text-too-long",
            TextError::Control => "timport-text-control",
            TextError::Invisible => "timport-text-invisible",
        };
        Problem {
            words: Some((id, vec![("max", e.max().to_string())])),
            ..Problem::new(path, e.to_string())
        }
    }

    /// What the JSON reader could not read: where it stopped (line and column) and why, as
    /// a catalogue message (`timport-unreadable-eof`, `-syntax`, `-data`).
    fn unreadable(path: String, e: &serde_json::Error) -> Problem {
        let id = match e.classify() {
            serde_json::error::Category::Eof => "timport-unreadable-eof",
            serde_json::error::Category::Data => "timport-unreadable-data",
            serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
                "timport-unreadable-syntax"
            }
        };
        let args = vec![
            ("line", e.line().to_string()),
            ("column", e.column().to_string()),
        ];
        Problem {
            words: Some((id, args)),
            ..Problem::new(path, e.to_string())
        }
    }
}

/// The file, or every problem found in it. A file that is not JSON of the right shape stops at
/// the first place the reader cannot go on; a readable file is checked whole: its structure
/// (every problem), every name, then every table through the referee (each table that breaks
/// a rule, with the deal and the rule).
pub fn check(input: &str, lang: Lang) -> Result<TournamentFile, Vec<Problem>> {
    if input.trim().is_empty() {
        return Err(vec![Problem {
            words: Some(("timport-empty", Vec::new())),
            ..Problem::new("", "the file is empty")
        }]);
    }
    let mut de = serde_json::Deserializer::from_str(input);
    let file: TournamentFile = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        vec![Problem::unreadable(path, e.inner())]
    })?;
    let mut out: Vec<Problem> = file
        .checks()
        .into_iter()
        .map(|(path, check)| Problem {
            words: Some(check.words()),
            ..Problem::new(path, check.to_string())
        })
        .collect();
    if let Err(e) = Text::parse(&file.name, Kind::Title) {
        out.push(Problem::text("name", e));
    }
    for (i, p) in file.players.iter().enumerate() {
        if let Err(e) = Text::parse(&p.name, Kind::Entrant) {
            out.push(Problem::text(format!("players[{i}].name"), e));
        }
    }
    for (i, t) in file.teams.iter().enumerate() {
        if let Err(e) = Text::parse(&t.name, Kind::Entrant) {
            out.push(Problem::text(format!("teams[{i}].name"), e));
        }
    }
    if !out.is_empty() {
        return Err(out);
    }
    match evaluate(&file, lang) {
        Err(m) => Err(vec![Problem::new(m.path, m.message)]),
        Ok(e) if !e.broken.is_empty() => Err(e
            .broken
            .iter()
            .map(|b| {
                Problem::new(
                    format!(
                        "rounds[{}].tables[{}].deals[{}]",
                        b.round, b.table, b.violation.deal
                    ),
                    // The rule in the referee's words; its code is for programs, not for
                    // the page ("… (deal_over)").
                    b.violation.message.clone(),
                )
            })
            .collect()),
        Ok(_) => Ok(file),
    }
}
