//! Watten entry: the quick form (winner and points) and the event list, each turned into one
//! deal of the contract (3.2). Parse, don't validate: the referee judges what was parsed.

use crate::rules::match_record::Who;
use crate::rules::match_record::watten::{Deal, Event};

/// Why a form does not give a deal: the catalogue id, and the line for the event list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    pub key: &'static str,
    pub line: Option<usize>,
}

/// A side (`A`, `B`) or, three-player Watten, a player (`P1`..`P3`); the referee refuses
/// the ones the record does not have.
fn side(text: &str) -> Option<Who> {
    Who::parse(&text.trim().to_ascii_uppercase())
}

/// Three-player Watten (`three`: a table of three): adds who played alone (`alone`,
/// `P1`..`P3`) to a parsed deal, which it must name; a two-sided table sends no `alone` and
/// its deals stay as they are.
pub fn with_alone(
    deal: Result<Deal, FormError>,
    alone: &str,
    three: bool,
) -> Result<Deal, FormError> {
    let mut deal = deal?;
    if alone.trim().is_empty() && !three {
        return Ok(deal);
    }
    let player = side(alone)
        .filter(|p| matches!(p, Who::P1 | Who::P2 | Who::P3))
        .ok_or(FormError {
            key: "score-err-alone",
            line: None,
        })?;
    deal.alone = Some(player);
    Ok(deal)
}

/// The quick form: `{"winner": S, "points": N}`.
pub fn quick(winner: &str, points: &str) -> Result<Deal, FormError> {
    let winner = side(winner).ok_or(FormError {
        key: "score-err-winner",
        line: None,
    })?;
    let points: u32 = points.trim().parse().map_err(|_| FormError {
        key: "score-err-points",
        line: None,
    })?;
    Ok(Deal::short(winner, points))
}

/// The event list, one event a line: `bet A`, `see B`, `give_up A`, `play B`, `tricks A`,
/// `farbe B ok` / `farbe B falsch`, `machine A` (German words work too: bieten, schauen,
/// aufgeben or gehen, spielen, stiche).
pub fn events(text: &str) -> Result<Deal, FormError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        out.push(event(&words).ok_or(FormError {
            key: "score-err-event",
            line: Some(i + 1),
        })?);
    }
    if out.is_empty() {
        return Err(FormError {
            key: "score-err-no-events",
            line: None,
        });
    }
    Ok(Deal::events(out))
}

