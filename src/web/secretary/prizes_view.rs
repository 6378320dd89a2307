//! The "Preisliste" in words: the pot while the tournament runs, the final list after
//! "Turnier abschließen", and the form's fields for its managers. The overview, the public
//! standings and the printable report show it; [`super::prizes`] changes the scheme.

use crate::report::prizes::{PrizeLine, Prizes};
use crate::report::{Standing, standing};
use crate::service::tournaments::{Status, TournamentDetail};
use crate::tournament::euro;
use crate::tournament::file::TournamentFile;
use crate::tournament::standings::Row;
use crate::web::i18n::Locale;
use crate::web::secretary::prize_form::{PrizeText, refusal_words};

/// One line as the page shows it.
pub struct PrizeRow {
    pub rank: u32,
    /// Empty before the end (the line is a place then).
    pub name: String,
    pub money: String,
    pub goods: String,
    pub shared: bool,
}

/// The section's facts in words.
pub struct PrizeView {
    /// Whether the lines are the final ones.
    pub finished: bool,
    /// "Startgelder: 6 Anmeldungen × 20,00 € = 120,00 €", the deduction, the pot.
    pub pot: Vec<String>,
    pub rows: Vec<PrizeRow>,
    pub rest: String,
    /// Why this scheme cannot be paid in this field.
    pub refused: Option<String>,
}

fn row(l: Locale, p: &PrizeLine) -> PrizeRow {
    let lang = l.rules_lang();
    PrizeRow {
        rank: p.rank,
        name: p.name.clone(),
        money: if p.cents > 0 {
            euro::euros(p.cents, lang)
        } else {
            String::new()
        },
        goods: p.goods.clone(),
        shared: p.shared,
    }
}

/// The prize list of `file` in words, from `rows`, the standings the page shows; `None`
/// without a prize scheme.
pub fn view(l: Locale, file: &TournamentFile, rows: &[Row], finished: bool) -> Option<PrizeView> {
    let standings: Vec<Standing> = rows.iter().map(standing).collect();
    crate::report::prizes::build(file, &standings, finished).map(|p| words(l, &p))
}

/// A computed prize list in words (the printable report has it from its `ReportData`).
pub fn words(l: Locale, p: &Prizes) -> PrizeView {
    let lang = l.rules_lang();
    let money = |cents: u64| euro::euros(cents, lang);
    let mut pot = vec![l.t_with(
        "prize-fees",
        &[
            ("entrants", p.entrants.to_string()),
            ("fee", money(p.entry_fee)),
            ("fees", money(p.fees)),
        ],
    )];
    if p.refused.is_none() {
        if p.deduction > 0 {
            pot.push(l.t_with("prize-deducted", &[("deduction", money(p.deduction))]));
        }
        pot.push(l.t_with("prize-pot", &[("pot", money(p.pot))]));
    }
    PrizeView {
        finished: p.finished,
        pot,
        rows: p.lines.iter().map(|line| row(l, line)).collect(),
        rest: l.t_with("prize-rest", &[("rest", money(p.rest))]),
        refused: p
            .refused
            .as_ref()
            .map(|why| l.t_with("prize-cannot-pay", &[("reason", refusal_words(l, why))])),
    }
}

/// The overview's form: the stored scheme as fields, or what was typed when it was refused;
/// `None` once the tournament is finished.
pub fn form(l: Locale, d: &TournamentDetail, typed: Option<PrizeText>) -> Option<PrizeText> {
    (d.tournament.status != Status::Finished).then(|| {
        typed.unwrap_or_else(|| {
            let scheme = d
                .tournament
                .settings
                .as_ref()
                .and_then(|s| s.prizes.as_ref());
            PrizeText::of(scheme, l.rules_lang())
        })
    })
}
