//! Picking a player from the club's register by what was typed: the entrants page offers the
//! register as a `<datalist>` (type-ahead in every phone browser, no script; without it the
//! field is a plain text field and a typed name is matched the same way). A name two records
//! share is offered once per record with what tells them apart ("Anna Huber (Nr. 17)",
//! "Anna Huber (Jg. 1970)"), and a name that still names two records is not guessed: the page
//! asks which.

use crate::db::models::register::RegisterRow;
use crate::tournament::registration::Existing;
use crate::web::i18n::Locale;
use std::collections::HashMap;

/// What a typed name picks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    /// This register record.
    Record(i32),
    /// A new person (added to the register when entered).
    New,
    /// The name of several records: the labels to choose from.
    Ambiguous(Vec<String>),
}

/// How many records of the register have each compared name.
fn name_counts(register: &[RegisterRow]) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for r in register {
        *counts.entry(Existing::key(&r.name)).or_default() += 1;
    }
    counts
}

/// The record as offered: its name, and for a namesake what tells it apart (member number,
/// year of birth, else the record's number).
fn label_of(l: Locale, r: &RegisterRow, namesake: bool) -> String {
    if !namesake {
        return r.name.clone();
    }
    let mut parts = Vec::new();
    if let Some(no) = &r.member_no {
        parts.push(l.t_with("register-label-member", &[("number", no.clone())]));
    }
    if let Some(year) = r.birth_year {
        parts.push(l.t_with("register-label-year", &[("year", year.to_string())]));
    }
    if parts.is_empty() {
        parts.push(l.t_with("register-label-record", &[("id", r.id.to_string())]));
    }
    format!("{} ({})", r.name, parts.join(", "))
}

/// Every record with its label, in register order.
pub fn labels(l: Locale, register: &[RegisterRow]) -> Vec<(i32, String)> {
    let counts = name_counts(register);
    register
        .iter()
        .map(|r| {
            let namesake = counts.get(&Existing::key(&r.name)).copied().unwrap_or(0) > 1;
            (r.id, label_of(l, r, namesake))
        })
        .collect()
}

/// What `typed` picks: a label (in either language, as a page in the other one offered it),
/// else the one record of that name, else nobody (a new person). `new` (the form's "a new
/// person" box) always adds a new person, for a namesake not in the register yet.
pub fn resolve(l: Locale, register: &[RegisterRow], typed: &str, new: bool) -> Pick {
    if new {
        return Pick::New;
    }
    let typed_key = Existing::key(typed);
    for lang in [l, other(l)] {
        if let Some((id, _)) = labels(lang, register)
            .into_iter()
            .find(|(_, label)| Existing::key(label) == typed_key)
        {
            // A plain name is its own label only when it names one record.
            if name_counts(register).get(&typed_key).copied().unwrap_or(0) <= 1 {
                return Pick::Record(id);
            }
        }
    }
    let same: Vec<&RegisterRow> = register
        .iter()
        .filter(|r| Existing::key(&r.name) == typed_key)
        .collect();
    match same.as_slice() {
        [] => Pick::New,
        [one] => Pick::Record(one.id),
        _ => Pick::Ambiguous(
            labels(l, register)
                .into_iter()
                .filter(|(id, _)| same.iter().any(|r| r.id == *id))
                .map(|(_, label)| label)
                .collect(),
        ),
    }
}

fn other(l: Locale) -> Locale {
    match l {
        Locale::De => Locale::En,
        Locale::En => Locale::De,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i32, name: &str, member_no: Option<&str>, birth_year: Option<i32>) -> RegisterRow {
        RegisterRow {
            id,
            club_id: 1,
            name: name.into(),
            member_no: member_no.map(Into::into),
            birth_year,
            merged_into: None,
        }
    }

    fn register() -> Vec<RegisterRow> {
        vec![
            row(1, "Anna Huber", Some("17"), None),
            row(2, "Anna Huber", None, Some(1970)),
            row(3, "Bert Maier", None, None),
        ]
    }

    #[test]
    fn namesakes_are_offered_apart_and_a_single_name_as_it_is() {
        let labels = labels(Locale::De, &register());
        assert_eq!(labels[0].1, "Anna Huber (Nr. 17)");
        assert_eq!(labels[1].1, "Anna Huber (Jg. 1970)");
        assert_eq!(labels[2].1, "Bert Maier");
    }

    #[test]
    fn a_label_picks_its_record_in_either_language() {
        let r = register();
        assert_eq!(
            resolve(Locale::De, &r, "Anna Huber (Jg. 1970)", false),
            Pick::Record(2)
        );
        let english = labels(Locale::En, &r)[0].1.clone();
        assert_eq!(resolve(Locale::De, &r, &english, false), Pick::Record(1));
        assert_eq!(
            resolve(Locale::De, &r, " bert maier ", false),
            Pick::Record(3)
        );
    }

    #[test]
    fn a_shared_name_asks_which_and_an_unknown_one_is_new() {
        let r = register();
        let Pick::Ambiguous(choices) = resolve(Locale::De, &r, "Anna Huber", false) else {
            panic!("two records named Anna Huber must be asked about");
        };
        assert_eq!(choices.len(), 2);
        assert_eq!(resolve(Locale::De, &r, "Carla Gruber", false), Pick::New);
        assert_eq!(resolve(Locale::De, &r, "Bert Maier", true), Pick::New);
    }
}
