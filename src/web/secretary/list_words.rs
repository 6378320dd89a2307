//! A list's bad rows in words: each problem the list reader (`tournament::registration`)
//! finds, worded from the catalogue, with its line when it has one.

use crate::tournament::registration::{Problem, RowError};
use crate::web::i18n::Locale;

/// The message for one bad row or field.
pub fn problem_words(l: Locale, p: &Problem) -> String {
    match p {
        Problem::Empty => l.t("import-empty"),
        Problem::Unreadable => l.t("import-unreadable"),
        Problem::NotUtf8 => l.t("import-not-utf8"),
        Problem::TooManyColumns { found, most } => l.t_with(
            "import-too-many-columns",
            &[("found", found.to_string()), ("most", most.to_string())],
        ),
        Problem::Members { found, needed } => l.t_with(
            "import-members",
            &[("found", found.to_string()), ("needed", needed.to_string())],
        ),
        Problem::EmptyName => l.t("import-empty-name"),
        Problem::NameTooLong => l.t("import-name-too-long"),
        Problem::StartNoNotANumber(v) => l.t_with("import-start-no", &[("value", v.clone())]),
        Problem::StartNoTwice { first } => {
            l.t_with("import-start-no-twice", &[("first", first.to_string())])
        }
        Problem::StartNoTaken(n) => l.t_with("import-start-no-taken", &[("number", n.to_string())]),
        Problem::NameTwice { first } => {
            l.t_with("import-name-twice", &[("first", first.to_string())])
        }
        Problem::NameTaken => l.t("import-name-taken"),
        Problem::ControlCharacter => {
            l.t_with("text-control", &[("field", l.t("input-field-name"))])
        }
    }
}

/// What to do about namesakes, said once under the rows when any of `problems` is a name
/// entered already or repeated in the list: two people of one name cannot enter one
/// tournament under it (its pages, standings and draws could not tell them apart), so the
/// second needs an addition ("sen.", the year of birth), in the register if they are in it.
pub fn namesake_advice<'a>(
    l: Locale,
    mut problems: impl Iterator<Item = &'a Problem>,
) -> Option<String> {
    problems
        .any(|p| matches!(p, Problem::NameTaken | Problem::NameTwice { .. }))
        .then(|| l.t("import-namesakes"))
}

pub fn row_words(l: Locale, e: &RowError) -> String {
    let message = problem_words(l, &e.problem);
    if e.line == 0 {
        message
    } else {
        l.t_with(
            "import-line",
            &[("line", e.line.to_string()), ("message", message)],
        )
    }
}
