//! Watten's blank Streitfall table (`crate::rules::ruling::Blank`): two, three or four seats,
//! the variant's pack (Bavarian 32, Tyrolean 33 with the WELI, Toblach 36 with all four
//! sixes), and the trump fields as the text has them announced: "Forehand chooses the Schlag,
//! the dealer the trump suit" (Toblach: the WELI or the six among the Schlag choices).

use super::input::Schlag;
use super::order::{kritische, pack, schlag_choices};
use super::words;
use crate::rules::figures::cards::{Card, Rank, Suit};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use crate::rules::ruling::{Blank, alternating};
use crate::rules::watten::input::RawOptions;
use crate::rules::watten::rule_set;
use crate::rules::watten::ruleset::Family;

/// The blank table for a Watten record frame.
pub fn blank(raw: &RawRecord) -> Result<Blank, Malformed> {
    let rules = rule_set(raw)?;
    let options: RawOptions = match raw.options {
        Some(o) => parse_part("options", o)?,
        None => RawOptions::default(),
    };
    let seats = options.players.unwrap_or(4) as usize;
    // The Schlag as the record writes it: a rank is the card's code without its suit letter.
    let code = |s: Schlag| match s {
        Schlag::Rank(r) => Card::new(Suit::E, r).to_string()[1..].to_string(),
        Schlag::Weli => "WELI".to_string(),
    };
    Ok(Blank {
        // Three players each sit as themselves (docs/rules/watten.md, "Three players at card
        // level"): forehand plays alone against the other two.
        seats: if rules.three_players {
            vec!["P1".into(), "P2".into(), "P3".into()]
        } else {
            alternating(seats)
        },
        pack: pack(&rules)
            .into_iter()
            .map(|c| (c.to_string(), words::card(c)))
            .collect(),
        turned: None,
        schlag: schlag_choices(&rules)
            .map(|s| (code(s), words::schlag(s).to_string()))
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
        // Bavarian "Dealing": "If it is one of the three Kritische, the cutter may take it";
        // Tyrolean: the cutter "cuts but does not take or show the cut card".
        cut: if rules.family == Family::Bavarian {
            kritische(&rules)
                .iter()
                .map(|&c| (c.to_string(), words::card(c)))
                .collect()
        } else {
            Vec::new()
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blank for a record frame as JSON, as `streit::blank` hands it over.
    fn blank(input: &str) -> Result<Blank, Malformed> {
        super::blank(&RawRecord::parse(input)?)
    }

    fn ranks(b: &crate::rules::ruling::Blank) -> Vec<&str> {
        b.schlag.iter().map(|(code, _)| code.as_str()).collect()
    }

    /// Rules text 004, Tyrolean "Cards": "33 cards ... with the WELI"; "Choosing trumps":
    /// forehand chooses the Schlag "ace to six" and the dealer the suit.
    #[test]
    fn tyrolean_offers_the_weli_and_six_as_schlag() {
        let b = blank(r#"{"game":"watten","variant":"tyrolean","deals":[]}"#).unwrap();
        assert_eq!(b.pack.len(), 33);
        assert!(
            b.pack
                .contains(&("S6".into(), "Schell Sechs (Weli)".into()))
        );
        assert_eq!(ranks(&b), ["A", "K", "O", "U", "10", "9", "8", "7", "6"]);
        assert_eq!(b.suits.len(), 4);
        assert_eq!(b.seats, ["A", "B", "A", "B"]);
        assert_eq!(b.turned, None);
    }

    /// Rules text 004, Bavarian "Players and cards": "a pack of 32 cards"; the Schlag is "ace,
    /// king, over, under, 10, 9, 8 or 7"; "it can also be played by two".
    #[test]
    fn bavarian_has_32_cards_and_no_six_two_players_two_seats() {
        let b =
            blank(r#"{"game":"watten","variant":"bavarian","options":{"players":2},"deals":[]}"#)
                .unwrap();
        assert_eq!(b.pack.len(), 32);
        assert!(!ranks(&b).contains(&"6"));
        assert_eq!(b.seats, ["A", "B"]);
        // "If it is one of the three Kritische, the cutter may take it": Maxi, Belli, Spritzer.
        let cut: Vec<&str> = b.cut.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(cut, ["HK", "S7", "E7"]);
        let tyrolean = blank(r#"{"game":"watten","deals":[]}"#).unwrap();
        assert!(tyrolean.cut.is_empty(), "the Tyrolean cutter takes nothing");
    }

    /// Rules text 004, "Watten with 36 cards": at Toblach the pack adds "the sixes of hearts,
    /// acorns and leaves", and "the Schlag can be either the WELI or an ordinary six".
    #[test]
    fn toblach_offers_36_cards_and_the_weli_beside_the_six() {
        let b = blank(r#"{"game":"watten","variant":"blind","options":{"pack":36},"deals":[]}"#)
            .unwrap();
        assert_eq!(b.pack.len(), 36);
        for six in [("H6", "Herz Sechs"), ("S6", "Schell Sechs (Weli)")] {
            assert!(b.pack.contains(&(six.0.into(), six.1.into())), "{six:?}");
        }
        assert_eq!(
            ranks(&b),
            ["A", "K", "O", "U", "10", "9", "8", "7", "6", "WELI"]
        );
        assert_eq!(b.schlag.last(), Some(&("WELI".into(), "Weli".into())));
        // The referee refuses the 36 cards where they do not belong, with its words.
        let refused =
            blank(r#"{"game":"watten","variant":"kritische","options":{"pack":36},"deals":[]}"#)
                .unwrap_err();
        assert_eq!(refused.path, "options.pack");
    }

    /// Three players sit as P1, P2, P3, as the card-level record takes them
    /// (docs/rules/watten.md, "Three players at card level").
    #[test]
    fn three_players_sit_as_themselves() {
        let b = blank(r#"{"game":"watten","options":{"players":3},"deals":[]}"#).unwrap();
        assert_eq!(b.seats, ["P1", "P2", "P3"]);
    }
}
