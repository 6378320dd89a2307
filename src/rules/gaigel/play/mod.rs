//! Card-level Gaigel deals (Streitfall; docs/rules/gaigel.md "Card-level deals (Streitfall)"):
//! a deal written card by card is played through a card-level table that rules on every
//! action, and the fact-level deal (card points, melds, tricks, "Aus!", übergaigeln) is
//! DERIVED from it and refereed by the existing engine, so the deal's result is today's.
//!
//! - [`cards`]: the 48 cards, their names and points.
//! - [`parse`]: the `{"cards": {...}}` form, read ([`parse::Setup`]).
//! - [`engine`]: the table moving card by card; [`checks`]: each action's rules.
//! - [`sevens`]: five Sevens, auf Dissle, auf Siebener and auf Farbe claimed from the cards.
//! - [`table`]: the table as the Streitfall page draws it, with the legal next actions.

pub mod blank;
pub mod cards;
pub mod checks;
pub mod duty;
pub mod engine;
pub mod meld;
pub mod parse;
pub mod sevens;
pub mod sure;
pub mod table;
pub mod tricks;
pub mod words;

use super::super::common::{ErrorCode, Lang, RuleError, Text};
use super::super::record::{Malformed, RawRecord};
use super::super::ruling::Ruling;
use super::input::{Deal, Rules};
use super::options::name;
use engine::{Breach, End, Remedy, State};
use parse::{Setup, Verb};

pub use table::table;

/// One action as ruled: legal, or the broken rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub action: usize,
    pub breach: Option<Breach>,
}

/// A card-level deal played through: the rulings, the derived fact-level deal when the deal
/// has a result, and the rule error that makes the record invalid (with its action).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub steps: Vec<Step>,
    pub deal: Option<Deal>,
    pub error: Option<(Option<usize>, RuleError)>,
    /// The side names, for the rulings' words.
    pub sides: usize,
}

impl Played {
    /// The rulings in `lang` (crate::rules::streit).
    pub fn rulings(&self, lang: Lang) -> Vec<Ruling> {
        self.steps
            .iter()
            .map(|s| match &s.breach {
                None => Ruling::legal(s.action),
                Some(b) => Ruling::illegal(
                    s.action,
                    b.code,
                    b.rule.get(lang).to_string(),
                    remedy_text(b, self.sides).get(lang).to_string(),
                ),
            })
            .collect()
    }
}

/// What the text prescribes after a breach, in words.
pub fn remedy_text(b: &Breach, sides: usize) -> Text {
    match b.remedy {
        Remedy::Loses(s) => {
            let s = name(sides, s);
            match b.code {
                ErrorCode::Overgaigeln => Text::new(
                    format!("{s} hat übergaigelt und verliert doppelt (Gigackel)."),
                    format!("{s} overgaigelt and loses a double game (Gigackel)."),
                ),
                ErrorCode::Untergaigeln => Text::new(
                    format!(
                        "Das Spiel endet; {s} hat untergaigelt, die Gegner gewinnen doppelt (Gigackel)."
                    ),
                    format!(
                        "Play ends; {s} undergaigelt and the opponents win a double game (Gigackel)."
                    ),
                ),
                _ => Text::new(
                    format!(
                        "Das Spiel endet hier und {s} verliert doppelt (Gigackel): die Texte nennen für diesen Fehler keine eigene Strafe, kartl wertet ihn wie Über- und Untergaigeln."
                    ),
                    format!(
                        "Play ends here and {s} loses a double game (Gigackel): the texts name no penalty of their own for this, and kartl counts it as über- and untergaigeln."
                    ),
                ),
            }
        }
        Remedy::Stands => Text::new(
            "Das Ergebnis des Spiels bleibt, wie es war.",
            "The deal's result stays as it was.",
        ),
        Remedy::NoResult => Text::new(
            "So kann das Spiel nicht gewesen sein: es bekommt kein Ergebnis, bis die Aufschreibung berichtigt ist.",
            "The deal cannot have gone so: it gets no result until the record is corrected.",
        ),
    }
}

/// How an über- or untergaigeln ended the deal, in words (the table's outcome): a scored
/// ending, not a broken rule (002 "End of the Play").
pub fn ending_text(end: End, sides: usize) -> Option<Text> {
    let (code, s) = match end {
        End::Over(s) => (ErrorCode::Overgaigeln, s),
        End::Under(s) => (ErrorCode::Untergaigeln, s),
        _ => return None,
    };
    let b = Breach::new(code, "", "", Remedy::Loses(s));
    Some(remedy_text(&b, sides))
}

/// Refuses a claim the house rules do not have, naming the action (contract 2.1, as the
/// fact-level `five_sevens`, `dissle` and `farbe` without their options).
pub fn check_rules(rules: &Rules, setup: &Setup, i: usize) -> Result<(), Malformed> {
    for (k, a) in setup.actions.iter().enumerate() {
        let (key, allowed, what) = match a.verb {
            Verb::FiveSevens => (
                "five_sevens",
                rules.sevens != super::Sevens::None,
                "five Sevens count only with options.sevens \"five_sevens\", \"auf_dissle\" or \"auf_siebener\"",
            ),
            Verb::Dissle => (
                "dissle",
                rules.sevens.announced(),
                "playing on Sevens needs options.sevens \"auf_dissle\" or \"auf_siebener\"",
            ),
            Verb::Farbe => (
                "farbe",
                rules.auf_farbe,
                "five cards of one suit count only with options.auf_farbe true",
            ),
            Verb::Accuse => (
                "accuse",
                rules.overgaigel == super::options::Overgaigel::OnAccusation,
                "an accusation of übergaigeln needs options.overgaigel \"on_accusation\" (by default übergaigeln is caught at once)",
            ),
            _ => continue,
        };
        if !allowed {
            return Err(Malformed::new(
                format!("deals[{i}].cards.actions[{k}].{key}"),
                what,
            ));
        }
    }
    Ok(())
}

