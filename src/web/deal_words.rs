//! A stored deal in the pad's words (one vocabulary): the audit log's "Vorher" and
//! "Nachher" and the correction page's "Jetzt gespeichert" say "A bietet, B schaut, A macht 3
//! Stiche" with the very messages the scorer's pad shows (`padr-*` in `padrules.ftl`), never
//! the contract's codes ("bet A, see B, tricks A"). The deal is read into the typed record
//! ([`Deal`]) of its game; a deal that does not read, or that this module cannot word, reads
//! as "–" plus nothing of its codes: the page stays German, the JSON export keeps the facts.

use crate::rules::Game;
use crate::rules::match_record::figures::{self, Figure, Hand, Outcome};
use crate::rules::match_record::{Deal, OneOrMany, Who, Written, gaigel, watten};
use crate::web::i18n::Locale;
use serde::Deserializer;

/// The deal in words, events apart by commas: `deal` as stored (any serde input, e.g. a
/// stored deal's parsed JSON), read as a deal of `game`.
pub fn deal_words<'de, D: Deserializer<'de>>(l: Locale, game: Game, deal: D) -> String {
    match Deal::read(game, deal) {
        Ok(deal) => words(l, &deal),
        Err(_) => "–".into(),
    }
}

/// A deal as written (a stored one, a form's) in words; one that does not read as a deal of
/// its game says "–".
pub fn written_words(l: Locale, deal: &Written) -> String {
    deal.deal().map_or_else(|| "–".into(), |d| words(l, d))
}

/// The typed deal in words, events apart by commas.
pub fn words(l: Locale, deal: &Deal) -> String {
    let out = match deal {
        Deal::Watten(d) => watten_deal(l, d),
        Deal::Figures(d) => (d.events.iter().flatten())
            .flat_map(|e| figures(l, e))
            .collect(),
        Deal::Gaigel(d) => gaigel(l, d),
    };
    if out.is_empty() {
        return "–".into();
    }
    out.join(", ")
}

/// The deal's bidding alone, for the saved-deal lists beside "A schreibt 3": Watten's bets
/// and their answers (the Gebot the deal was played for), the figure games' bets, holds,
/// raises and "gut". `None` for a deal without any (Watten's short form, an unbid deal,
/// Gaigel, a deal that does not read).
pub fn bid_words<'de, D: Deserializer<'de>>(l: Locale, game: Game, deal: D) -> Option<String> {
    bids(l, &Deal::read(game, deal).ok()?)
}

/// The typed deal's bidding alone (see [`bid_words`]).
pub fn bids(l: Locale, deal: &Deal) -> Option<String> {
    let bids = match deal.clone() {
        Deal::Watten(d) => {
            let bidding = |e: &watten::Event| {
                e.bet.is_some() || e.see.is_some() || e.give_up.is_some() || e.play.is_some()
            };
            let events: Vec<_> = d.events?.into_iter().filter(bidding).collect();
            (!events.is_empty()).then(|| Deal::Watten(watten::Deal::events(events)))?
        }
        Deal::Figures(d) => {
            let bidding = |e: &figures::Event| {
                e.bet.is_some() || e.hold.is_some() || e.raise.is_some() || e.good.is_some()
            };
            let events: Vec<_> = d.events?.into_iter().filter(bidding).collect();
            (!events.is_empty()).then(|| Deal::Figures(figures::Deal::events(events)))?
        }
        Deal::Gaigel(_) => return None,
    };
    let said = words(l, &bids);
    (said != "–").then_some(said)
}

