//! Gaigel's blank Streitfall table (`crate::rules::ruling::Blank`): the variant's seats
//! (002 "partners sitting opposite"; `three` each for themselves), the double pack of 48
//! ("two copies of each card", so the picker offers each card twice), and the turned card as
//! the trump field. Draws are entered as the table's `draw` choices (no `talon`).

use super::super::super::common::Lang;
use super::super::super::record::{Malformed, RawRecord};
use super::super::super::ruling::Blank;
use super::super::input::parse_rules;
use super::super::options::name;
use super::cards::{Card, pack};

/// The blank table for a Gaigel record frame. Every option is refereed card by card (the
/// Sevens and auf Farbe claims are actions, docs/rules/gaigel.md 12.6).
pub fn blank(raw: &RawRecord) -> Result<Blank, Malformed> {
    let rules = parse_rules(raw)?;
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
        cut: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blank for a record frame as JSON, as `streit::blank` hands it over.
    fn blank(input: &str) -> Result<Blank, Malformed> {
        super::blank(&RawRecord::parse(input)?)
    }

    /// Rules text 002, "Players and Cards": "Ace, 10, King, Ober, Unter, 7, with two copies of
    /// each card"; "partners sitting opposite".
    #[test]
    fn the_pack_lists_every_card_twice_and_the_turned_card_is_trump() {
        let b = blank(r#"{"game":"gaigel","deals":[]}"#).unwrap();
        assert_eq!(b.pack.len(), 48);
        let aces = b.pack.iter().filter(|(c, _)| c == "EA").count();
        assert_eq!(aces, 2);
        assert!(b.pack.contains(&("EA".into(), "Eichel Ass".into())));
        assert_eq!(b.seats, ["A", "B", "A", "B"]);
        assert_eq!(b.turned, Some("trump"));
    }

    /// Rules text 002, "Six Players" (two teams of three, alternating) and "Three players"
    /// (each for themselves).
    #[test]
    fn six_and_three_players_seat_as_the_variant_says() {
        let six = blank(r#"{"game":"gaigel","variant":"six","deals":[]}"#).unwrap();
        assert_eq!(six.seats, ["A", "B", "A", "B", "A", "B"]);
        let three = blank(r#"{"game":"gaigel","variant":"three","deals":[]}"#).unwrap();
        assert_eq!(three.seats, ["P1", "P2", "P3"]);
    }

    /// docs/rules/gaigel.md 12.6: the Sevens options are played card by card, so their
    /// frames get a table like any other.
    #[test]
    fn sevens_options_get_a_table() {
        let b = blank(r#"{"game":"gaigel","options":{"sevens":"auf_dissle"},"deals":[]}"#).unwrap();
        assert_eq!(b.seats, ["A", "B", "A", "B"]);
        assert_eq!(b.turned, Some("trump"));
    }
}
