//! The Watten pad: two sides (`A`, `B`) or three players (`P1`..`P3`, who plays alone is the
//! deal's first tap). Codes: `alone:P1`, `bet:A`, `four:A`, `see:B`, `give_up:B`, `play:A`,
//! `tricks:A`, `farbe:B:ok` / `farbe:B:no` (card_ok true / false), `machine:A`.
//!
//! Which of them may come next is the referee's (`watten::deal`): this file only lists them,
//! names them and writes the contract deal (3.2).

use super::{Family, Msg};
use crate::rules::Report;
use crate::rules::match_record::Who;
use crate::rules::match_record::watten::{Deal, Event as Written};
use crate::rules::watten::input::Event;
use crate::rules::watten::ruleset::{Family as Scoring, RuleSet};

/// One tap: who plays alone (three players), or an event of the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Alone(Who),
    Event(Event<Who>),
}

/// The Watten pad of one table.
pub struct Watten {
    pub rules: RuleSet,
}

const SIDES: [Who; 2] = [Who::A, Who::B];
const PLAYERS: [Who; 3] = [Who::P1, Who::P2, Who::P3];

impl Watten {
    fn who(&self) -> &'static [Who] {
        if self.rules.three_players {
            &PLAYERS
        } else {
            &SIDES
        }
    }

    fn name(&self, code: &str) -> Option<Who> {
        self.who().iter().copied().find(|w| w.as_str() == code)
    }

    /// Who played alone, once chosen (three players).
    fn alone(steps: &[Step]) -> Option<Who> {
        match steps.first() {
            Some(Step::Alone(p)) => Some(*p),
            _ => None,
        }
    }

    /// How the words name the side `who` plays on, and how many players that is: the player
    /// alone, or the team ("P2 + P3"); two sides: the side itself.
    fn side(&self, steps: &[Step], who: Who) -> (String, usize) {
        match Self::alone(steps) {
            Some(alone) if alone != who => {
                let team: Vec<&str> = (PLAYERS.iter().copied())
                    .filter(|p| *p != alone)
                    .map(Who::as_str)
                    .collect();
                (team.join(" + "), 2)
            }
            _ => (who.to_string(), 1),
        }
    }

    /// The other side's name of `who` (the bettors a Farbe accuses).
    fn other(&self, steps: &[Step], who: Who) -> (String, usize) {
        match Self::alone(steps) {
            Some(alone) if alone == who => self.side(steps, self.team_voice(alone)),
            Some(alone) => (alone.to_string(), 1),
            None => (
                SIDES
                    .iter()
                    .find(|s| **s != who)
                    .unwrap_or(&Who::B)
                    .to_string(),
                1,
            ),
        }
    }

    /// The team player who taps for the team: the first in seat order.
    fn team_voice(&self, alone: Who) -> Who {
        PLAYERS
            .iter()
            .copied()
            .find(|p| *p != alone)
            .unwrap_or(Who::P1)
    }

    /// Who may act in a deal: each side once (three players: the player alone and the team's
    /// first player, who taps for the team).
    fn actors(&self, steps: &[Step]) -> Vec<Who> {
        match Self::alone(steps) {
            Some(alone) => vec![alone, self.team_voice(alone)],
            None => SIDES.to_vec(),
        }
    }

    fn events(steps: &[Step]) -> impl Iterator<Item = Event<Who>> + '_ {
        steps.iter().filter_map(|s| match s {
            Step::Event(e) => Some(*e),
            Step::Alone(_) => None,
        })
    }

    /// Whether the step before `i` is a bet (so a give-up at `i` answers it).
    fn answers_bet(steps: &[Step], i: usize) -> bool {
        i > 0 && matches!(steps[i - 1], Step::Event(Event::Bet { .. }))
    }
}

fn with(id: &'static str, (side, n): (String, usize)) -> Msg {
    Msg::new(id).arg("side", side).arg("n", super::count(n))
}

impl Family for Watten {
    type Step = Step;
    type Deal = Deal;

