//! Two secretaries correct the same confirmed deal at once, each drawing every
//! correction from the version they last saw. Every accepted write is a new version with its
//! audit event, every other answer is 409, and no version number repeats.
//!
//! `KARTL_CONCURRENT_CORRECTIONS` sets the count per secretary (default 500).
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::almost_a_game;
use std::collections::BTreeSet;

both_backends!(two_secretaries_correct_the_same_deal_at_once);

/// What one secretary's run saw: the versions their writes created, and the 409s.
struct Run {
    created: Vec<i32>,
    conflicts: usize,
}

async fn correct_many(b: Browser, slug: String, who: &'static str, count: usize) -> Run {
    let csrf = csrf_of(&b, &slug).await;
    let mut seen = 1;
    let mut run = Run {
        created: Vec::new(),
        conflicts: 0,
    };
    for i in 0..count {
        // A writes 2, 3 or 4 in the first deal: every one keeps the later deals valid.
        let points = 2 + (i % 3);
        let deal = serde_json::json!({"winner": "A", "points": points}).to_string();
        let reason = format!("{who} {i}");
        let res = post_correction(&b, &csrf, &slug, 1, 1, &deal, seen, &reason, &key()).await;
        match res.status {
            StatusCode::SEE_OTHER => {
                seen += 1;
                run.created.push(seen);
            }
            StatusCode::CONFLICT => {
                run.conflicts += 1;
                seen = by_id(&res.body, "conflict-version")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("a conflict names the stored version: {}", res.body));
            }
            other => panic!("{who} {i}: {other} {}", res.body),
        }
    }
    run
}

async fn two_secretaries_correct_the_same_deal_at_once(backend: Backend) {
    let count: usize = std::env::var("KARTL_CONCURRENT_CORRECTIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let resi = crate::secretary::secretary(&d.app, &d.admin, "Resi").await;
    let started = std::time::Instant::now();
    let (a, b) = tokio::join!(
        tokio::spawn(correct_many(d.sepp, d.slug.clone(), "Sepp", count)),
        tokio::spawn(correct_many(resi, d.slug.clone(), "Resi", count)),
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    let took = started.elapsed();

    let accepted = a.created.len() + b.created.len();
    let conflicts = a.conflicts + b.conflicts;
    assert_eq!(accepted + conflicts, 2 * count);
    // Every accepted answer names a version no other answer names.
    let claimed: BTreeSet<i32> = a.created.iter().chain(&b.created).copied().collect();
    assert_eq!(claimed.len(), accepted, "a version claimed twice");
    // In the database: versions 1..=N without gap or repeat, N = 1 + accepted, each with
    // exactly one audit event; the accepted ones are exactly 2..=N.
    let rows = deal_rows(&d.app, t1, 0).await;
    let numbers: Vec<i32> = rows.iter().map(|r| r.version).collect();
    let n = 1 + accepted as i32;
    assert_eq!(numbers, (1..=n).collect::<Vec<_>>());
    assert_eq!(claimed, (2..=n).collect::<BTreeSet<_>>());
    let events = audit_events(&d.app, &d.slug).await;
    for row in &rows {
        let count = events
            .iter()
            .filter(|e| e.deal_version_id == Some(row.id))
            .count();
        assert_eq!(count, 1, "version {} has {count} audit events", row.version);
    }
    assert!(
        rows[1..]
            .iter()
            .all(|r| r.reason.is_some() && r.status.as_str() == "confirmed")
    );
    eprintln!(
        "concurrent corrections ({}): 2 x {count}: {accepted} stored, {conflicts} x 409, {:.1} s",
        if d.app.db.path().is_some() {
            "sqlite"
        } else {
            "postgres"
        },
        took.as_secs_f64()
    );
}
