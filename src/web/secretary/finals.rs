//! Knockout finals on the overview of a `rounds` tournament: when every round is closed, a
//! form to draw the finals of the best N (2, 4 or 8); after each stage's round is closed, a
//! button for the next stage (semi-finals, then the final and the match for third place). The
//! bracket is shown with each match's stage, pairing and winner. Results are entered and
//! rounds closed on the round pages, as for any round.

use crate::rules::Side;
use crate::service::once::Once;
use crate::service::{finals, finals_start, tournaments::TournamentDetail};
use crate::tournament::format::Format;
use crate::tournament::knockout::Stage;
use crate::web::AppError;
use crate::web::ctx::{CsrfForm, csrf_form};
use crate::web::i18n::Locale;
use crate::web::secretary::{access, keyed, overview};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
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

// The finals form: `n` for the first stage, empty for the next one.
csrf_form!(FinalsForm { n, key });

/// Draws the first stage (with `n`) or the next one; opens the new round's page.
pub async fn draw(
    slug: web::Path<String>,
    CsrfForm(ctx, form): CsrfForm<FinalsForm>,
) -> Result<HttpResponse, AppError> {
    let (actor, d) = access::managed(&ctx, &slug).await?;
    // The same form again: the stage it drew is open now, which would refuse it.
    if keyed::seen(&ctx, &d, &form.key, "finals").await? {
        return Ok(ctx.already_done(&format!("/t/{slug}")));
    }
    let n = form.n.trim().parse::<u32>().ok();
    let drawn = keyed::run(
        &ctx,
        actor,
        &slug,
        (&form.key, "finals"),
        move |c, a, now, s| match n {
            Some(n) => finals_start::start(c, a, now, s, n),
            None => finals::draw_stage(c, a, now, s),
        },
    )
    .await;
    match drawn {
        Ok(Once::Done(number)) => Ok(ctx.redirect(&format!("/t/{slug}/rounds/{number}"))),
        Ok(Once::Already) => Ok(ctx.already_done(&format!("/t/{slug}"))),
        Err(AppError::Refusal(r)) => {
            let (_, d) = access::managed(&ctx, &slug).await?;
            let reason = ctx.locale.refusal(&r);
            let message = ctx.locale.t_with("finals-refused", &[("reason", reason)]);
            overview::render(ctx, d, StatusCode::UNPROCESSABLE_ENTITY, Some(message)).await
        }
        Err(e) => Err(e),
    }
}
