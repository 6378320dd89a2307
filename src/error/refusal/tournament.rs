//! The refusals of a tournament as a whole: creating it, its prizes and tiebreaks, importing
//! a file, the demo.

use super::one;
use crate::error::Message;

/// Why a tournament cannot be created, its prizes or tiebreaks not set, a file not imported
/// (`service::tournaments`, `prizes`, `tiebreaks`, `import`, `import_write`, `demo`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// A date outside the years the calendar knows.
    DateRange { date: String, first: i32, last: i32 },
    /// The settings do not fit together (a reference the file cannot resolve).
    Inconsistent,
    /// The prize list no longer changes after the end.
    PrizesFinished,
    /// The shares add up to more than the whole (in basis points).
    SharesOverWhole { basis_points: u64 },
    /// The prizes exceed the pot (in cents).
    OverThePot { paid: u64, pot: u64 },
    /// The deduction exceeds the fees (in cents).
    DeductionOverFees { deduction: u64, fees: u64 },
    /// A percentage of the field that cannot be paid.
    PaidPercent { percent: u32 },
    /// The standings' order no longer changes after the end.
    TiebreaksFinished,
    /// A tiebreak column the game and format do not offer.
    TiebreakNotOffered { column: String },
    /// A tiebreak column listed twice.
    TiebreakTwice { column: String },
    /// The file cannot be imported (its problems are worded by the import page's check).
    ImportMalformed,
    /// A round number in the file beyond what is stored.
    ImportRoundRange { round: u64 },
    /// The demo's club holds tournaments already: nothing written.
    DemoThere { club: String },
}

impl TournamentRefusal {
    pub fn message(&self) -> Message {
        use TournamentRefusal as R;
        match self {
            R::DateRange { date, first, last } => Message::with(
                "refusal-tournament-date-range",
                &[
                    ("date", date.clone()),
                    ("first", first.to_string()),
                    ("last", last.to_string()),
                ],
            ),
            R::Inconsistent => Message::new("refusal-tournament-inconsistent"),
            R::PrizesFinished => Message::new("refusal-prizes-finished"),
            R::SharesOverWhole { basis_points } => one(
                "refusal-prizes-shares-over",
                "percent",
                percent(*basis_points),
            ),
            R::OverThePot { paid, pot } => Message {
                id: "refusal-prizes-over-pot",
                args: [euros("paid", *paid), euros("pot", *pot)].concat(),
            },
            R::DeductionOverFees { deduction, fees } => Message {
                id: "refusal-prizes-deduction-over",
                args: [euros("deduction", *deduction), euros("fees", *fees)].concat(),
            },
            R::PaidPercent { percent } => one("refusal-prizes-paid-percent", "percent", percent),
            R::TiebreaksFinished => Message::new("refusal-tiebreaks-finished"),
            R::TiebreakNotOffered { column } => {
                one("refusal-tiebreaks-not-offered", "column", column)
            }
            R::TiebreakTwice { column } => one("refusal-tiebreaks-twice", "column", column),
            R::ImportMalformed => Message::new("refusal-import-malformed"),
            R::ImportRoundRange { round } => one("refusal-import-round-range", "round", round),
            R::DemoThere { club } => one("refusal-demo-there", "club", club),
        }
    }
}

/// Cents as two arguments, `NAME` the whole euros and `NAME-cents` the cents (two digits):
/// the catalogue joins them as each language writes an amount (`12,50 €`, `€12.50`).
fn euros(name: &'static str, cents: u64) -> Vec<(&'static str, String)> {
    let cents_name = match name {
        "paid" => "paid-cents",
        "pot" => "pot-cents",
        "deduction" => "deduction-cents",
        _ => "fees-cents",
    };
    vec![
        (name, (cents / 100).to_string()),
        (cents_name, format!("{:02}", cents % 100)),
    ]
}

/// Basis points as a percentage (`112.5`).
fn percent(basis_points: u64) -> String {
    match basis_points % 100 {
        0 => (basis_points / 100).to_string(),
        rest => format!("{}.{:02}", basis_points / 100, rest)
            .trim_end_matches('0')
            .to_string(),
    }
}

pub(super) fn samples() -> Vec<TournamentRefusal> {
    use TournamentRefusal as R;
    vec![
        R::DateRange {
            date: "1850-01-01".into(),
            first: 1900,
            last: 2100,
        },
        R::Inconsistent,
        R::PrizesFinished,
        R::SharesOverWhole {
            basis_points: 11_250,
        },
        R::OverThePot {
            paid: 10_000,
            pot: 5_000,
        },
        R::DeductionOverFees {
            deduction: 3_000,
            fees: 2_000,
        },
        R::PaidPercent { percent: 0 },
        R::TiebreaksFinished,
        R::TiebreakNotOffered {
            column: "buchholz".into(),
        },
        R::TiebreakTwice {
            column: "lot".into(),
        },
        R::ImportMalformed,
        R::ImportRoundRange { round: 1 << 40 },
        R::DemoThere {
            club: "Demo".into(),
        },
    ]
}

#[cfg(test)]
mod tests {
    /// Amounts and shares are written as numbers the catalogue places (no currency here).
    #[test]
    fn amounts_are_plain_numbers() {
        assert_eq!(
            super::euros("pot", 1250),
            vec![("pot", "12".to_string()), ("pot-cents", "50".to_string())]
        );
        assert_eq!(super::percent(11_250), "112.5");
        assert_eq!(super::percent(10_100), "101");
    }
}
