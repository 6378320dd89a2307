//! The referee's word on a table's record with one more deal: whole, not finished yet, or
//! broken. The record before the deal is written out once; each judged deal is spliced in.

use crate::rules::common::{ErrorCode, Lang};
use crate::rules::record::Malformed;
use crate::rules::{Report, referee};
use serde_json::Value;

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
    /// The record's text up to the deals' closing bracket, e.g. `{"game":..,"deals":[d0,d1`.
    head: String,
    deals: usize,
    /// The referee's result over the record as it stands (the live deals).
    pub before: Report,
    pub lang: Lang,
}

impl Table {
    /// Reads the table's record (the frame with its live deals); `Err` when it is malformed.
    pub fn new(record: &Value, lang: Lang) -> Result<Table, Malformed> {
        let before = referee(&record.to_string(), lang)?;
        let deals = record["deals"].as_array().map_or(0, Vec::len);
        let mut frame = record.clone();
        if let Value::Object(map) = &mut frame {
            map.remove("deals");
        }
        let mut head = frame.to_string();
        head.pop(); // the closing brace
        if head.len() > 1 {
            head.push(',');
        }
        head.push_str("\"deals\":[");
        for (i, d) in record["deals"].as_array().into_iter().flatten().enumerate() {
            if i > 0 {
                head.push(',');
            }
            head.push_str(&d.to_string());
        }
        Ok(Table {
            head,
            deals,
            before,
            lang,
        })
    }

    /// Referees the record with `deal` as the next deal; no deal yet is incomplete.
    pub fn judge(&self, deal: Option<&Value>) -> Verdict {
        let Some(deal) = deal else {
            return Verdict::Incomplete;
        };
        let mut text = self.head.clone();
        if self.deals > 0 {
            text.push(',');
        }
        text.push_str(&deal.to_string());
        text.push_str("]}");
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

fn broken(v: &crate::rules::Violation) -> Verdict {
    Verdict::Broken {
        code: v.code.as_str(),
        message: v.message.clone(),
        event: v.event,
    }
}
