//! Watten entry: the quick form (winner and points) and the event list, each turned into one
//! deal of the contract (3.2). Parse, don't validate: the referee judges what was parsed.

use serde_json::{Value, json};

/// Why a form does not give a deal: the catalogue id, and the line for the event list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    pub key: &'static str,
    pub line: Option<usize>,
}

/// A side (`A`, `B`) or, three-player Watten, a player (`P1`..`P3`); the referee refuses
/// the ones the record does not have.
fn side(text: &str) -> Option<&'static str> {
    match text.trim().to_ascii_uppercase().as_str() {
        "A" => Some("A"),
        "B" => Some("B"),
        "P1" => Some("P1"),
        "P2" => Some("P2"),
        "P3" => Some("P3"),
        _ => None,
    }
}

/// Three-player Watten (`three`: a table of three): adds who played alone (`alone`,
/// `P1`..`P3`) to a parsed deal, which it must name; a two-sided table sends no `alone` and
/// its deals stay as they are.
pub fn with_alone(
    deal: Result<Value, FormError>,
    alone: &str,
    three: bool,
) -> Result<Value, FormError> {
    let mut deal = deal?;
    if alone.trim().is_empty() && !three {
        return Ok(deal);
    }
    let player = side(alone)
        .filter(|p| p.starts_with('P'))
        .ok_or(FormError {
            key: "score-err-alone",
            line: None,
        })?;
    deal["alone"] = Value::from(player);
    Ok(deal)
}

/// The quick form: `{"winner": S, "points": N}`.
pub fn quick(winner: &str, points: &str) -> Result<Value, FormError> {
    let winner = side(winner).ok_or(FormError {
        key: "score-err-winner",
        line: None,
    })?;
    let points: u32 = points.trim().parse().map_err(|_| FormError {
        key: "score-err-points",
        line: None,
    })?;
    Ok(json!({"winner": winner, "points": points}))
}

/// The event list, one event a line: `bet A`, `see B`, `give_up A`, `play B`, `tricks A`,
/// `farbe B ok` / `farbe B falsch`, `machine A` (German words work too: bieten, schauen,
/// aufgeben or gehen, spielen, stiche).
pub fn events(text: &str) -> Result<Value, FormError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let bad = FormError {
            key: "score-err-event",
            line: Some(i + 1),
        };
        let verb = match words[0].to_lowercase().as_str() {
            // "B geht" is the pad's word for B giving up, so "gehen" never means a bet here.
            "bet" | "bieten" => "bet",
            "see" | "schauen" => "see",
            "give_up" | "aufgeben" | "gehen" | "geht" => "give_up",
            "play" | "spielen" => "play",
            "tricks" | "stiche" => "tricks",
            "farbe" => "farbe",
            "machine" | "maschine" => "machine",
            _ => return Err(bad),
        };
        let s = words.get(1).and_then(|w| side(w)).ok_or(bad.clone())?;
        let event = if verb == "farbe" {
            let ok = match words.get(2).map(|w| w.to_lowercase()) {
                Some(w) if ["ok", "richtig", "true", "ja"].contains(&w.as_str()) => true,
                Some(w) if ["falsch", "false", "nein", "no"].contains(&w.as_str()) => false,
                _ => return Err(bad),
            };
            json!({"farbe": s, "card_ok": ok})
        } else if words.len() > 2 {
            return Err(bad);
        } else {
            json!({ verb: s })
        };
        out.push(event);
    }
    if out.is_empty() {
        return Err(FormError {
            key: "score-err-no-events",
            line: None,
        });
    }
    Ok(json!({ "events": out }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_become_contract_deals() {
        assert_eq!(
            quick("b", " 3 ").unwrap(),
            json!({"winner": "B", "points": 3})
        );
        assert_eq!(quick("C", "3").unwrap_err().key, "score-err-winner");
        assert_eq!(
            events("bieten A\nschauen B\n\ntricks A").unwrap(),
            json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]})
        );
        // The pad's words: "B geht" is B giving up, never a bet.
        assert_eq!(
            events("bieten A\ngeht B\ngehen B").unwrap(),
            json!({"events": [{"bet": "A"}, {"give_up": "B"}, {"give_up": "B"}]})
        );
        assert_eq!(
            events("farbe B falsch").unwrap(),
            json!({"events": [{"farbe": "B", "card_ok": false}]})
        );
        assert_eq!(events("bet A\nfly B").unwrap_err().line, Some(2));
        assert_eq!(events("  ").unwrap_err().key, "score-err-no-events");
    }

    #[test]
    fn three_player_forms_name_players_and_who_played_alone() {
        assert_eq!(
            with_alone(quick("p3", "2"), "P1", true),
            Ok(json!({"winner": "P3", "points": 2, "alone": "P1"}))
        );
        assert_eq!(
            with_alone(events("bet P2\nsee P1\ntricks P3"), "P1", true),
            Ok(json!({"events": [{"bet": "P2"}, {"see": "P1"}, {"tricks": "P3"}], "alone": "P1"}))
        );
        assert_eq!(
            with_alone(quick("A", "2"), "", false),
            Ok(json!({"winner": "A", "points": 2}))
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
