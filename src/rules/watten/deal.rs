//! One Watten deal as a state machine: `step(table, state, event) -> Result<State, code>`,
//! the state untouched on error (DESIGN habit 1). The same function referees event records
//! and enumerates the short form's reachable outcomes (`reach.rs`).
//!
//! Rules (contract 6; rules text "Betting and scoring", Bavarian and Tyrolean):
//! - the stake starts at 2; a bet proposes one more; `see` accepts it; `give_up` as the
//!   answer scores the bettors the stake before the bet; `tricks` scores the stake;
//! - bets alternate (`not_your_turn`), an open bet stops play (`bet_open`);
//! - Bavarian: a gespannt side may not bet (`gespannt_cannot_bet`);
//! - Tyrolean: no bet when the current stake already takes the bettor to the target
//!   (`bet_would_reach_target`: "up to the number of points needed to win the game");
//! - Tyrolean gestrichen (scoresheet section): one side gestrichen decides first, `play` for
//!   3 without betting or `give_up` for 2 to the others (`decision_required`); while a side is
//!   gestrichen no one bets (`gestrichen_cannot_bet`); option `gespannt_luft` plays for 4;
//! - option `immediate_four` (South Tyrol): 4 or more behind, bet 4 before the first lead;
//! - Tyrolean last trick: `farbe` answers the deal's first bet (card_ok: bettors score the
//!   current value, else the accusers);
//! - Bavarian option `machine`: declared at the start, 2 points without play.
//!
//! When one event breaks several rules, the first code in contract 9's order wins; kartl's
//! own codes slot in as documented in docs/rules/watten.md.

use super::ruleset::{Family, RuleSet};
use crate::rules::common::{ErrorCode, Pair, Side};

pub use super::input::Event;

/// What a deal starts from: the rule set and the score of the game before the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    pub rules: RuleSet,
    pub score: Pair<u32>,
    /// Sides gestrichen (Tyrolean) or gespannt (Bavarian) before the deal.
    pub marked: Pair<bool>,
    /// Tyrolean: the one gestrichen side, who must decide first.
    pub decider: Option<Side>,
    /// The decider plays for 4 ("Gespannt – Luft": the others have 0).
    pub luft: bool,
    /// Three players: Luft would apply by one team player's score and not by the other's
    /// (one has 0, the other has points), so playing for 3 or 4 is not decided by the text.
    pub luft_unclear: bool,
    /// Each side's lowest player score: in a three-player deal the team's two players may
    /// stand differently (`score` holds the higher, which every threshold reads); otherwise
    /// the same as `score`.
    pub low: Pair<u32>,
    /// How messages name the sides: `A`, `B`, or the players (`P2`, `P1+P3`).
    pub names: Pair<&'static str>,
}

impl Table {
    pub fn new(rules: RuleSet, score: Pair<u32>) -> Table {
        Table::with_players(rules, score, score, Pair::new("A", "B"))
    }

    /// A deal whose sides' players may stand differently (three players): `high` and `low`
    /// are each side's highest and lowest player score. Every rule reads a side by its
    /// highest player (the one nearest the target); see docs/rules/watten.md.
    pub fn with_players(
        rules: RuleSet,
        high: Pair<u32>,
        low: Pair<u32>,
        names: Pair<&'static str>,
    ) -> Table {
        let decider = rules.decider(high);
        let luft_by = |score: Pair<u32>| {
            rules.gespannt_luft && decider.is_some_and(|d| *score.get(d.other()) == 0)
        };
        let (luft, luft_low) = (luft_by(high), luft_by(low));
        Table {
            rules,
            score: high,
            marked: rules.marks(high),
            decider,
            luft,
            luft_unclear: luft != luft_low,
            low,
            names,
        }
    }

    /// How a message names `side`.
    pub fn name(&self, side: Side) -> &'static str {
        self.names.get(side)
    }

    /// Tyrolean: no one bets while a side is gestrichen.
    fn gestrichen_blocks_bets(&self) -> bool {
        self.rules.family == Family::Tyrolean && (self.marked.a || self.marked.b)
    }
}

/// Where a deal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The one gestrichen side must still decide (play or give up).
    Deciding,
    /// Cards are being played (betting allowed where the rules allow it).
    Playing,
    /// The deal is decided: `scorer` scores `points`.
    Over { scorer: Side, points: u32 },
}

/// The state of a deal between events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealState {
    pub phase: Phase,
    /// The value the deal is played for now.
    pub stake: u32,
    /// The side whose bet waits for an answer.
    pub open: Option<Side>,
    /// What the open bet proposes (stake + 1, or 4 for the immediate four).
    pub proposed: u32,
    /// The side that made the last bet: it may not bet again until the others have.
    pub last_bettor: Option<Side>,
    /// Bets made in this deal so far.
    pub bets: u32,
    /// No event applied yet (the machine is declared at the very start).
    pub fresh: bool,
}

impl DealState {
    pub fn start(table: &Table) -> DealState {
        DealState {
            phase: if table.decider.is_some() {
                Phase::Deciding
            } else {
                Phase::Playing
            },
            stake: 2,
            open: None,
            proposed: 2,
            last_bettor: None,
            bets: 0,
            fresh: true,
        }
    }

    /// The outcome once the deal is decided.
    pub fn outcome(&self) -> Option<(Side, u32)> {
        match self.phase {
            Phase::Over { scorer, points } => Some((scorer, points)),
            _ => None,
        }
    }
}

