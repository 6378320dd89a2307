//! The Watten referee (contract 3.2, 4, 6 and 9; rules text `rules/004_2fc18fce1097242d.txt`).
//!
//! - `input`: the record's Watten parts as typed values (variant, options, deals, events);
//! - `ruleset`: variant, target and options resolved (gespannt, gestrichen thresholds);
//! - `deal`: the stake and betting state machine of one deal;
//! - `reach`: the short form's reachable outcomes, searched with that same state machine;
//! - `game`: the running score, the end of a game and its Bummerl;
//! - `play`: card-level deals (Streitfall): the hands and every action, ruled card by card;
//! - `three`: three-player Watten (option `players: 3`: one plays alone against two);
//! - `report`, `messages`: the result and the scorer's words for broken rules.
//!
//! The readings kartl chose where the texts are open are listed in `docs/rules/watten.md`.
//!
//! ```
//! use kartl::rules::{referee, Lang, Report};
//! let record = r#"{"game": "watten", "deals": [
//!     {"events": [{"bet": "B"}, {"see": "A"}, {"tricks": "A"}]},
//!     {"winner": "B", "points": 2}]}"#;
//! let Ok(Report::Watten(report)) = referee(record, Lang::En) else { panic!() };
//! assert!(report.valid);
//! assert_eq!((report.deals[1].score.a, report.deals[1].score.b), (3, 2));
//! ```

pub mod deal;
#[cfg(test)]
mod deal_tests;
pub mod game;
pub mod input;
mod messages;
pub mod play;
pub mod reach;
pub mod report;
pub mod ruleset;
pub mod three;

pub use report::{DealResult, GameOver, GameResult, Report, Sides};

use crate::rules::common::{ErrorCode, Lang, Pair, RuleError, Violation};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use deal::{DealState, Table, step};
use game::Game;
use input::{Deal, RawOptions, Variant};
use ruleset::RuleSet;

/// Reads the rule set: variant, target and options; `Err` when they are not well-formed.
pub fn rule_set(raw: &RawRecord) -> Result<RuleSet, Malformed> {
    let variant: Variant = match raw.variant {
        Some(v) => parse_part("variant", v)?,
        None => Variant::default(),
    };
    let target: Option<u32> = match raw.target {
        Some(t) => Some(parse_part("target", t)?),
        None => None,
    };
    let options: RawOptions = match raw.options {
        Some(o) => parse_part("options", o)?,
        None => RawOptions::default(),
    };
    RuleSet::new(variant, target, options)
}

/// Reads the rule set and the deals of a two-sided record; `Err` when it is not well-formed.
fn parse(raw: &RawRecord) -> Result<(RuleSet, Pair<u32>, Vec<Deal>), Malformed> {
    let rules = rule_set(raw)?;
    let start: Pair<u32> = match raw.start {
        Some(s) => parse_part("start", s)?,
        None => Pair::default(),
    };
    // The fast path reads the deals directly; only a malformed record pays for the second,
    // path-tracking pass that names the field.
    let deals: Vec<Deal> = match serde_json::from_str(raw.deals.get()) {
        Ok(deals) => deals,
        Err(_) => parse_part("deals", raw.deals)?,
    };
    Ok((rules, start, deals))
}

/// Plays one deal; `Err` is the broken rule with its event index (None: the whole deal).
/// `standing` writes the score for a message (only called when a short form is refused).
fn decide(
    table: &Table,
    deal: &Deal,
    standing: impl Fn() -> String,
    lang: Lang,
) -> Result<play::Decided, (Option<usize>, RuleError)> {
    match *deal {
        Deal::Cards(ref cards) => play::decide(cards, table, lang),
        Deal::Short { winner, points } => {
            if reach::reachable(table, winner, points) {
                Ok(play::Decided::facts(winner, points))
            } else {
                Err((
                    None,
                    messages::out_of_range(table, winner, points, &standing()),
                ))
            }
        }
        Deal::Events(ref events) => {
            let mut state = DealState::start(table);
            for (j, &event) in events.iter().enumerate() {
                match step(table, &state, event) {
                    Ok(next) => state = next,
                    Err(code) => {
                        return Err((Some(j), messages::explain(code, event, table, &state)));
                    }
                }
            }
            state
                .outcome()
                .map(|(scorer, points)| play::Decided::facts(scorer, points))
                .ok_or_else(|| (None, messages::incomplete(table, &state)))
        }
    }
}

