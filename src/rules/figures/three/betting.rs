//! Betting among three players each for themselves (docs/rules/figures.md, "Three players
//! each for themselves"). The texts liken the answers to poker's (Perlaggen text, "Betting":
//! good "equivalent to 'fold' in Poker", hold "'call'", a counter bet "'raise'"), and kartl
//! reads a three-player bet as a three-handed poker round:
//!
//! - a bet is answered by each other player still in the figure; a good drops that player
//!   from the figure (it can no longer win it), a hold accepts the higher value, a raise
//!   accepts it and proposes one more, which the other players in the figure must answer;
//! - when every one of them said good, the bettor wins the figure at its old value; once one
//!   held, the value is raised and the players still in it contest it;
//! - a figure that concessions leave to one player is that player's, at its current value;
//! - "the teams bet alternately": no player bets again on a figure on which it made the last
//!   bet; the endgame rules hold per player (a gestrichen player never bets; no bet whose
//!   concession would give the bettor the target).

use super::state::{Ctx, State};
use crate::rules::common::{ErrorCode, RuleError};
use crate::rules::figures::betting::{closed, precedence};
use crate::rules::figures::figure::{Figure, Figures};
use crate::rules::figures::state::{AUS, Value, err};
use crate::rules::players::Seat;

fn owes_answer(p: Seat) -> RuleError {
    err(
        ErrorCode::BetOpen,
        format!(
            "{} muss zuerst auf das offene Gebot antworten (gut, halten oder mehr bieten).",
            p.name()
        ),
        format!(
            "{} must answer the open bet first (good, hold or raise).",
            p.name()
        ),
    )
}

/// `figure_closed` for a player who conceded the figure.
fn conceded_by(f: Figure, p: Seat) -> RuleError {
    let (de, en) = f.name();
    err(
        ErrorCode::FigureClosed,
        format!(
            "{} hat {de} gut gegeben und kann {} nicht mehr gewinnen.",
            p.name(),
            f.pronoun()
        ),
        format!("{} conceded {en} and is out of it.", p.name()),
    )
}

/// The endgame checks of a bet or raise by `p` (contract 5.2, per player); `value` is what a
/// concession would give: the current value, or for a raise the value it accepts.
fn endgame(state: &State, ctx: &Ctx, f: Figure, p: Seat, value: Value) -> Result<(), RuleError> {
    let have = state.counting(ctx, p);
    let t = ctx.target;
    if Seat::ALL.into_iter().all(|q| state.gestrichen(ctx, q)) {
        return Err(err(
            ErrorCode::GestrichenCannotBet,
            format!("Alle drei Spieler sind gestrichen (je {have} von {t}): niemand darf bieten."),
            format!("All three players are gestrichen ({have} of {t} each): no one may bet."),
        ));
    }
    if state.gestrichen(ctx, p) {
        return Err(err(
            ErrorCode::GestrichenCannotBet,
            format!(
                "{} ist gestrichen ({have} von {t}) und darf nicht bieten.",
                p.name()
            ),
            format!(
                "{} is gestrichen ({have} of {t}) and may not bet.",
                p.name()
            ),
        ));
    }
    state.decision_first(ctx)?;
    let total = have + i64::from(value);
    if total >= ctx.target() {
        let (de, en) = f.name();
        return Err(err(
            ErrorCode::BetWouldReachTarget,
            format!(
                "{p} darf nicht auf {de} bieten: Gäben die anderen {de} für {value} gut, hätte {p} {total} von {t} Punkten.",
                p = p.name()
            ),
            format!(
                "{p} may not bet on {en}: conceded at {value} it would give {p} {total} of {t} points.",
                p = p.name()
            ),
        ));
    }
    Ok(())
}

fn check_bet(state: &State, ctx: &Ctx, f: Figure, p: Seat) -> Result<(), RuleError> {
    let fs = state.fig(f);
    if state.owes(p) {
        return Err(owes_answer(p));
    }
    if let Some(bettor) = fs.pending {
        return Err(err(
            ErrorCode::BetOpen,
            format!(
                "Auf {} ist ein Gebot von {} offen: zuerst antworten die anderen.",
                f.name().0,
                bettor.name()
            ),
            format!(
                "A bet by {} on {} is open: the others answer it first.",
                bettor.name(),
                f.name().1
            ),
        ));
    }
    if fs.decided || fs.value == AUS {
        return Err(closed(f));
    }
    if fs.out[p.index()] {
        return Err(conceded_by(f, p));
    }
    if fs.last_bettor == Some(p) {
        let (de, en) = f.name();
        return Err(err(
            ErrorCode::NotYourTurn,
            format!(
                "{} hat zuletzt auf {de} geboten: jetzt sind die anderen dran.",
                p.name()
            ),
            format!(
                "{} made the last bet on {en}: it is the others' turn.",
                p.name()
            ),
        ));
    }
    endgame(state, ctx, f, p, fs.value)
}

