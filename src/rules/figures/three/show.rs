//! Tricks, the show, failed shows and the decider among three players (docs/rules/figures.md,
//! "Three players each for themselves"): the best hand of the players still in a figure wins
//! it, equal best hands leave it standing; the Spiel goes to the player who takes three tricks
//! and stands when no one does.

use super::record::{Outcome, Show};
use super::state::{Ctx, Decider, State};
use crate::rules::common::{ErrorCode, RuleError};
use crate::rules::figures::baptism::check_card;
use crate::rules::figures::betting::closed;
use crate::rules::figures::cards::Shown;
use crate::rules::figures::figure::Figure;
use crate::rules::figures::shapes::Strength;
use crate::rules::figures::show::hand_figure;
use crate::rules::figures::state::err;
use crate::rules::players::Seat;

fn invalid(de: impl Into<String>, en: impl Into<String>) -> RuleError {
    err(ErrorCode::InvalidShow, de, en)
}

/// `tricks`: `winner` took three tricks (`None`: no one did) and the Spiel is decided.
pub fn tricks(state: &mut State, ctx: &Ctx, winner: Option<Seat>) -> Result<(), RuleError> {
    state.no_open_bet()?;
    if state.fig(Figure::Spiel).decided {
        return Err(closed(Figure::Spiel));
    }
    state.decision_first(ctx)?;
    if let Some(p) = winner
        && state.fig(Figure::Spiel).out[p.index()]
    {
        return Err(err(
            ErrorCode::FigureClosed,
            format!(
                "{} hat das Spiel gut gegeben und kann es nicht gewinnen.",
                p.name()
            ),
            format!("{} conceded the Spiel and cannot win it.", p.name()),
        ));
    }
    let spiel = state.fig_mut(Figure::Spiel);
    spiel.decided = true;
    spiel.winner = winner;
    Ok(())
}

/// Checks one player's cards for a figure and records them as shown.
fn player_cards(
    state: &mut State,
    ctx: &Ctx,
    p: Seat,
    f: Figure,
    cards: &[Shown],
) -> Result<Option<Strength>, RuleError> {
    if cards.is_empty() {
        return Ok(None);
    }
    if state.fig(f).out[p.index()] {
        let (de, en) = f.name();
        return Err(invalid(
            format!(
                "{} hat {de} gut gegeben und zeigt dafür keine Karten.",
                p.name()
            ),
            format!("{} conceded {en} and shows no cards for it.", p.name()),
        ));
    }
    let mut in_list = 0u64;
    for s in cards {
        check_card(ctx.variant, state.trump, s)?;
        let id = s.card.id();
        let mark = &mut state.shown[id];
        let twice = in_list & 1 << id != 0;
        let (de, en) = match *mark {
            _ if twice => (
                format!("Die Karte {} ist zweimal gezeigt.", s.card),
                format!("The card {} is shown twice.", s.card),
            ),
            Some((q, _)) if q != p => (
                format!(
                    "Die Karte {} haben {} und {} gezeigt.",
                    s.card,
                    q.name(),
                    p.name()
                ),
                format!(
                    "The card {} is shown by both {} and {}.",
                    s.card,
                    q.name(),
                    p.name()
                ),
            ),
            Some((_, b)) if b != s.baptism => (
                format!(
                    "{s}: ein Perlagg wird nur einmal getauft und gilt in Gleich und Hanger als dieselbe Karte."
                ),
                format!(
                    "{s}: a Perlagg is baptised once and counts as the same card in Gleich and Hanger."
                ),
            ),
            _ => {
                *mark = Some((p, s.baptism));
                in_list |= 1 << id;
                continue;
            }
        };
        return Err(invalid(de, en));
    }
    hand_figure(Some(p.name().to_string()), f, cards)
}

/// The best hand among the players: `None` when no one showed one or the best is shared.
pub fn best(strengths: [Option<Strength>; 3], eligible: impl Fn(Seat) -> bool) -> Option<Seat> {
    let ranked: Vec<(Strength, Seat)> = Seat::ALL
        .into_iter()
        .filter(|p| eligible(*p))
        .filter_map(|p| strengths[p.index()].map(|s| (s, p)))
        .collect();
    let top = ranked.iter().map(|(s, _)| *s).max()?;
    match ranked.iter().filter(|(s, _)| *s == top).collect::<Vec<_>>()[..] {
        [(_, p)] => Some(*p),
        _ => None,
    }
}

