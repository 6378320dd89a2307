//! Card-level Watten deals (Streitfall; docs/rules/watten.md, "Card-level deals
//! (Streitfall)"): the hands as dealt, the Schlag and the trump suit, and every action in
//! order. The engine rules on each action and derives the fact-level events, which the
//! fact-level state machine (`deal::step`) referees, so a card-level deal scores exactly as
//! its facts would.
//!
//! - `input`: the deal as written (`watten::input::card_deal`);
//! - `setup`: the deal as dealt, checked (`cards_invalid`);
//! - `order`: the trick order (Kritische, Guate, Rechte, Linken, trumps, the WELI);
//! - `engine`: the actions applied one by one; `breach`: an illegal action and its remedy;
//! - `table`: the table as it looks, with the legal next actions, for the Streitfall page;
//! - `words`: cards and seats in the players' words.

pub mod blank;
mod blind;
pub mod breach;
pub mod engine;
mod naming;
pub mod order;
#[cfg(test)]
mod order_toblach;
mod schoeneres;
mod seated;
pub mod setup;
mod table;
pub mod words;

pub use table::table;

/// The card-level deal as written, the play's input. Its form lives with the record's other
/// deal forms (`watten::input`), which hold it as one kind of deal.
pub use super::input::card_deal as input;

use super::deal::{Event, Table};
use super::messages;
use crate::rules::common::{Lang, RuleError, Side};
use crate::rules::ruling::Ruling;
use engine::Play;
use input::CardDeal;

/// How a deal was decided: its scorer and points, and for a card-level deal the rulings and
/// the first illegal action (its index and the rule it broke, with what follows).
#[derive(Debug, Clone, PartialEq)]
pub struct Decided {
    pub scorer: Side,
    pub points: u32,
    pub rulings: Option<Vec<Ruling>>,
    pub breach: Option<(usize, RuleError)>,
}

impl Decided {
    /// A fact-level deal's outcome.
    pub fn facts(scorer: Side, points: u32) -> Decided {
        Decided {
            scorer,
            points,
            rulings: None,
            breach: None,
        }
    }
}

/// A card-level deal played through: the play after the last action applied, a ruling per
/// action, and the first illegal action with its breach.
pub struct Played {
    pub setup: setup::Setup,
    pub play: Play,
    pub rulings: Vec<Ruling>,
    pub breach: Option<(usize, breach::Breach)>,
}

/// Plays a card-level deal's actions; `Err` when the deal as dealt breaks a rule.
pub fn play_through(deal: &CardDeal, table: &Table, lang: Lang) -> Result<Played, RuleError> {
    let setup = setup::check(deal, *table)?;
    let mut play = Play::start(&setup);
    let mut rulings = Vec::with_capacity(deal.actions.len());
    let mut breach = None;
    for (i, &action) in deal.actions.iter().enumerate() {
        match play.apply(&setup, action) {
            Ok(()) => rulings.push(Ruling::legal(i)),
            Err(b) => {
                rulings.push(Ruling::illegal(
                    i,
                    b.code,
                    b.rule.get(lang).to_string(),
                    b.then.get(lang).to_string(),
                ));
                breach = Some((i, b));
                break;
            }
        }
    }
    Ok(Played {
        setup,
        play,
        rulings,
        breach,
    })
}

/// Referees a card-level deal. `Err`: the deal as dealt breaks a rule (`cards_invalid`), or
/// its actions stop before it is decided (`deal_incomplete`), for the whole deal.
pub fn decide(
    deal: &CardDeal,
    table: &Table,
    lang: Lang,
) -> Result<Decided, (Option<usize>, RuleError)> {
    let played = play_through(deal, table, lang).map_err(|e| (None, e))?;
    if let Some((i, b)) = played.breach {
        let words = |l| format!("{} {}", b.rule.get(l), b.then.get(l));
        return Ok(Decided {
            scorer: b.outcome.0,
            points: b.outcome.1,
            rulings: Some(played.rulings),
            breach: Some((i, RuleError::new(b.code, words(Lang::De), words(Lang::En)))),
        });
    }
    match played.play.outcome() {
        Some((scorer, points)) => Ok(Decided {
            scorer,
            points,
            rulings: Some(played.rulings),
            breach: None,
        }),
        None => Err((None, messages::incomplete(table, &played.play.fact))),
    }
}

/// The fact-level events a legal card-level deal derives (for the record's fact form).
pub fn derived(deal: &CardDeal, table: &Table) -> Option<Vec<Event>> {
    let played = play_through(deal, table, Lang::En).ok()?;
    played.breach.is_none().then_some(played.play.derived)
}
