//! "Alle bestätigen": at a round's close and before the finish, the tables whose deals wait
//! are named, and one tap confirms them all: one version and one audit event per deal that
//! waited, nothing the second time.

use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::{check_quick, save};

both_backends!(
    closing_a_round_names_the_waiting_tables_and_confirms_them_all_at_one_tap,
    before_the_finish_the_waiting_deals_of_closed_rounds_are_named_and_confirmed,
);

/// Each table's scorer saves one deal, which waits for the other side.
async fn one_waiting_deal_per_table(d: &Desk) {
    for (_, token) in &d.tables {
        let phone = d.app.browser();
        let c = check_quick(&phone, token, "A", "2").await;
        assert_eq!(save(&phone, token, &c).await.status, StatusCode::SEE_OTHER);
    }
}

async fn deal_versions(d: &Desk) -> usize {
    let mut n = 0;
    for (table, _) in &d.tables {
        n += crate::score::versions(&d.app, *table).await.len();
    }
    n
}

async fn closing_a_round_names_the_waiting_tables_and_confirms_them_all_at_one_tap(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    one_waiting_deal_per_table(&d).await;
    let round = format!("/t/{}/rounds/1", d.slug);
    let res = d.sepp.submit(&round, &format!("{round}/close"), &[]).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    let list = between(&res.body, "id=\"close-waiting\">", "</ul>").unwrap();
    assert!(list.contains("Tisch 1 ("), "{list}");
    assert!(list.contains("Tisch 2 ("), "{list}");
    assert!(list.contains("1 Spiel wartet"), "{list}");
    assert!(res.body.contains("Alle bestätigen"));

    let before = (
        deal_versions(&d).await,
        audit_events(&d.app, &d.slug).await.len(),
    );
    let fields = [("round", "1")];
    let res = d
        .sepp
        .submit(&round, &format!("/t/{}/confirm-all", d.slug), &fields)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(res.location(), Some(round.as_str()));
    let after = (
        deal_versions(&d).await,
        audit_events(&d.app, &d.slug).await.len(),
    );
    assert_eq!(
        after,
        (before.0 + 2, before.1 + 2),
        "one version and one event per deal"
    );
    for (table, _) in &d.tables {
        let rows = crate::score::versions(&d.app, *table).await;
        assert_eq!(rows.last().unwrap().status.as_str(), "confirmed");
        assert_eq!(rows.last().unwrap().source, "secretary");
    }
    // The same tap again: nothing waits, nothing changes.
    let res = d
        .sepp
        .submit(&round, &format!("/t/{}/confirm-all", d.slug), &fields)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    assert_eq!(deal_versions(&d).await, after.0);
    assert_eq!(audit_events(&d.app, &d.slug).await.len(), after.1);
    let res = d.sepp.submit(&round, &format!("{round}/close"), &[]).await;
    assert!(!res.body.contains("id=\"close-waiting\""), "{}", res.body);
}

async fn before_the_finish_the_waiting_deals_of_closed_rounds_are_named_and_confirmed(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    one_waiting_deal_per_table(&d).await;
    let round = format!("/t/{}/rounds/1", d.slug);
    let fields = [("anyway", "yes")];
    let res = d
        .sepp
        .submit(&round, &format!("{round}/close"), &fields)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let overview = format!("/t/{}", d.slug);
    let page = d.sepp.get(&overview).await;
    let waiting = between(&page.body, "id=\"finish-waiting\">", "</div>").unwrap();
    assert!(waiting.contains("Runde 1, Tisch 1 ("), "{waiting}");
    let fields = [("round", "")];
    let res = d
        .sepp
        .submit(&overview, &format!("/t/{}/confirm-all", d.slug), &fields)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for (table, _) in &d.tables {
        let last = crate::score::versions(&d.app, *table).await.pop().unwrap();
        assert_eq!(last.status.as_str(), "confirmed");
        assert!(
            last.reason.is_some(),
            "a closed round's change carries its reason"
        );
    }
    let page = d.sepp.get(&overview).await;
    assert!(!page.body.contains("id=\"finish-waiting\""));
}
