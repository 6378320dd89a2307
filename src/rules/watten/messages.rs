//! The scorer's words for every broken Watten rule, German and English (contract 4:
//! "message is plain words a scorer understands"). Built only when a rule is broken, so the
//! state machine itself never allocates.

use super::deal::{DealState, Event, Phase, Table};
use super::reach;
use crate::rules::common::{ErrorCode, RuleError, Side};

fn side_of(event: Event) -> Side {
    match event {
        Event::Bet { side, .. } | Event::Farbe { side, .. } => side,
        Event::See(s)
        | Event::GiveUp(s)
        | Event::Play(s)
        | Event::Tricks(s)
        | Event::Machine(s) => s,
    }
}

/// Explains why `event` was refused in `state`.
pub fn explain(code: ErrorCode, event: Event, table: &Table, state: &DealState) -> RuleError {
    let s = side_of(event);
    let o = s.other();
    let target = table.rules.target;
    let score = *table.score.get(s);
    let (de, en) = match code {
        ErrorCode::DealOver => (
            "Das Spiel ist schon entschieden; danach zählt kein Ereignis mehr.".to_string(),
            "The deal is already decided; no event may follow.".to_string(),
        ),
        ErrorCode::BetOpen => (
            format!(
                "{} hat geboten; zuerst muss {} schauen oder aufgeben.",
                state.open.unwrap_or(o),
                state.open.unwrap_or(o).other()
            ),
            format!(
                "{} has bet; {} must first see or give up.",
                state.open.unwrap_or(o),
                state.open.unwrap_or(o).other()
            ),
        ),
        ErrorCode::NoOpenBet => match table.decider {
            Some(d) if state.phase == Phase::Deciding => (
                format!("Es steht kein Gebot offen; {d} ist gestrichen und entscheidet selbst, ob gespielt wird."),
                format!("There is no open bet; {d} is gestrichen and decides itself whether to play."),
            ),
            _ => (
                format!("Es steht kein Gebot offen, auf das {s} antworten könnte."),
                format!("There is no open bet for {s} to answer."),
            ),
        },
        ErrorCode::NotYourTurn => match event {
            Event::Bet { .. } => (
                format!("{s} hat zuletzt geboten; erst muss {o} bieten."),
                format!("{s} made the last bet; {o} must bet before {s} bets again."),
            ),
            Event::Play(_) if state.open.is_none() => (
                format!("Nicht {s}, sondern {o} ist gestrichen und entscheidet."),
                format!("{o}, not {s}, is gestrichen and decides."),
            ),
            _ => (
                format!("{s} kann nicht auf das eigene Gebot antworten."),
                format!("{s} cannot answer its own bet."),
            ),
        },
        ErrorCode::DecisionRequired => {
            let d = table.decider.unwrap_or(s);
            (
                format!("{d} ist gestrichen und muss zuerst entscheiden: spielen oder aufgeben."),
                format!("{d} is gestrichen and must first decide: play or give up."),
            )
        }
        ErrorCode::NoDecision => (
            "Hier ist nichts zu entscheiden: nur eine allein gestrichene Partei entscheidet vor dem Spiel, ob sie spielt.".to_string(),
            "There is no decision here: only a side gestrichen alone decides, before the deal, whether to play.".to_string(),
        ),
        ErrorCode::GestrichenCannotBet => (
            "Solange eine Partei gestrichen ist, wird nicht geboten.".to_string(),
            "While a side is gestrichen, no one bets.".to_string(),
        ),
        ErrorCode::GespanntCannotBet => (
            format!("{s} ist mit {score} Punkten gespannt und darf nicht bieten."),
            format!("{s} is gespannt with {score} points and may not bet."),
        ),
        ErrorCode::BetWouldReachTarget => (
            format!(
                "{s} hat {score}; schon der Einsatz von {} bringt {s} auf {target}: kein Gebot.",
                state.stake
            ),
            format!(
                "{s} has {score}; the stake of {} already takes {s} to {target}: no bet.",
                state.stake
            ),
        ),
        ErrorCode::FourNotAllowed => (
            format!(
                "Vier sofort bietet nur, wer mit der Option immediate_four 4 Punkte oder mehr zurückliegt, vor dem ersten Gebot ({s} hat {score}, {o} {})." ,
                table.score.get(o)
            ),
            format!(
                "An immediate bet of four needs option immediate_four, a side 4 or more points behind, and no bet before it ({s} has {score}, {o} {}).",
                table.score.get(o)
            ),
        ),
        ErrorCode::FarbeNotAllowed => (
            "„Farbe“ gibt es nur im Tiroler Watten (Option farbe) gegen das erste Gebot des Spiels.".to_string(),
            "\"Farbe\" exists only in Tyrolean Watten (option farbe), against the deal's first bet.".to_string(),
        ),
        ErrorCode::MachineNotAllowed => (
            "Die Maschine gilt nur mit der Option machine und wird vor dem Spiel angesagt.".to_string(),
            "The machine counts only with option machine and is declared before play.".to_string(),
        ),
        other => (other.as_str().to_string(), other.as_str().to_string()),
    };
    RuleError::new(code, de, en)
}