/// Plays the actions in order, stopping at the first broken rule.
pub fn run(rules: &Rules, setup: &Setup) -> (State, Vec<Step>) {
    let mut st = State::new(setup, rules);
    let mut steps = Vec::with_capacity(setup.actions.len());
    for (k, a) in setup.actions.iter().enumerate() {
        match checks::check(&st, *a) {
            Ok(()) => {
                st.apply(*a);
                steps.push(Step {
                    action: k,
                    breach: None,
                });
            }
            Err(b) => {
                if let Remedy::Loses(s) = b.remedy {
                    st.end = Some(End::Breach(s));
                }
                steps.push(Step {
                    action: k,
                    breach: Some(b),
                });
                break;
            }
        }
    }
    (st, steps)
}

/// Plays a card-level deal and derives its fact-level deal.
pub fn play(rules: &Rules, setup: &Setup) -> Played {
    let sides = rules.variant.sides();
    if let Some(f) = &setup.fault {
        return Played {
            steps: Vec::new(),
            deal: None,
            error: Some((None, f.clone())),
            sides,
        };
    }
    let (st, steps) = run(rules, setup);
    let breach = steps
        .last()
        .and_then(|s| s.breach.as_ref().map(|b| (s.action, b)));
    let error = breach.map(|(k, b)| {
        (
            Some(k),
            RuleError {
                code: b.code,
                text: b.rule.clone(),
            },
        )
    });
    let no_result = matches!(breach, Some((_, b)) if b.remedy == Remedy::NoResult);
    let deal = if no_result {
        None
    } else {
        derive(&st).map(|d| Deal {
            cut: setup.cut,
            ..d
        })
    };
    let error = match (&deal, error) {
        (None, None) => Some((None, incomplete(&st))),
        (_, e) => e,
    };
    Played {
        steps,
        deal,
        error,
        sides,
    }
}

fn incomplete(st: &State) -> RuleError {
    if st.talon_short {
        return RuleError::new(
            ErrorCode::DealIncomplete,
            "Der angegebene Talon reicht nicht für die Züge des Spiels.",
            "The talon given runs out before the deal's draws do.",
        );
    }
    RuleError::new(
        ErrorCode::DealIncomplete,
        format!(
            "Die Aufschreibung hört nach {} Stichen auf, bevor das Spiel entschieden ist.",
            st.tricks.iter().filter(|t| t.winner.is_some()).count()
        ),
        format!(
            "The record stops after {} tricks, before the deal is decided.",
            st.tricks.iter().filter(|t| t.winner.is_some()).count()
        ),
    )
}

/// The fact-level deal the cards give, once the deal is decided: card points counted from
/// the tricks, the melds, the tricks, and "Aus!" or übergaigeln. A side that broke a rule
/// loses double: written as übergaigeln when it has 101 or more, else as untergaigeln.
pub fn derive(st: &State) -> Option<Deal> {
    let end = st.end?;
    // A meld on the partner's certain win (002) counts with the trick it was sure of; a deal
    // that ended before that trick was complete (untergaigeln, a breach) leaves the side
    // without a trick, and a side without a trick has no melds (facts: `melds_invalid`).
    let mut melds = st.melds.clone();
    for (side, m) in melds.iter_mut().enumerate() {
        if st.won[side] == 0 {
            m.clear();
        }
    }
    let mut d = Deal {
        points: st.points,
        melds,
        tricks: st.won,
        dissle: st.dissle.map(|seat| st.seats[seat]),
        ..Deal::default()
    };
    match end {
        End::FiveSevens(s) => d.five_sevens = Some(s),
        End::Farbe(s) => d.farbe = Some(s),
        End::DissleLost(_) => d.dissle_trick = true,
        End::PlayedOut => {}
        End::Out(s) | End::Under(s) => d.out = Some(s),
        End::Over(s) => d.overgaigel = Some(s),
        End::Breach(s) if st.count(s) >= 101 => d.overgaigel = Some(s),
        End::Breach(s) => d.out = Some(s),
    }
    Some(d)
}

/// Reads the one card-level deal of a record for the Streitfall page.
pub fn single(raw: &RawRecord) -> Result<(Rules, Setup), Malformed> {
    let rules = super::input::parse_rules(raw)?;
    // The deal read in one pass over the deals' text when plain serde reads it as the one
    // card-level deal, not split into raw parts first and scanned again; anything else takes
    // the path below, which names what is wrong.
    if let Some(mut read) = parse::card_deals(raw.deals)
        && read.len() == 1
        && let Some(cards) = read.pop()
    {
        let setup = parse::setup_read(rules.variant, 0, cards)?;
        check_rules(&rules, &setup, 0)?;
        return Ok((rules, setup));
    }
    let deals: Vec<&serde_json::value::RawValue> = serde_json::from_str(raw.deals.get())
        .map_err(|e| Malformed::new("deals", e.to_string()))?;
    let form = match deals[..] {
        [deal] => Some((deal, parse::form(deal))),
        _ => None,
    };
    let Some((deal, parse::Form::Cards(read))) = form else {
        return Err(Malformed::new(
            "deals",
            "the Streitfall table takes a record holding exactly one card-level deal",
        ));
    };
    let setup = parse::setup(rules.variant, 0, deal, read)?;
    check_rules(&rules, &setup, 0)?;
    Ok((rules, setup))
}