    fn decode(&self, code: &str) -> Option<Step> {
        let mut parts = code.split(':');
        let verb = parts.next()?;
        let who = self.name(parts.next()?)?;
        let extra = parts.next();
        if parts.next().is_some() || (extra.is_some() && verb != "farbe") {
            return None;
        }
        let event = match verb {
            "alone" if self.rules.three_players => return Some(Step::Alone(who)),
            "bet" => Event::Bet {
                side: who,
                to_four: false,
            },
            "four" => Event::Bet {
                side: who,
                to_four: true,
            },
            "see" => Event::See(who),
            "give_up" => Event::GiveUp(who),
            "play" => Event::Play(who),
            "tricks" => Event::Tricks(who),
            "farbe" => Event::Farbe {
                side: who,
                card_ok: match extra? {
                    "ok" => true,
                    "no" => false,
                    _ => return None,
                },
            },
            "machine" => Event::Machine(who),
            _ => return None,
        };
        Some(Step::Event(event))
    }

    fn encode(&self, step: &Step) -> String {
        let event = match step {
            Step::Alone(p) => return format!("alone:{p}"),
            Step::Event(e) => e,
        };
        match *event {
            Event::Bet { side, to_four } => {
                format!("{}:{side}", if to_four { "four" } else { "bet" })
            }
            Event::See(s) => format!("see:{s}"),
            Event::GiveUp(s) => format!("give_up:{s}"),
            Event::Play(s) => format!("play:{s}"),
            Event::Tricks(s) => format!("tricks:{s}"),
            Event::Farbe { side, card_ok } => {
                format!("farbe:{side}:{}", if card_ok { "ok" } else { "no" })
            }
            Event::Machine(s) => format!("machine:{s}"),
        }
    }

    fn candidates(&self, steps: &[Step]) -> Vec<Step> {
        if self.rules.three_players && Self::alone(steps).is_none() {
            return PLAYERS.map(Step::Alone).to_vec();
        }
        let mut out = Vec::new();
        for who in self.actors(steps) {
            out.extend(
                [
                    Event::Play(who),
                    Event::Tricks(who),
                    Event::Bet {
                        side: who,
                        to_four: false,
                    },
                    Event::See(who),
                    Event::GiveUp(who),
                ]
                .map(Step::Event),
            );
            if self.rules.immediate_four {
                out.push(Step::Event(Event::Bet {
                    side: who,
                    to_four: true,
                }));
            }
            if self.rules.farbe {
                for card_ok in [false, true] {
                    out.push(Step::Event(Event::Farbe { side: who, card_ok }));
                }
            }
            if self.rules.machine {
                out.push(Step::Event(Event::Machine(who)));
            }
        }
        out
    }

    fn vocabulary(&self) -> Vec<Step> {
        if !self.rules.three_players {
            return self.candidates(&[]);
        }
        let mut out = self.candidates(&[]);
        for alone in PLAYERS {
            out.extend(self.candidates(&[Step::Alone(alone)]));
        }
        out.dedup();
        out
    }

    fn label(&self, steps: &[Step], step: &Step) -> (Msg, &'static str) {
        let event = match step {
            Step::Alone(p) => return (Msg::new("padr-w-alone").arg("side", p), "side"),
            Step::Event(e) => *e,
        };
        let side = self.side(steps, event.side());
        match event {
            Event::Bet { to_four: false, .. } => (with("padr-w-bet", side), "bet"),
            Event::Bet { to_four: true, .. } => (with("padr-w-four", side), "bet"),
            Event::See(_) => (with("padr-w-see", side), "answer"),
            Event::GiveUp(_) if Self::answers_bet(steps, steps.len()) => {
                (with("padr-w-fold", side), "answer")
            }
            Event::GiveUp(_) => (with("padr-w-give-up", side), "decision"),
            Event::Play(_) => (with("padr-w-play", side), "decision"),
            Event::Tricks(_) => (with("padr-w-tricks", side), "tricks"),
            Event::Farbe { side: who, card_ok } => {
                let id = if card_ok {
                    "padr-w-farbe-ok"
                } else {
                    "padr-w-farbe-no"
                };
                let (bettors, _) = self.other(steps, who);
                (with(id, side).arg("bettors", bettors), "answer")
            }
            Event::Machine(_) => (with("padr-w-machine", side), "bet"),
        }
    }

