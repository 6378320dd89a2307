//! Perlaggen for three players each for themselves (Perlaggen text, "Two, Three or Six
//! Players": "A three-player game with each player playing for themselves is also possible";
//! Innsbruck style, "Players and Cards": "it is possible ... for three people to play").
//!
//! The text names the game and no rule of it, so every rule here is kartl's reading, in
//! docs/rules/figures.md ("Three players each for themselves"): the four-player rules with
//! each player a side of its own. A record with `options.players: 3` names players
//! `P1`..`P3` (as three-player Watten does); each player keeps a score, the first to reach
//! the target wins the game. Betting among three is in `betting.rs`, the show in `show.rs`,
//! the scoring in `scoring.rs`.

pub mod betting;
pub mod record;
pub mod scoring;
pub mod show;
pub mod state;

use super::cards::{Suit, Variant};
use crate::rules::common::{ErrorCode, Lang, RuleError, Violation};
use crate::rules::figures::figure::Figure;
use crate::rules::players::{Seat, Trio};
use crate::rules::record::{Malformed, RawRecord, parse_part};
use record::{Deal, Event};
use scoring::DealReport;
use serde::Serialize;
use state::{Ctx, Decider, State};

/// The result of a three-player record: contract 4's shape with a column per player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub valid: bool,
    pub errors: Vec<Violation>,
    pub deals: Vec<DealReport>,
    pub games: Vec<GameReport>,
    /// Games won by each player.
    pub tally: Trio<u32>,
}

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GameReport {
    pub winner: Seat,
    pub score: Trio<i64>,
    pub marks: u32,
    pub decided_by: Option<Figure>,
}

impl State {
    /// Applies one event; on a broken rule the state is left as it was.
    pub fn apply(&self, ctx: &Ctx, event: &Event) -> Result<State, RuleError> {
        if let Decider::Won(p) = self.decider {
            return Err(RuleError::new(
                ErrorCode::GameOver,
                format!(
                    "Die Partie ist durch den Entscheid schon gewonnen ({}); nach ihm gibt es in diesem Geben nichts mehr.",
                    p.name()
                ),
                format!(
                    "The decider has already won the game ({}); nothing follows it in this deal.",
                    p.name()
                ),
            ));
        }
        let mut next = *self;
        next.seq += 1;
        match event {
            Event::Trump(suit) => {
                if self.trump.is_some() {
                    return Err(RuleError::new(
                        ErrorCode::InvalidTrump,
                        "Die Trumpffarbe ist in diesem Geben schon genannt.",
                        "The trump suit of this deal has already been named.",
                    ));
                }
                if *suit == Suit::E && !ctx.variant.acorns_may_be_trumps() {
                    return Err(RuleError::new(
                        ErrorCode::InvalidTrump,
                        "Beim Eichelperlaggen ist Eichel nie Trumpf.",
                        "In Eichelperlaggen acorns are never trumps.",
                    ));
                }
                next.trump = Some(*suit);
            }
            Event::Bet(fs, p) => betting::bet(&mut next, ctx, *fs, *p)?,
            Event::Hold(f, p) => betting::hold(&mut next, *f, *p)?,
            Event::Raise(f, p) => betting::raise(&mut next, ctx, *f, *p)?,
            Event::Good(f, p) => betting::good(&mut next, ctx, *f, *p)?,
            Event::Tricks(p) => show::tricks(&mut next, ctx, *p)?,
            Event::Show(s) => show::show(&mut next, ctx, s)?,
            Event::Unshown(f, p) => show::unshown(&mut next, *f, *p)?,
            Event::Decider(p) => show::decider(&mut next, ctx, *p)?,
        }
        Ok(next)
    }
}

