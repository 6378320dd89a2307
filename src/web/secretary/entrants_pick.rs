//! The entrants page and the club's register: what a typed name picks (`register_pick`), the
//! type-ahead list, and the list import's check before storing. A list whose names all are
//! new to the register is stored at once (there is nothing to choose); otherwise the page
//! shows each name with what the register holds for it (found, new, or several namesakes)
//! and a choice per name, the list itself kept in a hidden field. Storing reads the list
//! again, in the same order, and applies the choices: `pick{i}` is the record's id or `new`.

use crate::db::models::register::RegisterRow;
use crate::service::registration::{NewEntry, NewTeamEntry};
use crate::service::tournaments::TournamentDetail;
use crate::web::AppError;
use crate::web::ctx::{Ctx, HasCsrf};
use crate::web::i18n::Locale;
use crate::web::secretary::register_pick::{Pick, labels, resolve};
use std::collections::{HashMap, HashSet};

/// The list form: the list, and once checked, `confirm=1` with a choice per name.
#[derive(serde::Deserialize)]
pub struct ListForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub list: String,
    #[serde(default)]
    pub confirm: String,
    /// `pick0`, `pick1`, ...: the choices.
    #[serde(flatten)]
    pub picks: HashMap<String, String>,
}

impl HasCsrf for ListForm {
    const LIMIT: usize = crate::web::LIST_LIMIT;
    fn csrf(&self) -> &str {
        &self.csrf
    }
}

/// What to store: players or teams.
pub enum Batch {
    Players(Vec<NewEntry>),
    Teams(Vec<NewTeamEntry>),
}

impl Batch {
    /// Every player's name in list order (a team's players one after another).
    pub fn names(&self) -> Vec<String> {
        match self {
            Batch::Players(p) => p.iter().map(|e| e.name.clone()).collect(),
            Batch::Teams(t) => t
                .iter()
                .flat_map(|x| x.members.iter().map(|m| m.name.clone()))
                .collect(),
        }
    }

    /// Sets each player's register record, in the order of [`Batch::names`].
    pub fn apply(&mut self, chosen: &[Option<i32>]) {
        let mut chosen = chosen.iter().copied();
        let entries: Vec<&mut NewEntry> = match self {
            Batch::Players(p) => p.iter_mut().collect(),
            Batch::Teams(t) => t.iter_mut().flat_map(|x| x.members.iter_mut()).collect(),
        };
        for e in entries {
            e.register = chosen.next().flatten();
        }
    }
}

/// The club's register (records not merged away) for the tournament's club.
pub async fn register_of(ctx: &Ctx, d: &TournamentDetail) -> Result<Vec<RegisterRow>, AppError> {
    let club = d.tournament.club_id;
    ctx.state
        .db
        .run(move |conn| Ok(RegisterRow::of_club(conn, club)?))
        .await
}

/// The type-ahead list: the records not in the field yet, by label.
pub fn datalist(l: Locale, register: &[RegisterRow], d: &TournamentDetail) -> Vec<String> {
    let entered: HashSet<i32> = d.players.iter().map(|p| p.player_id).collect();
    labels(l, register)
        .into_iter()
        .filter(|(id, _)| !entered.contains(id))
        .map(|(_, label)| label)
        .collect()
}

/// A typed name for the one-at-a-time forms: the record it picks (with the record's name,
/// for the field's checks) or a new person (with the name as typed); several namesakes:
/// the message asking which.
pub fn pick_one(
    l: Locale,
    register: &[RegisterRow],
    typed: &str,
    new: bool,
) -> Result<(String, Option<i32>), String> {
    match resolve(l, register, typed, new) {
        Pick::New => Ok((typed.to_string(), None)),
        Pick::Record(id) => {
            let name = register
                .iter()
                .find(|r| r.id == id)
                .map_or_else(|| typed.to_string(), |r| r.name.clone());
            Ok((name, Some(id)))
        }
        Pick::Ambiguous(choices) => Err(l.t_with(
            "entrants-ambiguous",
            &[
                ("name", typed.trim().to_string()),
                ("choices", choices.join(" · ")),
            ],
        )),
    }
}

/// One name of the list as the check shows it.
pub struct PreviewRow {
    pub index: usize,
    pub name: String,
    pub status: String,
    /// The choices: (value, label, selected). Empty: a new person, nothing to choose.
    pub options: Vec<(String, String, bool)>,
}

/// The list's check before storing.
pub struct Preview {
    pub list: String,
    pub rows: Vec<PreviewRow>,
}

/// What the register holds for each name, with the choices.
pub fn preview(
    l: Locale,
    register: &[RegisterRow],
    names: &[String],
    picks: &[Pick],
    list: String,
) -> Preview {
    let labels: HashMap<i32, String> = labels(l, register).into_iter().collect();
    let option = |id: i32, selected: bool| {
        let label = labels.get(&id).cloned().unwrap_or_default();
        (id.to_string(), label, selected)
    };
    let new = |selected: bool| ("new".to_string(), l.t("entrants-preview-as-new"), selected);
    let rows = names
        .iter()
        .zip(picks)
        .enumerate()
        .map(|(index, (name, pick))| {
            let (status, options) = match pick {
                Pick::New => (l.t("entrants-preview-new"), Vec::new()),
                Pick::Record(id) => (
                    l.t("entrants-preview-found"),
                    vec![option(*id, true), new(false)],
                ),
                Pick::Ambiguous(_) => {
                    let key = crate::tournament::registration::Existing::key(name);
                    let mut options = vec![(String::new(), l.t("entrants-preview-pick"), true)];
                    options.extend(
                        register
                            .iter()
                            .filter(|r| {
                                crate::tournament::registration::Existing::key(&r.name) == key
                            })
                            .map(|r| option(r.id, false)),
                    );
                    options.push(new(false));
                    (l.t("entrants-preview-ambiguous"), options)
                }
            };
            PreviewRow {
                index,
                name: name.clone(),
                status,
                options,
            }
        })
        .collect();
    Preview { list, rows }
}

/// The choices sent with the list: per name the record or a new person; `Err` with the
/// number of names left without a choice (an ambiguity not answered).
pub fn chosen(
    register: &[RegisterRow],
    picks: &[Pick],
    sent: &HashMap<String, String>,
) -> Result<Vec<Option<i32>>, usize> {
    let known: HashSet<i32> = register.iter().map(|r| r.id).collect();
    let mut missing = 0;
    let out = picks
        .iter()
        .enumerate()
        .map(
            |(i, pick)| match sent.get(&format!("pick{i}")).map(|v| v.trim()) {
                Some("new") => None,
                Some(v) if v.parse::<i32>().is_ok_and(|id| known.contains(&id)) => v.parse().ok(),
                _ => match pick {
                    Pick::Record(id) => Some(*id),
                    Pick::New => None,
                    Pick::Ambiguous(_) => {
                        missing += 1;
                        None
                    }
                },
            },
        )
        .collect();
    if missing > 0 { Err(missing) } else { Ok(out) }
}

/// Each name's pick, the list read as it is now.
pub fn picks(l: Locale, register: &[RegisterRow], names: &[String]) -> Vec<Pick> {
    names
        .iter()
        .map(|n| resolve(l, register, n, false))
        .collect()
}
