//! Voiding a deal that never happened: later deals move up one place (new versions), the
//! last place is withdrawn, one `deal_voided` audit event with the reason; refused without a
//! reason, when a later deal would then break a rule (named, in the referee's words), or
//! from a stale page; nothing stored then.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::versions;
use serde_json::{Value, json};

both_backends!(
    a_voided_deal_moves_the_later_deals_up_and_is_audited_with_its_reason,
    a_void_without_reason_or_breaking_a_later_deal_or_stale_stores_nothing,
);

fn quick(deals: &[(&str, i64)]) -> Vec<Value> {
    deals
        .iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect()
}

/// The table's current deal per place: (record, status), from the highest versions.
pub async fn current(app: &TestApp, table: TableId) -> Vec<(Value, String)> {
    let mut latest: std::collections::BTreeMap<i32, DealVersionRow> = Default::default();
    for v in versions(app, table).await {
        if latest.get(&v.deal_no).is_none_or(|o| o.version < v.version) {
            latest.insert(v.deal_no, v);
        }
    }
    latest
        .into_values()
        .map(|v| {
            (
                serde_json::from_str(&v.record).unwrap(),
                v.status.as_str().to_string(),
            )
        })
        .collect()
}

async fn post_void(d: &Desk, no: i32, version: &str, reason: &str) -> crate::common::Reply {
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    d.sepp
        .post(
            &format!("{}/deals/{no}/void", table_path(&d.slug, 1)),
            &[("csrf", &csrf), ("version", version), ("reason", reason)],
        )
        .await
}

async fn a_voided_deal_moves_the_later_deals_up_and_is_audited_with_its_reason(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    d.app
        .seed_deals(
            t1,
            quick(&[("A", 3), ("A", 4), ("B", 2), ("A", 4), ("A", 4)]),
        )
        .await;
    let before = d.app.standings(&d.slug).await;
    let page = d
        .sepp
        .get(&format!("{}/deals/2", table_path(&d.slug, 1)))
        .await;
    assert!(page.body.contains("id=\"void-form\""), "{}", page.body);
    let res = post_void(&d, 2, "1", "Spiel 2 wurde nie gespielt").await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let now = current(&d.app, t1).await;
    let confirmed: Vec<&Value> = now
        .iter()
        .filter(|(_, s)| s == "confirmed")
        .map(|(r, _)| r)
        .collect();
    assert_eq!(
        confirmed,
        quick(&[("A", 3), ("B", 2), ("A", 4), ("A", 4)])
            .iter()
            .collect::<Vec<_>>(),
        "deal 2 is gone, deals 3 to 5 moved up"
    );
    assert_eq!(now[4].1, "withdrawn", "the last place is free again");
    let moved = deal_rows(&d.app, t1, 1).await;
    assert_eq!(moved.last().unwrap().version, 2);
    assert_eq!(
        moved.last().unwrap().reason.as_deref(),
        Some("Spiel 2 wurde nie gespielt")
    );
    let events = audit_events(&d.app, &d.slug).await;
    let voided: Vec<_> = events
        .iter()
        .filter(|e| e.action == "deal_voided")
        .collect();
    assert_eq!(voided.len(), 1, "one event for the void");
    let detail: Value = serde_json::from_str(&voided[0].detail).unwrap();
    assert_eq!(
        (
            &detail["deal"],
            &detail["round"],
            &detail["table"],
            &detail["moved"]
        ),
        (&json!(2), &json!(1), &json!(1), &json!(3))
    );
    assert_eq!(voided[0].actor, "Sepp");
    // The standings follow: A reached 15 only with deal 2, so no game is won any more.
    let after = d.app.standings(&d.slug).await;
    assert_ne!(before, after);
    let table = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert!(table.body.contains("id=\"deal-4\""), "{}", table.body);
    assert!(!table.body.contains("id=\"deal-5\""), "{}", table.body);
}

async fn a_void_without_reason_or_breaking_a_later_deal_or_stale_stores_nothing(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    // Game 1: 3, 7, 11, 15 (over); game 2: 3, 7. Without deal 2, game 1 stands at 11 when
    // deal 5 (A 3) comes: 14:0, where A cannot write 4 (deal 6).
    d.app
        .seed_deals(
            t1,
            quick(&[("A", 3), ("A", 4), ("A", 4), ("A", 4), ("A", 3), ("A", 4)]),
        )
        .await;
    let res = post_void(&d, 2, "1", "  ").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        by_id(&res.body, "void-error")
            .unwrap()
            .contains("Begründung"),
        "{}",
        res.body
    );
    let res = post_void(&d, 2, "1", "Irrtum").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let message = by_id(&res.body, "void-error").unwrap();
    assert!(
        message.contains("Spiel 2 kann nicht gestrichen werden"),
        "{message}"
    );
    assert!(message.contains("Spiel 6"), "{message}");
    assert!(
        message.contains("Beim Stand 14:0 kann A in einem Spiel nicht 4 Punkte"),
        "{message}"
    );
    // A page drawn before another change: 409.
    let res = post_void(&d, 3, "7", "Irrtum").await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.body);
    assert_eq!(versions(&d.app, t1).await.len(), 6, "nothing stored");
    assert!(
        !audit_events(&d.app, &d.slug)
            .await
            .iter()
            .any(|e| e.action == "deal_voided")
    );
}
