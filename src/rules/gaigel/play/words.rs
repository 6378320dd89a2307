//! Names for the card-level refusals, in the players' words, as Watten's Streitfall says them
//! ("Platz 2 (B) hat Herz Zehn und spielt Eichel Zehn"): seats counted from 1 with their side,
//! cards by name, in German or English.

use super::super::super::common::{Lang, Text};
use super::super::options::name;
use super::cards::Card;
use super::engine::State;

/// "Platz 1 (A)" / "seat 1 (A)": seat 0 of the record is Platz 1.
pub fn who(st: &State, lang: Lang, seat: usize) -> String {
    let side = name(st.sides, st.seats[seat]);
    match lang {
        Lang::De => format!("Platz {} ({side})", seat + 1),
        Lang::En => format!("seat {} ({side})", seat + 1),
    }
}

/// Several cards, each named once, in hand order: "Herz Zehn, Eichel Ass" / "the Ten of
/// hearts, the Ace of acorns".
pub fn cards(cs: impl IntoIterator<Item = Card>, lang: Lang) -> String {
    let mut seen: Vec<Card> = Vec::new();
    for c in cs {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    let names: Vec<String> = seen
        .iter()
        .map(|c| match lang {
            Lang::De => c.name(lang),
            Lang::En => format!("the {}", c.name(lang)),
        })
        .collect();
    match (names.is_empty(), lang) {
        (true, Lang::De) => "keine Karte".into(),
        (true, Lang::En) => "no card".into(),
        _ => names.join(", "),
    }
}

/// The seat's deed in both languages: "Platz 2 (B) hat Herz Zehn und spielt Eichel Zehn." /
/// "Seat 2 (B) holds the Ten of hearts and played the Ten of acorns."
pub fn holds_and_plays(st: &State, seat: usize, held: &[Card], c: Card) -> Text {
    Text::new(
        format!(
            "{} hat {} und spielt {}.",
            who(st, Lang::De, seat),
            cards(held.iter().copied(), Lang::De),
            c.name(Lang::De)
        ),
        format!(
            "{} holds {} and played the {}.",
            capital(who(st, Lang::En, seat)),
            cards(held.iter().copied(), Lang::En),
            c.name(Lang::En)
        ),
    )
}

/// "seat 1" at a sentence's start: "Seat 1".
pub fn capital(s: String) -> String {
    let mut ch = s.chars();
    match ch.next() {
        Some(f) => f.to_uppercase().chain(ch).collect(),
        None => s,
    }
}

/// The deed first, then the rule: "Platz 2 (B) hat … und spielt …. Farbe bedienen: …".
pub fn with_rule(deed: Text, de: &str, en: &str) -> (String, String) {
    (
        format!("{} {de}", deed.get(Lang::De)),
        format!("{} {en}", deed.get(Lang::En)),
    )
}
