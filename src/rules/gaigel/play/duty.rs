//! The duties of a card played: the first trick's rules (002 "First Trick") and, once the
//! talon is drawn, following, trumping and beating (002 "Subsequent Tricks"; 003 "Game after
//! talon is used up"). Each refusal names the seat, what it holds and the card it played, then
//! the rule in the text's words.

use super::super::super::common::ErrorCode;
use super::super::options::PairCard;
use super::cards::{Card, Rank, Suit};
use super::engine::{Breach, Remedy, State};
use super::parse::Opening;
use super::words::{holds_and_plays, with_rule};

fn refuse(st: &State, seat: usize, code: ErrorCode, (de, en): (String, String)) -> Breach {
    Breach::new(code, de, en, Remedy::Loses(st.seats[seat]))
}

/// The first trick: the lead as the opening says, and no trump unless the hand is all trumps.
pub fn first_trick(st: &State, seat: usize, c: Card, o: Opening) -> Result<(), Breach> {
    let trump = st.is_trump(c);
    let hand = &st.hands[seat];
    let rule = |held: Vec<Card>, de: &str, en: &str| {
        Err(refuse(
            st,
            seat,
            ErrorCode::FirstTrickInvalid,
            with_rule(holds_and_plays(st, seat, &held, c), de, en),
        ))
    };
    if st.current().is_none() {
        let plain_ace = |h: &Card| !st.is_trump(*h) && h.rank == Rank::A;
        return match o {
            Opening::GeElfen | Opening::ZweiteAlte if trump || c.rank != Rank::A => rule(
                hand.iter().copied().filter(plain_ace).collect(),
                &format!(
                    "Zu „{}“ spielt die Vorhand ein Ass aus, das nicht Trumpf ist (002: \"Vorhand leads a non-trump Ace\").",
                    o.name()
                ),
                &format!(
                    "{} leads an Ace that is not trumps (002: \"Vorhand leads a non-trump Ace\").",
                    o.name()
                ),
            ),
            Opening::HoeherHat if trump || c.rank == Rank::A => rule(
                hand.iter()
                    .copied()
                    .filter(|h| !st.is_trump(*h) && h.rank != Rank::A)
                    .collect(),
                "Bei „Höher hat“ darf die ausgespielte Karte weder Trumpf noch Ass sein (002: \"The led card cannot be a trump or an Ace\").",
                "Höher hat: 002 \"The led card cannot be a trump or an Ace\".",
            ),
            Opening::FuenfTrumpf if !trump => rule(
                hand.iter().copied().filter(|h| st.is_trump(*h)).collect(),
                "Mit fünf Trümpfen spielt die Vorhand einen Trumpf offen aus (002: \"Vorhand leads a trump face up\").",
                "002: \"In this case Vorhand leads a trump face up\".",
            ),
            _ => Ok(()),
        };
    }
    if trump && !hand.iter().all(|h| st.is_trump(*h)) {
        return rule(
            hand.iter().copied().filter(|h| !st.is_trump(*h)).collect(),
            "Im ersten Stich darf niemand Trumpf spielen, außer er hat nur Trümpfe (002: \"In the first trick no one is allowed to play a trump unless their hand consists entirely of trumps\").",
            "002: \"In the first trick no one is allowed to play a trump unless their hand consists entirely of trumps\".",
        );
    }
    Ok(())
}

/// The card that wins the trick so far.
fn winning(st: &State) -> Option<Card> {
    let t = st.current()?;
    let w = st.winner(&t.cards);
    t.cards.iter().find(|(s, _)| *s == w).map(|(_, c)| *c)
}

