//! Betting: bet (bieten), hold (halten, anschauen, heben), raise (Gegengebot), good (gut),
//! contract 5.1 and 5.2, checked in the precedence order of contract 9.
//!
//! Sources: both texts, "Betting" (a bet proposes value + 1; the three answers; teams bet
//! alternately on each figure; a conceded figure takes no more bets; after 7 comes Spiel aus;
//! a team may concede at any time) and "The Endgame" (a gestrichen team never bets; no bet
//! on a figure whose concession would give the bettor the target: Giltspiel Example 5,
//! Perlaggen Example 7).

use super::record::{Figure, Figures};
use super::state::{AUS, Ctx, DealState, err, side_names};
use crate::rules::common::{ErrorCode, RuleError, Side};

/// `figure_closed`: decided, or already at Spiel aus.
pub fn closed(f: Figure) -> RuleError {
    let (de, en) = f.name();
    err(
        ErrorCode::FigureClosed,
        format!(
            "Auf {de} kann nicht mehr geboten werden: es ist entschieden oder steht auf Spiel aus."
        ),
        format!(
            "{} takes no more bets: it is decided or already at Spiel aus.",
            capital(en)
        ),
    )
}

/// "the Gleich" -> "The Gleich", to start a sentence.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|first| first.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// `bet_open`: open bets stop play; only answers by the other side, and further bets (or
/// concessions) by the betting side on other figures, may follow (contract 5.1; Giltspiel
/// text, "Betting during the showdown").
fn bet_open(state: &DealState, allowed: bool) -> Result<(), RuleError> {
    match state.open_bettor() {
        Some(bettor) if !allowed => {
            let (de, en) = side_names(bettor);
            Err(err(
                ErrorCode::BetOpen,
                format!(
                    "Ein Gebot von {de} ist offen: zuerst muss die Gegenseite antworten (gut, halten oder mehr bieten)."
                ),
                format!(
                    "A bet by {en} is open: the other side must answer it first (good, hold or raise)."
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// `bet_open` for events that are no bet and no answer (tricks, show, unshown, decider).
pub fn no_open_bet_stops_play(state: &DealState) -> Result<(), RuleError> {
    bet_open(state, state.open_bettor().is_none())
}

/// `decision_required`: both sides gestrichen with Gleich and Hanger unseen: the decider
/// comes first (contract 5.4).
pub fn decision_first(state: &DealState, ctx: &Ctx) -> Result<(), RuleError> {
    if state.decider_due(ctx) {
        return Err(err(
            ErrorCode::DecisionRequired,
            "Beide Seiten sind gestrichen und Gleich und Hanger ungesehen: zuerst entscheidet das beste Gleich oder der beste Hanger (Entscheid).",
            "Both sides are gestrichen with Gleich and Hanger unseen: the decider (best Gleich or Hanger) comes first.",
        ));
    }
    Ok(())
}

/// The checks every bet and raise share after its own (5.1, 5.2): a gestrichen side never
/// bets (while both sides are gestrichen no one does: `gestrichen_cannot_bet`, contract 5.4
/// as amended, even where the decider is due), then the decider first, then no bet whose
/// concession would reach the target. `value` is the value a concession would give: the
/// current one, or for a raise the one it accepts.
fn endgame(state: &DealState, ctx: &Ctx, f: Figure, by: Side, value: u8) -> Result<(), RuleError> {
    let (side_de, side_en) = side_names(by);
    let have = state.counting(ctx, by);
    if state.gestrichen(ctx, by.other()) && state.gestrichen(ctx, by) {
        return Err(err(
            ErrorCode::GestrichenCannotBet,
            format!(
                "Beide Seiten sind gestrichen (je {have} von {}): niemand darf bieten.",
                ctx.target
            ),
            format!(
                "Both sides are gestrichen ({have} of {} each): no one may bet.",
                ctx.target
            ),
        ));
    }
    if state.gestrichen(ctx, by) {
        return Err(err(
            ErrorCode::GestrichenCannotBet,
            format!(
                "{side_de} ist gestrichen ({have} von {}) und darf nicht bieten.",
                ctx.target
            ),
            format!(
                "{} is gestrichen ({have} of {}) and may not bet.",
                capital(&side_en),
                ctx.target
            ),
        ));
    }
    decision_first(state, ctx)?;
    if have + i64::from(value) >= ctx.target() {
        let (de, en) = f.name();
        let total = have + i64::from(value);
        let (this_deal_de, this_deal_en) = if state.won(ctx, by) > 0 {
            (
                " mit dem in diesem Geben schon Gewonnenen",
                ", counting what it has already won in this deal",
            )
        } else {
            ("", "")
        };
        return Err(err(
            ErrorCode::BetWouldReachTarget,
            format!(
                "{side_de} darf nicht auf {de} bieten: Gäbe die Gegenseite {de} für {value} gut, hätte {side_de}{this_deal_de} {total} von {} Punkten.",
                ctx.target
            ),
            format!(
                "{} may not bet on {en}: conceded at {value} it would give {side_en} {total} of {} points{this_deal_en}.",
                capital(&side_en),
                ctx.target
            ),
        ));
    }
    Ok(())
}

/// Where a code stands in contract 9's precedence: lower is reported first.
pub fn precedence(code: ErrorCode) -> usize {
    const ORDER: [ErrorCode; 8] = [
        ErrorCode::BetOpen,
        ErrorCode::NoOpenBet,
        ErrorCode::FigureClosed,
        ErrorCode::NotYourTurn,
        ErrorCode::DecisionRequired,
        ErrorCode::GestrichenCannotBet,
        ErrorCode::GespanntCannotBet,
        ErrorCode::BetWouldReachTarget,
    ];
    ORDER.iter().position(|c| *c == code).unwrap_or(ORDER.len())
}

/// The checks of a bet on one figure, in contract 9's order.
fn check_bet(state: &DealState, ctx: &Ctx, f: Figure, by: Side) -> Result<(), RuleError> {
    let fs = state.fig(f);
    // The betting side may go on betting on other figures; the other side must answer.
    bet_open(
        state,
        !state.pending_by(by.other()) && fs.pending != Some(by),
    )?;
    if fs.decided || fs.value == AUS {
        return Err(closed(f));
    }
    if fs.last_bettor == Some(by) {
        let (de, en) = f.name();
        let (sde, sen) = side_names(by);
        return Err(err(
            ErrorCode::NotYourTurn,
            format!("{sde} hat zuletzt auf {de} geboten: jetzt ist die Gegenseite dran."),
            format!(
                "{} made the last bet on {en}: it is the other side's turn.",
                capital(&sen)
            ),
        ));
    }
    endgame(state, ctx, f, by, fs.value)
}

/// `bet`: each named figure goes up by one when held. A bet on several figures is checked
/// as a whole: when several break rules, the first code in contract 9's order is reported.
/// (The figures' checks are independent: betting on one changes nothing another checks.)
pub fn bet(state: &mut DealState, ctx: &Ctx, figures: Figures, by: Side) -> Result<(), RuleError> {
    let first_broken = figures
        .iter()
        .filter_map(|f| check_bet(state, ctx, f, by).err())
        .min_by_key(|e| precedence(e.code));
    if let Some(e) = first_broken {
        return Err(e);
    }
    let seq = state.seq;
    for f in figures.iter() {
        let fs = state.fig_mut(f);
        fs.pending = Some(by);
        fs.last_bettor = Some(by);
        fs.first_bet.get_or_insert(seq);
        fs.involved[by as usize] = true;
    }
    Ok(())
}

/// `hold` and `raise` answer an open bet by the other side on that figure.
fn answer(state: &DealState, f: Figure, by: Side) -> Result<(), RuleError> {
    // Only the other side answers: with no bet of the other side open but one of its own,
    // a hold or raise is no answer at all.
    bet_open(state, state.pending_by(by.other()) || !state.pending_by(by))?;
    if state.fig(f).pending != Some(by.other()) {
        let (de, en) = f.name();
        return Err(err(
            ErrorCode::NoOpenBet,
            format!(
                "Auf {de} ist kein Gebot der Gegenseite offen, das man halten oder überbieten könnte."
            ),
            format!("There is no open bet by the other side on {en} to hold or raise."),
        ));
    }
    Ok(())
}

/// `hold`: the proposed value is accepted.
pub fn hold(state: &mut DealState, _ctx: &Ctx, f: Figure, by: Side) -> Result<(), RuleError> {
    answer(state, f, by)?;
    let fs = state.fig_mut(f);
    fs.value += 1;
    fs.pending = None;
    fs.involved[by as usize] = true;
    Ok(())
}

/// `raise`: accepts the open bet and proposes one more; it counts as a bet (contract 3.1).
pub fn raise(state: &mut DealState, ctx: &Ctx, f: Figure, by: Side) -> Result<(), RuleError> {
    answer(state, f, by)?;
    let accepted = state.fig(f).value + 1;
    if accepted == AUS {
        return Err(closed(f));
    }
    endgame(state, ctx, f, by, accepted)?;
    let fs = state.fig_mut(f);
    fs.value = accepted;
    fs.pending = Some(by);
    fs.last_bettor = Some(by);
    fs.involved[by as usize] = true;
    Ok(())
}

/// `good`: as the answer to an open bet the bettors win the figure at its old value;
/// spontaneously the other side wins it at its current value.
pub fn good(state: &mut DealState, ctx: &Ctx, f: Figure, by: Side) -> Result<(), RuleError> {
    let fs = *state.fig(f);
    // An answer, a spontaneous concession, or the betting side conceding another figure
    // (Giltspiel text, "Betting during the showdown"); never the bettor on its own open bet.
    bet_open(state, fs.pending != Some(by))?;
    if fs.decided {
        return Err(closed(f));
    }
    decision_first(state, ctx)?;
    let seq = state.seq;
    let fs = state.fig_mut(f);
    fs.pending = None;
    fs.decided = true;
    fs.winner = Some(by.other());
    fs.conceded = Some(seq);
    Ok(())
}
