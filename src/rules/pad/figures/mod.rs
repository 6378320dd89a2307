//! The pad of the figure games, Giltspiel and Perlaggen (contract 3.1). Codes:
//! `trump:H`; `bet:gleich:A`, `hold:gleich:B`, `raise:gleich:B`, `good:gleich:B`;
//! `tricks:A`; the show of one figure by its outcome, `show:gleich:A|B|stands`, or by its
//! cards: `cards:gleich` opens the picking, `card:A:HK` a card a side shows, `bap:L10` the
//! baptism of the wild card just picked (a second tap), `done` closes it; `unshown:gleich:A:yes`
//! (the other side could show one) or `:no`; `decider:A|B|none`.
//!
//! The referee decides what may follow (`figures::betting`, `figures::show`): a card show is
//! offered where a show of that figure is allowed, and `done` where the cards picked form
//! the figures the rules demand.

mod picking;

use super::cards::{Place, card_name, place, suit_letter, suit_name};
use super::{Family, Msg};
use crate::rules::Report;
use crate::rules::common::Side;
use crate::rules::figures::cards::{Card, Suit, Variant, all_cards};
use crate::rules::figures::figure::Figure;
use crate::rules::match_record::OneOrMany;
use crate::rules::match_record::figures::{self as written, Deal, Event, Show};
use picking::shown_cards;

/// The show's outcome of one figure tapped directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Won(Side),
    Stands,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Trump(Suit),
    Bet(Figure, Side),
    Hold(Figure, Side),
    Raise(Figure, Side),
    Good(Figure, Side),
    Tricks(Side),
    Show(Figure, Outcome),
    /// Opens the card picking for a figure.
    Cards(Figure),
    /// A card a side shows for the open figure.
    Card(Side, Card),
    /// The baptism of the wild card picked last.
    Baptism(Card),
    /// Closes the card picking: the show event.
    Done,
    Unshown(Figure, Side, bool),
    Decider(Option<Side>),
}

/// The figure games' pad of one table.
pub struct Figures {
    pub variant: Variant,
}

const FIGURES: [Figure; 3] = [Figure::Gleich, Figure::Hanger, Figure::Spiel];
const SHOWN: [Figure; 2] = [Figure::Gleich, Figure::Hanger];

fn side(code: &str) -> Option<Side> {
    match code {
        "A" => Some(Side::A),
        "B" => Some(Side::B),
        _ => None,
    }
}

fn figure(code: &str) -> Option<Figure> {
    FIGURES.into_iter().find(|f| f.key() == code)
}

fn figure_name(f: Figure) -> &'static str {
    match f {
        Figure::Gleich => "Gleich",
        Figure::Hanger => "Hanger",
        Figure::Spiel => "Spiel",
    }
}

fn suit(code: &str) -> Option<Suit> {
    Suit::ALL.into_iter().find(|s| suit_letter(*s) == code)
}

impl Figures {
    fn has_wild_cards(&self) -> bool {
        Suit::ALL
            .into_iter()
            .any(|t| all_cards().any(|c| self.variant.is_wild(c, t)))
    }

    fn trump(steps: &[Step]) -> Option<Suit> {
        steps.iter().find_map(|s| match s {
            Step::Trump(t) => Some(*t),
            _ => None,
        })
    }
}

/// A figure as the record writes it.
fn figure_word(f: Figure) -> written::Figure {
    match f {
        Figure::Gleich => written::Figure::Gleich,
        Figure::Hanger => written::Figure::Hanger,
        Figure::Spiel => written::Figure::Spiel,
    }
}

/// An event whose outcome is a word: a side, `stands` or `none`.
fn word(s: impl ToString) -> written::Outcome<written::DeciderHand> {
    written::Outcome::Word(s.to_string())
}

