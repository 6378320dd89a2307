//! A record of one card-level deal, parsed into kartl's typed form apart from refereeing it.
//!
//! [`crate::rules::referee`] takes JSON text and parses it on the way, so timing it against
//! parsing the same text measures parsing twice. The Streitfall bench (`benches/streit.rs`)
//! times the two halves on their own instead: [`CardRecord::parse`] (the text into the typed
//! deal the engines read) and [`CardRecord::referee`] (what the referee does after parsing: the
//! card-level engine on every action, the rulings in the players' words, and the deal scored).
//! Both call the same per-game functions the referee calls, in the same order, so the rulings
//! are the referee's (tested against it on every conformance case below).

use super::common::{ErrorCode, Lang, Pair};
use super::record::{Game, Malformed, RawRecord};
use super::ruling::Ruling;
use super::{figures, gaigel, watten};

/// A record holding exactly one deal, card-level, of two sides (or Gaigel's players), parsed.
pub enum CardRecord {
    Figures {
        ctx: figures::state::Ctx,
        deal: Box<figures::record::card_deal::CardDeal>,
    },
    Watten {
        rules: watten::ruleset::RuleSet,
        start: Pair<u32>,
        deal: Box<watten::play::input::CardDeal>,
    },
    Gaigel {
        rules: gaigel::Rules,
        setup: Box<gaigel::play::parse::Setup>,
    },
}

/// What refereeing the deal gives: a ruling per action, the first broken rule, and the score
/// after the deal (the figure games' and Watten's game score for A and B; Gaigel's card
/// points plus melds per side; zeros when the deal has no result).
#[derive(Debug, Clone, PartialEq)]
pub struct Ruled {
    pub rulings: Vec<Ruling>,
    pub broken: Option<ErrorCode>,
    pub score: [i64; 3],
}

fn one_deal() -> Malformed {
    Malformed::new(
        "deals",
        "the typed entry takes a record holding exactly one card-level deal",
    )
}

impl CardRecord {
    /// Parses `input` as `referee` does (the fast path, without path tracking).
    pub fn parse(input: &str) -> Result<CardRecord, Malformed> {
        let raw = RawRecord::parse(input)?;
        match raw.game {
            Game::Giltspiel | Game::Perlaggen => Self::parse_figures(&raw),
            Game::Watten => Self::parse_watten(&raw),
            Game::Gaigel => {
                let (rules, setup) = gaigel::play::single(&raw)?;
                Ok(CardRecord::Gaigel {
                    rules,
                    setup: Box::new(setup),
                })
            }
        }
    }

    fn parse_figures(raw: &RawRecord) -> Result<CardRecord, Malformed> {
        let (variant, target) = figures::rule_set(raw)?;
        let players = figures::players(raw)?;
        let start = match raw.start {
            Some(s) => super::record::parse_part::<Pair<u32>>("start", s)?,
            None => Pair::default(),
        };
        let mut deals: Vec<figures::record::Deal> = serde_json::from_str(raw.deals.get())
            .map_err(|e| Malformed::new("deals", e.to_string()))?;
        let (Some(figures::record::Deal::Cards(deal)), 0, false) =
            (deals.pop(), deals.len(), players == 3)
        else {
            return Err(one_deal());
        };
        deal.check_form(players)
            .map_err(|(path, m)| Malformed::new(format!("deals[0].cards.{path}"), m))?;
        let score = Pair::new(i64::from(start.a), i64::from(start.b));
        let ctx = figures::state::Ctx {
            variant,
            target,
            score,
            opponents_exchange: figures::opponents_exchange(raw, variant)?,
        };
        Ok(CardRecord::Figures { ctx, deal })
    }

    fn parse_watten(raw: &RawRecord) -> Result<CardRecord, Malformed> {
        let rules = watten::rule_set(raw)?;
        let start = match raw.start {
            Some(s) => super::record::parse_part::<Pair<u32>>("start", s)?,
            None => Pair::default(),
        };
        let mut deals: Vec<watten::input::Deal> = serde_json::from_str(raw.deals.get())
            .map_err(|e| Malformed::new("deals", e.to_string()))?;
        let (Some(watten::input::Deal::Cards(deal)), 0, false) =
            (deals.pop(), deals.len(), rules.three_players)
        else {
            return Err(one_deal());
        };
        Ok(CardRecord::Watten { rules, start, deal })
    }

