//! Watten's blank Streitfall table (`crate::rules::streit::Blank`): two or four seats, the
//! variant's pack (Bavarian 32, Tyrolean 33 with the WELI), and the trump fields as the
//! text has them announced: "Forehand chooses the Schlag, the dealer the trump suit".

use super::order::{pack, schlag_allowed};
use super::words;
use crate::rules::figures::cards::{Card, Rank, Suit};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use crate::rules::streit::{Blank, alternating};
use crate::rules::watten::input::RawOptions;
use crate::rules::watten::rule_set;
use crate::rules::watten::ruleset::RuleSet;

/// The rule set of a record the card-level referee takes: three players are refused here,
/// for the table and the blank page alike.
pub fn refereed(raw: &RawRecord) -> Result<RuleSet, Malformed> {
    let rules = rule_set(raw)?;
    if rules.three_players {
        return Err(Malformed::new(
            "options.players",
            "card-level deals are not refereed for three players",
        ));
    }
    Ok(rules)
}

/// The blank table for a Watten record frame.
pub fn blank(raw: &RawRecord) -> Result<Blank, Malformed> {
    let rules = refereed(raw)?;
    let options: RawOptions = match raw.options {
        Some(o) => parse_part("options", o)?,
        None => RawOptions::default(),
    };
    let seats = options.players.unwrap_or(4) as usize;
    // The rank as the record writes a Schlag: the card's code without its suit letter.
    let code = |r: Rank| Card::new(Suit::E, r).to_string()[1..].to_string();
    Ok(Blank {
        seats: alternating(seats),
        pack: pack(&rules)
            .into_iter()
            .map(|c| (c.to_string(), words::card(c)))
            .collect(),
        turned: None,
        schlag: Rank::ALL
            .into_iter()
            .filter(|&r| schlag_allowed(&rules, r))
            .map(|r| (code(r), words::rank(r).to_string()))
            .collect(),
        suits: Suit::ALL
            .into_iter()
            .map(|s| {
                (
                    Card::new(s, Rank::A).to_string()[..1].to_string(),
                    s.german().to_string(),
                )
            })
            .collect(),
    })
}
