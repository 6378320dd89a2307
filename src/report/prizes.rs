//! The prize list as reports, exports and pages show it: computed once by
//! `tournament::prizes::prize_list` from the standings the report shows (the same rows, so the
//! same names), for the whole field while the tournament runs (the pot and what each place
//! would win) and, once it is finished, for the final standings with every winner's name.

use super::Standing;
use crate::rules::Lang;
use crate::tournament::euro;
use crate::tournament::file::TournamentFile;
use crate::tournament::prizes::{self, Placed, PrizeRefusal, PrizeScheme};
use serde::Serialize;

/// One line of the list: a winner of the final standings, or, before the end, a paid place
/// (no id or name then).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeLine {
    pub rank: u32,
    pub id: String,
    pub name: String,
    /// Money in cents (0: none).
    pub cents: u64,
    /// The goods prize, empty for none.
    pub goods: String,
    /// Tied over a paid place: the money is an equal part of the tied places' sum.
    pub shared: bool,
}

/// A tournament's prize list at this stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prizes {
    /// Whether the lines are the final ones (the tournament is finished).
    #[serde(rename = "final")]
    pub finished: bool,
    /// The entrants who pay the fee (the whole field).
    pub entrants: usize,
    pub entry_fee: u64,
    pub fees: u64,
    pub deduction: u64,
    pub pot: u64,
    pub paid_places: usize,
    pub lines: Vec<PrizeLine>,
    /// What stays in the pot.
    pub rest: u64,
    /// Why the scheme cannot be paid in this field (its lines are empty then).
    #[serde(skip)]
    pub refused: Option<PrizeRefusal>,
}

/// The prize list of `file`'s scheme, `None` without one. `standings` are the report's rows
/// (best first); `finished`: they are the final standings.
pub fn build(file: &TournamentFile, standings: &[Standing], finished: bool) -> Option<Prizes> {
    let scheme = file.settings().prizes?;
    let entrants = file.entrants().len().max(standings.len());
    Some(if finished {
        let placed: Vec<Placed> = standings
            .iter()
            .map(|s| Placed {
                id: s.id.clone(),
                rank: s.rank,
            })
            .collect();
        let names = |id: &str| {
            standings
                .iter()
                .find(|s| s.id == id)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        listed(&scheme, &placed, entrants, true, &names)
    } else {
        let field = prizes::field_of(entrants);
        listed(&scheme, &field, entrants, false, &|_| String::new())
    })
}

fn listed(
    scheme: &PrizeScheme,
    placed: &[Placed],
    entrants: usize,
    finished: bool,
    name: &dyn Fn(&str) -> String,
) -> Prizes {
    let mut out = Prizes {
        finished,
        entrants,
        entry_fee: scheme.entry_fee,
        fees: 0,
        deduction: 0,
        pot: 0,
        paid_places: 0,
        lines: Vec::new(),
        rest: 0,
        refused: None,
    };
    match prizes::prize_list(scheme, placed) {
        Ok(list) => {
            out.fees = list.fees;
            out.deduction = list.deduction;
            out.pot = list.pot;
            out.paid_places = list.paid_places;
            out.rest = list.rest;
            out.lines = list
                .prizes
                .into_iter()
                .map(|p| PrizeLine {
                    rank: p.rank,
                    name: if finished { name(&p.id) } else { String::new() },
                    id: if finished { p.id } else { String::new() },
                    cents: p.cents,
                    goods: p.goods.unwrap_or_default(),
                    shared: p.shared,
                })
                .collect();
        }
        Err(why) => {
            out.fees = scheme.entry_fee.saturating_mul(entrants as u64);
            out.refused = Some(why);
        }
    }
    out
}

/// Why the scheme cannot be paid, in the report's language.
pub fn refusal_text(why: &PrizeRefusal, lang: Lang) -> String {
    let de = lang == Lang::De;
    match why {
        PrizeRefusal::SharesOverWhole(bp) => {
            let shares = euro::percent(u32::try_from(*bp).unwrap_or(u32::MAX), lang);
            if de {
                format!("Die Anteile ergeben {shares}, mehr als 100 %.")
            } else {
                format!("The shares add up to {shares}, more than 100%.")
            }
        }
        PrizeRefusal::OverThePot { paid, pot } => {
            let (paid, pot) = (euro::euros(*paid, lang), euro::euros(*pot, lang));
            if de {
                format!("Die Preise ({paid}) übersteigen den Topf ({pot}).")
            } else {
                format!("The prizes ({paid}) exceed the pot ({pot}).")
            }
        }
        PrizeRefusal::DeductionOverFees { deduction, fees } => {
            let (d, f) = (euro::euros(*deduction, lang), euro::euros(*fees, lang));
            if de {
                format!("Der Abzug ({d}) übersteigt die Startgelder ({f}).")
            } else {
                format!("The deduction ({d}) exceeds the fees ({f}).")
            }
        }
        PrizeRefusal::PaidPercent(p) if de => {
            format!("{p} % des Feldes können nicht bezahlt werden.")
        }
        PrizeRefusal::PaidPercent(p) => format!("{p}% of the field cannot be paid."),
    }
}

impl Prizes {
    /// The fees and the pot in one line: "Startgeld 20,00 € × 6 = 120,00 € · Abzug 12,00 € ·
    /// Topf 108,00 €".
    pub fn pot_line(&self, lang: Lang) -> String {
        let l = super::labels::Labels::new(lang);
        let mut line = format!(
            "{} {} × {} = {}",
            l.entry_fee,
            euro::euros(self.entry_fee, lang),
            self.entrants,
            euro::euros(self.fees, lang)
        );
        if self.refused.is_none() {
            if self.deduction > 0 {
                line.push_str(&format!(
                    " · {} {}",
                    l.deduction,
                    euro::euros(self.deduction, lang)
                ));
            }
            line.push_str(&format!(" · {} {}", l.pot, euro::euros(self.pot, lang)));
        }
        line
    }

    /// What stays in the pot, in one line.
    pub fn rest_line(&self, lang: Lang) -> String {
        let l = super::labels::Labels::new(lang);
        format!("{}: {}", l.rest, euro::euros(self.rest, lang))
    }
}
