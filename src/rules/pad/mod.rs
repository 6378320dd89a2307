//! The scorer's pad (issue 13): what may be tapped next in a deal, the deal so far in plain
//! sentences, and the contract deal the taps make.
//!
//! One source of rules: a pad never decides a rule itself. Each game family lists the
//! actions that could ever come next (its *candidates*, a superset) and how a list of
//! actions becomes a contract deal; an action is offered when the table's record with that
//! deal is still valid for the referee, or broken only because the deal is not finished
//! (`deal_incomplete` on the new deal, no event named). "Incomplete" and "illegal" are told
//! apart by the referee alone.
//!
//! Actions travel as short opaque codes (`bet:A`, `tricks:B`); words are message ids with
//! arguments ([`Msg`]) that the web turns into German or English through fluent.

pub mod cards;
pub mod figures;
pub mod gaigel;
mod gaigel_facts;
mod judge;
pub mod refill;
pub mod watten;

pub use judge::{Table, Verdict};

use crate::rules::common::{Lang, Side};
use crate::rules::match_record::Deal;
use crate::rules::players::Seat;
use crate::rules::record::{Game, Malformed};
use crate::rules::{Record, Report};
use serde::Serialize;

/// Words to show: a fluent message id and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Msg {
        self.args.push((name, value.to_string()));
        self
    }
}

/// The word a message's `$n` selector reads: `one` or `other` (fluent's plural categories,
/// passed as words because arguments travel as strings).
pub fn count(n: usize) -> &'static str {
    if n == 1 { "one" } else { "other" }
}

/// One button of the pad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The opaque code the client appends as it is.
    pub code: String,
    pub label: Msg,
    /// How the page lays buttons out: `bet`, `answer`, `tricks`, `decision`, ...
    pub group: &'static str,
    pub primary: bool,
    /// A card's place in the card grid (figure games), for the page's layout only.
    pub place: Option<cards::Place>,
}

/// Why the codes do not make a deal that keeps the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The referee's message (or the pad's, for an unknown code), in the asked language.
    pub message: String,
    /// The referee's error code (contract 9), or `unknown_action`.
    pub code: String,
    /// The index of the offending code.
    pub at: usize,
}

/// What the pad answers for a list of codes.
#[derive(Debug, Clone, PartialEq)]
pub struct Pad {
    /// The referee's result over the table's record before the deal.
    pub before: Report,
    /// Per accepted code, its sentence.
    pub transcript: Vec<Msg>,
    /// What may be tapped now (after the accepted codes).
    pub actions: Vec<Choice>,
    /// The whole deal, when the accepted codes complete it: the contract deal and the
    /// referee's result over the record with it.
    pub complete: Option<(Deal, Report)>,
    pub problem: Option<Problem>,
    /// The table's state before the deal: notices (gestrichen, decisions) as words.
    pub notices: Vec<Msg>,
    /// The score before the deal where the family reads it its own way (Gaigel's tally).
    pub score: Option<String>,
    /// Why the deal cannot be closed yet, in the referee's words (Gaigel's facts).
    pub hint: Option<String>,
    /// Headings for groups of buttons that depend on the deal (whose number is typed).
    pub headings: Vec<(&'static str, Msg)>,
}

/// A game family's pad: its actions, their codes and words, and the deal they make.
pub trait Family {
    type Step: Clone + PartialEq;
    /// The family's deal as the record writes it (contract 3.1-3.3).
    type Deal: Serialize + Into<Deal>;

