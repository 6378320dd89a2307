//! A form sent twice (a double click, a resubmitted page) changes the record once: the
//! repeat with the same submission key is answered as the first was (back to the table),
//! a form drawn before the change (another key) is stale (409). A table holding
//! A, A, B lost B's neighbour too when `deals/1/void` with `version=1` came twice.

use super::model::Live;
use super::{Bench, key};
use crate::both_backends;
use crate::common::Backend;
use crate::tables::{audit_events, table_path};
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(
    a_repeated_void_removes_one_deal,
    a_repeated_undo_takes_back_one_deal,
    a_repeated_correction_stores_one_version,
);

fn a_a_b() -> Vec<Value> {
    vec![
        json!({"winner": "A", "points": 3}),
        json!({"winner": "A", "points": 3}),
        json!({"winner": "B", "points": 2}),
    ]
}

async fn void(bench: &Bench, no: i32, version: &str, key: &str) -> StatusCode {
    let path = format!("{}/deals/{no}/void", table_path(&bench.d.slug, 1));
    let fields = [
        ("csrf", bench.desk_csrf.as_str()),
        ("version", version),
        ("reason", "doppelt eingetragen"),
        ("key", key),
    ];
    let res = bench.d.sepp.post(&path, &fields).await;
    assert!(!res.body.contains("<h1>Fehler"), "{}", res.body);
    res.status
}

async fn count(bench: &Bench, action: &str) -> usize {
    let events = audit_events(bench.app(), &bench.d.slug).await;
    events.iter().filter(|e| e.action == action).count()
}

async fn a_repeated_void_removes_one_deal(backend: Backend) {
    let bench = Bench::new(&backend).await;
    bench.app().seed_deals(bench.table, a_a_b()).await;
    let k = key();
    assert_eq!(void(&bench, 1, "1", &k).await, StatusCode::SEE_OTHER);
    let left = vec![a_a_b()[1].clone(), a_a_b()[2].clone()];
    assert_eq!(bench.live().await.records(), left);
    // The same form again: already done, nothing more removed.
    assert_eq!(void(&bench, 1, "1", &k).await, StatusCode::SEE_OTHER);
    assert_eq!(bench.live().await.records(), left);
    // The same page's form without its key (or a page drawn before the void): stale.
    assert_eq!(void(&bench, 1, "1", &key()).await, StatusCode::CONFLICT);
    assert_eq!(void(&bench, 1, "1", "").await, StatusCode::CONFLICT);
    assert_eq!(bench.live().await.records(), left);
    assert_eq!(count(&bench, "deal_voided").await, 1);
}

async fn undo(bench: &Bench, deal_no: i32, version: i32, key: &str) -> StatusCode {
    let fields = [
        ("csrf", bench.scorer_csrf.as_str()),
        ("deal_no", &deal_no.to_string()),
        ("version", &version.to_string()),
        ("key", key),
    ];
    let res = bench
        .scorer
        .post(&format!("/s/{}/undo", bench.token), &fields)
        .await;
    res.status
}

async fn a_repeated_undo_takes_back_one_deal(backend: Backend) {
    let bench = Bench::new(&backend).await;
    let before: Live = bench.prepare().await;
    let last = before.deals.len() as i32 - 1;
    let version = before.deals[last as usize].version;
    let k = key();
    assert_eq!(undo(&bench, last, version, &k).await, StatusCode::SEE_OTHER);
    let after = bench.live().await;
    assert_eq!(after.deals.len(), before.deals.len() - 1);
    // The same form again: already done, back to the table.
    assert_eq!(undo(&bench, last, version, &k).await, StatusCode::SEE_OTHER);
    assert_eq!(bench.live().await, after);
    // Another form drawn from the same page: stale.
    assert_eq!(
        undo(&bench, last, version, &key()).await,
        StatusCode::CONFLICT
    );
    assert_eq!(bench.live().await, after);
}

async fn a_repeated_correction_stores_one_version(backend: Backend) {
    let bench = Bench::new(&backend).await;
    bench.app().seed_deals(bench.table, a_a_b()).await;
    let path = format!("{}/deals/2/save", table_path(&bench.d.slug, 1));
    let k = key();
    let deal = json!({"winner": "B", "points": 3}).to_string();
    let fields = [
        ("csrf", bench.desk_csrf.as_str()),
        ("deal", deal.as_str()),
        ("based_on", "1"),
        ("key", k.as_str()),
        ("reason", "falsch eingetragen"),
    ];
    for _ in 0..2 {
        let res = bench.d.sepp.post(&path, &fields).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    }
    let live = bench.live().await;
    assert_eq!(live.deals[1].version, 2, "one new version");
    assert_eq!(live.deals[1].record, json!({"winner": "B", "points": 3}));
}
