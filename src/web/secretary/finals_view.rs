//! What the overview shows of the knockout finals: the bracket, each match with its stage,
//! pairing and winner, and the form's choices ([`super::finals`] draws them).

use crate::rules::Side;
use crate::service::{finals, finals_start, tournaments::TournamentDetail};
use crate::tournament::format::Format;
use crate::tournament::knockout::Stage;
use crate::web::i18n::Locale;
use std::collections::BTreeMap;

/// One match of the bracket, in words.
pub struct MatchLine {
    pub stage: String,
    pub a: String,
    pub b: String,
    pub winner: String,
}

/// The finals part of the overview.
pub struct FinalsView {
    /// The sizes offered for the first stage; empty once the finals are drawn.
    pub sizes: Vec<u32>,
    /// Whether the button for the next stage is shown.
    pub next_stage: bool,
    pub matches: Vec<MatchLine>,
}

fn stage_label(l: Locale, s: Stage) -> String {
    l.t(match s {
        Stage::RoundOf16 => "finals-stage-round-of-16",
        Stage::QuarterFinal => "finals-stage-quarter",
        Stage::SemiFinal => "finals-stage-semi",
        Stage::ThirdPlace => "finals-stage-third",
        Stage::Final => "finals-stage-final",
    })
}

/// The finals part for a `rounds` tournament whose rounds are played and closed; `None`
/// otherwise.
pub fn view(l: Locale, d: &TournamentDetail) -> Option<FinalsView> {
    let file = d.file();
    let played = d.rounds.iter().any(|r| !r.knockout);
    if file.format != Format::Rounds || !played {
        return None;
    }
    // A finished tournament draws nothing ("Finalrunde auslosen" was still offered
    // after "Turnier abschließen"); a bracket already played is still shown.
    let finished = d.tournament.status == crate::service::tournaments::Status::Finished;
    let all_closed = d.rounds.iter().all(|r| r.closed);
    let started = d.rounds.iter().any(|r| r.knockout);
    if !started {
        let entrants = file.entrants().len();
        let sizes: Vec<u32> = finals_start::SIZES
            .into_iter()
            .filter(|n| *n as usize <= entrants)
            .collect();
        return (all_closed && !finished && !sizes.is_empty()).then_some(FinalsView {
            sizes,
            next_stage: false,
            matches: Vec::new(),
        });
    }
    let bracket = finals::bracket(&file).ok()?;
    let names: BTreeMap<String, String> = d
        .teams
        .iter()
        .map(|t| (t.entrant_id.clone(), t.name.clone()))
        .chain(
            d.players
                .iter()
                .map(|p| (p.entrant_id.clone(), p.name.clone())),
        )
        .collect();
    let name = |id: &Option<String>| {
        id.as_ref()
            .map(|i| names.get(i).cloned().unwrap_or_else(|| i.clone()))
            .unwrap_or_else(|| "–".into())
    };
    let all = bracket.matches();
    let matches = all
        .iter()
        .map(|m| MatchLine {
            stage: stage_label(l, m.stage),
            a: name(&m.a),
            b: name(&m.b),
            winner: match m.winner {
                Some(Side::A) => name(&m.a),
                Some(Side::B) => name(&m.b),
                None => String::new(),
            },
        })
        .collect();
    let open = all
        .iter()
        .any(|m| m.winner.is_none() && m.a.is_some() && m.b.is_some());
    Some(FinalsView {
        sizes: Vec::new(),
        next_stage: all_closed && open && !finished,
        matches,
    })
}
