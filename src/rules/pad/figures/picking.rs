//! Picking the cards of a show (figure games): `cards:gleich` opens it, `card:A:HK` adds a
//! card a side shows, `bap:LA` baptises the wild card just picked, `done` closes it. Offered:
//! the pack's cards not yet picked and not shown by the other side in this deal (contract 5.5:
//! "no physical card may be shown by both sides"); a baptism right after a wild card.

use super::Step;
use crate::rules::common::Side;
use crate::rules::figures::cards::{Card, Suit, Variant, all_cards};
use crate::rules::figures::figure::Figure;
use crate::rules::match_record::figures::{Hand, Outcome};
use crate::rules::match_record::{PerWho, Who};

/// A card picking in progress: the figure and each side's cards (with baptisms).
pub struct Picking {
    pub figure: Figure,
    pub cards: Vec<(Side, Card, Option<Card>)>,
}

/// The card picking the steps leave open, if any.
pub fn open(steps: &[Step]) -> Option<Picking> {
    let mut open: Option<Picking> = None;
    for s in steps {
        match *s {
            Step::Cards(figure) => {
                open = Some(Picking {
                    figure,
                    cards: Vec::new(),
                })
            }
            Step::Card(side, card) => {
                if let Some(p) = open.as_mut() {
                    p.cards.push((side, card, None));
                }
            }
            Step::Baptism(b) => {
                if let Some(last) = open.as_mut().and_then(|p| p.cards.last_mut()) {
                    last.2 = Some(b);
                }
            }
            Step::Done => open = None,
            _ => {}
        }
    }
    open
}

/// Cards a side showed in this deal's earlier card shows (a physical card is shown by
/// one side only; contract 5.5).
fn shown_before(steps: &[Step], by: Side) -> Vec<Card> {
    let mut out = Vec::new();
    let mut current: Vec<Card> = Vec::new();
    for s in steps {
        match *s {
            Step::Card(side, card) if side == by => current.push(card),
            Step::Done => out.append(&mut current),
            _ => {}
        }
    }
    out
}

/// The taps while `p` is open: close it, baptise the wild card just picked, or pick a card.
pub fn candidates(variant: Variant, trump: Option<Suit>, steps: &[Step], p: &Picking) -> Vec<Step> {
    let mut out = vec![Step::Done];
    if let (Some(t), Some(&(_, last, None))) = (trump, p.cards.last())
        && variant.is_wild(last, t)
    {
        out.extend(
            all_cards()
                .filter(|c| variant.has_card(*c))
                .map(Step::Baptism),
        );
    }
    for by in Side::BOTH {
        let taken = shown_before(steps, by.other());
        out.extend(
            all_cards()
                .filter(|c| variant.has_card(*c))
                .filter(|c| !taken.contains(c))
                .filter(|c| !p.cards.iter().any(|(_, x, _)| x == c))
                .map(|c| Step::Card(by, c)),
        );
    }
    out
}

/// The show's cards of `p` as the contract writes them (contract 3.1): per side that showed
/// any, its cards, a wild card with its baptism (`"HK=LA"`).
pub fn shown_cards(p: &Picking) -> Outcome<Hand> {
    let mut sides = PerWho::new();
    for by in Side::BOTH {
        let list: Vec<String> = (p.cards.iter())
            .filter(|(s, _, _)| *s == by)
            .map(|(_, c, b)| match b {
                Some(b) => format!("{c}={b}"),
                None => c.to_string(),
            })
            .collect();
        if !list.is_empty() {
            sides.insert(Who::from(by), Hand::Cards(list));
        }
    }
    Outcome::Cards(sides)
}
