//! Unit tests of the deal state machine (`deal.rs`), one per rule family.

use super::deal::*;
use super::ruleset::RuleSet;
use crate::rules::common::{ErrorCode, Pair, Side};
use crate::rules::watten::input::{RawOptions, Variant};
use Event::*;

fn bet(side: Side) -> Event {
    Bet {
        side,
        to_four: false,
    }
}

fn run(rules: RuleSet, score: (u32, u32), events: &[Event]) -> Result<(Side, u32), ErrorCode> {
    let table = Table::new(rules, Pair::new(score.0, score.1));
    let mut s = DealState::start(&table);
    for &e in events {
        s = step(&table, &s, e)?;
    }
    s.outcome().ok_or(ErrorCode::DealIncomplete)
}

fn tyrolean() -> RuleSet {
    RuleSet::new(Variant::Tyrolean, None, RawOptions::default()).unwrap()
}

fn bavarian() -> RuleSet {
    RuleSet::new(Variant::Bavarian, None, RawOptions::default()).unwrap()
}

#[test]
fn betting_raises_the_stake_and_giving_up_scores_the_old_stake() {
    use Side::*;
    let t = tyrolean();
    assert_eq!(run(t, (0, 0), &[Tricks(B)]), Ok((B, 2)));
    assert_eq!(run(t, (0, 0), &[bet(A), See(B), Tricks(B)]), Ok((B, 3)));
    assert_eq!(run(t, (0, 0), &[bet(A), GiveUp(B)]), Ok((A, 2)));
    assert_eq!(
        run(t, (0, 0), &[bet(A), See(B), bet(B), GiveUp(A)]),
        Ok((B, 3))
    );
}

#[test]
fn betting_rules_refuse_what_the_texts_forbid() {
    use Side::*;
    let t = tyrolean();
    assert_eq!(run(t, (0, 0), &[bet(A), bet(A)]), Err(ErrorCode::BetOpen));
    assert_eq!(
        run(t, (0, 0), &[bet(A), See(B), bet(A)]),
        Err(ErrorCode::NotYourTurn)
    );
    assert_eq!(
        run(t, (0, 0), &[bet(A), Tricks(A)]),
        Err(ErrorCode::BetOpen)
    );
    assert_eq!(run(t, (0, 0), &[See(A)]), Err(ErrorCode::NoOpenBet));
    assert_eq!(run(t, (0, 0), &[GiveUp(A)]), Err(ErrorCode::NoOpenBet));
    assert_eq!(run(t, (0, 0), &[bet(A), See(A)]), Err(ErrorCode::NoOpenBet));
    assert_eq!(
        run(t, (0, 0), &[Tricks(A), Tricks(A)]),
        Err(ErrorCode::DealOver)
    );
    // A's second bet comes at the stake 5: 10 + 5 = 15, so A may not bet.
    let seq = [bet(B), See(A), bet(A), See(B), bet(B), See(A), bet(A)];
    assert_eq!(run(t, (10, 0), &seq), Err(ErrorCode::BetWouldReachTarget));
    // At 9 the same bet is allowed: 9 + 5 < 15, and the stake rises to 6.
    let mut longer = seq.to_vec();
    longer.extend([See(B), Tricks(A)]);
    assert_eq!(run(t, (9, 0), &longer), Ok((A, 6)));
}

