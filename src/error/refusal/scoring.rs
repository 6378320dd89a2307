//! The refusals of a table's deals: saving, correcting and rewriting them.

use crate::error::Message;

/// Why a deal cannot be saved, corrected or rewritten (`service::deals`,
/// `service::scoring`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoringRefusal {
    /// A deal number past the next deal (`deal` and `next` count from 1).
    NoSuchDeal { deal: i32, next: i32 },
    /// A confirmed deal is changed only with a reason.
    CorrectionNeedsReason,
    /// A closed round's deal is changed only with a reason.
    ClosedNeedsReason,
    /// The referee cannot read the table's record.
    Malformed,
    /// An earlier deal of the record breaks a rule: `rule` is the referee's own sentence (worded
    /// by the rules engine in the write's language), `code` the rule's code for the log.
    BreaksRule {
        deal: u32,
        code: String,
        rule: String,
    },
    /// The corrected record breaks a rule.
    CorrectionBreaksRule,
    /// A rewrite that changes no deal.
    NothingChanged,
}

impl ScoringRefusal {
    pub fn message(&self) -> Message {
        match self {
            ScoringRefusal::NoSuchDeal { deal, next } => Message::with(
                "refusal-deal-no-such",
                &[("deal", deal.to_string()), ("next", next.to_string())],
            ),
            ScoringRefusal::CorrectionNeedsReason => Message::new("refusal-deal-needs-reason"),
            ScoringRefusal::ClosedNeedsReason => Message::new("refusal-deal-closed-needs-reason"),
            ScoringRefusal::Malformed => Message::new("refusal-deal-malformed"),
            ScoringRefusal::BreaksRule { deal, code, rule } => Message::with(
                "refusal-deal-breaks-rule",
                &[
                    ("deal", deal.to_string()),
                    ("rule", rule.clone()),
                    ("code", code.clone()),
                ],
            ),
            ScoringRefusal::CorrectionBreaksRule => {
                Message::new("refusal-deal-correction-breaks-rule")
            }
            ScoringRefusal::NothingChanged => Message::new("refusal-deal-nothing-changed"),
        }
    }
}

pub(super) fn samples() -> Vec<ScoringRefusal> {
    vec![
        ScoringRefusal::NoSuchDeal { deal: 9, next: 4 },
        ScoringRefusal::CorrectionNeedsReason,
        ScoringRefusal::ClosedNeedsReason,
        ScoringRefusal::Malformed,
        ScoringRefusal::BreaksRule {
            deal: 2,
            code: "W-3".into(),
            rule: "Wer den Trumpf ansagt, muss ihn bedienen.".into(),
        },
        ScoringRefusal::CorrectionBreaksRule,
        ScoringRefusal::NothingChanged,
    ]
}