/// Once the talon is drawn: follow suit, else trump, and beat the best card if the hand can.
pub fn stichzwang(st: &State, seat: usize, c: Card) -> Result<(), Breach> {
    let (Some(t), Some(best)) = (st.current(), winning(st)) else {
        return Ok(());
    };
    let led: Suit = t.cards[0].1.suit;
    let hand = &st.hands[seat];
    let beats = |x: Card| x.beats_in_suit(best) || (st.is_trump(x) && !st.is_trump(best));
    let of = |f: &dyn Fn(&Card) -> bool| hand.iter().copied().filter(|h| f(h)).collect::<Vec<_>>();
    let (held, de, en) = if hand.iter().any(|h| h.suit == led) {
        if c.suit != led {
            (
                of(&|h| h.suit == led),
                format!(
                    "Farbe bedienen: ist der Talon aufgebraucht, muss man die ausgespielte Farbe ({}) bedienen, wenn man kann (002: \"When there are no cards in the talon players must follow suit if possible\").",
                    led.name(crate::rules::Lang::De)
                ),
                format!(
                    "Following suit ({}): 002 \"When there are no cards in the talon players must follow suit if possible\".",
                    led.name(crate::rules::Lang::En)
                ),
            )
        } else if !beats(c) && hand.iter().any(|h| h.suit == led && beats(*h)) {
            beat_rule(of(&|h| h.suit == led && beats(*h)), best)
        } else {
            return Ok(());
        }
    } else if hand.iter().any(|h| st.is_trump(*h)) {
        if !st.is_trump(c) {
            (
                of(&|h| st.is_trump(*h)),
                format!(
                    "Trumpfen: wer die ausgespielte Farbe ({}) nicht hat, muss trumpfen (002: \"If they have no card of the suit led they must trump\").",
                    led.name(crate::rules::Lang::De)
                ),
                format!(
                    "Trumping: without the suit led ({}), 002 \"If they have no card of the suit led they must trump\".",
                    led.name(crate::rules::Lang::En)
                ),
            )
        } else if !beats(c) && hand.iter().any(|h| st.is_trump(*h) && beats(*h)) {
            beat_rule(of(&|h| st.is_trump(*h) && beats(*h)), best)
        } else {
            return Ok(());
        }
    } else {
        return Ok(());
    };
    Err(refuse(
        st,
        seat,
        ErrorCode::MustFollow,
        with_rule(holds_and_plays(st, seat, &held, c), &de, &en),
    ))
}

fn beat_rule(held: Vec<Card>, best: Card) -> (Vec<Card>, String, String) {
    (
        held,
        format!(
            "Stechen: man muss die höchste Karte im Stich ({}) schlagen, wenn man kann (002: \"Subject to those rules they must beat the highest card so far played to the trick if possible\").",
            best.name(crate::rules::Lang::De)
        ),
        format!(
            "Beating: the best card so far is the {}; 002 \"Subject to those rules they must beat the highest card so far played to the trick if possible\".",
            best.name(crate::rules::Lang::En)
        ),
    )
}

/// Whether `seat` may play `c` to the trick in play by the first trick's rule and, once the
/// talon is drawn, the following and trumping duty (the beating duty only ever asks for a
/// higher card, so it never forbids one that beats).
pub fn may_play(st: &State, seat: usize, c: Card) -> bool {
    let hand = &st.hands[seat];
    let Some(t) = st.current() else { return true };
    if st.tricks.len() == 1 {
        return !st.is_trump(c) || hand.iter().all(|h| st.is_trump(*h));
    }
    if !st.talon_empty() {
        return true;
    }
    let led = t.cards[0].1.suit;
    if hand.iter().any(|h| h.suit == led) {
        c.suit == led
    } else if hand.iter().any(|h| st.is_trump(*h)) {
        st.is_trump(c)
    } else {
        true
    }
}

/// Option `pair_card: "next_trick"` (003 "Melding": "The matched pair is always presented and
/// one of the two cards in the pair is played to the next trick"): the melder's next card is a
/// King or Ober of a suit it melded, unless the duty to follow forbids every such card.
pub fn pair_card(st: &State, seat: usize, c: Card) -> Result<(), Breach> {
    let owed = &st.owes[seat];
    if st.pair_card != PairCard::NextTrick || owed.is_empty() {
        return Ok(());
    }
    let of_pair = |h: &Card| owed.contains(&h.suit) && matches!(h.rank, Rank::K | Rank::O);
    let playable: Vec<Card> = st.hands[seat]
        .iter()
        .copied()
        .filter(|h| of_pair(h) && may_play(st, seat, *h))
        .collect();
    if of_pair(&c) || playable.is_empty() {
        return Ok(());
    }
    Err(refuse(
        st,
        seat,
        ErrorCode::MeldNotAllowed,
        with_rule(
            holds_and_plays(st, seat, &playable, c),
            "Nach dem Melden kommt eine Karte des Paares in den nächsten Stich (003: \"The matched pair is always presented and one of the two cards in the pair is played to the next trick\").",
            "003: \"The matched pair is always presented and one of the two cards in the pair is played to the next trick\".",
        ),
    ))
}