/// A message of the pad with `n` (the verb's number) for one side.
fn say(l: Locale, id: &str, args: &[(&'static str, String)]) -> String {
    let mut args = args.to_vec();
    args.push(("n", "one".into()));
    l.t_with(id, &args)
}

fn name(w: Option<Who>) -> String {
    w.map(|w| w.as_str().to_string()).unwrap_or_default()
}

/// A Watten deal: who played alone, then the short form or the events.
fn watten_deal(l: Locale, d: &watten::Deal) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(alone) = d.alone {
        out.push(say(l, "padr-w-alone", &[("side", alone.as_str().into())]));
    }
    if let (Some(winner), Some(points)) = (d.winner, d.points) {
        out.push(l.t_with(
            "padr-writes",
            &[
                ("side", winner.as_str().into()),
                ("n", "one".into()),
                ("points", points.to_string()),
            ],
        ));
    } else if let Some(events) = &d.events {
        for (i, e) in events.iter().enumerate() {
            out.extend(watten(l, &events[..i], e));
        }
    }
    out
}

/// A Watten event; `before` are the deal's earlier events (a give-up answering a bet is the
/// pad's "geht", and "Farbe!" names the bettors of the last bet).
fn watten(l: Locale, before: &[watten::Event], e: &watten::Event) -> Option<String> {
    let answers_bet = before.last().is_some_and(|b| b.bet.is_some());
    let one = |id: &str, w: Who| say(l, id, &[("side", w.as_str().into())]);
    Some(if let Some(w) = e.bet {
        one(
            if e.to == Some(4) {
                "padr-w-four"
            } else {
                "padr-w-bet"
            },
            w,
        )
    } else if let Some(w) = e.farbe {
        let id = match e.card_ok {
            Some(true) => "padr-w-farbe-ok",
            _ => "padr-w-farbe-no",
        };
        let bettors = name(before.iter().rev().find_map(|b| b.bet));
        say(l, id, &[("side", w.as_str().into()), ("bettors", bettors)])
    } else if let Some(w) = e.give_up {
        one(
            if answers_bet {
                "padr-w-fold"
            } else {
                "padr-w-give-up"
            },
            w,
        )
    } else if let Some(w) = e.machine {
        one("padr-w-machine", w)
    } else if let Some(w) = e.play {
        one("padr-w-play", w)
    } else if let Some(w) = e.see {
        one("padr-w-see", w)
    } else {
        one("padr-w-tricks", e.tricks?)
    })
}

fn figure_name(f: Figure) -> &'static str {
    match f {
        Figure::Gleich => "Gleich",
        Figure::Hanger => "Hanger",
        Figure::Spiel => "Spiel",
    }
}

