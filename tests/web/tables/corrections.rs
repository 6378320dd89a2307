//! Corrections: a new version with a reason and its audit event; refused without a reason or
//! when a later deal would break a rule; a stale form is 409 with both deals; a retry with the
//! same key answers as the first time.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::{almost_a_game, versions};
use serde_json::{Value, json};

both_backends!(
    a_correction_with_a_reason_is_a_new_version_with_old_and_new_in_the_audit,
    a_correction_without_a_reason_is_refused,
    a_correction_that_breaks_a_later_deal_is_refused_with_the_referees_message,
    a_stale_correction_is_a_conflict_showing_both_deals,
    a_retried_correction_returns_the_first_answer_and_stores_one_version,
);

/// The correction page's check of a quick deal for deal `no`: the answer.
async fn check_correction(d: &Desk, no: i32, winner: &str, pts: &str) -> crate::common::Reply {
    let page = format!("{}/deals/{no}", table_path(&d.slug, 1));
    check_at(
        &d.sepp,
        &page,
        &format!("{page}/check"),
        &[("mode", "quick"), ("winner", winner), ("points", pts)],
    )
    .await
}

async fn a_correction_with_a_reason_is_a_new_version_with_old_and_new_in_the_audit(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let page = d
        .sepp
        .get(&format!("{}/deals/1", table_path(&d.slug, 1)))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // The stored deal in the pad's words (the codes "A 3", "tricks B" before).
    assert_eq!(
        by_id(&page.body, "correct-current").unwrap().trim(),
        "A schreibt 3"
    );
    assert_eq!(by_id(&page.body, "correct-version").as_deref(), Some("1"));
    let res = check_correction(&d, 1, "B", "3").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert!(res.body.contains("name=\"reason\""), "{}", res.body);
    assert!(res.body.contains("B schreibt 3, Stand 0:3"), "{}", res.body);
    let c = preview(&res.body);
    assert_eq!(c.based_on, "1", "drawn from version 1");
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let res = post_correction(
        &d.sepp,
        &csrf,
        &d.slug,
        1,
        1,
        &c.deal,
        1,
        "Zettel falsch gelesen",
        &c.key,
    )
    .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = deal_rows(&d.app, t1, 0).await;
    assert_eq!(rows.len(), 2);
    let new = &rows[1];
    assert_eq!(
        (new.version, new.status.as_str(), new.source.as_str()),
        (2, "confirmed", "secretary")
    );
    assert_eq!(new.reason.as_deref(), Some("Zettel falsch gelesen"));
    assert_eq!(
        serde_json::from_str::<Value>(&new.record).unwrap(),
        json!({"winner": "B", "points": 3})
    );
    let events = audit_events(&d.app, &d.slug).await;
    let event = events
        .iter()
        .find(|e| e.deal_version_id == Some(new.id))
        .expect("an audit event for the new version");
    assert_eq!(event.actor, "Sepp");
    assert_eq!(event.reason.as_deref(), Some("Zettel falsch gelesen"));
    assert_eq!(event.ip.as_deref(), Some("127.0.0.1"));
    // The table's log shows the deal before and after.
    let log = d
        .sepp
        .get(&format!("{}/audit", table_path(&d.slug, 1)))
        .await;
    assert_eq!(log.status, StatusCode::OK);
    let first = between(&log.body, "class=\"audit-event\">", "</li>").unwrap();
    assert!(
        first.contains("<dd class=\"old\">A schreibt 3</dd>"),
        "{first}"
    );
    assert!(
        first.contains("<dd class=\"new\">B schreibt 3</dd>"),
        "{first}"
    );
    assert!(first.contains("Zettel falsch gelesen"), "{first}");
    let table = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert!(
        table.body.contains("B schreibt 3, Stand 0:3"),
        "{}",
        table.body
    );
}

