//! What the record may be after a trial: the record before it with the acknowledged requests
//! applied one after the other, in some order, each only where the form it came from still
//! holds (the place it names unchanged since, an undo on the last deal, a save at the end).

use kartl::db::models::{DealStatus, DealVersionRow};
use serde_json::Value;
use std::collections::BTreeMap;

/// A request that changes the table's deals, with what its form was drawn from.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// The scorer saves `deal` as the next after `based_on` deals.
    Save {
        based_on: i32,
        deal: Value,
        key: String,
    },
    /// The scorer takes back deal `deal_no` shown at `version`.
    Undo { deal_no: i32, version: i32 },
    /// The secretary voids deal `deal_no` shown at `version`.
    Void {
        deal_no: i32,
        version: i32,
        key: String,
    },
    /// The secretary corrects deal `deal_no` shown at `version` to `deal`.
    Correct {
        deal_no: i32,
        version: i32,
        deal: Value,
        key: String,
    },
}

/// One live deal as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    pub version: i32,
    pub confirmed: bool,
    pub record: Value,
}

/// The table's live record: from place 0 up to the first withdrawn or missing place.
#[derive(Debug, Clone, PartialEq)]
pub struct Live {
    pub deals: Vec<Deal>,
}

impl Live {
    pub fn of(versions: &[DealVersionRow]) -> Live {
        let mut latest: BTreeMap<i32, &DealVersionRow> = BTreeMap::new();
        for v in versions {
            if latest.get(&v.deal_no).is_none_or(|o| o.version < v.version) {
                latest.insert(v.deal_no, v);
            }
        }
        let mut deals = Vec::new();
        for (no, v) in latest {
            if no != deals.len() as i32 || v.status == DealStatus::Withdrawn {
                break;
            }
            deals.push(Deal {
                version: v.version,
                confirmed: v.status == DealStatus::Confirmed,
                record: serde_json::from_str(&v.record).unwrap(),
            });
        }
        Live { deals }
    }

    pub fn records(&self) -> Vec<Value> {
        self.deals.iter().map(|d| d.record.clone()).collect()
    }
}

/// The record as the model keeps it: each place's deal and whether its place changed since
/// the trial began (a form drawn before then no longer holds there).
#[derive(Clone)]
struct State {
    deals: Vec<(Value, bool)>,
}

impl State {
    /// Applies `op` if its form still holds; `None` when it cannot have been done now.
    fn apply(&self, op: &Op) -> Option<State> {
        let mut deals = self.deals.clone();
        let untouched = |no: i32| {
            usize::try_from(no)
                .ok()
                .and_then(|i| deals.get(i))
                .is_some_and(|(_, touched)| !touched)
        };
        match op {
            Op::Save { based_on, deal, .. } => {
                (*based_on as usize == deals.len()).then_some(())?;
                deals.push((deal.clone(), true));
            }
            Op::Undo { deal_no, .. } => {
                (untouched(*deal_no) && *deal_no as usize + 1 == deals.len()).then_some(())?;
                deals.pop();
            }
            Op::Void { deal_no, .. } => {
                untouched(*deal_no).then_some(())?;
                deals.remove(*deal_no as usize);
                for d in deals.iter_mut().skip(*deal_no as usize) {
                    d.1 = true;
                }
            }
            Op::Correct { deal_no, deal, .. } => {
                untouched(*deal_no).then_some(())?;
                deals[*deal_no as usize] = (deal.clone(), true);
            }
        }
        Some(State { deals })
    }

    fn records(&self) -> Vec<Value> {
        self.deals.iter().map(|(r, _)| r.clone()).collect()
    }
}

/// Whether `after` is the record `before` becomes by the `done` requests in some order.
pub fn explains(before: &Live, done: &[&Op], after: &Live) -> bool {
    let start = State {
        deals: before
            .deals
            .iter()
            .map(|d| (d.record.clone(), false))
            .collect(),
    };
    // The same form twice (two undos of one deal at one version) is one change.
    let done = match done {
        [a, b] if a == b => &done[..1],
        _ => done,
    };
    let orders: Vec<Vec<&Op>> = match done {
        [] => vec![vec![]],
        [a] => vec![vec![a]],
        [a, b] => vec![vec![a, b], vec![b, a]],
        _ => unreachable!("two requests per trial"),
    };
    let want = after.records();
    orders.iter().any(|order| {
        order
            .iter()
            .try_fold(start.clone(), |s, op| s.apply(op))
            .is_some_and(|end| end.records() == want)
    })
}
