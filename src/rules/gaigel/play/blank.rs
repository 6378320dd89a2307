//! Gaigel's blank Streitfall table (`crate::rules::streit::Blank`): the variant's seats
//! (002 "partners sitting opposite"; `three` each for themselves), the double pack of 48
//! ("two copies of each card", so the picker offers each card twice), and the turned card as
//! the trump field. Draws are entered as the table's `draw` choices (no `talon`).

use super::super::super::common::Lang;
use super::super::super::record::{Malformed, RawRecord};
use super::super::super::streit::Blank;
use super::super::input::parse_rules;
use super::super::validate::name;
use super::cards::{Card, pack};

/// The blank table for a Gaigel record frame; options the card-level referee does not take
/// are refused as for a deal.
pub fn blank(raw: &RawRecord) -> Result<Blank, Malformed> {
    let rules = parse_rules(raw)?;
    super::check_rules(&rules, 0)?;
    let sides = rules.variant.sides();
    Ok(Blank {
        seats: (0..rules.variant.players() as usize)
            .map(|s| name(sides, s % sides).to_string())
            .collect(),
        pack: pack()
            .into_iter()
            .map(|c: Card| (c.code(), c.name(Lang::De)))
            .collect(),
        turned: Some("trump"),
        schlag: Vec::new(),
        suits: Vec::new(),
    })
}