#[test]
fn gestrichen_sides_decide_first_and_no_one_bets() {
    use Side::*;
    let t = tyrolean();
    assert_eq!(
        run(t, (13, 4), &[Tricks(A)]),
        Err(ErrorCode::DecisionRequired)
    );
    assert_eq!(run(t, (13, 4), &[bet(B)]), Err(ErrorCode::DecisionRequired));
    assert_eq!(run(t, (13, 4), &[Play(B)]), Err(ErrorCode::NotYourTurn));
    assert_eq!(run(t, (13, 4), &[Play(A), Tricks(B)]), Ok((B, 3)));
    assert_eq!(run(t, (13, 4), &[GiveUp(A)]), Ok((B, 2)));
    assert_eq!(run(t, (13, 4), &[GiveUp(B)]), Err(ErrorCode::NoOpenBet));
    assert_eq!(
        run(t, (13, 4), &[Play(A), bet(B)]),
        Err(ErrorCode::GestrichenCannotBet)
    );
    assert_eq!(run(t, (13, 14), &[Play(A)]), Err(ErrorCode::NoDecision));
    assert_eq!(run(t, (13, 14), &[GiveUp(A)]), Err(ErrorCode::NoOpenBet));
    assert_eq!(
        run(t, (13, 14), &[bet(A)]),
        Err(ErrorCode::GestrichenCannotBet)
    );
    assert_eq!(run(t, (13, 14), &[Tricks(A)]), Ok((A, 2)));
}

#[test]
fn bavarian_gespannt_sides_may_not_bet_but_may_see() {
    use Side::*;
    let b = bavarian();
    assert_eq!(run(b, (9, 0), &[bet(A)]), Err(ErrorCode::GespanntCannotBet));
    assert_eq!(run(b, (9, 0), &[bet(B), See(A), Tricks(A)]), Ok((A, 3)));
    assert_eq!(run(b, (9, 0), &[Tricks(A)]), Ok((A, 2)));
    assert_eq!(
        run(b, (0, 0), &[Machine(A)]),
        Err(ErrorCode::MachineNotAllowed)
    );
    assert_eq!(
        run(
            b,
            (0, 0),
            &[
                bet(A),
                Farbe {
                    side: B,
                    card_ok: true
                }
            ]
        ),
        Err(ErrorCode::FarbeNotAllowed)
    );
}

#[test]
fn farbe_answers_only_the_first_bet() {
    use Side::*;
    let t = tyrolean();
    let farbe = |side, card_ok| Farbe { side, card_ok };
    assert_eq!(run(t, (0, 0), &[bet(A), farbe(B, true)]), Ok((A, 2)));
    assert_eq!(run(t, (0, 0), &[bet(A), farbe(B, false)]), Ok((B, 2)));
    assert_eq!(
        run(t, (0, 0), &[bet(A), farbe(A, false)]),
        Err(ErrorCode::NoOpenBet)
    );
    assert_eq!(
        run(t, (0, 0), &[bet(A), See(B), bet(B), farbe(A, false)]),
        Err(ErrorCode::FarbeNotAllowed)
    );
}

#[test]
fn options_luft_four_and_machine() {
    use Side::*;
    let luft = RuleSet::new(
        Variant::Tyrolean,
        None,
        RawOptions {
            gespannt_luft: Some(true),
            immediate_four: Some(true),
            ..RawOptions::default()
        },
    )
    .unwrap();
    assert_eq!(run(luft, (13, 0), &[Play(A), Tricks(A)]), Ok((A, 4)));
    assert_eq!(run(luft, (13, 1), &[Play(A), Tricks(A)]), Ok((A, 3)));
    let four = Bet {
        side: B,
        to_four: true,
    };
    assert_eq!(run(luft, (4, 0), &[four, See(A), Tricks(B)]), Ok((B, 4)));
    assert_eq!(run(luft, (4, 0), &[four, GiveUp(A)]), Ok((B, 2)));
    assert_eq!(run(luft, (3, 0), &[four]), Err(ErrorCode::FourNotAllowed));
    assert_eq!(
        run(t_default(), (4, 0), &[four]),
        Err(ErrorCode::FourNotAllowed)
    );
    let machine = RuleSet::new(
        Variant::Bavarian,
        None,
        RawOptions {
            machine: Some(true),
            ..RawOptions::default()
        },
    )
    .unwrap();
    assert_eq!(run(machine, (0, 0), &[Machine(B)]), Ok((B, 2)));
    assert_eq!(
        run(machine, (0, 0), &[bet(A), See(B), Machine(B)]),
        Err(ErrorCode::MachineNotAllowed)
    );
}

fn t_default() -> RuleSet {
    tyrolean()
}
