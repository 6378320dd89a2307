//! The scorer's words for every broken Watten rule, German and English (contract 4:
//! "message is plain words a scorer understands"). Built only when a rule is broken, so the
//! state machine itself never allocates.

use super::deal::{DealState, Event, Phase, Table};
use super::reach;
use super::ruleset::Family;
use crate::rules::common::{ErrorCode, RuleError, Side};

/// Explains why `event` was refused in `state`.
pub fn explain(code: ErrorCode, event: Event, table: &Table, state: &DealState) -> RuleError {
    let (side, other) = (event.side(), event.side().other());
    // Sides as the record names them: A and B, or the players (three players).
    let (s, o) = (table.name(side), table.name(other));
    let target = table.rules.target;
    let score = *table.score.get(side);
    let (de, en) = match code {
        ErrorCode::DealOver => (
            "Das Spiel ist schon entschieden; danach zählt kein Ereignis mehr.".to_string(),
            "The deal is already decided; no event may follow.".to_string(),
        ),
        ErrorCode::BetOpen => {
            let bettor = state.open.unwrap_or(other);
            let (b, a) = (table.name(bettor), table.name(bettor.other()));
            (
                format!("{b} hat geboten; zuerst muss {a} schauen oder aufgeben."),
                format!("{b} has bet; {a} must first see or give up."),
            )
        }
        ErrorCode::NoOpenBet => no_open_bet(event, table, state),
        ErrorCode::NotYourTurn => not_your_turn(event, table, state),
        ErrorCode::DecisionRequired => {
            let d = table.name(table.decider.unwrap_or(side));
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
        // Name the sum the stake would give, not the target: at 12 with the stake 4 the side
        // would reach 16, and "takes A to 15" read as wrong arithmetic.
        ErrorCode::BetWouldReachTarget => {
            let (stake, sum) = (state.stake, score.saturating_add(state.stake));
            (
                format!(
                    "{s} hat {score} Punkte; schon mit dem jetzigen Einsatz von {stake} käme {s} auf {sum} und hätte das Ziel ({target}) erreicht: {s} darf nicht bieten."
                ),
                format!(
                    "{s} has {score} points; the current stake of {stake} would already take {s} to {sum}, reaching the target ({target}): {s} may not bet."
                ),
            )
        }
        ErrorCode::FourNotAllowed => (
            format!(
                "Vier sofort bietet nur, wer mit der Option immediate_four 4 Punkte oder mehr zurückliegt, vor dem ersten Gebot ({s} hat {score}, {o} {})." ,
                table.score.get(other)
            ),
            format!(
                "An immediate bet of four needs option immediate_four, a side 4 or more points behind, and no bet before it ({s} has {score}, {o} {}).",
                table.score.get(other)
            ),
        ),
        ErrorCode::ThreePlayersAmbiguous => three_players_ambiguous(event, table),
        ErrorCode::FarbeNotAllowed => (
            "„Farbe“ gibt es nur im Tiroler Watten (Option farbe) und nur gegen das erste Gebot des Spiels, das den Einsatz um eins erhöht; nicht gegen ein späteres Gebot und nicht gegen die sofortige Vier.".to_string(),
            "\"Farbe\" exists only in Tyrolean Watten (option farbe), and only against the deal's first bet raising the stake by one; not against a later bet or the immediate four.".to_string(),
        ),
        ErrorCode::MachineNotAllowed => (
            "Die Maschine gilt nur mit der Option machine und wird vor dem Spiel angesagt.".to_string(),
            "The machine counts only with option machine and is declared before play.".to_string(),
        ),
        other => (other.as_str().to_string(), other.as_str().to_string()),
    };
    RuleError::new(code, de, en)
}

/// `no_open_bet`: answering one's own bet, giving up when both sides are gestrichen, or no
/// bet open at all.
fn no_open_bet(event: Event, table: &Table, state: &DealState) -> (String, String) {
    let (side, other) = (event.side(), event.side().other());
    let (s, o) = (table.name(side), table.name(other));
    match table.decider {
        _ if state.open == Some(side) => (
            format!("{s} kann nicht auf das eigene Gebot antworten; antworten muss {o}."),
            format!("{s} cannot answer its own bet; {o} must answer it."),
        ),
        _ if matches!(event, Event::GiveUp(_))
            && table.rules.family == Family::Tyrolean
            && table.marked.a
            && table.marked.b =>
        (
            "Beide Parteien sind gestrichen: niemand gibt auf, das Spiel wird gespielt, und wer es gewinnt, gewinnt die Partie.".to_string(),
            "Both sides are gestrichen: no one gives up; the deal is played and its winner wins the game.".to_string(),
        ),
        Some(d) if state.phase == Phase::Deciding => {
            let d = table.name(d);
            (
                format!("Es steht kein Gebot offen; {d} ist gestrichen und entscheidet selbst, ob gespielt wird."),
                format!("There is no open bet; {d} is gestrichen and decides itself whether to play."),
            )
        }
        _ => (
            format!("Es steht kein Gebot offen, auf das {s} antworten könnte."),
            format!("There is no open bet for {s} to answer."),
        ),
    }
}

/// `not_your_turn`: a second bet in a row, or the decision of the other side.
fn not_your_turn(event: Event, table: &Table, state: &DealState) -> (String, String) {
    let (side, other) = (event.side(), event.side().other());
    let (s, o) = (table.name(side), table.name(other));
    match event {
        Event::Bet { .. } => (
            format!("{s} hat zuletzt geboten; erst muss {o} bieten."),
            format!("{s} made the last bet; {o} must bet before {s} bets again."),
        ),
        Event::Play(_) if state.open.is_none() => (
            format!("Nicht {s}, sondern {o} ist gestrichen und entscheidet."),
            format!("{o}, not {s}, is gestrichen and decides."),
        ),
        _ => (
            format!("{o}, nicht {s}, ist am Zug."),
            format!("It is {o}'s turn, not {s}'s."),
        ),
    }
}

/// `three_players_ambiguous`: which player of the pair counts is not said by the rules.
fn three_players_ambiguous(event: Event, table: &Table) -> (String, String) {
    let s = table.name(event.side());
    let (hi, lo) = (table.score, table.low);
    let standing = format!(
        "{} {}–{}, {} {}–{}",
        table.name(Side::A),
        lo.a,
        hi.a,
        table.name(Side::B),
        lo.b,
        hi.b
    );
    match event {
        Event::Play(_) => (
            format!(
                "Gespannt – Luft bei drei Spielern: ein Spieler des Paares hat 0 Punkte, der andere nicht ({standing}); ob um 3 oder um 4 gespielt wird, sagt die Regel nicht. Nur Aufgeben (2 Punkte) ist eindeutig."
            ),
            format!(
                "Gespannt – Luft with three players: one player of the pair has 0 points and the other has points ({standing}); the rules do not say whether the deal is played for 3 or 4. Only giving up (2 points) is unambiguous."
            ),
        ),
        _ => (
            format!(
                "Vier sofort bei drei Spielern: ob {s} 4 Punkte zurückliegt, hängt davon ab, welcher Spieler des Paares zählt ({standing}); die Regel sagt es nicht."
            ),
            format!(
                "Immediate four with three players: whether {s} is 4 points behind depends on which player of the pair counts ({standing}); the rules do not say."
            ),
        ),
    }
}

/// A deal whose events stop before it is decided. Names what is missing: the answer to an
/// open bet (tricks cannot follow it), the gestrichen side's decision, or the tricks.
pub fn incomplete(table: &Table, state: &DealState) -> RuleError {
    match (state.open, table.decider) {
        (Some(bettor), _) => {
            let (b, a) = (table.name(bettor), table.name(bettor.other()));
            RuleError::new(
                ErrorCode::DealIncomplete,
                format!(
                    "Das Spiel endet nicht: das Gebot von {b} ist unbeantwortet. Es fehlt, ob {a} schaut oder aufgibt."
                ),
                format!(
                    "The deal is not finished: {b}'s bet is unanswered. Whether {a} sees or gives up is missing."
                ),
            )
        }
        (None, Some(d)) if state.phase == Phase::Deciding => {
            let d = table.name(d);
            RuleError::new(
                ErrorCode::DealIncomplete,
                format!(
                    "Das Spiel endet nicht: {d} ist gestrichen und hat nicht entschieden, ob gespielt oder aufgegeben wird."
                ),
                format!(
                    "The deal is not finished: {d} is gestrichen and has not decided whether to play or give up."
                ),
            )
        }
        _ => RuleError::new(
            ErrorCode::DealIncomplete,
            "Das Spiel endet nicht: es fehlt, wer drei Stiche gemacht hat (oder wer aufgegeben hat).",
            "The deal is not finished: who took three tricks (or who gave up) is missing.",
        ),
    }
}

/// A short-form deal whose points no legal sequence gives; `standing` is the score as the
/// scorer reads it (`3:5`, or the three players' totals).
pub fn out_of_range(table: &Table, winner: Side, points: u32, standing: &str) -> RuleError {
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
    let w = table.name(winner);
    RuleError::new(
        ErrorCode::PointsOutOfRange,
        format!(
            "Beim Stand {standing} kann {w} in einem Spiel nicht {points} {noun_de} schreiben (möglich: {shown_de})."
        ),
        format!(
            "At {standing} {w} cannot score {points} {noun_en} in one deal (possible: {shown_en})."
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
    use super::*;
    use crate::rules::common::Pair;
    use crate::rules::watten::deal::step;
    use crate::rules::watten::input::{RawOptions, Variant};
    use crate::rules::watten::ruleset::RuleSet;

    /// Plays `events` at `score`; the message of the first refused event.
    fn refused(score: (u32, u32), events: &[Event]) -> RuleError {
        let rules = RuleSet::new(Variant::Tyrolean, None, RawOptions::default()).unwrap();
        let table = Table::new(rules, Pair::new(score.0, score.1));
        let mut state = DealState::start(&table);
        for &e in events {
            match step(&table, &state, e) {
                Ok(next) => state = next,
                Err(code) => return explain(code, e, &table, &state),
            }
        }
        panic!("no event was refused");
    }

    #[test]
    fn the_limit_message_names_the_sum_the_stake_would_give() {
        let bet = |side| Event::Bet {
            side,
            to_four: false,
        };
        let e = refused(
            (12, 0),
            &[
                bet(Side::A),
                Event::See(Side::B),
                bet(Side::B),
                Event::See(Side::A),
                bet(Side::A),
            ],
        );
        assert_eq!(e.code, ErrorCode::BetWouldReachTarget);
        assert!(
            e.text.en.contains("stake of 4 would already take A to 16"),
            "{}",
            e.text.en
        );
        assert!(e.text.de.contains("käme A auf 16"), "{}", e.text.de);
    }

    #[test]
    fn an_unanswered_bet_asks_for_the_answer_not_the_tricks() {
        let rules = RuleSet::new(Variant::Tyrolean, None, RawOptions::default()).unwrap();
        let table = Table::new(rules, Pair::new(0, 0));
        let bet = Event::Bet {
            side: Side::A,
            to_four: false,
        };
        let state = step(&table, &DealState::start(&table), bet).unwrap();
        let e = incomplete(&table, &state);
        assert!(
            e.text.en.contains("Whether B sees or gives up"),
            "{}",
            e.text.en
        );
        let table = Table::new(rules, Pair::new(13, 0));
        let e = incomplete(&table, &DealState::start(&table));
        assert!(
            e.text.en.contains("A is gestrichen and has not decided"),
            "{}",
            e.text.en
        );
    }

    #[test]
    fn giving_up_when_both_are_gestrichen_says_why() {
        let e = refused((13, 14), &[Event::GiveUp(Side::A)]);
        assert_eq!(e.code, ErrorCode::NoOpenBet);
        assert!(
            e.text.en.contains("Both sides are gestrichen"),
            "{}",
            e.text.en
        );
    }

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