/// The show event of figure `f` with `outcome`.
fn show(f: Figure, outcome: written::Outcome<written::Hand>) -> Event {
    Event {
        show: Some(Box::new(Show::one(figure_word(f), outcome))),
        ..Event::default()
    }
}

/// The event a step writes (contract 3.1); none for the steps of a card picking.
fn event_of(step: &Step) -> Option<Event> {
    let by = |s: Side| Some(s.into());
    let stands = || written::Outcome::Word("stands".into());
    Some(match *step {
        Step::Trump(t) => Event {
            trump: Some(suit_letter(t).to_string()),
            ..Event::default()
        },
        Step::Bet(f, s) => Event {
            bet: Some(OneOrMany::One(figure_word(f))),
            by: by(s),
            ..Event::default()
        },
        Step::Hold(f, s) => Event {
            by: by(s),
            hold: Some(figure_word(f)),
            ..Event::default()
        },
        Step::Raise(f, s) => Event {
            by: by(s),
            raise: Some(figure_word(f)),
            ..Event::default()
        },
        Step::Good(f, s) => Event {
            by: by(s),
            good: Some(figure_word(f)),
            ..Event::default()
        },
        Step::Tricks(s) => Event {
            tricks: Some(s.to_string()),
            ..Event::default()
        },
        Step::Show(f, Outcome::Won(s)) => show(f, written::Outcome::Word(s.to_string())),
        Step::Show(f, Outcome::Stands) => show(f, stands()),
        Step::Unshown(f, s, other) => Event {
            by: by(s),
            other_can_show: Some(other),
            unshown: Some(figure_word(f)),
            ..Event::default()
        },
        Step::Decider(Some(s)) => Event {
            decider: Some(word(s)),
            ..Event::default()
        },
        Step::Decider(None) => Event {
            decider: Some(word("none")),
            ..Event::default()
        },
        Step::Cards(_) | Step::Card(..) | Step::Baptism(_) | Step::Done => return None,
    })
}

fn with_side(id: &'static str, s: Side) -> Msg {
    Msg::new(id).arg("side", s)
}

fn with_figure(id: &'static str, f: Figure, s: Side) -> Msg {
    with_side(id, s).arg("figure", figure_name(f))
}

impl Family for Figures {
    type Step = Step;
    type Deal = Deal;

    fn decode(&self, code: &str) -> Option<Step> {
        let parts: Vec<&str> = code.split(':').collect();
        Some(match parts.as_slice() {
            ["trump", t] => Step::Trump(suit(t)?),
            ["bet", f, s] => Step::Bet(figure(f)?, side(s)?),
            ["hold", f, s] => Step::Hold(figure(f)?, side(s)?),
            ["raise", f, s] => Step::Raise(figure(f)?, side(s)?),
            ["good", f, s] => Step::Good(figure(f)?, side(s)?),
            ["tricks", s] => Step::Tricks(side(s)?),
            ["show", f, "stands"] => Step::Show(figure(f)?, Outcome::Stands),
            ["show", f, s] => Step::Show(figure(f)?, Outcome::Won(side(s)?)),
            ["cards", f] => Step::Cards(figure(f)?),
            ["card", s, c] => Step::Card(side(s)?, Card::parse(c)?),
            ["bap", c] => Step::Baptism(Card::parse(c)?),
            ["done"] => Step::Done,
            ["unshown", f, s, "yes"] => Step::Unshown(figure(f)?, side(s)?, true),
            ["unshown", f, s, "no"] => Step::Unshown(figure(f)?, side(s)?, false),
            ["decider", "none"] => Step::Decider(None),
            ["decider", s] => Step::Decider(Some(side(s)?)),
            _ => return None,
        })
    }