/// The error for a record whose `start` is at or above the target: a finished game, not one
/// in progress: well-formed, but no deal can follow it (the figure games read it the same way).
fn start_over(standing: &str, target: u32) -> RuleError {
    RuleError::new(
        ErrorCode::GameOver,
        format!(
            "Beim Stand {standing} ist das Ziel {target} schon erreicht: diese Partie ist vorbei, eine laufende Partie steht darunter."
        ),
        format!(
            "At {standing} the target {target} is already reached: that game is over; a game in progress stands below it."
        ),
    )
}

/// Referees a Watten record of either shape: two sides, or three players (option `players`).
pub fn referee_any(raw: &RawRecord, lang: Lang) -> Result<crate::rules::Report, Malformed> {
    let rules = rule_set(raw)?;
    if rules.three_players {
        three::referee(raw, rules, lang).map(crate::rules::Report::WattenThree)
    } else {
        referee(raw, lang).map(crate::rules::Report::Watten)
    }
}

/// Referees a two-sided Watten record (`A` and `B`; `referee_any` takes three players too).
pub fn referee(raw: &RawRecord, lang: Lang) -> Result<Report, Malformed> {
    let (rules, start, deals) = parse(raw)?;
    if rules.three_players {
        return Err(Malformed::new(
            "options.players",
            "a three-player record has its own result (use referee_any)",
        ));
    }
    let mut report = Report {
        valid: true,
        errors: Vec::new(),
        deals: Vec::with_capacity(deals.len()),
        games: Vec::new(),
        tally: Pair::default(),
        rulings: Vec::new(),
    };
    if start.a >= rules.target || start.b >= rules.target {
        report.valid = false;
        let error = start_over(&format!("{}:{}", start.a, start.b), rules.target);
        report.errors.push(Violation::new(0, None, error, lang));
        return Ok(report);
    }
    let mut game = Game::new(&rules, start);
    for (i, deal) in deals.iter().enumerate() {
        let table = Table::new(rules, game.score);
        let standing = || format!("{}:{}", table.score.a, table.score.b);
        let decided = match decide(&table, deal, standing, lang) {
            Ok(decided) => decided,
            Err((event, error)) => {
                report.valid = false;
                report.errors.push(Violation::new(i, event, error, lang));
                break;
            }
        };
        let (scorer, points) = (decided.scorer, decided.points);
        let end = game.score_deal(&rules, scorer, points);
        let score = end.map_or(game.score, |e| e.score);
        let mut written = Pair::default();
        *written.get_mut(scorer) = points;
        if let Some(rulings) = decided.rulings {
            report
                .rulings
                .push(crate::rules::ruling::DealRulings { deal: i, rulings });
        }
        report.deals.push(DealResult {
            points: written,
            score,
            stake: points,
            gestrichen: Sides(rules.marks(score)),
            game_over: end.map(|e| GameOver {
                winner: e.winner,
                marks: e.marks,
                decided_by: None,
            }),
        });
        if let Some(e) = end {
            report.games.push(GameResult {
                winner: e.winner,
                score: e.score,
                marks: e.marks,
                decided_by: None,
            });
            *report.tally.get_mut(e.winner.other()) += e.marks;
        }
        // A card-level deal with an illegal action is scored as the text prescribes, and the
        // record breaks a rule there: refereeing stops (contract 4).
        if let Some((action, error)) = decided.breach {
            report.valid = false;
            report
                .errors
                .push(Violation::new(i, Some(action), error, lang));
            break;
        }
    }
    debug_assert!(report.valid == report.errors.is_empty());
    Ok(report)
}