    /// Referees the parsed deal as `referee` does after parsing.
    pub fn referee(&self, lang: Lang) -> Ruled {
        match self {
            CardRecord::Figures { ctx, deal } => {
                let played = figures::play::referee_deal(*ctx, deal);
                let rulings = figures::play::rulings(&played, lang);
                let mut broken = played.broken.as_ref().map(|(_, e)| e.code);
                let mut score = [0; 3];
                if broken.is_none() && !played.facts.complete() {
                    broken = Some(figures::incomplete(ctx, &played.facts).code);
                } else if broken.is_none() {
                    let scored = figures::scoring::score(ctx, &played.facts);
                    let report = figures::report::deal_report(&scored, ctx.target);
                    score = [report.score.a, report.score.b, 0];
                }
                Ruled {
                    rulings,
                    broken,
                    score,
                }
            }
            CardRecord::Watten { rules, start, deal } => {
                let table = watten::deal::Table::new(*rules, *start);
                match watten::play::decide(deal, &table, lang) {
                    Ok(d) => {
                        let mut game = watten::game::Game::new(rules, *start);
                        let end = game.score_deal(rules, d.scorer, d.points);
                        let s = end.map_or(game.score, |e| e.score);
                        Ruled {
                            rulings: d.rulings.unwrap_or_default(),
                            broken: d.breach.map(|(_, e)| e.code),
                            score: [i64::from(s.a), i64::from(s.b), 0],
                        }
                    }
                    Err((_, e)) => Ruled {
                        rulings: Vec::new(),
                        broken: Some(e.code),
                        score: [0; 3],
                    },
                }
            }
            CardRecord::Gaigel { rules, setup } => {
                let played = gaigel::play::play(rules, setup);
                let deal = played.deal.clone().unwrap_or_default();
                let report = gaigel::run_played(rules, &[deal], &[Some(played)], lang);
                let points = report.deals.first().map_or([0; 3], |d| d.points.values);
                Ruled {
                    rulings: report.rulings.into_iter().flat_map(|r| r.rulings).collect(),
                    broken: report.errors.first().map(|v| v.code),
                    score: points.map(i64::from),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Report, referee};

    fn referee_rulings(report: &Report) -> (Vec<Ruling>, Option<ErrorCode>) {
        let rulings = match report {
            Report::Figures(r) => &r.rulings,
            Report::Watten(r) => &r.rulings,
            Report::Gaigel(r) => &r.rulings,
            _ => unreachable!("the typed entry refuses three-player shapes"),
        };
        let flat = rulings.iter().flat_map(|d| d.rulings.clone()).collect();
        (flat, report.violations().first().map(|v| v.code))
    }

    /// The typed entry rules as the referee does on every conformance case it takes (a
    /// record of one card-level deal): the same rulings, the same first broken rule.
    #[test]
    fn the_typed_entry_rules_as_the_referee_does() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");
        let mut taken = 0;
        for game in ["figures", "watten", "gaigel"] {
            for f in std::fs::read_dir(format!("{root}/{game}")).unwrap() {
                let path = f.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                if !name.starts_with("cards-") {
                    continue;
                }
                let case: serde_json::Value =
                    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                let text = case["record"].to_string();
                let (Ok(typed), Ok(report)) = (CardRecord::parse(&text), referee(&text, Lang::De))
                else {
                    continue;
                };
                let ruled = typed.referee(Lang::De);
                let (rulings, broken) = referee_rulings(&report);
                assert_eq!(ruled.rulings, rulings, "{name}");
                assert_eq!(ruled.broken, broken, "{name}");
                taken += 1;
            }
        }
        assert!(taken >= 80, "only {taken} cases taken");
    }
}