async fn a_correction_without_a_reason_is_refused(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let c = preview(&check_correction(&d, 1, "B", "3").await.body);
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    for reason in ["", "   "] {
        let res = post_correction(&d.sepp, &csrf, &d.slug, 1, 1, &c.deal, 1, reason, &c.key).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
        assert!(
            by_id(&res.body, "score-error")
                .unwrap()
                .contains("Begründung")
        );
        // The preview stays, with the same key, for the reason to be added.
        assert_eq!(preview(&res.body).key, c.key);
    }
    let long = "x".repeat(501);
    let res = post_correction(&d.sepp, &csrf, &d.slug, 1, 1, &c.deal, 1, &long, &c.key).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(deal_rows(&d.app, t1, 0).await.len(), 1, "nothing stored");
}

async fn a_correction_that_breaks_a_later_deal_is_refused_with_the_referees_message(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    // A wrote 3, 4, 4: with 5 instead of 3 A stands at 13:2 (gestrichen) before the fifth deal,
    // and cannot write 4 there.
    let c = desk_check_quick(&d.sepp, &d.slug, 1, "A", "4").await;
    assert_eq!(
        desk_save(&d.sepp, &d.slug, 1, &c).await.status,
        StatusCode::SEE_OTHER
    );
    let res = check_correction(&d, 1, "A", "5").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let message = by_id(&res.body, "score-error").unwrap();
    assert!(message.contains("Spiel 5"), "{message}");
    assert!(
        message.contains("Beim Stand 13:2 kann A in einem Spiel nicht 4 Punkte"),
        "{message}"
    );
    // Posted directly, the same refusal; nothing stored.
    let deal = json!({"winner": "A", "points": 5}).to_string();
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let res = post_correction(&d.sepp, &csrf, &d.slug, 1, 1, &deal, 1, "Irrtum", &key()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(by_id(&res.body, "score-error").unwrap().contains("Spiel 5"));
    assert_eq!(versions(&d.app, t1).await.len(), 5, "nothing stored");
}

async fn a_stale_correction_is_a_conflict_showing_both_deals(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let first = preview(&check_correction(&d, 1, "B", "3").await.body);
    let second = preview(&check_correction(&d, 1, "A", "2").await.body);
    assert_eq!(
        (first.based_on.as_str(), second.based_on.as_str()),
        ("1", "1")
    );
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let res = post_correction(
        &d.sepp,
        &csrf,
        &d.slug,
        1,
        1,
        &first.deal,
        1,
        "eins",
        &first.key,
    )
    .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let res = post_correction(
        &d.sepp,
        &csrf,
        &d.slug,
        1,
        1,
        &second.deal,
        1,
        "zwei",
        &second.key,
    )
    .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.body);
    assert_eq!(by_id(&res.body, "conflict-stored").as_deref(), Some("B 3"));
    assert_eq!(
        by_id(&res.body, "conflict-attempted").as_deref(),
        Some("A 2")
    );
    assert_eq!(by_id(&res.body, "conflict-version").as_deref(), Some("2"));
    let rows = deal_rows(&d.app, t1, 0).await;
    assert_eq!(rows.len(), 2, "never an overwrite");
    assert!(rows[1].record.contains("\"B\""));
}

async fn a_retried_correction_returns_the_first_answer_and_stores_one_version(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let c = preview(&check_correction(&d, 1, "B", "3").await.body);
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let one = post_correction(&d.sepp, &csrf, &d.slug, 1, 1, &c.deal, 1, "Zettel", &c.key).await;
    let two = post_correction(&d.sepp, &csrf, &d.slug, 1, 1, &c.deal, 1, "Zettel", &c.key).await;
    assert_eq!(one.status, StatusCode::SEE_OTHER, "{}", one.body);
    assert_eq!((two.status, two.location()), (one.status, one.location()));
    assert_eq!(
        deal_rows(&d.app, t1, 0).await.len(),
        2,
        "one new version for two sends"
    );
    let events = audit_events(&d.app, &d.slug).await;
    assert_eq!(
        events
            .iter()
            .filter(|e| e.reason.as_deref() == Some("Zettel"))
            .count(),
        1
    );
    // The key is spent on deal 1: on another deal it is a conflict, and stores nothing.
    let res = post_correction(&d.sepp, &csrf, &d.slug, 1, 2, &c.deal, 1, "Zettel", &c.key).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(deal_rows(&d.app, t1, 1).await.len(), 1);
}
