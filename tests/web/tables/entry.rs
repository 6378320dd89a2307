//! The secretary enters a deal (stored confirmed; a rule break is 422 and stores nothing) and
//! confirms a scorer's deal under rule `secretary`.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::{almost_a_game, check_quick, save, standings_points, versions};
use serde_json::{Value, json};

both_backends!(
    the_secretary_enters_a_deal_that_counts_at_once_and_a_retry_stores_it_once,
    a_rule_break_is_422_with_the_referees_message_and_stores_nothing,
    the_secretary_confirms_a_waiting_deal_and_a_stale_tap_is_a_conflict,
    the_secretarys_event_buttons_use_the_pads_verbs,
);

/// The secretary's event buttons called a bet "Gehen" while the pad's "B geht" means that B
/// gives up: the buttons say the pad's verbs (rules text 004, Tyrolean Watten: bieten,
/// schauen, and aufgeben for the side that gives the deal up).
async fn the_secretarys_event_buttons_use_the_pads_verbs(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let page = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    for (event, word) in [
        ("bet A", "Bieten"),
        ("see B", "Schauen"),
        ("give_up B", "Aufgeben"),
    ] {
        let at = format!("data-event=\"{event}\">");
        let button = crate::common::between(&page.body, &at, "</button>");
        assert_eq!(button.as_deref(), Some(word), "{event}");
    }
    assert!(!page.body.contains(">Gehen<"), "{}", page.body);
}

async fn the_secretary_enters_a_deal_that_counts_at_once_and_a_retry_stores_it_once(
    backend: Backend,
) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    let page = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // The scorer's forms, posting to the secretary's page.
    assert!(
        page.body
            .contains(&format!("action=\"{}/check\"", table_path(&d.slug, 1)))
    );
    assert!(page.body.contains("name=\"events\""));
    let c = desk_check_quick(&d.sepp, &d.slug, 1, "B", "3").await;
    assert_eq!(c.based_on, "0");
    let first = desk_save(&d.sepp, &d.slug, 1, &c).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    assert_eq!(first.location(), Some(table_path(&d.slug, 1).as_str()));
    let again = desk_save(&d.sepp, &d.slug, 1, &c).await;
    assert_eq!(
        (again.status, again.location()),
        (first.status, first.location())
    );
    let rows = versions(&d.app, t1).await;
    assert_eq!(rows.len(), 1, "one row for two sends");
    assert_eq!(
        (rows[0].status.as_str(), rows[0].source.as_str()),
        ("confirmed", "secretary")
    );
    assert_eq!(rows[0].ip.as_deref(), Some("127.0.0.1"));
    assert_eq!(
        serde_json::from_str::<Value>(&rows[0].record).unwrap(),
        json!({"winner": "B", "points": 3})
    );
    let page = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert!(
        page.body.contains("B schreibt 3, Stand 0:3"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("nicht bestätigt"), "{}", page.body);
}

async fn a_rule_break_is_422_with_the_referees_message_and_stores_nothing(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let page = table_path(&d.slug, 1);
    // At 11:2 A cannot write 6: the referee's own words.
    let res = check_at(
        &d.sepp,
        &page,
        &format!("{page}/check"),
        &[("mode", "quick"), ("winner", "A"), ("points", "6")],
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let message = by_id(&res.body, "score-error").unwrap();
    assert!(message.contains("Beim Stand 11:2 kann A"), "{message}");
    // A crafted save is refereed again.
    let forged = Checked {
        deal: json!({"winner": "A", "points": 6}).to_string(),
        based_on: "4".into(),
        key: key(),
    };
    let res = desk_save(&d.sepp, &d.slug, 1, &forged).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        by_id(&res.body, "score-error")
            .unwrap()
            .contains("Beim Stand 11:2")
    );
    assert_eq!(versions(&d.app, t1).await.len(), 4, "nothing stored");
}

async fn the_secretary_confirms_a_waiting_deal_and_a_stale_tap_is_a_conflict(backend: Backend) {
    let d = desk(&backend, Confirmation::Secretary).await;
    let (t1, token) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let scorer = d.app.browser();
    let c = check_quick(&scorer, &token, "A", "4").await;
    assert_eq!(
        save(&scorer, &token, &c).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        standings_points(&d.app, &d.slug).await,
        0,
        "waiting counts nowhere"
    );
    // The table cannot confirm it itself.
    let s = scorer.get(&format!("/s/{token}")).await;
    assert!(
        !s.body.contains(&format!("/s/{token}/confirm")),
        "{}",
        s.body
    );
    let res = scorer
        .post(
            &format!("/s/{token}/confirm"),
            &[
                ("csrf", &csrf_in(&s.body).unwrap()),
                ("deal_no", "4"),
                ("version", "1"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // The secretary's page offers Confirm for it, naming the version shown.
    let page = d.sepp.get(&table_path(&d.slug, 1)).await;
    let form = between(&page.body, "/confirm\"", "</form>").unwrap();
    assert!(form.contains("name=\"deal_no\" value=\"4\""), "{form}");
    assert!(form.contains("name=\"version\" value=\"1\""), "{form}");
    let csrf = csrf_in(&page.body).unwrap();
    let confirm = |version: &'static str| {
        let csrf = csrf.clone();
        let path = format!("{}/confirm", table_path(&d.slug, 1));
        let b = &d.sepp;
        async move {
            b.post(
                &path,
                &[("csrf", &csrf), ("deal_no", "4"), ("version", version)],
            )
            .await
        }
    };
    assert_eq!(
        confirm("2").await.status,
        StatusCode::CONFLICT,
        "not the version shown"
    );
    assert_eq!(confirm("1").await.status, StatusCode::SEE_OTHER);
    assert_eq!(
        confirm("1").await.status,
        StatusCode::SEE_OTHER,
        "the same form again: answered as done, nothing written"
    );
    let rows = deal_rows(&d.app, t1, 4).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(
        rows[0].ip.as_deref(),
        Some("127.0.0.1"),
        "the scorer's address"
    );
    assert_eq!(
        (
            rows[1].version,
            rows[1].status.as_str(),
            rows[1].user_id.is_some()
        ),
        (2, "confirmed", true)
    );
    assert!(standings_points(&d.app, &d.slug).await > 0, "now it counts");
}