/// Applies one event; `Err` is the code of the first broken rule (contract 9's order).
pub fn step(table: &Table, s: &DealState, event: Event) -> Result<DealState, ErrorCode> {
    if s.outcome().is_some() {
        return Err(ErrorCode::DealOver);
    }
    let mut n = *s;
    n.fresh = false;
    let over = |scorer: Side, points: u32| Phase::Over { scorer, points };
    match event {
        Event::Bet { side, to_four } => bet(table, s, &mut n, side, to_four)?,
        Event::See(side) => {
            match s.open {
                None => return Err(ErrorCode::NoOpenBet),
                // Contract 5.1's wording for every game: an answer needs an open bet by the
                // other side, so answering one's own bet is no_open_bet.
                Some(bettor) if bettor == side => return Err(ErrorCode::NoOpenBet),
                Some(_) => {}
            }
            n.open = None;
            n.stake = s.proposed;
        }
        Event::GiveUp(side) => match s.open {
            // Contract 5.1's wording for every game: an answer needs an open bet by the
            // other side, so answering one's own bet is no_open_bet.
            Some(bettor) if bettor == side => return Err(ErrorCode::NoOpenBet),
            Some(bettor) => {
                n.open = None;
                n.phase = over(bettor, s.stake);
            }
            // Contract 3.2: giving up is the answer to a bet or the gestrichen side's
            // decision; "anywhere else" (the other side at that decision too) no_open_bet.
            None if s.phase == Phase::Deciding && table.decider == Some(side) => {
                n.phase = over(side.other(), 2);
            }
            None => return Err(ErrorCode::NoOpenBet),
        },
        Event::Play(side) => {
            if s.open.is_some() {
                return Err(ErrorCode::BetOpen);
            }
            if s.phase != Phase::Deciding {
                return Err(ErrorCode::NoDecision);
            }
            if table.decider != Some(side) {
                return Err(ErrorCode::NotYourTurn);
            }
            if table.luft_unclear {
                return Err(ErrorCode::ThreePlayersAmbiguous);
            }
            n.phase = Phase::Playing;
            n.stake = if table.luft { 4 } else { 3 };
        }
        Event::Tricks(side) => {
            if s.open.is_some() {
                return Err(ErrorCode::BetOpen);
            }
            if s.phase == Phase::Deciding {
                return Err(ErrorCode::DecisionRequired);
            }
            n.phase = over(side, s.stake);
        }
        Event::Farbe { side, card_ok } => farbe(table, s, &mut n, side, card_ok)?,
        Event::Machine(side) => {
            if s.open.is_some() {
                return Err(ErrorCode::BetOpen);
            }
            if s.phase == Phase::Deciding {
                return Err(ErrorCode::DecisionRequired);
            }
            if !table.rules.machine || !s.fresh {
                return Err(ErrorCode::MachineNotAllowed);
            }
            n.phase = over(side, 2);
        }
    }
    Ok(n)
}

/// A bet (contract 5.1 and 5.2): into `n`, or the first rule it breaks.
fn bet(
    table: &Table,
    s: &DealState,
    n: &mut DealState,
    side: Side,
    to_four: bool,
) -> Result<(), ErrorCode> {
    if s.open.is_some() {
        return Err(ErrorCode::BetOpen);
    }
    if s.last_bettor == Some(side) {
        return Err(ErrorCode::NotYourTurn);
    }
    if s.phase == Phase::Deciding {
        return Err(ErrorCode::DecisionRequired);
    }
    if table.gestrichen_blocks_bets() {
        return Err(ErrorCode::GestrichenCannotBet);
    }
    if table.rules.family == Family::Bavarian && *table.marked.get(side) {
        return Err(ErrorCode::GespanntCannotBet);
    }
    if to_four {
        // Behind by 4 for some reading of the players' scores, and for every reading.
        let (mine, theirs) = (side, side.other());
        let possible = table.low.get(mine) + 4 <= *table.score.get(theirs);
        let certain = table.score.get(mine) + 4 <= *table.low.get(theirs);
        if !table.rules.immediate_four || s.bets > 0 || !possible {
            return Err(ErrorCode::FourNotAllowed);
        }
        if !certain {
            return Err(ErrorCode::ThreePlayersAmbiguous);
        }
    }
    if table.rules.family == Family::Tyrolean
        && table.score.get(side) + s.stake >= table.rules.target
    {
        return Err(ErrorCode::BetWouldReachTarget);
    }
    n.open = Some(side);
    n.proposed = if to_four { 4 } else { s.stake + 1 };
    n.last_bettor = Some(side);
    n.bets += 1;
    Ok(())
}

/// The last-trick accusation "Farbe" answering the deal's first bet (Tyrolean rule).
fn farbe(
    table: &Table,
    s: &DealState,
    n: &mut DealState,
    side: Side,
    card_ok: bool,
) -> Result<(), ErrorCode> {
    let bettor = match s.open {
        None => return Err(ErrorCode::NoOpenBet),
        // Contract 5.1's wording for every game: an answer needs an open bet by the
        // other side, so answering one's own bet is no_open_bet.
        Some(bettor) if bettor == side => return Err(ErrorCode::NoOpenBet),
        Some(bettor) => bettor,
    };
    // "only applies if there has been no betting up to this point": the open bet is
    // the deal's first, an ordinary one (the immediate four comes before the lead).
    if !table.rules.farbe || s.bets != 1 || s.proposed != s.stake + 1 {
        return Err(ErrorCode::FarbeNotAllowed);
    }
    n.open = None;
    n.phase = Phase::Over {
        scorer: if card_ok { bettor } else { side },
        points: s.stake,
    };
    Ok(())
}
