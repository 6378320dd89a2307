//! A stored deal in the pad's words (one vocabulary): the audit log's "Vorher" and
//! "Nachher" and the correction page's "Jetzt gespeichert" say "A bietet, B schaut, A macht 3
//! Stiche" with the very messages the scorer's pad shows (`padr-*` in `padrules.ftl`), never
//! the contract's codes ("bet A, see B, tricks A"). A deal this module cannot word reads as
//! "–" plus nothing of its codes: the page stays German, the JSON export keeps the facts.

use crate::rules::Game;
use crate::web::i18n::Locale;
use serde_json::{Map, Value};

/// The deal in words, events apart by commas.
pub fn deal_words(l: Locale, game: Game, deal: &Value) -> String {
    let mut out = Vec::new();
    if let Some(alone) = deal.get("alone").and_then(Value::as_str) {
        out.push(say(l, "padr-w-alone", &[("side", alone.into())]));
    }
    if let (Some(winner), Some(points)) = (deal.get("winner"), deal.get("points"))
        && game != Game::Gaigel
    {
        out.push(l.t_with(
            "padr-writes",
            &[
                ("side", text(winner)),
                ("n", "one".into()),
                ("points", text(points)),
            ],
        ));
    } else if let Some(events) = deal.get("events").and_then(Value::as_array) {
        let events: Vec<&Map<String, Value>> = events.iter().filter_map(Value::as_object).collect();
        for (i, e) in events.iter().enumerate() {
            out.extend(match game {
                Game::Watten => watten(l, &events[..i], e).into_iter().collect(),
                _ => figures(l, e),
            });
        }
    } else if game == Game::Gaigel {
        out.extend(gaigel(l, deal));
    }
    if out.is_empty() {
        return "–".into();
    }
    out.join(", ")
}

/// The deal's bidding alone, for the saved-deal lists beside "A schreibt 3": Watten's bets
/// and their answers (the Gebot the deal was played for), the figure games' bets, holds,
/// raises and "gut". `None` for a deal without any (Watten's short form, an unbid deal,
/// Gaigel).
pub fn bid_words(l: Locale, game: Game, deal: &Value) -> Option<String> {
    const BIDDING: &[&str] = &["bet", "see", "give_up", "play", "hold", "raise", "good"];
    if game == Game::Gaigel {
        return None;
    }
    let bids: Vec<Value> = deal
        .get("events")?
        .as_array()?
        .iter()
        .filter(|e| {
            e.as_object()
                .is_some_and(|o| o.keys().any(|k| BIDDING.contains(&k.as_str())))
        })
        .cloned()
        .collect();
    if bids.is_empty() {
        return None;
    }
    let words = deal_words(l, game, &serde_json::json!({ "events": bids }));
    (words != "–").then_some(words)
}

