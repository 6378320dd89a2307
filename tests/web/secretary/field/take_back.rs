//! A round taken back (undrawn) before its first deal, and refused after it.

use super::*;

both_backends!(a_round_is_taken_back_before_its_first_deal_and_not_after);

async fn a_round_is_taken_back_before_its_first_deal_and_not_after(
    backend: crate::common::Backend,
) {
    let (app, sepp, slug) = six_teams(&backend).await;
    let round = format!("/t/{slug}/rounds/1");
    let page = sepp.get(&round).await;
    assert!(page.body.contains("id=\"undraw-form\""), "{}", page.body);
    let res = sepp
        .submit(&round, &format!("/t/{slug}/rounds/1/undraw"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let d = stored(&app, &slug).await;
    assert!(d.rounds.is_empty());
    assert_eq!(d.tournament.status, Status::Setup);
    assert_eq!(sepp.get(&round).await.status, StatusCode::NOT_FOUND);
    let events = audit(&app, &slug).await;
    let undrawn = detail_of(&events, "round_undrawn");
    assert_eq!(undrawn["round"], json!(1));
    assert_eq!(undrawn["tables"], json!(3));
    // Entrants are entered as before a draw (no late mark), and the round is drawn again.
    enter_late_team(&sepp, &slug).await;
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let d = stored(&app, &slug).await;
    assert!(d.marks.0.is_empty());
    assert_eq!(d.tournament.status, Status::Running);
    assert_eq!(drawn(&d, 1).len(), 7);

    // After a deal is stored the round stands, and the page says why.
    app.seed_deals(
        d.rounds[0].tables[0].id,
        vec![json!({"winner": "A", "points": 2})],
    )
    .await;
    assert!(!sepp.get(&round).await.body.contains("id=\"undraw-form\""));
    let res = sepp
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/rounds/1/undraw"),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(res.body.contains("Die Runde hat begonnen"), "{}", res.body);
    assert_eq!(stored(&app, &slug).await.rounds.len(), 1);
    // Only the last round can be taken back.
    let res = sepp
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/rounds/2/undraw"),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.body.contains("Nur die zuletzt ausgeloste Runde"),
        "{}",
        res.body
    );
}