/// One line's words as an event; `None` when they do not read.
fn event(words: &[&str]) -> Option<Event> {
    let s = side(words.get(1)?)?;
    let mut e = Event::default();
    let slot = match words.first()?.to_lowercase().as_str() {
        // "B geht" is the pad's word for B giving up, so "gehen" never means a bet here.
        "bet" | "bieten" => &mut e.bet,
        "see" | "schauen" => &mut e.see,
        "give_up" | "aufgeben" | "gehen" | "geht" => &mut e.give_up,
        "play" | "spielen" => &mut e.play,
        "tricks" | "stiche" => &mut e.tricks,
        "machine" | "maschine" => &mut e.machine,
        "farbe" => {
            let ok = match words.get(2).map(|w| w.to_lowercase()) {
                Some(w) if ["ok", "richtig", "true", "ja"].contains(&w.as_str()) => true,
                Some(w) if ["falsch", "false", "nein", "no"].contains(&w.as_str()) => false,
                _ => return None,
            };
            e.card_ok = Some(ok);
            &mut e.farbe
        }
        _ => return None,
    };
    *slot = Some(s);
    (e.farbe.is_some() || words.len() <= 2).then_some(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The deal as stored: the JSON text kartl writes (keys sorted, compact).
    fn stored(deal: Result<Deal, FormError>) -> Result<String, FormError> {
        deal.map(|d| serde_json::to_string(&d).unwrap())
    }

    #[test]
    fn forms_become_contract_deals() {
        assert_eq!(
            serde_json::to_value(quick("b", " 3 ").unwrap()).unwrap(),
            json!({"winner": "B", "points": 3})
        );
        assert_eq!(quick("C", "3").unwrap_err().key, "score-err-winner");
        assert_eq!(
            serde_json::to_value(events("bieten A\nschauen B\n\ntricks A").unwrap()).unwrap(),
            json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]})
        );
        // The pad's words: "B geht" is B giving up, never a bet.
        assert_eq!(
            serde_json::to_value(events("bieten A\ngeht B\ngehen B").unwrap()).unwrap(),
            json!({"events": [{"bet": "A"}, {"give_up": "B"}, {"give_up": "B"}]})
        );
        assert_eq!(
            serde_json::to_value(events("farbe B falsch").unwrap()).unwrap(),
            json!({"events": [{"farbe": "B", "card_ok": false}]})
        );
        assert_eq!(events("bet A\nfly B").unwrap_err().line, Some(2));
        assert_eq!(events("bet A B").unwrap_err().line, Some(1));
        assert_eq!(events("farbe A").unwrap_err().line, Some(1));
        assert_eq!(events("  ").unwrap_err().key, "score-err-no-events");
    }

    /// What the forms store, byte for byte: the deal versions' column holds these texts.
    #[test]
    fn the_stored_bytes_of_each_form_stay_as_they_were() {
        assert_eq!(
            stored(quick("b", " 3 ")),
            Ok(r#"{"points":3,"winner":"B"}"#.into())
        );
        assert_eq!(
            stored(events(
                "bet A\nsee B\ngive_up A\nplay B\ntricks A\nmachine B\nfarbe A ok"
            )),
            Ok(concat!(
                r#"{"events":[{"bet":"A"},{"see":"B"},{"give_up":"A"},{"play":"B"},"#,
                r#"{"tricks":"A"},{"machine":"B"},{"card_ok":true,"farbe":"A"}]}"#
            )
            .into())
        );
        assert_eq!(
            stored(with_alone(events("bet P2\ntricks P3"), "p1", true)),
            Ok(r#"{"alone":"P1","events":[{"bet":"P2"},{"tricks":"P3"}]}"#.into())
        );
    }

    #[test]
    fn three_player_forms_name_players_and_who_played_alone() {
        assert_eq!(
            stored(with_alone(quick("p3", "2"), "P1", true)),
            Ok(r#"{"alone":"P1","points":2,"winner":"P3"}"#.into())
        );
        assert_eq!(
            serde_json::to_value(
                with_alone(events("bet P2\nsee P1\ntricks P3"), "P1", true).unwrap()
            )
            .unwrap(),
            json!({"events": [{"bet": "P2"}, {"see": "P1"}, {"tricks": "P3"}], "alone": "P1"})
        );
        assert_eq!(
            stored(with_alone(quick("A", "2"), "", false)),
            Ok(r#"{"points":2,"winner":"A"}"#.into())
        );
        assert_eq!(
            with_alone(quick("P1", "2"), "A", true).unwrap_err().key,
            "score-err-alone"
        );
        // At a table of three the player alone must be named.
        assert_eq!(
            with_alone(quick("P1", "2"), " ", true).unwrap_err().key,
            "score-err-alone"
        );
    }
}

#[cfg(test)]
mod catalogue {
    use crate::web::i18n::Locale;

    /// The form errors' ids (not written as `.t("…")`, so the general scan misses them).
    #[test]
    fn every_form_error_has_words_in_both_languages() {
        for key in [
            "score-err-winner",
            "score-err-points",
            "score-err-event",
            "score-err-no-events",
            "score-err-alone",
            "score-err-side",
            "score-err-card-points",
            "score-err-tricks",
            "score-err-melds",
            "score-link-closed",
            "score-link-unknown",
            "score-deal-words",
            "score-deal-words-several",
            "score-gaigel-win",
            "score-gaigel-double",
            "score-confirm",
            "score-heading",
        ] {
            for locale in [Locale::De, Locale::En] {
                assert_ne!(locale.t(key), key, "{key} in {}", locale.tag());
            }
        }
    }
}
