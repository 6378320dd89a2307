//! The field through the whole tournament: who takes part in which round once entrants
//! withdraw, miss a round or enter late. Pure: the glue stores the marks
//! (`db::models::field`) and asks [`Marks::present`] before each draw; the pages word
//! [`Marks::notes`] beside the standings.
//!
//! The rules chosen (docs/reference/tournaments.md, "The field during the tournament"):
//! - **withdrawn from round N**: never drawn from round N on; the rounds before count as
//!   played, with their results;
//! - **absent in round N**: not drawn in round N (no table, no bye), drawn again after;
//! - **late from round N**: entered after round N-1 was drawn, drawn from round N on.
//!
//! A round an entrant was not drawn in scores nothing for them: it is neither a table nor a
//! bye, so the standings (`results::compute`) see no result there.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What happened to an entrant (in the tournament file: `withdrawn`, `absent`, `late`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// Not drawn from the mark's round on.
    Withdrawn,
    /// Not drawn in the mark's round only.
    Absent,
    /// Entered late: drawn from the mark's round on.
    Late,
}

impl MarkKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MarkKind::Withdrawn => "withdrawn",
            MarkKind::Absent => "absent",
            MarkKind::Late => "late",
        }
    }

    pub fn parse(s: &str) -> Option<MarkKind> {
        match s {
            "withdrawn" => Some(MarkKind::Withdrawn),
            "absent" => Some(MarkKind::Absent),
            "late" => Some(MarkKind::Late),
            _ => None,
        }
    }
}

/// One mark: an entrant (its id in the tournament file), what, and the round (from 1).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    pub entrant: String,
    pub kind: MarkKind,
    pub round: u32,
}

/// How the standings describe an entrant's part in the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// Withdrew after this round (the last it could play).
    WithdrawnAfter(u32),
    /// Missed these rounds (sorted).
    Absent(Vec<u32>),
    /// Plays from this round on.
    From(u32),
}

/// Every mark of a tournament.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks(pub Vec<Mark>);

impl Marks {
    fn of<'a>(&'a self, entrant: &'a str) -> impl Iterator<Item = &'a Mark> + 'a {
        self.0.iter().filter(move |m| m.entrant == entrant)
    }

    /// The round from which `entrant` is withdrawn, if it is.
    pub fn withdrawn_from(&self, entrant: &str) -> Option<u32> {
        self.of(entrant)
            .filter(|m| m.kind == MarkKind::Withdrawn)
            .map(|m| m.round)
            .min()
    }

    /// Whether `entrant` is to be drawn in `round` (from 1).
    pub fn plays_in(&self, entrant: &str, round: u32) -> bool {
        self.of(entrant).all(|m| match m.kind {
            MarkKind::Withdrawn => round < m.round,
            MarkKind::Absent => round != m.round,
            MarkKind::Late => round >= m.round,
        })
    }

    /// The entrants of `all` (in their order) who are drawn in `round`.
    pub fn present(&self, all: &[String], round: u32) -> Vec<String> {
        all.iter()
            .filter(|id| self.plays_in(id, round))
            .cloned()
            .collect()
    }

    /// What the standings say about each marked entrant, in a fixed order (late, absent,
    /// withdrawn). Absences in rounds at or after a withdrawal say nothing more.
    pub fn notes(&self) -> BTreeMap<String, Vec<Note>> {
        let mut out: BTreeMap<String, Vec<Note>> = BTreeMap::new();
        let mut entrants: Vec<&str> = self.0.iter().map(|m| m.entrant.as_str()).collect();
        entrants.sort_unstable();
        entrants.dedup();
        for e in entrants {
            let withdrawn = self.withdrawn_from(e);
            let mut notes = Vec::new();
            if let Some(r) = self
                .of(e)
                .filter(|m| m.kind == MarkKind::Late)
                .map(|m| m.round)
                .max()
            {
                notes.push(Note::From(r));
            }
            let mut absent: Vec<u32> = self
                .of(e)
                .filter(|m| m.kind == MarkKind::Absent)
                .map(|m| m.round)
                .filter(|r| withdrawn.is_none_or(|w| *r < w))
                .collect();
            absent.sort_unstable();
            absent.dedup();
            if !absent.is_empty() {
                notes.push(Note::Absent(absent));
            }
            if let Some(w) = withdrawn {
                notes.push(Note::WithdrawnAfter(w.saturating_sub(1)));
            }
            out.insert(e.to_string(), notes);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(entrant: &str, kind: MarkKind, round: u32) -> Mark {
        Mark {
            entrant: entrant.into(),
            kind,
            round,
        }
    }

    fn ids(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("t{i}")).collect()
    }

    #[test]
    fn a_withdrawn_entrant_plays_the_rounds_before_and_none_after() {
        let m = Marks(vec![mark("t2", MarkKind::Withdrawn, 3)]);
        assert!(m.plays_in("t2", 2));
        assert!(!m.plays_in("t2", 3));
        assert!(!m.plays_in("t2", 7));
        assert_eq!(m.present(&ids(3), 3), ["t1", "t3"]);
        assert_eq!(m.notes()["t2"], [Note::WithdrawnAfter(2)]);
    }

    #[test]
    fn an_absent_entrant_misses_only_its_round() {
        let m = Marks(vec![mark("t1", MarkKind::Absent, 2)]);
        assert!(m.plays_in("t1", 1));
        assert!(!m.plays_in("t1", 2));
        assert!(m.plays_in("t1", 3));
        assert_eq!(m.notes()["t1"], [Note::Absent(vec![2])]);
    }

    #[test]
    fn a_late_entrant_plays_from_its_round_on() {
        let m = Marks(vec![mark("t4", MarkKind::Late, 3)]);
        assert!(!m.plays_in("t4", 2));
        assert!(m.plays_in("t4", 3));
        assert_eq!(m.present(&ids(4), 2), ["t1", "t2", "t3"]);
        assert_eq!(m.notes()["t4"], [Note::From(3)]);
    }

    #[test]
    fn an_absence_after_the_withdrawal_is_not_named_again() {
        let m = Marks(vec![
            mark("t1", MarkKind::Absent, 2),
            mark("t1", MarkKind::Absent, 4),
            mark("t1", MarkKind::Withdrawn, 4),
        ]);
        assert_eq!(
            m.notes()["t1"],
            [Note::Absent(vec![2]), Note::WithdrawnAfter(3)]
        );
    }
}