    fn sentence(&self, steps: &[Step], i: usize) -> Msg {
        let event = match steps[i] {
            Step::Alone(p) => return Msg::new("padr-w-said-alone").arg("side", p),
            Step::Event(e) => e,
        };
        match event {
            Event::Tricks(who) => with("padr-w-said-tricks", self.side(steps, who)),
            Event::Play(who) => with("padr-w-said-play", self.side(steps, who)),
            Event::Farbe { side: who, card_ok } => {
                let id = if card_ok {
                    "padr-w-said-farbe-ok"
                } else {
                    "padr-w-said-farbe-no"
                };
                let (bettors, _) = self.other(steps, who);
                with(id, self.side(steps, who)).arg("bettors", bettors)
            }
            // The other words read the same in the transcript as on their button.
            _ => self.label(&steps[..i], &steps[i]).0,
        }
    }

    fn deal(&self, steps: &[Step]) -> Option<Deal> {
        let events = Deal::events(Self::events(steps).map(written).collect());
        if !self.rules.three_players {
            return Some(events);
        }
        let alone = Self::alone(steps)?;
        // A second "alone" is no event: the referee refuses the record it makes.
        let extra = steps.iter().skip(1).any(|s| matches!(s, Step::Alone(_)));
        Some(Deal {
            alone: Some(alone),
            winner: extra.then_some(alone),
            ..events
        })
    }

    fn step_of_event(&self, steps: &[Step], event: Option<usize>) -> usize {
        let offset = usize::from(Self::alone(steps).is_some());
        match event {
            Some(j) => j + offset,
            None => steps
                .iter()
                .skip(1)
                .position(|s| matches!(s, Step::Alone(_)))
                .map_or(steps.len().saturating_sub(1), |i| i + 1),
        }
    }

    fn notices(&self, before: &Report) -> Vec<Msg> {
        let marked = super::marked(before);
        let word = match self.rules.family {
            Scoring::Bavarian => "padr-w-gespannt",
            Scoring::Tyrolean => "padr-w-gestrichen",
        };
        let mut out: Vec<Msg> = marked
            .iter()
            .map(|s| Msg::new(word).arg("side", s))
            .collect();
        match (self.rules.family, marked.len()) {
            (Scoring::Tyrolean, 1) if !self.rules.three_players => {
                out.push(Msg::new("padr-w-decide").arg("side", &marked[0]));
            }
            (Scoring::Tyrolean, 2) if !self.rules.three_players => {
                out = vec![Msg::new("padr-w-both")];
            }
            _ => {}
        }
        out
    }

    fn primary(&self, steps: &[Step], step: &Step) -> bool {
        match step {
            Step::Event(Event::See(_)) => Self::answers_bet(steps, steps.len()),
            Step::Event(Event::Play(_)) => true,
            _ => false,
        }
    }
}

/// An event as the record writes it (contract 3.2).
fn written(e: Event<Who>) -> Written {
    let side = Some(e.side());
    match e {
        Event::Bet { to_four, .. } => Written {
            bet: side,
            to: to_four.then_some(4),
            ..Written::default()
        },
        Event::See(_) => Written {
            see: side,
            ..Written::default()
        },
        Event::GiveUp(_) => Written {
            give_up: side,
            ..Written::default()
        },
        Event::Play(_) => Written {
            play: side,
            ..Written::default()
        },
        Event::Tricks(_) => Written {
            tricks: side,
            ..Written::default()
        },
        Event::Farbe { card_ok, .. } => Written {
            card_ok: Some(card_ok),
            farbe: side,
            ..Written::default()
        },
        Event::Machine(_) => Written {
            machine: side,
            ..Written::default()
        },
    }
}
