//! The figure games' blank Streitfall table (`crate::rules::ruling::Blank`): the seats the
//! variant seats, its pack, and the turned card as the trump field.

use super::super::cards::Card;
use super::super::{players, rule_set};
use super::tricks::card_name;
use crate::rules::record::{Malformed, RawRecord};
use crate::rules::ruling::{Blank, alternating};

/// The blank table for a figure game's record frame; three players are refused as
/// [`super::table`] refuses them.
pub fn blank(raw: &RawRecord) -> Result<Blank, Malformed> {
    let (variant, _) = rule_set(raw)?;
    let n = players(raw)?;
    if n == 3 {
        return Err(Malformed::new(
            "options.players",
            crate::rules::figures::three::NO_CARDS,
        ));
    }
    let pack = super::table::pack(variant)
        .into_iter()
        .filter_map(|code| {
            let name = Card::parse(&code).map(card_name)?;
            Some((code, name))
        })
        .collect();
    Ok(Blank {
        seats: alternating(n as usize),
        pack,
        turned: Some("turned"),
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

    /// Perlaggen text, "Players and Cards": four players in two partnerships, 33 cards with
    /// the Weli; three players have no sides, so no card-level deal.
    #[test]
    fn perlaggen_seats_four_and_refuses_three() {
        let b = blank(r#"{"game":"perlaggen","variant":"innsbruck","deals":[]}"#).unwrap();
        assert_eq!(b.seats, ["A", "B", "A", "B"]);
        assert_eq!(b.turned, Some("turned"));
        assert!(b.pack.contains(&("L10".into(), "Laub Zehn".into())));
        let e = blank(r#"{"game":"perlaggen","options":{"players":3},"deals":[]}"#).unwrap_err();
        assert_eq!(e.path, "options.players");
    }
}
