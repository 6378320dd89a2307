//! The short form `{"winner": S, "points": N}` (contract 3.2 and 6.1): valid when some legal
//! sequence of bets, answers and decisions gives S exactly N points from the current score.
//!
//! Nothing here knows a rule: the search runs the deal state machine of `deal.rs` (`step`)
//! over every legal sequence, so the short form accepts exactly what the event form accepts.
//!
//! Termination: every outcome scores the stake standing at that moment, and the stake never
//! falls, so states whose stake exceeds N are cut off. For huge N (Bavarian betting has no
//! upper limit) the search uses the fact that above the stake `shift_floor` no rule looks at
//! the stake's value (Tyrolean: no bet is possible once the stake reaches the target; the
//! immediate four and Farbe belong to the stake 2; Bavarian gespannt looks at the score only),
//! and bets alternate, so the outcomes repeat with period 2 from there on: N is answered
//! as N − 2k. A unit test checks the period on every score of targets 11 and 15.
//!
//! `candidates` narrows the events tried in a state (each still checked by `step`); a unit
//! test checks that it never leaves out an event `step` would accept.

use super::deal::{DealState, Event, Phase, Table, step};
use super::ruleset::Family;
use crate::rules::common::Side;

/// Above this stake no rule depends on the stake's value (see the module summary). The
/// Bavarian game never looks at the stake (no limit, no immediate four, no Farbe, gespannt
/// reads the score), so its floor does not grow with the target: a huge Bavarian short form
/// is answered by a search of a few states, not one as long as the target.
fn shift_floor(table: &Table) -> u32 {
    match table.rules.family {
        Family::Bavarian => 6,
        Family::Tyrolean => table.rules.target.max(4) + 2,
    }
}

/// The points the search must look for: N itself, or for N beyond the shift floor the
/// equivalent N − 2k just above it.
fn effective_points(table: &Table, points: u32) -> u32 {
    let floor = shift_floor(table);
    if points <= floor + 3 {
        points
    } else {
        floor + 2 + (points - floor) % 2
    }
}

/// Whether some legal sequence from the start of a deal at `table` ends with `scorer`
/// scoring exactly `points`.
pub fn reachable(table: &Table, scorer: Side, points: u32) -> bool {
    search(table, scorer, effective_points(table, points))
}

/// Depth-first search over the legal event sequences, cut off above `goal`.
fn search(table: &Table, scorer: Side, goal: u32) -> bool {
    let mut stack: Vec<DealState> = Vec::with_capacity(16);
    stack.push(DealState::start(table));
    let mut buf = [Event::Tricks(Side::A); 8];
    while let Some(state) = stack.pop() {
        let k = candidates(&state, &mut buf);
        for &event in &buf[..k] {
            let Ok(next) = step(table, &state, event) else {
                continue;
            };
            match next.outcome() {
                Some((side, points)) if side == scorer && points == goal => return true,
                Some(_) => {}
                None if next.stake <= goal => stack.push(next),
                None => {}
            }
        }
    }
    false
}

/// The points `side` can score, up to `max`, in ascending order, for messages and tests.
/// One pass over every legal sequence whose stake stays within `max` (not one search per
/// number, which made a message at a large target quadratic).
pub fn points_list(table: &Table, side: Side, max: u32) -> Vec<u32> {
    let mut found = vec![false; usize::try_from(max).unwrap_or(usize::MAX - 1) + 1];
    let mut stack: Vec<DealState> = Vec::with_capacity(16);
    stack.push(DealState::start(table));
    let mut buf = [Event::Tricks(Side::A); 8];
    while let Some(state) = stack.pop() {
        let k = candidates(&state, &mut buf);
        for &event in &buf[..k] {
            let Ok(next) = step(table, &state, event) else {
                continue;
            };
            match next.outcome() {
                Some((s, points)) if s == side && points <= max => {
                    if let Some(slot) = usize::try_from(points).ok().and_then(|p| found.get_mut(p))
                    {
                        *slot = true;
                    }
                }
                Some(_) => {}
                None if next.stake <= max => stack.push(next),
                None => {}
            }
        }
    }
    (0..=max)
        .zip(found)
        .filter_map(|(p, f)| f.then_some(p))
        .collect()
}

