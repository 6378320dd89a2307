//! A meld in the team's first trick on the partner's certain win (002 "Declaring King-Ober
//! Pairs": "if your partner plays an unbeatable card, guaranteeing that your team will win the
//! trick, you can declare your pair immediately even if this is your team's first trick and
//! you subsequently play a card of your pair to the trick"). The table judges "unbeatable"; the
//! card-level referee holds every hand, so it decides it exactly (docs/rules/gaigel.md 12.4).

use super::duty::may_play;
use super::engine::State;

/// Whether the trick in play is certain to go to `seat`'s side by a partner's card: a partner
/// (another seat of the side) holds the trick, and no opponent still to play to it holds a card
/// it may play (first-trick rule, following and trumping) that would take the trick from it.
pub fn partner_sure(st: &State, seat: usize) -> bool {
    let Some(t) = st.current() else { return false };
    let side = st.seats[seat];
    let first = st.tricks.len() == 1;
    let w = st.taker(&t.cards, first);
    if w == seat || st.seats[w] != side {
        return false;
    }
    let lead = t.cards[0].0;
    (t.cards.len()..st.n)
        .map(|k| (lead + k) % st.n)
        .filter(|&o| st.seats[o] != side)
        .all(|o| {
            st.hands[o].iter().all(|&c| {
                if !may_play(st, o, c) {
                    return true;
                }
                let mut cards = t.cards.clone();
                cards.push((o, c));
                st.seats[st.taker(&cards, first)] == side
            })
        })
}