/// Opens a bet by `p` on `f`: every other player still in the figure owes an answer.
fn open(state: &mut State, f: Figure, p: Seat) {
    let fs = state.fig_mut(f);
    fs.pending = Some(p);
    fs.accepted = false;
    fs.last_bettor = Some(p);
    fs.involved[p.index()] = true;
    for q in Seat::ALL {
        fs.awaiting[q.index()] = q != p && !fs.out[q.index()];
    }
}

/// `bet` on one figure or several at once (all or nothing, the first code in contract 9's
/// order reported).
pub fn bet(state: &mut State, ctx: &Ctx, figures: Figures, p: Seat) -> Result<(), RuleError> {
    let first_broken = figures
        .iter()
        .filter_map(|f| check_bet(state, ctx, f, p).err())
        .min_by_key(|e| precedence(e.code));
    if let Some(e) = first_broken {
        return Err(e);
    }
    let seq = state.seq;
    for f in figures.iter() {
        state.fig_mut(f).first_bet.get_or_insert(seq);
        open(state, f, p);
    }
    Ok(())
}

/// `hold` and `raise` answer an open bet that `p` owes an answer.
fn answer(state: &State, f: Figure, p: Seat) -> Result<(), RuleError> {
    if !state.fig(f).awaiting[p.index()] {
        let (de, en) = f.name();
        return Err(err(
            ErrorCode::NoOpenBet,
            format!(
                "Auf {de} ist kein Gebot offen, auf das {} antworten müsste.",
                p.name()
            ),
            format!("There is no open bet on {en} for {} to answer.", p.name()),
        ));
    }
    Ok(())
}

/// The value the open bet reaches once accepted.
fn accepted_value(state: &State, f: Figure) -> Value {
    let fs = state.fig(f);
    if fs.accepted { fs.value } else { fs.value + 1 }
}

/// Closes the open bet once no one owes it an answer.
fn answered(state: &mut State, f: Figure) {
    let fs = state.fig_mut(f);
    if fs.awaiting == [false; 3] {
        fs.pending = None;
    }
}

/// `hold`: `p` accepts the higher value.
pub fn hold(state: &mut State, f: Figure, p: Seat) -> Result<(), RuleError> {
    answer(state, f, p)?;
    let value = accepted_value(state, f);
    let fs = state.fig_mut(f);
    fs.value = value;
    fs.accepted = true;
    fs.awaiting[p.index()] = false;
    fs.involved[p.index()] = true;
    answered(state, f);
    Ok(())
}

/// `raise`: `p` accepts the open bet and proposes one more.
pub fn raise(state: &mut State, ctx: &Ctx, f: Figure, p: Seat) -> Result<(), RuleError> {
    answer(state, f, p)?;
    let value = accepted_value(state, f);
    if value == AUS {
        return Err(closed(f));
    }
    endgame(state, ctx, f, p, value)?;
    state.fig_mut(f).value = value;
    open(state, f, p);
    Ok(())
}

/// `good`: `p` concedes the figure, as an answer or spontaneously; when one player is left
/// in it, that player wins it (at the old value if no one held the open bet).
pub fn good(state: &mut State, ctx: &Ctx, f: Figure, p: Seat) -> Result<(), RuleError> {
    let fs = *state.fig(f);
    if fs.pending == Some(p) {
        return Err(err(
            ErrorCode::BetOpen,
            format!(
                "{} kann das eigene offene Gebot nicht gut geben: zuerst antworten die anderen.",
                p.name()
            ),
            format!(
                "{} cannot concede its own open bet: the others answer it first.",
                p.name()
            ),
        ));
    }
    if fs.decided {
        return Err(closed(f));
    }
    if fs.out[p.index()] {
        return Err(conceded_by(f, p));
    }
    state.decision_first(ctx)?;
    let fs = state.fig_mut(f);
    fs.out[p.index()] = true;
    fs.awaiting[p.index()] = false;
    answered(state, f);
    state.settle_if_one_left(f);
    Ok(())
}