/// The events that may be legal in `s`, so a search need not try every event everywhere.
/// Each is still checked by [`step`]. Returns how many were written to `out`.
pub fn candidates(s: &DealState, out: &mut [Event; 8]) -> usize {
    let mut k = 0;
    let mut push = |e: Event| {
        out[k] = e;
        k += 1;
    };
    match (s.phase, s.open) {
        (Phase::Over { .. }, _) => {}
        (_, Some(bettor)) => {
            let o = bettor.other();
            push(Event::See(o));
            push(Event::GiveUp(o));
            push(Event::Farbe {
                side: o,
                card_ok: true,
            });
            push(Event::Farbe {
                side: o,
                card_ok: false,
            });
        }
        (Phase::Deciding, None) => {
            for side in Side::BOTH {
                push(Event::Play(side));
                push(Event::GiveUp(side));
            }
        }
        // Pruned by the state alone (the search walks a chain as long as the stake, so each
        // event tried per state counts): the side that bet last cannot bet, the immediate four
        // and the machine come only before any bet or event.
        (Phase::Playing, None) => {
            for side in Side::BOTH {
                push(Event::Tricks(side));
                if s.last_bettor != Some(side) {
                    push(Event::Bet {
                        side,
                        to_four: false,
                    });
                    if s.bets == 0 {
                        push(Event::Bet {
                            side,
                            to_four: true,
                        });
                    }
                }
                if s.fresh {
                    push(Event::Machine(side));
                }
            }
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::common::Pair;
    use crate::rules::watten::input::{RawOptions, Variant};
    use crate::rules::watten::ruleset::RuleSet;

    fn table(variant: Variant, options: RawOptions, a: u32, b: u32) -> Table {
        Table::new(
            RuleSet::new(variant, None, options).unwrap(),
            Pair::new(a, b),
        )
    }

    fn points(t: &Table, side: Side) -> Vec<u32> {
        points_list(t, side, 30)
    }

    #[test]
    fn tyrolean_stakes_rise_to_what_each_side_needs() {
        let t = table(Variant::Tyrolean, RawOptions::default(), 0, 0);
        assert_eq!(points(&t, Side::A), (2..=15).collect::<Vec<_>>());
        // A needs 5: A's own bets stop at 5, B's bets may take the stake to 5 as well.
        let t = table(Variant::Tyrolean, RawOptions::default(), 10, 11);
        assert_eq!(points(&t, Side::A), vec![2, 3, 4, 5]);
        assert_eq!(points(&t, Side::B), vec![2, 3, 4, 5]);
        // At 12:0 A needs 3: A bets only at the stake 2; bets alternate, so after B's
        // answer to 4 no one bets again.
        let t = table(Variant::Tyrolean, RawOptions::default(), 12, 0);
        assert_eq!(points(&t, Side::A), vec![2, 3, 4]);
        assert_eq!(points(&t, Side::B), vec![2, 3, 4]);
    }

    #[test]
    fn gestrichen_deals_have_few_outcomes() {
        let t = table(Variant::Tyrolean, RawOptions::default(), 13, 4);
        assert_eq!(points(&t, Side::A), vec![3]);
        assert_eq!(points(&t, Side::B), vec![2, 3]);
        let t = table(Variant::Tyrolean, RawOptions::default(), 14, 13);
        assert_eq!(points(&t, Side::A), vec![2]);
        let luft = RawOptions {
            gespannt_luft: Some(true),
            ..RawOptions::default()
        };
        let t = table(Variant::Tyrolean, luft, 0, 14);
        assert_eq!(points(&t, Side::A), vec![2, 4]);
        assert_eq!(points(&t, Side::B), vec![4]);
    }

    #[test]
    fn bavarian_betting_has_no_upper_limit_unless_gespannt() {
        let t = table(Variant::Bavarian, RawOptions::default(), 0, 0);
        assert!(reachable(&t, Side::B, 4_000_000_000));
        assert!(reachable(&t, Side::A, 4_000_000_001));
        assert!(!reachable(&t, Side::A, 1));
        let t = table(Variant::Bavarian, RawOptions::default(), 9, 0);
        assert_eq!(points(&t, Side::A), vec![2, 3]);
        assert_eq!(points(&t, Side::B), vec![2, 3]);
        assert!(!reachable(&t, Side::A, 4_000_000_001));
        let t = table(Variant::Bavarian, RawOptions::default(), 9, 10);
        assert_eq!(points(&t, Side::A), vec![2]);
    }

    #[test]
    fn bavarian_answers_do_not_depend_on_a_large_target() {
        let rules =
            |target| RuleSet::new(Variant::Bavarian, Some(target), RawOptions::default()).unwrap();
        for (target, a, b) in [(1000, 0, 0), (1000, 998, 0), (1000, 999, 998), (11, 9, 0)] {
            let t = Table::new(rules(target), Pair::new(a, b));
            for n in [2, 3, 4, 999, 1000, 1001, 1002, u32::MAX - 1, u32::MAX] {
                for side in Side::BOTH {
                    let gespannt = (a >= target - 2, b >= target - 2);
                    let want = match gespannt {
                        (false, false) => true,
                        (true, true) => n == 2,
                        _ => n <= 3,
                    };
                    assert_eq!(reachable(&t, side, n), want, "{target} {a}:{b} {side} {n}");
                }
            }
        }
    }

    /// Every event of the contract, for both sides.
    fn every_event() -> Vec<Event> {
        let mut all = Vec::new();
        for side in Side::BOTH {
            all.extend([
                Event::Bet {
                    side,
                    to_four: false,
                },
                Event::Bet {
                    side,
                    to_four: true,
                },
                Event::See(side),
                Event::GiveUp(side),
                Event::Play(side),
                Event::Tricks(side),
                Event::Farbe {
                    side,
                    card_ok: true,
                },
                Event::Farbe {
                    side,
                    card_ok: false,
                },
                Event::Machine(side),
            ]);
        }
        all
    }

    #[test]
    fn candidates_never_miss_a_legal_event() {
        let all = every_event();
        let options = RawOptions {
            gespannt_luft: Some(true),
            immediate_four: Some(true),
            ..RawOptions::default()
        };
        let bavarian = RawOptions {
            machine: Some(true),
            ..RawOptions::default()
        };
        for (variant, o) in [(Variant::Tyrolean, options), (Variant::Bavarian, bavarian)] {
            let target = RuleSet::new(variant, None, o).unwrap().target;
            for a in 0..target {
                for b in 0..target {
                    let t = table(variant, o, a, b);
                    let mut stack = vec![DealState::start(&t)];
                    while let Some(state) = stack.pop() {
                        let mut buf = [Event::Tricks(Side::A); 8];
                        let k = candidates(&state, &mut buf);
                        for &e in &all {
                            if let Ok(next) = step(&t, &state, e) {
                                assert!(buf[..k].contains(&e), "{a}:{b} {state:?} {e:?}");
                                if next.outcome().is_none() && next.stake <= 8 {
                                    stack.push(next);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_one_pass_list_agrees_with_the_search_for_each_number() {
        let luft = RawOptions {
            gespannt_luft: Some(true),
            immediate_four: Some(true),
            ..RawOptions::default()
        };
        let machine = RawOptions {
            machine: Some(true),
            ..RawOptions::default()
        };
        for (variant, o) in [(Variant::Tyrolean, luft), (Variant::Bavarian, machine)] {
            let target = RuleSet::new(variant, None, o).unwrap().target;
            for a in 0..target {
                for b in 0..target {
                    let t = table(variant, o, a, b);
                    for side in Side::BOTH {
                        let one_by_one: Vec<u32> =
                            (0..=20).filter(|&p| reachable(&t, side, p)).collect();
                        assert_eq!(points_list(&t, side, 20), one_by_one, "{a}:{b} {side}");
                    }
                }
            }
        }
    }

    #[test]
    fn outcomes_repeat_with_period_two_above_the_shift_floor() {
        let options = [
            (Variant::Tyrolean, RawOptions::default()),
            (
                Variant::Tyrolean,
                RawOptions {
                    gespannt_luft: Some(true),
                    immediate_four: Some(true),
                    ..RawOptions::default()
                },
            ),
            (Variant::Bavarian, RawOptions::default()),
            (
                Variant::Bavarian,
                RawOptions {
                    machine: Some(true),
                    gespannt_from: Some(7),
                    ..RawOptions::default()
                },
            ),
        ];
        for (variant, o) in options {
            let target = RuleSet::new(variant, None, o).unwrap().target;
            for a in 0..target {
                for b in 0..target {
                    let t = table(variant, o, a, b);
                    let floor = shift_floor(&t);
                    for n in floor..floor + 8 {
                        for side in Side::BOTH {
                            assert_eq!(
                                search(&t, side, n),
                                search(&t, side, n + 2),
                                "{variant:?} {a}:{b} {side} {n}"
                            );
                        }
                    }
                }
            }
        }
    }
}
