//! Item 10, reopening a round: the old scorer links stay dead (before, reopening revived
//! every link of the round). Scoring comes back only through new cards the secretary issues;
//! corrections go through the secretary's pages.

use super::{post_raw, running_tournament};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::clock::Clock;
use kartl::service::scoring::links;
use kartl::service::{Actor, draws};
use reqwest::StatusCode;

both_backends!(reopening_a_round_revives_no_old_scorer_link);

async fn reopening_a_round_revives_no_old_scorer_link(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (sepp, slug) = running_tournament(&app).await;
    let now = app.clock.now();
    let s = slug.clone();
    let old = app
        .state
        .db
        .run(move |conn| {
            let cards = links::issue_cards(conn, &Actor::command_line(), now, &s, 1)?;
            draws::close_round(conn, &Actor::command_line(), now, &s, 1)?;
            Ok(cards.cards.into_iter().map(|c| c.token).collect::<Vec<_>>())
        })
        .await
        .unwrap();
    let scorer = app.browser();
    for token in &old {
        assert_eq!(
            scorer.get(&format!("/s/{token}")).await.status,
            StatusCode::GONE
        );
    }
    let round = format!("/t/{slug}/rounds/1");
    let res = post_raw(
        &sepp,
        &round,
        &format!("{round}/reopen"),
        "reason=Tisch%202%20falsch",
    )
    .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for token in &old {
        let res = scorer.get(&format!("/s/{token}")).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "an old link stays dead");
    }
    let s = slug.clone();
    let new = app
        .state
        .db
        .run(move |conn| links::issue_cards(conn, &Actor::command_line(), now, &s, 1))
        .await
        .unwrap();
    let token = &new.cards[0].token;
    assert_eq!(
        scorer.get(&format!("/s/{token}")).await.status,
        StatusCode::OK
    );
}