    fn encode(&self, step: &Step) -> String {
        match *step {
            Step::Trump(t) => format!("trump:{}", suit_letter(t)),
            Step::Bet(f, s) => format!("bet:{}:{s}", f.key()),
            Step::Hold(f, s) => format!("hold:{}:{s}", f.key()),
            Step::Raise(f, s) => format!("raise:{}:{s}", f.key()),
            Step::Good(f, s) => format!("good:{}:{s}", f.key()),
            Step::Tricks(s) => format!("tricks:{s}"),
            Step::Show(f, Outcome::Stands) => format!("show:{}:stands", f.key()),
            Step::Show(f, Outcome::Won(s)) => format!("show:{}:{s}", f.key()),
            Step::Cards(f) => format!("cards:{}", f.key()),
            Step::Card(s, c) => format!("card:{s}:{c}"),
            Step::Baptism(c) => format!("bap:{c}"),
            Step::Done => "done".into(),
            Step::Unshown(f, s, other) => {
                format!(
                    "unshown:{}:{s}:{}",
                    f.key(),
                    if other { "yes" } else { "no" }
                )
            }
            Step::Decider(None) => "decider:none".into(),
            Step::Decider(Some(s)) => format!("decider:{s}"),
        }
    }

    fn candidates(&self, steps: &[Step]) -> Vec<Step> {
        if let Some(p) = picking::open(steps) {
            return picking::candidates(self.variant, Self::trump(steps), steps, &p);
        }
        let mut out = Vec::new();
        if self.has_wild_cards() && Self::trump(steps).is_none() {
            out.extend(Suit::ALL.map(Step::Trump));
        }
        for s in Side::BOTH {
            for f in FIGURES {
                out.extend([Step::Bet(f, s), Step::Hold(f, s), Step::Raise(f, s)]);
                out.push(Step::Good(f, s));
            }
            out.push(Step::Tricks(s));
        }
        for f in SHOWN {
            out.extend([
                Step::Show(f, Outcome::Won(Side::A)),
                Step::Show(f, Outcome::Won(Side::B)),
                Step::Show(f, Outcome::Stands),
                Step::Cards(f),
            ]);
        }
        for f in SHOWN {
            for s in Side::BOTH {
                out.extend([Step::Unshown(f, s, true), Step::Unshown(f, s, false)]);
            }
        }
        out.extend([
            Step::Decider(Some(Side::A)),
            Step::Decider(Some(Side::B)),
            Step::Decider(None),
        ]);
        out
    }

    fn vocabulary(&self) -> Vec<Step> {
        let mut out = self.candidates(&[]);
        if !self.has_wild_cards() {
            out.extend(Suit::ALL.map(Step::Trump));
        }
        out.push(Step::Done);
        let pack = all_cards().filter(|c| self.variant.has_card(*c));
        for c in pack {
            out.extend([Step::Card(Side::A, c), Step::Card(Side::B, c)]);
            if self.has_wild_cards() {
                out.push(Step::Baptism(c));
            }
        }
        out
    }

    fn label(&self, steps: &[Step], step: &Step) -> (Msg, &'static str) {
        match *step {
            Step::Trump(t) => (Msg::new("padr-f-trump").arg("suit", suit_name(t)), "trump"),
            Step::Bet(f, s) => (with_figure("padr-f-bet", f, s), "bet"),
            Step::Hold(f, s) => (with_figure("padr-f-hold", f, s), "answer"),
            Step::Raise(f, s) => (with_figure("padr-f-raise", f, s), "answer"),
            Step::Good(f, s) => (with_figure("padr-f-good", f, s), "answer"),
            Step::Tricks(s) => (with_side("padr-f-tricks", s), "tricks"),
            Step::Show(f, Outcome::Won(s)) => (with_figure("padr-f-show", f, s), "show"),
            Step::Show(f, Outcome::Stands) => (
                Msg::new("padr-f-stands").arg("figure", figure_name(f)),
                "show",
            ),
            Step::Cards(f) => (
                Msg::new("padr-f-cards").arg("figure", figure_name(f)),
                "show",
            ),
            Step::Card(s, c) => (
                with_side("padr-f-card", s).arg("card", card_name(c)),
                if s == Side::A { "card-A" } else { "card-B" },
            ),
            Step::Baptism(c) => (
                Msg::new("padr-f-baptism").arg("card", card_name(c)),
                "baptism",
            ),
            Step::Done => {
                let figure = picking::open(steps).map_or(Figure::Gleich, |p| p.figure);
                (
                    Msg::new("padr-f-done").arg("figure", figure_name(figure)),
                    "show",
                )
            }
            Step::Unshown(f, s, other) => {
                let id = if other {
                    "padr-f-unshown-other"
                } else {
                    "padr-f-unshown"
                };
                (with_figure(id, f, s), "penalty")
            }
            Step::Decider(Some(s)) => (with_side("padr-f-decider", s), "decider"),
            Step::Decider(None) => (Msg::new("padr-f-decider-none"), "decider"),
        }
    }