fn figures_named(f: &OneOrMany<Figure>) -> String {
    match f {
        OneOrMany::One(f) => figure_name(*f).into(),
        OneOrMany::Many(all) => (all.iter().map(|f| figure_name(*f)))
            .collect::<Vec<_>>()
            .join(" + "),
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
fn figures(l: Locale, e: &figures::Event) -> Vec<String> {
    let by = name(e.by);
    let with = |id: &str, figure: String| say(l, id, &[("side", by.clone()), ("figure", figure)]);
    let one = |id: &str, f: Figure| with(id, figure_name(f).into());
    if let Some(t) = &e.trump {
        vec![say(l, "padr-f-trump", &[("suit", suit(t))])]
    } else if let Some(f) = &e.bet {
        vec![with("padr-f-bet", figures_named(f))]
    } else if let Some(f) = e.hold {
        vec![one("padr-f-hold", f)]
    } else if let Some(f) = e.raise {
        vec![one("padr-f-raise", f)]
    } else if let Some(f) = e.good {
        vec![one("padr-f-good", f)]
    } else if let Some(s) = &e.tricks {
        vec![say(l, "padr-f-tricks", &[("side", s.clone())])]
    } else if let Some(f) = e.unshown {
        match e.other_can_show {
            Some(true) => vec![one("padr-f-unshown-other", f)],
            _ => vec![one("padr-f-unshown", f)],
        }
    } else if let Some(shown) = &e.show {
        [
            (Figure::Gleich, &shown.gleich),
            (Figure::Hanger, &shown.hanger),
            (Figure::Spiel, &shown.spiel),
        ]
        .into_iter()
        .filter_map(|(f, o)| Some(show(l, f, o.as_ref()?)))
        .collect()
    } else if let Some(d) = &e.decider {
        vec![match d {
            Outcome::Word(w) if w == "none" => say(l, "padr-f-decider-none", &[]),
            Outcome::Word(w) => say(l, "padr-f-decider", &[("side", w.clone())]),
            Outcome::Cards(_) => say(l, "padr-f-cards", &[("figure", String::new())]),
        }]
    } else {
        Vec::new()
    }
}

/// One figure's outcome at the show: a side, "steht", or the cards each side showed.
fn show(l: Locale, f: Figure, outcome: &Outcome<Hand>) -> String {
    let figure = figure_name(f).to_string();
    match outcome {
        Outcome::Word(s) if s == "stands" => say(l, "padr-f-stands", &[("figure", figure)]),
        Outcome::Word(s) => say(l, "padr-f-show", &[("figure", figure), ("side", s.clone())]),
        Outcome::Cards(cards) => {
            let mut out = vec![say(l, "padr-f-cards", &[("figure", figure)])];
            for (s, hand) in cards {
                let card = match hand {
                    Hand::Cards(all) => all.join(" "),
                    // Cards by seat, as written (`{"1": [..], "2": [..]}`).
                    Hand::BySeat(seats) => serde_json::to_string(seats).unwrap_or_default(),
                };
                out.push(say(
                    l,
                    "padr-f-card",
                    &[("side", s.as_str().into()), ("card", card)],
                ));
            }
            out.join(", ")
        }
    }
}

/// A Gaigel deal (contract 3.3): each side's card points, tricks and melds, then who called
/// "Aus!" and the rest of the facts.
fn gaigel(l: Locale, deal: &gaigel::Deal) -> Vec<String> {
    let mut out = Vec::new();
    for (s, p) in deal.points.iter().flatten() {
        let tricks = (deal.tricks.as_ref())
            .and_then(|t| t.get(s))
            .map_or_else(|| "0".into(), u32::to_string);
        let melds: Vec<String> = (deal.melds.as_ref())
            .and_then(|m| m.get(s))
            .map(|m| m.iter().map(u32::to_string).collect())
            .unwrap_or_default();
        let mut args = vec![
            ("side", s.as_str().to_string()),
            ("points", p.to_string()),
            ("tricks", tricks),
        ];
        let id = if melds.is_empty() {
            "padr-g-said-side"
        } else {
            args.push(("melds", melds.join(", ")));
            "padr-g-said-side-melds"
        };
        out.push(l.t_with(id, &args));
    }
    let facts = [
        (deal.out, "padr-g-out"),
        (deal.overgaigel, "padr-g-over"),
        (deal.five_sevens, "padr-g-sevens"),
        (deal.dissle, "padr-g-dissle"),
        (deal.farbe, "padr-g-farbe"),
    ];
    for (who, id) in facts {
        if let Some(s) = who {
            out.push(say(l, id, &[("side", s.as_str().into())]));
        }
    }
    if deal.dissle_trick == Some(true) {
        out.push(say(l, "padr-g-dissle-trick", &[]));
    }
    if let Some(order) = &deal.cut {
        let order: Vec<&str> = order.iter().map(|w| w.as_str()).collect();
        out.push(say(l, "padr-g-said-cut", &[("order", order.join(", "))]));
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

    /// Each event is worded by its action, whatever keys come with it: "Farbe!" with whether
    /// the card was there, a figure the other side could show.
    #[test]
    fn an_action_with_its_companion_key_reads_in_words() {
        let deal = json!({"events": [{"bet": "A", "to": 4}, {"card_ok": true, "farbe": "B"}]});
        assert_eq!(
            deal_words(Locale::De, Game::Watten, &deal),
            "A bietet sofort 4, B: Farbe! – A hatte die Karte"
        );
        let deal = json!({"events": [{"by": "A", "other_can_show": true, "unshown": "gleich"}]});
        assert_eq!(
            deal_words(Locale::De, Game::Giltspiel, &deal),
            "A kann Gleich nicht zeigen, die anderen schon"
        );
    }

    #[test]
    fn the_bidding_alone_and_a_deal_that_does_not_read() {
        let deal =
            json!({"alone": "P1", "events": [{"bet": "P2"}, {"see": "P1"}, {"tricks": "P2"}]});
        assert_eq!(
            bid_words(Locale::De, Game::Watten, &deal).as_deref(),
            Some("P2 bietet, P1 schaut")
        );
        let deal = json!({"events": [{"trump": "E"}, {"bet": ["gleich", "spiel"], "by": "B"},
            {"good": "spiel", "by": "A"}, {"tricks": "B"}]});
        assert_eq!(
            bid_words(Locale::De, Game::Perlaggen, &deal).as_deref(),
            Some("B bietet Gleich + Spiel, A: Spiel gut")
        );
        let short = json!({"winner": "A", "points": 2});
        assert_eq!(bid_words(Locale::De, Game::Watten, &short), None);
        assert_eq!(deal_words(Locale::De, Game::Watten, &short), "A schreibt 2");
        // Not a deal of the game: no words, and none of its codes.
        let odd = json!({"winner": "A", "points": 2, "kaiser": true});
        assert_eq!(deal_words(Locale::De, Game::Watten, &odd), "–");
        assert_eq!(deal_words(Locale::De, Game::Gaigel, &short), "–");
    }
}
