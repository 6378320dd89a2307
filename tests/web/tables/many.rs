//! Several deals of a table corrected in one step: the form holds each stored deal; the
//! whole record with all changes is refereed together (a change that breaks a later deal
//! alone passes with that deal corrected too); nothing stored unless all pass; one
//! `deals_corrected` audit event naming the deals; a retry stores nothing new.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::versions;
use serde_json::{Value, json};

both_backends!(
    several_deals_are_checked_together_and_stored_together_with_one_audit_event,
    a_multi_correction_without_reason_or_change_or_with_a_bad_field_stores_nothing,
);

fn quick(w: &str, p: i64) -> String {
    json!({"winner": w, "points": p}).to_string()
}

const SEEDED: [(&str, i64); 5] = [("A", 3), ("B", 2), ("A", 4), ("A", 4), ("A", 4)];

async fn seeded(backend: &Backend) -> (Desk, TableId) {
    let d = desk(backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    let deals = SEEDED
        .iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect();
    d.app.seed_deals(t1, deals).await;
    (d, t1)
}

/// Posts the form with every deal as stored except `changed`, and `reason`, `key`.
async fn post_many(
    d: &Desk,
    changed: &[(usize, String)],
    reason: &str,
    key: &str,
) -> crate::common::Reply {
    let path = format!("{}/correct", table_path(&d.slug, 1));
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let mut fields: Vec<(String, String)> = vec![
        ("csrf".into(), csrf),
        ("reason".into(), reason.into()),
        ("key".into(), key.into()),
    ];
    for (i, (w, p)) in SEEDED.iter().enumerate() {
        let no = i + 1;
        let deal = changed
            .iter()
            .find(|(n, _)| *n == no)
            .map_or_else(|| quick(w, *p), |(_, d)| d.clone());
        fields.push((format!("deal-{no}"), deal));
        fields.push((format!("version-{no}"), "1".into()));
    }
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    d.sepp.post(&path, &refs).await
}

async fn several_deals_are_checked_together_and_stored_together_with_one_audit_event(
    backend: Backend,
) {
    let (d, t1) = seeded(&backend).await;
    let page = d
        .sepp
        .get(&format!("{}/correct", table_path(&d.slug, 1)))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // Each field holds the stored deal.
    let field = by_id(&page.body, "many-field-2").unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&field).unwrap(),
        json!({"winner": "B", "points": 2})
    );
    let key = between(&page.body, "name=\"key\" value=\"", "\"").unwrap();
    // Deal 1 as A 5 alone: A stands at 13:2 before deal 5 and cannot write 4 there.
    let res = post_many(&d, &[(1, quick("A", 5))], "Zettel", &key).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let message = by_id(&res.body, "many-error").unwrap();
    assert!(message.contains("Spiel 5"), "{message}");
    assert!(message.contains("Beim Stand 13:2"), "{message}");
    assert_eq!(versions(&d.app, t1).await.len(), 5, "nothing stored");
    // Together with deal 5 as A 3 the record keeps the rules: both stored.
    let both = [(1, quick("A", 5)), (5, quick("A", 3))];
    let res = post_many(&d, &both, "Zettel falsch gelesen", &key).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for (deal_no, expected) in [
        (0, json!({"winner": "A", "points": 5})),
        (4, json!({"winner": "A", "points": 3})),
    ] {
        let rows = deal_rows(&d.app, t1, deal_no).await;
        let new = rows.last().unwrap();
        assert_eq!((new.version, new.status.as_str()), (2, "confirmed"));
        assert_eq!(new.reason.as_deref(), Some("Zettel falsch gelesen"));
        assert_eq!(
            serde_json::from_str::<Value>(&new.record).unwrap(),
            expected
        );
    }
    assert_eq!(
        versions(&d.app, t1).await.len(),
        7,
        "the unchanged deals keep their version"
    );
    let events = audit_events(&d.app, &d.slug).await;
    let corrected: Vec<_> = events
        .iter()
        .filter(|e| e.action == "deals_corrected")
        .collect();
    assert_eq!(corrected.len(), 1);
    let detail: Value = serde_json::from_str(&corrected[0].detail).unwrap();
    assert_eq!(detail["deals"], json!([1, 5]));
    assert_eq!(
        corrected[0].reason.as_deref(),
        Some("Zettel falsch gelesen")
    );
    // A retry of the same form: the same answer, nothing new.
    let res = post_many(&d, &both, "Zettel falsch gelesen", &key).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(versions(&d.app, t1).await.len(), 7);
}

async fn a_multi_correction_without_reason_or_change_or_with_a_bad_field_stores_nothing(
    backend: Backend,
) {
    let (d, t1) = seeded(&backend).await;
    let both = [(1, quick("A", 5)), (5, quick("A", 3))];
    let res = post_many(&d, &both, " ", &key()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        by_id(&res.body, "many-error")
            .unwrap()
            .contains("Begründung")
    );
    let res = post_many(&d, &[], "Zettel", &key()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        by_id(&res.body, "many-error")
            .unwrap()
            .contains("Kein Spiel")
    );
    let res = post_many(&d, &[(3, "A vier".into())], "Zettel", &key()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(by_id(&res.body, "many-error").unwrap().contains("Spiel 3"));
    assert_eq!(versions(&d.app, t1).await.len(), 5, "nothing stored");
    assert!(
        !audit_events(&d.app, &d.slug)
            .await
            .iter()
            .any(|e| e.action == "deals_corrected")
    );
}
