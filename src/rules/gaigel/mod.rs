//! The Gaigel referee (contract 3.3, 4, 7 and 9; rules texts 002 and 003, the last paragraph
//! of 002 for SKV Rutesheim): validate each deal (7.2), decide it (7.1), and keep the stroke
//! tally (7.3) or the Rutesheim game points (7.5). The engine stops at the first broken rule.
//!
//! - [`options`]: the variant and the house rules.
//! - [`input`]: the record's typed parts (variant, options, deals).
//! - [`pack`]: the 48 cards as points: which sums cards hold, how the pack splits.
//! - [`validate`]: `tricks_invalid`, `card_points_invalid`, `melds_invalid`, `overgaigel_invalid`,
//!   then [`endings`].
//! - [`endings`]: the announced endings (on Sevens, auf Farbe): `tricks_invalid`, `ending_invalid`.
//! - [`outcome`]: counts, how the deal ended, the finishing order, bare sides.
//! - [`strokes`]: who wins and who marks on the stroke tally.
//! - [`tally`]: the stroke tally, marking and erasing phases, `game_over`.
//! - [`rutesheim`]: 9 game points a deal.
//! - [`report`]: the result as printed.
//! - [`play`]: card-level deals (Streitfall): played card by card, ruled on, and derived into
//!   the fact-level deal refereed here.

pub mod endings;
pub mod input;
pub mod options;
pub mod outcome;
pub mod pack;
pub mod play;
pub mod report;
pub mod rutesheim;
pub mod strokes;
pub mod tally;
pub mod validate;

use super::common::{Lang, RuleError, Violation};
use super::record::{Malformed, RawRecord};
pub use input::{Deal, Rules, Scoring, Sevens, ThreeStrokes, Variant};
use outcome::End;
use play::parse::Form;
pub use report::{DealReport, GameOver, GameReport, Report, Seats, TallyReport, side_of};
use serde_json::value::RawValue;
pub use tally::Phase;
use tally::Tally;

/// Referees a Gaigel record: `Err` when it is malformed (contract 2.1).
pub fn referee(raw: &RawRecord, lang: Lang) -> Result<Report, Malformed> {
    let (rules, deals, plays) = parse_full(raw)?;
    Ok(run_played(&rules, &deals, &plays, lang))
}

/// Reads the rules and the deals of a Gaigel record; a card-level deal gives the deal its
/// cards derive (a default deal where they give no result).
pub fn parse(raw: &RawRecord) -> Result<(Rules, Vec<Deal>), Malformed> {
    let (rules, deals, _) = parse_full(raw)?;
    Ok((rules, deals))
}

/// The rules, the deals, and each card-level deal as played (see [`parse_full`]).
pub type Parsed = (Rules, Vec<Deal>, Vec<Option<play::Played>>);

/// Reads the rules and the deals, and plays each card-level deal (docs/rules/gaigel.md
/// "Card-level deals (Streitfall)"): `plays` is empty for a record of fact-level deals only,
/// else holds one entry per deal, `Some` for a card-level one. Here rather than in `input`,
/// as the cards are played by `play`, which reads `input`'s forms.
pub fn parse_full(raw: &RawRecord) -> Result<Parsed, Malformed> {
    let rules = input::parse_rules(raw)?;
    match input::fact_deals(&rules, raw) {
        Some(deals) => Ok((rules, deals?, Vec::new())),
        None => parse_mixed(&rules, raw),
    }
}

/// Deals that are not all fact-level: each card-level deal is read and played; without one,
/// the error is named exactly as before.
fn parse_mixed(rules: &Rules, raw: &RawRecord) -> Result<Parsed, Malformed> {
    if let Some(read) = play::parse::card_deals(raw.deals) {
        let mut deals = Vec::with_capacity(read.len());
        let mut plays = Vec::with_capacity(read.len());
        for (i, cards) in read.into_iter().enumerate() {
            let setup = play::parse::setup_read(rules.variant, i, cards)?;
            push_played(rules, i, setup, &mut deals, &mut plays)?;
        }
        return Ok((*rules, deals, plays));
    }
    let items: Vec<&RawValue> = match serde_json::from_str(raw.deals.get()) {
        Ok(items) => items,
        Err(_) => return Err(input::plain_error(raw)),
    };
    let forms: Vec<Form> = items.iter().map(|d| play::parse::form(d)).collect();
    if !forms.iter().any(|f| matches!(f, Form::Cards(_))) {
        return Err(input::plain_error(raw));
    }
    let mut deals = Vec::with_capacity(items.len());
    let mut plays = Vec::with_capacity(items.len());
    for (i, (item, form)) in items.into_iter().zip(forms).enumerate() {
        if let Form::Cards(read) = form {
            let setup = play::parse::setup(rules.variant, i, item, read)?;
            push_played(rules, i, setup, &mut deals, &mut plays)?;
        } else {
            deals.push(input::fact_deal(rules, i, item)?);
            plays.push(None);
        }
    }
    Ok((*rules, deals, plays))
}

/// Plays card-level deal `i` and keeps the deal its cards derive, and its play.
fn push_played(
    rules: &Rules,
    i: usize,
    setup: play::parse::Setup,
    deals: &mut Vec<Deal>,
    plays: &mut Vec<Option<play::Played>>,
) -> Result<(), Malformed> {
    play::check_rules(rules, &setup, i)?;
    let played = play::play(rules, &setup);
    deals.push(played.deal.clone().unwrap_or_default());
    plays.push(Some(played));
    Ok(())
}

