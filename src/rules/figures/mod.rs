//! The referee for the figure games Giltspiel and Perlaggen (contract sections 3.1, 4, 5).
//!
//! A match record holds deals in order; each deal's events are applied one by one to a
//! [`state::DealState`] (`deal.rs`, `betting.rs`, `show.rs`), the finished deal is scored
//! (`scoring.rs`) and the match state carries the running score, the gestrichen marks and
//! the tally of games won into the next deal; a won game starts the next at 0:0
//! (contract 3). The first broken rule stops the referee (contract 4).
//! Rules texts: `rules/000_...txt` (Giltspiel), `rules/001_...txt` (Perlaggen).

pub mod baptism;
pub mod betting;
pub mod cards;
pub mod deal;
pub mod figure;
pub mod hands;
pub mod play;
pub mod record;
pub mod report;
pub mod scoring;
pub mod shapes;
pub mod show;
pub mod state;
pub mod three;

use super::common::{ErrorCode, Lang, Pair, RuleError, Violation};
use super::record::{Game, Malformed, RawRecord, parse_part};
use cards::Variant;
pub use report::{DealReport, FigureResult, FiguresReport, GameOver, GameReport, Report};
use state::{Ctx, DealState};

/// The rule set of one record: variant and target (contract 3).
pub fn rule_set(raw: &RawRecord) -> Result<(Variant, u32), Malformed> {
    let variant = match (raw.game, raw.variant) {
        (Game::Giltspiel, None) => Variant::GiltStandard,
        (Game::Giltspiel, Some(v)) => match parse_part::<record::GiltVariant>("variant", v)? {
            record::GiltVariant::Standard => Variant::GiltStandard,
            record::GiltVariant::Perlique => Variant::GiltPerlique,
        },
        (_, None) => Variant::Innsbruck,
        (_, Some(v)) => match parse_part::<record::PerlaggVariant>("variant", v)? {
            record::PerlaggVariant::Innsbruck => Variant::Innsbruck,
            record::PerlaggVariant::Eichel => Variant::Eichel,
            record::PerlaggVariant::Schlanders => Variant::Schlanders,
            record::PerlaggVariant::Deutschnofen => Variant::Deutschnofen,
            record::PerlaggVariant::TrumpFour => Variant::TrumpFour,
            record::PerlaggVariant::SchelloBello => Variant::SchelloBello,
            record::PerlaggVariant::Radetzky => Variant::Radetzky,
            record::PerlaggVariant::SchelloBelloTrumps => Variant::SchelloBelloTrumps,
            record::PerlaggVariant::RadetzkyTrumps => Variant::RadetzkyTrumps,
        },
    };
    let target = match raw.target {
        None => variant.default_target(),
        Some(t) => parse_part::<u32>("target", t)?,
    };
    if target < 2 {
        return Err(Malformed::new(
            "target",
            format!("a target of {target} leaves no game to play (at least 2)"),
        ));
    }
    Ok((variant, target))
}

/// How many play (`options.players`): Perlaggen 2, 4 or 6 (sides `A` and `B`) or 3 (players
/// `P1`..`P3` each for themselves: `three`); Giltspiel 4 (its text: "for four players").
pub fn players(raw: &RawRecord) -> Result<u32, Malformed> {
    let options = match raw.options {
        Some(o) => parse_part::<record::Options>("options", o)?,
        None => record::Options::default(),
    };
    match (raw.game, options.players) {
        (_, None) => Ok(4),
        (Game::Perlaggen, Some(n @ (2 | 3 | 4 | 6))) | (Game::Giltspiel, Some(n @ 4)) => Ok(n),
        (Game::Giltspiel, Some(n)) => Err(Malformed::new(
            "options.players",
            format!("{n}: Giltspiel is played by 4 players"),
        )),
        (_, Some(n)) => Err(Malformed::new(
            "options.players",
            format!("{n}: Perlaggen is played by 2, 3, 4 or 6 players"),
        )),
    }
}

/// `options.opponents_exchange` (default false): Eichelperlaggen's Imst and Tarrenz variant
/// ("the right to exchange or upgrade passes to dealer's left-hand opponent, and then to the
/// right-hand opponent"); in any other variant it is malformed.
pub fn opponents_exchange(raw: &RawRecord, variant: Variant) -> Result<bool, Malformed> {
    let options = match raw.options {
        Some(o) => parse_part::<record::Options>("options", o)?,
        None => record::Options::default(),
    };
    match (options.opponents_exchange, variant) {
        (Some(true), Variant::Eichel) => Ok(true),
        (Some(true), _) => Err(Malformed::new(
            "options.opponents_exchange",
            "the opponents' exchange (Imst and Tarrenz) belongs to Perlaggen variant `eichel` only",
        )),
        _ => Ok(false),
    }
}

/// Referees a figures record of either shape: two sides, or three players (`players: 3`).
pub fn referee_any(raw: &RawRecord, lang: Lang) -> Result<crate::rules::Report, Malformed> {
    if players(raw)? == 3 {
        let (variant, target) = rule_set(raw)?;
        return three::referee(raw, variant, target, lang).map(crate::rules::Report::FiguresThree);
    }
    referee(raw, lang).map(crate::rules::Report::Figures)
}

