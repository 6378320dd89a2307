//! Entry at the table: check, preview and save for Watten, Gaigel and the figure games;
//! retries, stale saves, confirmation by the other side, undo.
use super::*;
use crate::both_backends;

both_backends!(
    figure_game_events_go_through_the_same_check_and_save,
    gaigel_goes_through_the_same_check_and_save,
    a_rule_break_shows_the_referees_message_and_stores_nothing,
    a_save_stores_one_pending_version_and_a_retry_returns_the_first_answer,
    a_stale_save_is_a_conflict_showing_both_deals,
    the_other_side_confirms_and_only_then_the_deal_counts,
    an_undone_deal_is_withdrawn_and_counts_nowhere,
);

async fn figure_game_events_go_through_the_same_check_and_save(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Giltspiel, Confirmation::None).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // The deal stops short: Gleich and Hanger are still open.
    let (status, body) = check(&b, &token, &[("mode", "figures"), ("events", "tricks A")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("score-error"));
    let events = "tricks A\nshow gleich A hanger stands";
    let (status, body) = check(&b, &token, &[("mode", "figures"), ("events", events)]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("A schreibt 2, Stand 2:0"), "{body}");
    assert!(
        body.contains("Gleich A 1 · Hanger steht 1 · Spiel A 1"),
        "{body}"
    );
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0].status.as_str(),
        "confirmed",
        "confirmation `none`: it counts at once"
    );
}

async fn gaigel_goes_through_the_same_check_and_save(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Gaigel, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // The entry forms are the secretary's expert mode now (the scorer's link shows
    // the pad); the scorer's check and save still take what they post.
    let page = admin.get(&format!("/t/{}/rounds/1/tables/1", t.slug)).await;
    assert!(page.body.contains("name=\"points_A\"") && page.body.contains("name=\"melds_B\""));
    // Card points for a side without a trick: the referee's words, nothing stored.
    let broken = [
        ("mode", "gaigel"),
        ("points_A", "1"),
        ("tricks_A", "0"),
        ("melds_A", ""),
        ("points_B", "87"),
        ("tricks_B", "4"),
        ("melds_B", ""),
        ("out", "B"),
    ];
    let (status, body) = check(&b, &token, &broken).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("keinen Stich"), "{body}");
    assert!(body.contains("value=\"87\""), "the entry is kept: {body}");
    assert!(versions(&app, table).await.is_empty());
    let valid = [
        ("mode", "gaigel"),
        ("points_A", "110"),
        ("tricks_A", "6"),
        ("melds_A", "40"),
        ("points_B", "100"),
        ("tricks_B", "5"),
        ("melds_B", ""),
        ("out", "A"),
        ("overgaigel", ""),
        ("five_sevens", ""),
    ];
    let (status, body) = check(&b, &token, &valid).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("A gewinnt, danach 0:1"), "{body}");
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        serde_json::from_str::<Value>(&rows[0].record).unwrap(),
        json!({"points": {"A": 110, "B": 100}, "melds": {"A": [40], "B": []},
               "tricks": {"A": 6, "B": 5}, "out": "A"})
    );
}

