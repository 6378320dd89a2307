//! The referee's word on a table's record with one more deal: whole, not finished yet, or
//! broken. The record before the deal is written out once; each judged deal is spliced in.

use crate::rules::common::{ErrorCode, Lang};
use crate::rules::record::Malformed;
use crate::rules::{Record, Report, referee, referee_record};
use serde::Serialize;

/// The referee's word on the table's record with one more deal.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The deal is whole and keeps the rules.
    Complete(Report),
    /// Nothing broken so far, but the deal is not finished.
    Incomplete,
    /// A broken rule: its code, message and the deal's event (None: the whole deal).
    Broken {
        code: &'static str,
        message: String,
        event: Option<usize>,
    },
}

/// The table's record and what refereeing it once gave.
pub struct Table {
    /// The record's text up to the deals' closing bracket, e.g. `{"deals":[d0,d1`.
    head: String,
    /// The rest of it from that bracket on, e.g. `],"game":"watten"}`.
    tail: String,
    deals: usize,
    /// The referee's result over the record as it stands (the live deals).
    pub before: Report,
    pub lang: Lang,
}

impl Table {
    /// Reads the table's record (the frame with its live deals); `Err` when it is malformed.
    pub fn new(record: &Record, lang: Lang) -> Result<Table, Malformed> {
        let before = referee_record(record, lang)?;
        // A record writes its deals first (`{"deals":[d0,d1],"game":..}`), so the deals'
        // closing bracket is where the deal list written on its own ends.
        let text = record.to_json();
        let list = serde_json::to_string(&record.deals).unwrap_or_default();
        let at = text.find("[").unwrap_or(0) + list.len().saturating_sub(1);
        let (head, tail) = text.split_at(at.min(text.len()));
        Ok(Table {
            head: head.to_string(),
            tail: tail.to_string(),
            deals: record.deals.len(),
            before,
            lang,
        })
    }

    /// Referees the record with `deal` as the next deal; no deal yet is incomplete.
    pub fn judge<D: Serialize>(&self, deal: Option<&D>) -> Verdict {
        match deal {
            Some(deal) => self.judge_text(&text(deal)),
            None => Verdict::Incomplete,
        }
    }

    /// [`Table::judge`] of a deal written already ([`text`]): the record's text is the
    /// table's with the deal spliced in, so the deals before it are not written again.
    pub fn judge_text(&self, deal: &str) -> Verdict {
        let mut text = self.head.clone();
        if self.deals > 0 {
            text.push(',');
        }
        text.push_str(deal);
        text.push_str(&self.tail);
        let report = match referee(&text, self.lang) {
            Ok(report) => report,
            Err(m) => {
                return Verdict::Broken {
                    code: "malformed",
                    message: m.to_string(),
                    event: None,
                };
            }
        };
        match report.violations().first() {
            None => Verdict::Complete(report),
            Some(v) if v.deal == self.deals && v.code == ErrorCode::DealIncomplete => {
                if v.event.is_none() {
                    Verdict::Incomplete
                } else {
                    broken(v)
                }
            }
            // The stored record itself breaks a rule (a secretary's correction): no deal can
            // be checked after it.
            Some(v) if v.deal < self.deals => Verdict::Broken {
                code: v.code.as_str(),
                message: v.message.clone(),
                event: None,
            },
            Some(v) => broken(v),
        }
    }
}

/// A deal as the record writes it (compact, keys sorted). A deal's types are strings, numbers,
/// lists and maps with string keys, which serde_json always writes; were that ever to fail,
/// the empty text makes the record malformed for the referee rather than panic.
pub fn text<D: Serialize>(deal: &D) -> String {
    serde_json::to_string(deal).unwrap_or_default()
}

fn broken(v: &crate::rules::Violation) -> Verdict {
    Verdict::Broken {
        code: v.code.as_str(),
        message: v.message.clone(),
        event: v.event,
    }
}
