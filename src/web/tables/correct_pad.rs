//! The correction's pad: the scorer's taps (the same `rules::pad` answer, so the same
//! server-side checks), filled with the stored deal's taps and drawn by the server. Each
//! button is a link-like GET of the correction page with one more tap (`?actions=[...]`);
//! once the deal is whole, "Prüfen" sends the taps to the correction's check.

use crate::rules::match_record::Deal;
use crate::rules::pad::{self, Msg, Pad};
use crate::web::AppError;
use crate::web::i18n::Locale;
use serde::Deserialize;

/// The correction page's query: the taps so far (a JSON list); none: the stored deal's.
#[derive(Deserialize, Default)]
pub struct PadQuery {
    pub actions: Option<String>,
}

impl PadQuery {
    pub fn taps(&self) -> Result<Option<Vec<String>>, AppError> {
        match &self.actions {
            None => Ok(None),
            Some(text) => serde_json::from_str(text)
                .map(Some)
                .map_err(|_| AppError::BadRequest("actions: not a JSON list".into())),
        }
    }
}

/// One button: its words, and the taps (JSON) it leads to.
pub struct Tap {
    pub label: String,
    pub taps: String,
    pub primary: bool,
}

/// The pad as the correction page shows it.
pub struct PadView {
    /// The taps so far, as JSON (the check form's `actions`).
    pub taps: String,
    pub transcript: Vec<String>,
    pub buttons: Vec<Tap>,
    /// The taps without the last one.
    pub undo: Option<String>,
    pub complete: bool,
    pub problem: Option<String>,
}

fn say(locale: Locale, msg: &Msg) -> String {
    locale.t_with(msg.id, &msg.args)
}

fn json(codes: &[String]) -> String {
    // A list of strings always writes.
    serde_json::to_string(codes).unwrap_or_default()
}

/// The taps to start from: the asked ones, else the stored deal's (none when the pad cannot
/// tap it: the typed form corrects it).
pub fn start(
    before: &crate::rules::Record,
    stored: &Deal,
    asked: Option<Vec<String>>,
) -> Vec<String> {
    asked.unwrap_or_else(|| {
        let taps = pad::taps(before, stored).ok().flatten();
        taps.unwrap_or_default()
    })
}

/// The pad's answer for `codes` as the deal after `before` (the deals before the corrected one).
pub fn view(locale: Locale, before: &crate::rules::Record, codes: &[String]) -> Option<PadView> {
    let answer: Pad = pad::pad(before, codes, locale.rules_lang()).ok()?;
    let accepted = match &answer.problem {
        Some(p) => &codes[..p.at.min(codes.len())],
        None => codes,
    };
    let buttons = answer
        .actions
        .iter()
        .map(|c| {
            let mut next = accepted.to_vec();
            next.push(c.code.clone());
            Tap {
                label: say(locale, &c.label),
                taps: json(&next),
                primary: c.primary,
            }
        })
        .collect();
    Some(PadView {
        taps: json(accepted),
        transcript: answer.transcript.iter().map(|m| say(locale, m)).collect(),
        buttons,
        undo: (!accepted.is_empty()).then(|| json(&accepted[..accepted.len() - 1])),
        complete: answer.complete.is_some(),
        problem: answer.problem.map(|p| p.message),
    })
}