    /// The step a code stands for; `None` for a code this table never uses.
    fn decode(&self, code: &str) -> Option<Self::Step>;
    fn encode(&self, step: &Self::Step) -> String;
    /// Every step that could follow `steps` (the referee filters them).
    fn candidates(&self, steps: &[Self::Step]) -> Vec<Self::Step>;
    /// Every step this table could ever use (for entering deals offline).
    fn vocabulary(&self) -> Vec<Self::Step>;
    /// The button for `step` after `steps`: its label and group.
    fn label(&self, steps: &[Self::Step], step: &Self::Step) -> (Msg, &'static str);
    /// The sentence for `steps[i]` in the transcript.
    fn sentence(&self, steps: &[Self::Step], i: usize) -> Msg;
    /// The contract deal the steps make.
    /// `None` while the steps make no deal yet (e.g. who plays alone is still open).
    fn deal(&self, steps: &[Self::Step]) -> Option<Self::Deal>;
    /// The step the referee's event index `event` of the deal points at.
    fn step_of_event(&self, steps: &[Self::Step], event: Option<usize>) -> usize;
    /// Notices about the table before the deal (who is gestrichen, ...).
    /// `before` is the referee's result over the record before the deal.
    fn notices(&self, before: &Report) -> Vec<Msg>;
    /// Whether `step` may follow `steps` at all (a code can be known and still never come
    /// there, e.g. a tap after the deal was closed).
    fn fits(&self, _steps: &[Self::Step], _step: &Self::Step) -> bool {
        true
    }
    /// The transcript; one sentence a step unless the family sums the steps up.
    fn transcript(&self, steps: &[Self::Step]) -> Vec<Msg> {
        (0..steps.len()).map(|i| self.sentence(steps, i)).collect()
    }
    /// A deal to referee for the reason the deal cannot be closed yet (Gaigel's facts).
    fn probe(&self, _steps: &[Self::Step]) -> Option<Self::Deal> {
        None
    }
    /// The table's score before the deal, where the deals' `score` does not say it.
    fn score(&self, _before: &Report) -> Option<String> {
        None
    }
    /// Whether the steps leave something open that the deal does not show yet (cards being
    /// picked): a whole deal then still waits for it.
    fn pending(&self, _steps: &[Self::Step]) -> bool {
        false
    }
    /// Whether `step` is the most likely next tap after `steps`.
    fn primary(&self, _steps: &[Self::Step], _step: &Self::Step) -> bool {
        false
    }
    /// Whether to show an allowed `step` now; `why_not` is the referee's code for the facts
    /// so far (see [`Family::probe`]), so a tap the referee asks for can wait until it does.
    fn offer(&self, _steps: &[Self::Step], _step: &Self::Step, _why_not: Option<&str>) -> bool {
        true
    }
    /// A heading for the group of buttons `group` after `steps`, where it depends on them.
    fn heading(&self, _steps: &[Self::Step], _group: &str) -> Option<Msg> {
        None
    }
    /// Where `step`'s button sits in a grid of cards, for a step that names a card.
    fn place(&self, _step: &Self::Step) -> Option<cards::Place> {
        None
    }
}

/// The message of an unknown code.
fn unknown(code: &str, lang: Lang) -> String {
    match lang {
        Lang::De => {
            format!("Unbekannte Eingabe „{code}“: diese Taste gibt es an diesem Tisch nicht.")
        }
        Lang::En => format!("Unknown input \"{code}\": this table has no such button."),
    }
}

/// The pad's answer for `codes` at `table`.
pub fn evaluate<F: Family>(family: &F, table: Table, codes: &[String]) -> Pad {
    let mut steps = Vec::with_capacity(codes.len());
    let mut problem = None;
    for (i, code) in codes.iter().enumerate() {
        match family.decode(code).filter(|step| family.fits(&steps, step)) {
            Some(step) => steps.push(step),
            None => {
                problem = Some(Problem {
                    message: unknown(code, table.lang),
                    code: "unknown_action".into(),
                    at: i,
                });
                break;
            }
        }
    }
    let mut complete = None;
    let deal = family.deal(&steps);
    match table.judge(deal.as_ref()) {
        Verdict::Complete(_) if family.pending(&steps) => {}
        Verdict::Complete(report) => complete = deal.map(|d| (d.into(), report)),
        Verdict::Incomplete => {}
        Verdict::Broken {
            code,
            message,
            event,
        } => {
            let at = family
                .step_of_event(&steps, event)
                .min(steps.len().saturating_sub(1));
            steps.truncate(at);
            problem = Some(Problem {
                message,
                code: code.into(),
                at,
            });
        }
    }
    let (hint, why_not) = match table.judge(family.probe(&steps).as_ref()) {
        Verdict::Broken { message, code, .. } if problem.is_none() => (Some(message), Some(code)),
        _ => (None, None),
    };
    let mut actions = next_actions(family, &table, &steps);
    actions.retain(|c| {
        family
            .decode(&c.code)
            .is_none_or(|step| family.offer(&steps, &step, why_not))
    });
    let mut headings: Vec<(&'static str, Msg)> = Vec::new();
    for c in &actions {
        if !headings.iter().any(|(g, _)| *g == c.group)
            && let Some(m) = family.heading(&steps, c.group)
        {
            headings.push((c.group, m));
        }
    }
    Pad {
        transcript: family.transcript(&steps),
        hint,
        headings,
        score: family.score(&table.before),
        notices: family.notices(&table.before),
        before: table.before,
        actions,
        complete,
        problem,
    }
}

/// The candidates after `steps` that the referee lets through.
pub fn next_actions<F: Family>(family: &F, table: &Table, steps: &[F::Step]) -> Vec<Choice> {
    let mut longer = steps.to_vec();
    // Taps that leave the deal as it is (cards being picked) share one referee run.
    let mut seen: std::collections::HashMap<Option<String>, bool> = Default::default();
    family
        .candidates(steps)
        .into_iter()
        .filter(|step| {
            longer.push(step.clone());
            let deal = family.deal(&longer).map(|d| judge::text(&d));
            longer.pop();
            *seen.entry(deal).or_insert_with_key(|deal| {
                deal.as_ref()
                    .is_none_or(|d| !matches!(table.judge_text(d), Verdict::Broken { .. }))
            })
        })
        .map(|step| choice(family, steps, &step))
        .collect()
}

fn choice<F: Family>(family: &F, steps: &[F::Step], step: &F::Step) -> Choice {
    let (label, group) = family.label(steps, step);
    Choice {
        code: family.encode(step),
        label,
        group,
        primary: family.primary(steps, step),
        place: family.place(step),
    }
}

/// Every button this table could ever use, labelled as at the start of a deal.
pub fn vocabulary<F: Family>(family: &F) -> Vec<Choice> {
    family
        .vocabulary()
        .iter()
        .map(|step| choice(family, &[], step))
        .collect()
}

/// The sides (or players) gestrichen after the record's last deal; none when that deal ended
/// a game (the next deal starts a new one at 0:0) or before the first deal. Gaigel has none.
pub fn marked(before: &Report) -> Vec<String> {
    fn open<D>(deals: &[D], over: impl Fn(&D) -> bool) -> Option<&D> {
        deals.last().filter(|d| !over(d))
    }
    let names = |seats: &[Seat]| seats.iter().map(|p| p.name().to_string()).collect();
    let sides = |sides: &mut dyn Iterator<Item = Side>| sides.map(|s| s.to_string()).collect();
    let marked = match before {
        Report::Figures(r) => open(&r.deals, |d| d.game_over.is_some())
            .map(|d| sides(&mut d.gestrichen.iter().copied())),
        Report::Watten(r) => open(&r.deals, |d| d.game_over.is_some())
            .map(|d| sides(&mut Side::BOTH.into_iter().filter(|s| *d.gestrichen.0.get(*s)))),
        Report::WattenThree(r) => {
            open(&r.deals, |d| d.game_over.is_some()).map(|d| names(&d.gestrichen))
        }
        Report::FiguresThree(r) => {
            open(&r.deals, |d| d.game_over.is_some()).map(|d| names(&d.gestrichen))
        }
        Report::Gaigel(_) => None,
    };
    marked.unwrap_or_default()
}

/// The family of a record, with what it needs to know of the record's rules.
enum Families {
    Watten(watten::Watten),
    Figures(figures::Figures),
    Gaigel(gaigel::Gaigel),
}

fn family_of(record: &Record) -> Result<Families, Malformed> {
    let text = record.to_json();
    let raw = crate::rules::record::RawRecord::parse(&text)?;
    match raw.game {
        Game::Watten => Ok(Families::Watten(watten::Watten {
            rules: crate::rules::watten::rule_set(&raw)?,
        })),
        Game::Giltspiel | Game::Perlaggen => Ok(Families::Figures(figures::Figures {
            variant: crate::rules::figures::rule_set(&raw)?.0,
        })),
        Game::Gaigel => Ok(Families::Gaigel(gaigel::Gaigel {
            rules: crate::rules::gaigel::parse(&raw)?.0,
        })),
    }
}

/// The pad's answer for `codes` as the next deal of `record` (the table's match record with
/// its live deals); `Err` when the stored record is not well-formed.
pub fn pad(record: &Record, codes: &[String], lang: Lang) -> Result<Pad, Malformed> {
    let table = Table::new(record, lang)?;
    Ok(match family_of(record)? {
        Families::Watten(f) => evaluate(&f, table, codes),
        Families::Figures(f) => evaluate(&f, table, codes),
        Families::Gaigel(f) => evaluate(&f, table, codes),
    })
}

/// Every button the table of `record` could ever use.
pub fn words(record: &Record) -> Result<Vec<Choice>, Malformed> {
    Ok(match family_of(record)? {
        Families::Watten(f) => vocabulary(&f),
        Families::Figures(f) => vocabulary(&f),
        Families::Gaigel(f) => vocabulary(&f),
    })
}

/// The contract deal `codes` make at a table of `record`'s rules, without refereeing it (the
/// save referees it); `Ok(Err(message))` for an unknown code or codes that make no deal yet.
pub fn convert(
    record: &Record,
    codes: &[String],
    lang: Lang,
) -> Result<Result<Deal, String>, Malformed> {
    Ok(match family_of(record)? {
        Families::Watten(f) => convert_with(&f, codes, lang),
        Families::Figures(f) => convert_with(&f, codes, lang),
        Families::Gaigel(f) => convert_with(&f, codes, lang),
    })
}

/// The taps that rebuild `deal` at a table of `record`'s rules (the correction's pad starts
/// from them); `Ok(None)` when the pad cannot tap that deal (see [`refill`]), or when the
/// deal is another family's than the record's game plays.
pub fn taps(record: &Record, deal: &Deal) -> Result<Option<Vec<String>>, Malformed> {
    Ok(match (family_of(record)?, deal) {
        (Families::Watten(f), Deal::Watten(d)) => refill::watten(&f, d),
        (Families::Figures(f), Deal::Figures(d)) => refill::figures(&f, d),
        (Families::Gaigel(f), Deal::Gaigel(d)) => refill::gaigel(&f, d),
        _ => None,
    })
}

fn convert_with<F: Family>(family: &F, codes: &[String], lang: Lang) -> Result<Deal, String> {
    let mut steps = Vec::with_capacity(codes.len());
    for code in codes {
        let step = family.decode(code).filter(|step| family.fits(&steps, step));
        steps.push(step.ok_or_else(|| unknown(code, lang))?);
    }
    let deal = family.deal(&steps).filter(|_| !family.pending(&steps));
    deal.map(Into::into).ok_or_else(|| match lang {
        Lang::De => "Das Spiel ist noch nicht fertig eingegeben.".to_string(),
        Lang::En => "The deal is not entered completely yet.".to_string(),
    })
}

#[cfg(test)]
mod watten_tests;

#[cfg(test)]
mod figures_tests;

#[cfg(test)]
mod gaigel_tests;

#[cfg(test)]
mod refill_tests;

#[cfg(test)]
mod bytes_tests;
