//! Every pair of table-changing requests at once, `KARTL_RACE_TRIALS` times each (default
//! 25): the scorer's save and undo, the secretary's void and correction, each drawn from the
//! record as it was before the trial (the last deal, pending). After each trial the record
//! must be what the acknowledged requests make of it one after the other (`model`): an
//! acknowledged deal is where it was acknowledged, or removed by an acknowledged undo or void
//! of exactly that deal.

use super::model::{Live, Op, explains};
use super::{Bench, at_once, backend_name, key};
use crate::both_backends;
use crate::common::Backend;
use std::sync::Arc;

both_backends!(every_pair_of_table_changes_at_once_keeps_every_acknowledged_deal);

const KINDS: [&str; 4] = ["save", "undo", "void", "correct"];

/// The request of `kind` drawn from `before` (one or two live deals, the last pending).
fn op(bench: &Bench, kind: &str, before: &Live) -> Op {
    let last = before.deals.len() - 1;
    let (deal_no, version) = (last as i32, before.deals[last].version);
    match kind {
        "save" => Op::Save {
            based_on: before.deals.len() as i32,
            deal: bench.next_deal(),
            key: key(),
        },
        "undo" => Op::Undo { deal_no, version },
        "void" => Op::Void {
            deal_no,
            version,
            key: key(),
        },
        _ => Op::Correct {
            deal_no,
            version,
            deal: bench.next_deal(),
            key: key(),
        },
    }
}

async fn every_pair_of_table_changes_at_once_keeps_every_acknowledged_deal(backend: Backend) {
    let trials: usize = std::env::var("KARTL_RACE_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25);
    let bench = Arc::new(Bench::new(&backend).await);
    let started = std::time::Instant::now();
    let mut failures = Vec::new();
    for (i, a) in KINDS.iter().enumerate() {
        for b in &KINDS[i..] {
            // `KARTL_RACE_PAIR=save/void` runs that pair only.
            let pair = format!("{a}/{b}");
            if std::env::var("KARTL_RACE_PAIR").is_ok_and(|p| p != pair) {
                continue;
            }
            let mut failed = 0;
            let mut example = None;
            for _ in 0..trials {
                let before = bench.prepare().await;
                let (x, y) = (op(&bench, a, &before), op(&bench, b, &before));
                let (done_x, done_y) = at_once(&bench, x.clone(), y.clone()).await;
                let after = bench.live().await;
                let done: Vec<&Op> = [(done_x, &x), (done_y, &y)]
                    .into_iter()
                    .filter_map(|(d, op)| d.then_some(op))
                    .collect();
                if !explains(&before, &done, &after) {
                    failed += 1;
                    example.get_or_insert_with(|| {
                        format!(
                            "before {:?}\nacknowledged {done:?}\nafter {:?}",
                            before.records(),
                            after.records()
                        )
                    });
                }
            }
            eprintln!(
                "races ({}): {a}/{b}: {failed} of {trials} trials lost or misplaced a change",
                backend_name(&backend)
            );
            if let Some(example) = example {
                failures.push(format!("{a}/{b}: {failed} of {trials}, e.g.\n{example}"));
            }
        }
    }
    eprintln!(
        "races ({}): {:.1} s",
        backend_name(&backend),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
