//! Who did what, in the players' words, at the head of every refusal of a card-level action,
//! as Watten's do ("Platz 2 (B) hat Herz Neun und spielt Eichel Zehn: ..."): a dispute is
//! about one seat's act, so the ruling names the seat (counted from 1, with its side), the
//! card or the bet, then the rule in the text's words. Seats and cards stay German words in
//! both languages (game terms, contract 1).

use super::super::cards::Shown;
use super::super::record::Figure;
use super::super::record::card_deal::{Action, Verb};
use super::engine::Play;
use super::tricks::{card_name, shown_name};
use crate::rules::common::{ErrorCode, Lang, RuleError, Side, Text};

/// "Platz 2 (B)" / "seat 2 (B)": seat `i` of the record counted from 1, with its side.
pub fn seat(lang: Lang, i: usize, side: Side) -> String {
    match lang {
        Lang::De => format!("Platz {} ({side})", i + 1),
        Lang::En => format!("seat {} ({side})", i + 1),
    }
}

fn word(f: Figure) -> &'static str {
    match f {
        Figure::Gleich => "Gleich",
        Figure::Hanger => "Hanger",
        Figure::Spiel => "Spiel",
    }
}

fn names(cards: &[Shown]) -> String {
    let all: Vec<String> = cards.iter().map(|s| shown_name(*s)).collect();
    all.join(", ")
}

/// What the seat did: "spielt Eichel Zehn" / "plays Eichel Zehn".
fn deed(verb: &Verb) -> Text {
    match verb {
        Verb::Card(s) => Text::new(
            format!("spielt {}", shown_name(*s)),
            format!("plays {}", shown_name(*s).replace(" als ", " as ")),
        ),
        Verb::Show(cards) => Text::new(
            format!("zeigt {}", names(cards)),
            format!("shows {}", names(cards).replace(" als ", " as ")),
        ),
        Verb::Bet(fs) => {
            let list: Vec<&str> = fs.iter().map(word).collect();
            let list = list.join(", ");
            Text::new(format!("bietet auf {list}"), format!("bets on {list}"))
        }
        Verb::Hold(f) => Text::new(
            format!("hält {}", word(*f)),
            format!("holds the {}", word(*f)),
        ),
        Verb::Raise(f) => Text::new(
            format!("bietet beim {} mehr", word(*f)),
            format!("raises the {}", word(*f)),
        ),
        Verb::Good(f) => Text::new(
            format!("gibt {} gut", word(*f)),
            format!("concedes the {}", word(*f)),
        ),
    }
}

/// The refusal `e` of action `a`, headed by the seat and its act. `play` is the deal just
/// before the action. A card that breaks the duty to follow also names the cards of the suit
/// led the seat still held ("hat Herz Neun und spielt Eichel Zehn"). The card the engine's
/// own message starts with (`E10: ...`) is left out: the head names it in words.
pub fn named(play: &Play, a: &Action, e: RuleError) -> RuleError {
    let side = play.side(a.seat);
    let act = deed(&a.verb);
    let held = match (&a.verb, e.code) {
        (Verb::Card(_), ErrorCode::MustFollow) => led_suit_held(play, a.seat),
        _ => None,
    };
    let head = |lang: Lang| {
        let who = seat(lang, a.seat, side);
        match (&held, lang) {
            (Some(h), Lang::De) => format!("{who} hat {h} und {}", act.de),
            (Some(h), Lang::En) => format!("{who} holds {h} and {}", act.en),
            (None, l) => format!("{who} {}", act.get(l)),
        }
    };
    let body = |lang: Lang| strip_code(e.text.get(lang), &a.verb);
    RuleError {
        code: e.code,
        text: Text::new(
            format!("{}: {}", head(Lang::De), body(Lang::De)),
            format!("{}: {}", head(Lang::En), body(Lang::En)),
        ),
    }
}

/// The natural cards of the suit led that the seat holds, in words ("Herz Neun, Herz Acht").
fn led_suit_held(play: &Play, seat: usize) -> Option<String> {
    let trick = play.tricks.last().filter(|t| t.winner.is_none())?;
    let led = trick.cards.first()?.1.counts_as().suit;
    let cards: Vec<String> = play.held[seat]
        .iter()
        .filter(|c| c.suit == led && !play.ctx.variant.is_wild(**c, play.trump))
        .map(|c| card_name(*c))
        .collect();
    (!cards.is_empty()).then(|| cards.join(", "))
}

/// The message without a leading `CARD: ` naming the action's card by its code.
fn strip_code<'a>(text: &'a str, verb: &Verb) -> &'a str {
    let Verb::Card(s) = verb else {
        return text;
    };
    for code in [s.to_string(), s.card.to_string()] {
        if let Some(rest) = text.strip_prefix(&format!("{code}: ")) {
            return rest;
        }
    }
    text
}