/// `show`: the outcome for the figures still open.
pub fn show(state: &mut State, ctx: &Ctx, s: &Show) -> Result<(), RuleError> {
    state.no_open_bet()?;
    state.decision_first(ctx)?;
    if !state.fig(Figure::Spiel).decided {
        return Err(err(
            ErrorCode::SpielOpen,
            "Gezeigt wird erst, wenn das Spiel entschieden ist (gut gegeben oder Stiche).",
            "The show comes only once the Spiel is decided (called good or tricks).",
        ));
    }
    for f in [Figure::Gleich, Figure::Hanger] {
        if s.get(f).is_some() && state.fig(f).decided {
            return Err(closed(f));
        }
    }
    if s.spiel.is_some() || (s.gleich.is_none() && s.hanger.is_none()) {
        return Err(invalid(
            "Gezeigt werden nur Gleich und Hanger, und mindestens eines davon.",
            "A show names the Gleich or the Hanger or both, and nothing else.",
        ));
    }
    for f in [Figure::Gleich, Figure::Hanger] {
        let Some(outcome) = s.get(f) else { continue };
        let winner = match outcome {
            Outcome::Won(p) => {
                if state.fig(f).out[p.index()] {
                    let (de, en) = f.name();
                    return Err(invalid(
                        format!(
                            "{} hat {de} gut gegeben und kann {} nicht gewinnen.",
                            p.name(),
                            f.pronoun()
                        ),
                        format!("{} conceded {en} and cannot win it.", p.name()),
                    ));
                }
                Some(*p)
            }
            Outcome::Stands => None,
            Outcome::Cards(cards) => {
                let lists = [&cards.p1, &cards.p2, &cards.p3];
                let mut strengths = [None; 3];
                for p in Seat::ALL {
                    strengths[p.index()] = player_cards(state, ctx, p, f, lists[p.index()])?;
                }
                state.fig_mut(f).shown = strengths;
                best(strengths, |_| true)
            }
        };
        let fs = state.fig_mut(f);
        fs.decided = true;
        fs.winner = winner;
    }
    Ok(())
}

/// `unshown`: a player who bet on or held the figure could not show an example (5.5).
pub fn unshown(state: &mut State, f: Figure, p: Seat) -> Result<(), RuleError> {
    state.no_open_bet()?;
    let (de, en) = f.name();
    let name = p.name();
    let fs = *state.fig(f);
    let problem = if f == Figure::Spiel {
        Some((
            "Für das Spiel muss niemand etwas zeigen.".to_string(),
            "No one has to show anything for the Spiel.".to_string(),
        ))
    } else if !fs.involved[p.index()] {
        Some((
            format!(
                "{name} hat auf {de} weder geboten noch {} gehalten; {name} muss nichts zeigen.",
                f.pronoun()
            ),
            format!("{name} neither bet on nor held {en} and has nothing to show."),
        ))
    } else if !fs.decided || !state.fig(Figure::Spiel).decided {
        Some((
            format!(
                "Das Nicht-Zeigen für {de} kommt am Ende des Zeigens, wenn alles entschieden ist."
            ),
            format!("A failed show for {en} comes at the end of the show, once it is settled."),
        ))
    } else if fs.unshown[p.index()] {
        Some((
            format!("Dass {name} für {de} nichts zeigen konnte, ist schon eingetragen."),
            format!("{name}'s failed show for {en} is already recorded."),
        ))
    } else if fs.shown[p.index()].is_some() {
        Some((
            format!(
                "{name} hat beim Zeigen selbst {de} gezeigt; ein Nicht-Zeigen passt nicht dazu."
            ),
            format!("{name} showed {en} in the show; a failed show contradicts it."),
        ))
    } else {
        None
    };
    if let Some((de, en)) = problem {
        return Err(invalid(de, en));
    }
    state.fig_mut(f).unshown[p.index()] = true;
    Ok(())
}

/// `decider`: every player gestrichen, Gleich and Hanger unseen; recorded by its winner.
pub fn decider(state: &mut State, ctx: &Ctx, winner: Option<Seat>) -> Result<(), RuleError> {
    state.no_open_bet()?;
    if !state.decider_due(ctx) {
        return Err(err(
            ErrorCode::DeciderNotDue,
            "Ein Entscheid gilt nur, wenn alle drei Spieler gestrichen und Gleich und Hanger ungesehen sind.",
            "A decider applies only when all three players are gestrichen and Gleich and Hanger are unseen.",
        ));
    }
    state.decider = match winner {
        Some(p) => Decider::Won(p),
        None => {
            for f in [Figure::Gleich, Figure::Hanger] {
                let fs = state.fig_mut(f);
                fs.decided = true;
                fs.winner = None;
            }
            Decider::Nothing
        }
    };
    Ok(())
}