/// `deal_incomplete`, naming the open bet or the open figures.
fn incomplete(ctx: &Ctx, state: &State) -> RuleError {
    let (de, en) = if let Some(p) = state.open_bettor() {
        (
            format!("Das Geben endet mit einem offenen Gebot von {}.", p.name()),
            format!("The deal ends with an open bet by {}.", p.name()),
        )
    } else if state.decider_due(ctx) {
        (
            "Das Geben ist nicht zu Ende: alle drei sind gestrichen, und der Entscheid fehlt."
                .to_string(),
            "The deal is not finished: all three are gestrichen and the decider is missing."
                .to_string(),
        )
    } else {
        let open: Vec<Figure> = Figure::ALL
            .into_iter()
            .filter(|f| !state.fig(*f).decided)
            .collect();
        let de: Vec<&str> = open.iter().map(|f| f.name_nominative()).collect();
        let en: Vec<&str> = open.iter().map(|f| f.name().1).collect();
        (
            format!("Das Geben ist nicht zu Ende: offen: {}.", de.join(", ")),
            format!("The deal is not finished: still open: {}.", en.join(", ")),
        )
    };
    RuleError::new(ErrorCode::DealIncomplete, de, en)
}

/// Why a card-level deal among three is refused (refused with a sentence that says
/// why, where the texts cannot settle it).
pub const NO_CARDS: &str = "Perlaggen for three players each for themselves is not refereed \
card by card: the Perlaggen text names the game (\"A three-player game with each player playing \
for themselves is also possible but not very satisfactory\") but gives no rule of its play (who \
exchanges a turned-up Perlagg without a partner, whether to follow suit among three, the order \
of the show), so there is nothing to rule a card by; record the deal as facts (`events`)";

/// A `cards` deal in a three-player record is refused with [`NO_CARDS`], naming the deal.
fn refuse_cards(raw: &RawRecord) -> Result<(), Malformed> {
    type Deals = Vec<serde_json::Map<String, serde_json::Value>>;
    let Ok(deals) = serde_json::from_str::<Deals>(raw.deals.get()) else {
        return Ok(());
    };
    match deals.iter().position(|d| d.contains_key("cards")) {
        Some(i) => Err(Malformed::new(format!("deals[{i}].cards"), NO_CARDS)),
        None => Ok(()),
    }
}

/// Referees a three-player Perlaggen record whose variant and target are read.
pub fn referee(
    raw: &RawRecord,
    variant: Variant,
    target: u32,
    lang: Lang,
) -> Result<Report, Malformed> {
    let start: Trio<u32> = match raw.start {
        Some(s) => parse_part("start", s)?,
        None => Trio::default(),
    };
    refuse_cards(raw)?;
    let deals: Vec<Deal> = parse_part("deals", raw.deals)?;
    let mut report = Report {
        valid: true,
        errors: Vec::new(),
        deals: Vec::with_capacity(deals.len()),
        games: Vec::new(),
        tally: Trio::default(),
    };
    let mut score = start.to_array().map(i64::from);
    let mut tally = [0u32; 3];
    if start.to_array().iter().any(|&s| s >= target) {
        let e = RuleError::new(
            ErrorCode::GameOver,
            format!("Ein Spieler hat zu Beginn schon das Ziel {target} erreicht."),
            format!("A player already reaches the target {target} at the start."),
        );
        report.valid = false;
        report.errors.push(Violation::new(0, None, e, lang));
        return Ok(report);
    }
    'deals: for (i, deal) in deals.iter().enumerate() {
        let ctx = Ctx {
            variant,
            target,
            score,
        };
        let mut state = State::default();
        for (j, event) in deal.events.iter().enumerate() {
            match state.apply(&ctx, event) {
                Ok(next) => state = next,
                Err(e) => {
                    report.errors.push(Violation::new(i, Some(j), e, lang));
                    break 'deals;
                }
            }
        }
        if !state.complete() {
            let e = incomplete(&ctx, &state);
            report.errors.push(Violation::new(i, None, e, lang));
            break;
        }
        let line = scoring::score(&ctx, &state);
        score = line.score.to_array();
        if let Some(over) = line.game_over {
            report.games.push(GameReport {
                winner: over.winner,
                score: line.score,
                marks: 1,
                decided_by: over.decided_by,
            });
            tally[over.winner.index()] += 1;
            score = [0; 3];
        }
        report.deals.push(line);
    }
    report.valid = report.errors.is_empty();
    report.tally = Trio::from_array(tally);
    Ok(report)
}
