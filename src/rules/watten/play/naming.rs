//! Who did what, at the head of every refusal of a card-level action: "Platz 2 (B) spielt
//! Eichel Zehn: ..." (a ruling names the seat, the card and the rule). Rulings that
//! already name the seat and the card in their own sentence ("Platz 2 (B) hat Herz Neun und
//! spielt Eichel Zehn") are left as they are; the others (the betting rules of the fact-level engine, a card while
//! the deal waits for an answer or a decision, "Farbe" out of place) get the seat and its act
//! in front.

use super::breach::Breach;
use super::input::{Action, Verb};
use super::setup::Setup;
use super::words;
use crate::rules::common::{Lang, Text};

/// What the seat did: "spielt Herz Ass" / "plays Herz Ass".
fn deed(verb: Verb) -> Text {
    match verb {
        Verb::Card(c) => Text::new(
            format!("spielt {}", words::card(c)),
            format!("plays {}", words::card(c)),
        ),
        Verb::Bet { four: false } => Text::new("bietet", "bets"),
        Verb::Bet { four: true } => Text::new("bietet gleich vier", "bets four at once"),
        Verb::See => Text::new("schaut", "sees the bet"),
        Verb::GiveUp => Text::new("gibt auf", "gives up"),
        Verb::Play => Text::new("entscheidet sich zu spielen", "decides to play"),
        Verb::Farbe => Text::new("sagt „Farbe!“", "calls \"Farbe\""),
        Verb::Machine => Text::new("sagt die Maschine an", "declares the machine"),
    }
}

/// The breach of `action`, its rule headed by the seat and its act unless the rule's own
/// sentence already starts from that seat.
pub fn named(setup: &Setup, action: Action, b: Breach) -> Breach {
    let who = |l| setup.who(l, action.seat);
    let card = match action.verb {
        Verb::Card(c) => Some(words::card(c)),
        _ => None,
    };
    let names = |l: Lang| {
        let text = b.rule.get(l);
        text.contains(&who(l)) && card.as_ref().is_none_or(|c| text.contains(c.as_str()))
    };
    if names(Lang::De) && names(Lang::En) {
        return b;
    }
    let act = deed(action.verb);
    let head = |l: Lang| format!("{} {}: {}", who(l), act.get(l), b.rule.get(l));
    Breach {
        rule: Text::new(head(Lang::De), head(Lang::En)),
        ..b
    }
}