/// One deal under SKV Rutesheim scoring, what the tournament standings need (contract 8):
/// each player's count, who won the deal, and each player's game points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RutesheimDeal {
    /// Card points plus melds, per player.
    pub counts: [u32; 3],
    /// The player with the most game points.
    pub winner: usize,
    /// Game points, summing to 9.
    pub game_points: [u32; 3],
    /// Someone scored 0 for taking no trick or for über-/untergaigeln (not after five Sevens
    /// or five of a suit, and not for a lost Dissle alone).
    pub double: bool,
}

/// Validates and scores one deal of a `three` table under Rutesheim scoring.
pub fn rutesheim_deal(rules: &Rules, deal: &Deal) -> Result<RutesheimDeal, RuleError> {
    validate::validate(rules, deal)?;
    let d = outcome::read(rules, deal);
    let game_points = rutesheim::game_points(&d)?;
    let winner = (0..3).max_by_key(|&s| game_points[s]).unwrap_or(0);
    Ok(RutesheimDeal {
        counts: d.counts,
        winner,
        game_points,
        double: d.end.shown().is_none()
            && (0..3).any(|s| {
                let over = matches!(d.end, End::Overgaigel(x) | End::Untergaigel(x) if x == s);
                game_points[s] == 0 && (d.bare[s] || over)
            }),
    })
}

/// Referees parsed deals under `rules`.
pub fn run(rules: &Rules, deals: &[Deal], lang: Lang) -> Report {
    run_played(rules, deals, &[], lang)
}

/// Referees parsed deals under `rules`; `plays` holds, for a record with card-level deals,
/// each one's rulings and errors (empty for fact-level records).
pub fn run_played(
    rules: &Rules,
    deals: &[Deal],
    plays: &[Option<play::Played>],
    lang: Lang,
) -> Report {
    let sides = rules.variant.sides();
    let seats = |values: [u32; 3]| Seats { sides, values };
    let name = |s: usize| options::name(sides, s);
    let mut out = Vec::with_capacity(deals.len());
    let mut errors = Vec::new();
    let mut games = Vec::new();
    let mut tally = Tally::new(sides, rules.strokes);
    let mut totals = [0u32; 3];
    let mut rulings = Vec::new();
    for (i, deal) in deals.iter().enumerate() {
        let played = plays.get(i).and_then(Option::as_ref);
        if let Some(p) = played {
            rulings.push(crate::rules::ruling::DealRulings {
                deal: i,
                rulings: p.rulings(lang),
            });
        }
        if let Some(p) = played
            && p.deal.is_none()
        {
            if let Some((event, e)) = p.error.clone() {
                errors.push(Violation::new(i, event, e, lang));
            }
            break;
        }
        match score_deal(rules, deal, &mut tally, &mut totals) {
            Ok(mut report) => {
                if let (Some(w), Scoring::Strokes) = (tally.winner, rules.scoring) {
                    let over = GameOver {
                        winner: name(w),
                        marks: tally.marks(),
                        decided_by: None,
                    };
                    games.push(GameReport {
                        winner: over.winner,
                        score: seats(tally.lines),
                        marks: over.marks,
                        decided_by: None,
                    });
                    report.game_over = Some(over);
                }
                out.push(report);
                if let Some((event, e)) = played.and_then(|p| p.error.clone()) {
                    errors.push(Violation::new(i, event, e, lang));
                    break;
                }
            }
            Err(e) => {
                errors.push(Violation::new(i, None, e, lang));
                break;
            }
        }
    }
    let tally = match rules.scoring {
        Scoring::Rutesheim => TallyReport::GamePoints(seats(totals)),
        Scoring::Strokes => TallyReport::Strokes(tally),
    };
    Report {
        valid: errors.is_empty(),
        errors,
        deals: out,
        games,
        tally,
        rulings,
    }
}

/// One deal scored by the record's scoring: Rutesheim game points added to `totals`, or the
/// stroke tally moved on.
fn score_deal(
    rules: &Rules,
    deal: &Deal,
    tally: &mut Tally,
    totals: &mut [u32; 3],
) -> Result<DealReport, RuleError> {
    let sides = rules.variant.sides();
    let seats = |values: [u32; 3]| Seats { sides, values };
    match rules.scoring {
        Scoring::Rutesheim => rutesheim_deal(rules, deal).map(|r| {
            for (t, g) in totals.iter_mut().zip(r.game_points) {
                *t += g;
            }
            DealReport {
                points: seats(r.counts),
                winner: Some(options::name(sides, r.winner)),
                double: r.double,
                strokes: None,
                game_points: Some(seats(r.game_points)),
                game_over: None,
            }
        }),
        Scoring::Strokes => stroke_deal(rules, deal, tally).map(|(report, next)| {
            *tally = next;
            report
        }),
    }
}

/// One deal on the stroke tally: `game_over` first (the deal should not exist), then 7.2,
/// then 7.1 and the tally.
fn stroke_deal(
    rules: &Rules,
    deal: &Deal,
    tally: &Tally,
) -> Result<(DealReport, Tally), RuleError> {
    tally.check_open()?;
    validate::validate(rules, deal)?;
    let d = outcome::read(rules, deal);
    let r = strokes::strokes(rules, &d)?;
    let next = tally.apply(&d, &r)?;
    let double = tally.double(&r);
    let sides = rules.variant.sides();
    Ok((
        DealReport {
            points: Seats {
                sides,
                values: d.counts,
            },
            winner: r.winner.map(|w| options::name(sides, w)),
            double,
            strokes: Some(Seats {
                sides,
                values: next.lines,
            }),
            game_points: None,
            game_over: None,
        },
        next,
    ))
}
