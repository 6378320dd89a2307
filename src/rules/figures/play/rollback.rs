//! `Clone` for the card-level state with a `clone_from` that reuses the copy's vectors.
//!
//! `Play::run` keeps the state before each action to roll back an illegal one (the Streitfall
//! table draws the deal as it stood). A fresh clone per action allocated every seat's rows
//! and every trick's cards anew and freed them again: about a third of a figure deal's
//! refereeing. `clone_from` copies into the vectors the copy already has. The fields are
//! destructured, so a field added to [`Play`] or [`TrickPlay`] fails to compile here until it
//! is copied too.

use super::engine::{Play, TrickPlay};

impl Clone for TrickPlay {
    fn clone(&self) -> Self {
        let TrickPlay {
            leader,
            cards,
            winner,
        } = self;
        TrickPlay {
            leader: *leader,
            cards: cards.clone(),
            winner: *winner,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let TrickPlay {
            leader,
            cards,
            winner,
        } = source;
        self.leader = *leader;
        self.cards.clone_from(cards);
        self.winner = *winner;
    }
}

impl Clone for Play {
    fn clone(&self) -> Self {
        let Play {
            ctx,
            seats,
            trump,
            held,
            played,
            revealed,
            tricks,
            facts,
            events,
            involved,
            show,
            legal,
            broken,
            cut,
            stack,
            decider_shown,
        } = self;
        Play {
            ctx: *ctx,
            seats: seats.clone(),
            trump: *trump,
            held: held.clone(),
            played: played.clone(),
            revealed: revealed.clone(),
            tricks: tricks.clone(),
            facts: *facts,
            events: events.clone(),
            involved: involved.clone(),
            show: *show,
            legal: *legal,
            broken: broken.clone(),
            cut: cut.clone(),
            stack: stack.clone(),
            decider_shown: decider_shown.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Play {
            ctx,
            seats,
            trump,
            held,
            played,
            revealed,
            tricks,
            facts,
            events,
            involved,
            show,
            legal,
            broken,
            cut,
            stack,
            decider_shown,
        } = source;
        self.ctx = *ctx;
        self.seats.clone_from(seats);
        self.trump = *trump;
        self.held.clone_from(held);
        self.played.clone_from(played);
        self.revealed.clone_from(revealed);
        self.tricks.clone_from(tricks);
        self.facts = *facts;
        self.events.clone_from(events);
        self.involved.clone_from(involved);
        self.show = *show;
        self.legal = *legal;
        self.broken.clone_from(broken);
        self.cut.clone_from(cut);
        self.stack.clone_from(stack);
        self.decider_shown.clone_from(decider_shown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::figures::play::CardDeal;
    use crate::rules::figures::state::Ctx;

    /// `clone_from` into a copy of another state leaves the same state as `clone`: checked on
    /// every prefix of a played deal, copied into the state of a longer prefix and back.
    #[test]
    fn clone_from_copies_what_clone_copies() {
        let deal: CardDeal = serde_json::from_str(
            r#"{"seats": ["A", "B", "A", "B"], "dealer": 3,
                "hands": [["L10", "E9", "E8", "H9", "H8"], ["LA", "EA", "EK", "HA", "H10"],
                          ["LU", "SA", "SK", "SO", "SU"], ["S7", "S10", "S9", "S8", "LK"]],
                "turned": "L8",
                "actions": [{"seat": 0, "card": "L10"}, {"seat": 1, "card": "LA"},
                            {"seat": 2, "card": "LU=LA"}, {"seat": 3, "card": "S7=LA"},
                            {"seat": 3, "card": "S10"}, {"seat": 0, "good": "spiel"}]}"#,
        )
        .unwrap();
        let ctx = Ctx {
            variant: crate::rules::figures::cards::Variant::Innsbruck,
            target: 18,
            score: crate::rules::Pair::new(0, 0),
        };
        let mut states = vec![Play::start(ctx, &deal)];
        for (i, a) in deal.actions.iter().enumerate() {
            let mut next = states[i].clone();
            next.step(i, a);
            states.push(next);
        }
        for a in &states {
            for b in &states {
                let mut copy = b.clone();
                copy.clone_from(a);
                assert_eq!(format!("{copy:?}"), format!("{:?}", a.clone()));
            }
        }
        assert!(
            !states.last().unwrap().tricks.is_empty(),
            "the deal plays a trick"
        );
    }
}