/// Referees a Giltspiel or Perlaggen match record.
pub fn referee(raw: &RawRecord, lang: Lang) -> Result<Report, Malformed> {
    let (variant, target) = rule_set(raw)?;
    let players = players(raw)?;
    let opponents_exchange = opponents_exchange(raw, variant)?;
    if players == 3 {
        return Err(Malformed::new(
            "options.players",
            "a three-player record has its own result (use referee_any)",
        ));
    }
    let start = match raw.start {
        Some(s) => parse_part::<Pair<u32>>("start", s)?,
        None => Pair::default(),
    };
    // The fast path parses without tracking the path; only a malformed record pays for
    // the second pass that names the field.
    let deals = match serde_json::from_str::<Vec<record::Deal>>(raw.deals.get()) {
        Ok(deals) => deals,
        Err(_) => parse_part::<Vec<record::Deal>>("deals", raw.deals)?,
    };

    let mut report = Report::default();
    if start.a >= target || start.b >= target {
        report.fail(Violation::new(0, None, started_over(start, target), lang));
        return Ok(report);
    }
    let mut score = Pair::new(i64::from(start.a), i64::from(start.b));
    for (i, deal) in deals.iter().enumerate() {
        let ctx = Ctx {
            variant,
            target,
            score,
            opponents_exchange,
        };
        let Some(state) = deal_state(&mut report, &ctx, players, i, deal, lang)? else {
            return Ok(report);
        };
        score = score_deal(&mut report, &ctx, &state);
    }
    Ok(report)
}

/// `game_over` for a starting score that already reaches the target.
fn started_over(start: Pair<u32>, target: u32) -> RuleError {
    RuleError::new(
        ErrorCode::GameOver,
        format!(
            "Der Spielstand zu Beginn ({}:{}) erreicht schon das Ziel {target}.",
            start.a, start.b
        ),
        format!(
            "The starting score ({}:{}) already reaches the target {target}.",
            start.a, start.b
        ),
    )
}

/// Deal `i` refereed to its finished state, either shape; `None` once a rule is broken (the
/// report then holds the violation and, for a card-level deal, its rulings).
fn deal_state(
    report: &mut Report,
    ctx: &Ctx,
    players: u32,
    i: usize,
    deal: &record::Deal,
    lang: Lang,
) -> Result<Option<DealState>, Malformed> {
    let state = match deal {
        record::Deal::Events(events) => match apply_events(ctx, events) {
            Ok(state) => state,
            Err((j, e)) => {
                report.fail(Violation::new(i, Some(j), e, lang));
                return Ok(None);
            }
        },
        record::Deal::Cards(cards) => {
            cards.check_form(players).map_err(|(path, message)| {
                Malformed::new(format!("deals[{i}].cards.{path}"), message)
            })?;
            let played = play::referee_deal(*ctx, cards);
            report.rulings.push(crate::rules::ruling::DealRulings {
                deal: i,
                rulings: play::rulings(&played, lang),
            });
            if let Some((j, e)) = played.broken {
                report.fail(Violation::new(i, j, e, lang));
                return Ok(None);
            }
            played.facts
        }
    };
    if !state.complete() {
        report.fail(Violation::new(i, None, incomplete(ctx, &state), lang));
        return Ok(None);
    }
    Ok(Some(state))
}

/// Scores a finished deal into the report; the score the next deal starts from (0:0 after
/// a won game, contract 3).
fn score_deal(report: &mut Report, ctx: &Ctx, state: &DealState) -> Pair<i64> {
    let scored = scoring::score(ctx, state);
    let mut score = scored.score;
    let deal_report = report::deal_report(&scored, ctx.target);
    if let Some(over) = &deal_report.game_over {
        report.games.push(GameReport {
            winner: over.winner,
            score,
            marks: over.marks,
            decided_by: over.decided_by,
        });
        *report.tally.get_mut(over.winner) += 1;
        score = Pair::new(0, 0);
    }
    report.deals.push(deal_report);
    score
}

/// A fact-level deal's events applied in order; the first broken rule with its index.
fn apply_events(ctx: &Ctx, events: &[record::Event]) -> Result<DealState, (usize, RuleError)> {
    let mut state = DealState::default();
    for (j, event) in events.iter().enumerate() {
        state = state.apply(ctx, event).map_err(|e| (j, e))?;
    }
    Ok(state)
}

/// `deal_incomplete`, naming what is still open.
pub fn incomplete(ctx: &Ctx, state: &DealState) -> RuleError {
    if let Some(side) = state.open_bettor() {
        return RuleError::new(
            ErrorCode::DealIncomplete,
            format!("Das Geben endet mit einem offenen Gebot von Seite {side}."),
            format!("The deal ends with an open bet by side {side}."),
        );
    }
    if state.decider_due(ctx) {
        return RuleError::new(
            ErrorCode::DealIncomplete,
            "Das Geben ist nicht zu Ende: beide Seiten sind gestrichen, und der Entscheid (bestes Gleich oder bester Hanger) fehlt.",
            "The deal is not finished: both sides are gestrichen and the decider (best Gleich or Hanger) is missing.",
        );
    }
    let open: Vec<record::Figure> = record::Figure::ALL
        .into_iter()
        .filter(|f| !state.fig(*f).decided)
        .collect();
    let de = open
        .iter()
        .map(|f| f.name_nominative())
        .collect::<Vec<_>>()
        .join(", ");
    let (verb_de, verb_en) = if open.len() == 1 {
        ("ist", "is")
    } else {
        ("sind", "are")
    };
    let en = open
        .iter()
        .map(|f| f.name().1)
        .collect::<Vec<_>>()
        .join(", ");
    RuleError::new(
        ErrorCode::DealIncomplete,
        format!("Das Geben ist nicht zu Ende: offen {verb_de} noch {de}."),
        format!("The deal is not finished: still open {verb_en} {en}."),
    )
}