async fn a_rule_break_shows_the_referees_message_and_stores_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // One point is no Watten score.
    let (status, body) = check(
        &b,
        &token,
        &[("mode", "quick"), ("winner", "A"), ("points", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("id=\"score-error\""), "{body}");
    // Seeing with no bet open.
    let (status, body) = check(
        &b,
        &token,
        &[("mode", "events"), ("events", "see A\ntricks A")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("score-error"));
    let (status, body) = check(&b, &token, &[("mode", "events"), ("events", "fly A")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Zeile 1"), "{body}");
    assert!(versions(&app, table).await.is_empty());
    // A valid deal shows what it will score, and still stores nothing.
    let (status, body) = check(
        &b,
        &token,
        &[("mode", "events"), ("events", "bet A\nsee B\ntricks A")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("A schreibt 3, Stand 3:0"), "{body}");
    assert!(versions(&app, table).await.is_empty());
}

async fn a_save_stores_one_pending_version_and_a_retry_returns_the_first_answer(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let c = check_quick(&b, &token, "B", "2").await;
    assert_eq!(c.based_on, "0");
    let first = save(&b, &token, &c).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    let again = save(&b, &token, &c).await;
    assert_eq!(again.status, first.status);
    assert_eq!(again.location(), first.location());
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1, "one row for two sends");
    assert_eq!(rows[0].status.as_str(), "pending");
    assert_eq!(rows[0].source, "scorer");
    assert_eq!(
        serde_json::from_str::<Value>(&rows[0].record).unwrap(),
        json!({"winner": "B", "points": 2})
    );
    assert_eq!(audit_count(&app, &t.slug, "deal_version").await, 1);
    let page = b.get(&format!("/s/{token}")).await;
    assert!(
        page.body.contains("B schreibt 2, Stand 0:2"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Bestätigen (Seite A)"), "{}", page.body);
    // The key belongs to table 1: another table's link cannot use it.
    let other = &t.tables[1].1;
    let res = save(&b, other, &c).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(versions(&app, t.tables[1].0).await.is_empty());
}

async fn a_stale_save_is_a_conflict_showing_both_deals(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let (one, two) = (app.browser(), app.browser());
    let first = check_quick(&one, &token, "A", "3").await;
    let second = check_quick(&two, &token, "B", "4").await;
    assert_eq!(
        save(&one, &token, &first).await.status,
        StatusCode::SEE_OTHER
    );
    let res = save(&two, &token, &second).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{}", res.body);
    assert!(
        res.body.contains("id=\"conflict-stored\">A 3<"),
        "{}",
        res.body
    );
    assert!(
        res.body.contains("id=\"conflict-attempted\">B 4<"),
        "{}",
        res.body
    );
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1, "never an overwrite");
    assert!(rows[0].record.contains("\"A\""));
}

async fn the_other_side_confirms_and_only_then_the_deal_counts(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    almost_a_game(&app, table).await;
    assert_eq!(standings_points(&app, &t.slug).await, 0);
    let b = app.browser();
    let c = check_quick(&b, &token, "A", "4").await;
    assert_eq!(c.based_on, "4");
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    assert_eq!(
        standings_points(&app, &t.slug).await,
        0,
        "pending counts nowhere"
    );
    let page = b.get(&format!("/s/{token}")).await;
    assert!(
        page.body.contains("A schreibt 4, Stand 15:2"),
        "{}",
        page.body
    );
    let version = between(&page.body, "name=\"version\" value=\"", "\"").unwrap();
    let csrf = csrf_in(&page.body).unwrap();
    let fields = [
        ("csrf", csrf.as_str()),
        ("deal_no", "4"),
        ("version", version.as_str()),
    ];
    let res = b.post(&format!("/s/{token}/confirm"), &fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert!(
        standings_points(&app, &t.slug).await > 0,
        "the game counts once confirmed"
    );
    let rows = versions(&app, table).await;
    assert_eq!(rows.last().unwrap().status.as_str(), "confirmed");
    // A second tap on the old page changes nothing and is answered as the first.
    let res = b.post(&format!("/s/{token}/confirm"), &fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    assert_eq!(versions(&app, table).await.len(), rows.len());
}

async fn an_undone_deal_is_withdrawn_and_counts_nowhere(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    almost_a_game(&app, table).await;
    let b = app.browser();
    let c = check_quick(&b, &token, "A", "4").await;
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let page = b.get(&format!("/s/{token}")).await;
    let version = between(&page.body, "name=\"version\" value=\"", "\"").unwrap();
    let csrf = csrf_in(&page.body).unwrap();
    let res = b
        .post(
            &format!("/s/{token}/undo"),
            &[("csrf", &csrf), ("deal_no", "4"), ("version", &version)],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 6, "nothing deleted: pending, then withdrawn");
    assert_eq!(rows.last().unwrap().status.as_str(), "withdrawn");
    assert_eq!(standings_points(&app, &t.slug).await, 0);
    // The next entry takes the withdrawn deal's place as its next version.
    let c = check_quick(&b, &token, "A", "4").await;
    assert_eq!(c.based_on, "4");
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let rows = versions(&app, table).await;
    assert_eq!(
        (rows.last().unwrap().deal_no, rows.last().unwrap().version),
        (4, 3)
    );
    // With confirmation `none` a saved deal counts at once.
    let now = app.clock.now();
    let slug = t.slug.clone();
    app.state
        .db
        .run(move |conn| {
            scoring::set_confirmation(conn, &Actor::command_line(), now, &slug, Confirmation::None)
        })
        .await
        .unwrap();
    let token2 = t.tables[1].1.clone();
    almost_a_game(&app, t.tables[1].0).await;
    let c = check_quick(&b, &token2, "A", "4").await;
    assert_eq!(save(&b, &token2, &c).await.status, StatusCode::SEE_OTHER);
    assert!(standings_points(&app, &t.slug).await > 0);
}