/// A deal whose events stop before it is decided.
pub fn incomplete(state: &DealState) -> RuleError {
    match state.open {
        Some(b) => RuleError::new(
            ErrorCode::DealIncomplete,
            format!(
                "Das Spiel endet nicht: das Gebot von {b} ist unbeantwortet. Es fehlt schauen, aufgeben oder Stiche."
            ),
            format!(
                "The deal is not finished: {b}'s bet is unanswered. See, give up or tricks is missing."
            ),
        ),
        None => RuleError::new(
            ErrorCode::DealIncomplete,
            "Das Spiel endet nicht: es fehlt, wer drei Stiche gemacht hat (oder wer aufgegeben hat).",
            "The deal is not finished: who took three tricks (or who gave up) is missing.",
        ),
    }
}

/// A short-form deal whose points no legal sequence gives.
pub fn out_of_range(table: &Table, winner: Side, points: u32) -> RuleError {
    let max = table.rules.target.max(4) + 1;
    let list = reach::points_list(table, winner, max);
    let open_end = reach::reachable(table, winner, max + 1);
    let (shown_de, shown_en) = (
        spans(&list, open_end, "bis", "oder mehr"),
        spans(&list, open_end, "to", "or more"),
    );
    let (noun_de, noun_en) = if points == 1 {
        ("Punkt", "point")
    } else {
        ("Punkte", "points")
    };
    RuleError::new(
        ErrorCode::PointsOutOfRange,
        format!(
            "Beim Stand {}:{} kann {winner} in einem Spiel nicht {points} {noun_de} schreiben (möglich: {shown_de}).",
            table.score.a, table.score.b
        ),
        format!(
            "At {}:{} {winner} cannot score {points} {noun_en} in one deal (possible: {shown_en}).",
            table.score.a, table.score.b
        ),
    )
}

/// The possible points as a scorer reads them: runs of three or more as "2 to 15", and
/// "2 or more" when the list has no end (Bavarian betting), instead of hundreds of numbers
/// at a large target.
fn spans(list: &[u32], open_end: bool, to: &str, or_more: &str) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &p in list {
        match runs.last_mut() {
            Some((_, hi)) if *hi + 1 == p => *hi = p,
            _ => runs.push((p, p)),
        }
    }
    let last = runs.len().saturating_sub(1);
    let mut parts: Vec<String> = Vec::new();
    for (i, &(lo, hi)) in runs.iter().enumerate() {
        if open_end && i == last {
            parts.push(format!("{lo} {or_more}"));
        } else if hi >= lo + 2 {
            parts.push(format!("{lo} {to} {hi}"));
        } else {
            parts.extend((lo..=hi).map(|p| p.to_string()));
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::spans;

    #[test]
    fn possible_points_read_as_runs() {
        assert_eq!(spans(&[2, 3, 4, 5], false, "to", "or more"), "2 to 5");
        assert_eq!(spans(&[2, 4], false, "to", "or more"), "2, 4");
        assert_eq!(spans(&[2, 3], false, "to", "or more"), "2, 3");
        assert_eq!(spans(&[2, 3, 4], true, "to", "or more"), "2 or more");
        assert_eq!(spans(&[3], false, "bis", "oder mehr"), "3");
        assert_eq!(spans(&[], false, "to", "or more"), "");
    }
}