    fn sentence(&self, steps: &[Step], i: usize) -> Msg {
        match steps[i] {
            Step::Tricks(s) => with_side("padr-f-said-tricks", s),
            Step::Card(s, c) => with_side("padr-f-said-card", s).arg("card", card_name(c)),
            Step::Baptism(c) => Msg::new("padr-f-said-baptism").arg("card", card_name(c)),
            Step::Done => {
                let figure = picking::open(&steps[..i]).map_or(Figure::Gleich, |p| p.figure);
                Msg::new("padr-f-said-done").arg("figure", figure_name(figure))
            }
            _ => self.label(&steps[..i], &steps[i]).0,
        }
    }

    fn deal(&self, steps: &[Step]) -> Option<Deal> {
        let mut events = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            if *s == Step::Done
                && let Some(p) = picking::open(&steps[..i])
            {
                events.push(show(p.figure, shown_cards(&p)));
            }
            events.extend(event_of(s));
        }
        // While cards are picked the show stands in as "stands": the referee then says
        // whether a show of that figure may come here at all.
        if let Some(p) = picking::open(steps) {
            events.push(show(p.figure, written::Outcome::Word("stands".into())));
        }
        Some(Deal::events(events))
    }

    fn step_of_event(&self, steps: &[Step], event: Option<usize>) -> usize {
        let Some(j) = event else {
            return steps.len().saturating_sub(1);
        };
        // Each step makes one event, except the picking: `cards` (while open) and `done`.
        let mut n = 0;
        let mut open_at = None;
        for (i, s) in steps.iter().enumerate() {
            let makes = match s {
                Step::Cards(_) => {
                    open_at = Some(i);
                    false
                }
                Step::Card(..) | Step::Baptism(_) => false,
                Step::Done => {
                    open_at = None;
                    true
                }
                _ => true,
            };
            if makes {
                if n == j {
                    return i;
                }
                n += 1;
            }
        }
        open_at.unwrap_or(steps.len().saturating_sub(1))
    }

    fn notices(&self, before: &Report) -> Vec<Msg> {
        let marked = super::marked(before);
        if marked.len() == 2 {
            return vec![Msg::new("padr-f-both")];
        }
        marked
            .iter()
            .map(|s| Msg::new("padr-w-gestrichen").arg("side", s))
            .collect()
    }

    fn pending(&self, steps: &[Step]) -> bool {
        picking::open(steps).is_some()
    }

    fn primary(&self, _steps: &[Step], step: &Step) -> bool {
        matches!(step, Step::Done)
    }

    fn place(&self, step: &Step) -> Option<Place> {
        match *step {
            Step::Card(_, c) | Step::Baptism(c) => Some(place(c)),
            _ => None,
        }
    }

    /// Each side's cards are one tab of the card grid, named by the side.
    fn heading(&self, _steps: &[Step], group: &str) -> Option<Msg> {
        let side = match group {
            "card-A" => Side::A,
            "card-B" => Side::B,
            _ => return None,
        };
        Some(with_side("padr-f-cards-of", side))
    }
}