/// A message of the pad with `n` (the verb's number) for one side.
fn say(l: Locale, id: &str, args: &[(&'static str, String)]) -> String {
    let mut args = args.to_vec();
    args.push(("n", "one".into()));
    l.t_with(id, &args)
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The side an event names under `key`.
fn side(e: &Map<String, Value>, key: &str) -> String {
    e.get(key).map(text).unwrap_or_default()
}

/// A Watten event; `before` are the deal's earlier events (a give-up answering a bet is the
/// pad's "geht", and "Farbe!" names the bettors of the last bet).
fn watten(l: Locale, before: &[&Map<String, Value>], e: &Map<String, Value>) -> Option<String> {
    let last_bet = before.iter().rev().find(|b| b.contains_key("bet"));
    let answers_bet = before.last().is_some_and(|b| b.contains_key("bet"));
    let (key, v) = e.iter().next()?;
    let s = text(v);
    let one = |id: &str| say(l, id, &[("side", s.clone())]);
    Some(match key.as_str() {
        "bet" if e.get("to").and_then(Value::as_u64) == Some(4) => one("padr-w-four"),
        "bet" => one("padr-w-bet"),
        "see" => one("padr-w-see"),
        "give_up" if answers_bet => one("padr-w-fold"),
        "give_up" => one("padr-w-give-up"),
        "play" => one("padr-w-play"),
        "tricks" => one("padr-w-tricks"),
        "machine" => one("padr-w-machine"),
        "farbe" => {
            let id = match e.get("card_ok").and_then(Value::as_bool) {
                Some(true) => "padr-w-farbe-ok",
                _ => "padr-w-farbe-no",
            };
            let bettors = last_bet.map(|b| side(b, "bet")).unwrap_or_default();
            say(l, id, &[("side", s), ("bettors", bettors)])
        }
        _ => return None,
    })
}

fn figure(f: &Value) -> String {
    let name = |f: &str| match f {
        "gleich" => "Gleich".to_string(),
        "hanger" => "Hanger".to_string(),
        "spiel" => "Spiel".to_string(),
        other => other.to_string(),
    };
    match f {
        Value::Array(all) => all
            .iter()
            .map(|f| name(&text(f)))
            .collect::<Vec<_>>()
            .join(" + "),
        other => name(&text(other)),
    }
}

fn suit(code: &str) -> String {
    match code {
        "E" => "♣ Eichel",
        "L" => "♠ Laub",
        "H" => "♥ Herz",
        "S" => "♦ Schell",
        other => other,
    }
    .to_string()
}

/// A Giltspiel or Perlaggen event (contract 3.1); a show lists each figure's outcome.
fn figures(l: Locale, e: &Map<String, Value>) -> Vec<String> {
    let by = side(e, "by");
    let with_figure =
        |id: &str, f: &Value| say(l, id, &[("side", by.clone()), ("figure", figure(f))]);
    let (key, v) = match e.iter().find(|(k, _)| k.as_str() != "by") {
        Some(kv) => kv,
        None => return Vec::new(),
    };
    match key.as_str() {
        "trump" => vec![say(l, "padr-f-trump", &[("suit", suit(&text(v)))])],
        "bet" => vec![with_figure("padr-f-bet", v)],
        "hold" => vec![with_figure("padr-f-hold", v)],
        "raise" => vec![with_figure("padr-f-raise", v)],
        "good" => vec![with_figure("padr-f-good", v)],
        "tricks" => vec![say(l, "padr-f-tricks", &[("side", text(v))])],
        "unshown" if e.get("other_can_show").and_then(Value::as_bool) == Some(true) => {
            vec![with_figure("padr-f-unshown-other", v)]
        }
        "unshown" => vec![with_figure("padr-f-unshown", v)],
        "show" => v
            .as_object()
            .map(|shown| shown.iter().map(|(f, o)| show(l, f, o)).collect())
            .unwrap_or_default(),
        "decider" => vec![match v.as_str() {
            Some("none") => say(l, "padr-f-decider-none", &[]),
            Some(s) => say(l, "padr-f-decider", &[("side", s.into())]),
            None => say(l, "padr-f-cards", &[("figure", String::new())]),
        }],
        _ => Vec::new(),
    }
}

/// One figure's outcome at the show: a side, "steht", or the cards each side showed.
fn show(l: Locale, f: &str, outcome: &Value) -> String {
    let figure = figure(&Value::from(f));
    match outcome {
        Value::String(s) if s == "stands" => say(l, "padr-f-stands", &[("figure", figure)]),
        Value::String(s) => say(l, "padr-f-show", &[("figure", figure), ("side", s.clone())]),
        Value::Object(cards) => {
            let mut out = vec![say(l, "padr-f-cards", &[("figure", figure)])];
            for (s, c) in cards {
                let card = match c {
                    Value::Array(all) => all.iter().map(text).collect::<Vec<_>>().join(" "),
                    other => text(other),
                };
                out.push(say(
                    l,
                    "padr-f-card",
                    &[("side", s.clone()), ("card", card)],
                ));
            }
            out.join(", ")
        }
        _ => figure,
    }
}

/// A Gaigel deal (contract 3.3): each side's card points, tricks and melds, then who called
/// "Aus!" and the rest of the facts.
fn gaigel(l: Locale, deal: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(points) = deal.get("points").and_then(Value::as_object) {
        for (s, p) in points {
            let tricks = deal["tricks"]
                .get(s)
                .map(text)
                .unwrap_or_else(|| "0".into());
            let melds: Vec<String> = deal["melds"]
                .get(s)
                .and_then(Value::as_array)
                .map(|m| m.iter().map(text).collect())
                .unwrap_or_default();
            let mut args = vec![("side", s.clone()), ("points", text(p)), ("tricks", tricks)];
            let id = if melds.is_empty() {
                "padr-g-said-side"
            } else {
                args.push(("melds", melds.join(", ")));
                "padr-g-said-side-melds"
            };
            out.push(l.t_with(id, &args));
        }
    }
    let facts = [
        ("out", "padr-g-out"),
        ("overgaigel", "padr-g-over"),
        ("five_sevens", "padr-g-sevens"),
        ("dissle", "padr-g-dissle"),
        ("farbe", "padr-g-farbe"),
    ];
    for (key, id) in facts {
        if let Some(s) = deal.get(key).and_then(Value::as_str) {
            out.push(say(l, id, &[("side", s.into())]));
        }
    }
    if deal.get("dissle_trick").and_then(Value::as_bool) == Some(true) {
        out.push(say(l, "padr-g-dissle-trick", &[]));
    }
    if let Some(order) = deal.get("cut").and_then(Value::as_array) {
        let order = order.iter().map(text).collect::<Vec<_>>().join(", ");
        out.push(say(l, "padr-g-said-cut", &[("order", order)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// "bet A, see B, tricks A" on a German page; now the pad's words.
    #[test]
    fn a_watten_deal_reads_in_the_pads_words() {
        let deal = json!({"events": [{"bet": "A"}, {"give_up": "B"}]});
        assert_eq!(
            deal_words(Locale::De, Game::Watten, &deal),
            "A bietet, B geht"
        );
        let deal = json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]});
        assert_eq!(
            deal_words(Locale::De, Game::Watten, &deal),
            "A bietet, B schaut, A macht 3 Stiche"
        );
    }

    #[test]
    fn figures_and_gaigel_read_without_codes() {
        let deal = json!({"events": [{"trump": "H"}, {"bet": "spiel", "by": "B"},
            {"hold": "spiel", "by": "A"}, {"tricks": "B"}, {"show": {"gleich": "stands"}}]});
        let words = deal_words(Locale::De, Game::Perlaggen, &deal);
        assert_eq!(
            words,
            "Trumpf: ♥ Herz, B bietet Spiel, A hält Spiel, B macht 3 Stiche, Gleich: steht"
        );
        let deal = json!({"points": {"A": 98, "B": 87}, "melds": {"A": [40], "B": []},
            "tricks": {"A": 7, "B": 4}, "out": "A"});
        let words = deal_words(Locale::De, Game::Gaigel, &deal);
        assert!(
            words.starts_with("A: 98 Augen, 7 Stiche, gemeldet 40"),
            "{words}"
        );
        assert!(words.ends_with("A hat „Aus!“ gerufen"), "{words}");
        for code in ["points", "tricks", "melds", "\"out\"", "{"] {
            assert!(!words.contains(code), "{words}");
        }
    }
}
