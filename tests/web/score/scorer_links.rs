//! Scorer links and table cards: long, stored hashed, replaced on reissue, dead with the round.
use super::*;
use crate::both_backends;

both_backends!(
    scorer_links_are_long_stored_hashed_replaced_and_die_with_the_round,
    table_cards_are_for_the_tournaments_managers_and_show_qr_codes,
    another_clubs_secretary_gets_no_cards_and_sets_nothing,
);

async fn another_clubs_secretary_gets_no_cards_and_sets_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let password = app.secretary(&admin, "Fremde").await;
    let other = app.browser();
    assert_eq!(
        other.login("Fremde", &password).await.status,
        StatusCode::SEE_OTHER
    );
    let path = format!("/t/{}/rounds/1/cards", t.slug);
    assert_eq!(other.get(&path).await.status, StatusCode::FORBIDDEN);
    let home = other.get("/").await;
    let csrf = csrf_in(&home.body).unwrap();
    let res = other.post(&path, &[("csrf", &csrf)]).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = other
        .post(
            &format!("/t/{}/confirmation", t.slug),
            &[("csrf", &csrf), ("confirmation", "none"), ("round", "1")],
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // The old links still work: nothing was reissued.
    assert_eq!(
        other.get(&format!("/s/{}", t.tables[0].1)).await.status,
        StatusCode::OK
    );
    // The administrator sets the rule and comes back to the cards page.
    let res = admin
        .submit(
            &path,
            &format!("/t/{}/confirmation", t.slug),
            &[("confirmation", "none"), ("round", "1")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(res.location(), Some(path.as_str()));
    let page = admin.get(&path).await;
    assert!(
        page.body.contains("value=\"none\" selected"),
        "{}",
        page.body
    );
    assert_eq!(audit_count(&app, &t.slug, "confirmation").await, 1);
}

async fn scorer_links_are_long_stored_hashed_replaced_and_die_with_the_round(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    assert_eq!(token.len(), 64, "256 bits as hex");
    assert!(links::well_formed(&token));
    let b = app.browser();
    let page = b.get(&format!("/s/{token}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Wattkönig") && page.body.contains("Tisch 1"));
    // Another table's link opens that table, not this one.
    let other = b.get(&format!("/s/{}", t.tables[1].1)).await;
    assert!(other.body.contains("Tisch 2") && !other.body.contains("Tisch 1"));
    // The database holds the digest, never the secret.
    let hash = app
        .state
        .db
        .run(move |conn| {
            let (row, _) = kartl::db::models::TableRow::find(conn, table)?.unwrap();
            Ok(row.scorer_token_hash)
        })
        .await
        .unwrap();
    assert_eq!(
        hash.as_deref(),
        Some(kartl::auth::tokens::digest(&token).as_str())
    );
    assert_ne!(hash.as_deref(), Some(token.as_str()));
    assert_eq!(
        b.get(&format!("/s/{}", "0".repeat(64))).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(b.get("/s/short").await.status, StatusCode::NOT_FOUND);
    // New cards replace the links: the old one stops working.
    let slug = t.slug.clone();
    let now = app.clock.now();
    let fresh = app
        .state
        .db
        .run(move |conn| links::issue_cards(conn, &Actor::command_line(), now, &slug, 1))
        .await
        .unwrap();
    assert_eq!(
        b.get(&format!("/s/{token}")).await.status,
        StatusCode::NOT_FOUND
    );
    let new_token = fresh.cards[0].token.clone();
    assert_ne!(new_token, token);
    assert_eq!(
        b.get(&format!("/s/{new_token}")).await.status,
        StatusCode::OK
    );
    // A closed round's links answer 410 and take nothing.
    let checked = check_quick(&b, &new_token, "A", "3").await;
    let csrf = csrf_in(&b.get(&format!("/s/{new_token}")).await.body).unwrap();
    let slug = t.slug.clone();
    app.state
        .db
        .run(move |conn| draws::close_round(conn, &Actor::command_line(), now, &slug, 1))
        .await
        .unwrap();
    let gone = b.get(&format!("/s/{new_token}")).await;
    assert_eq!(gone.status, StatusCode::GONE);
    assert!(gone.body.contains("abgeschlossen"), "{}", gone.body);
    // The dead link still shows the table's result (`pad_page.rs` tests what it shows).
    assert!(gone.body.contains("Endstand"), "{}", gone.body);
    let res = b
        .post(
            &format!("/s/{new_token}/save"),
            &[
                ("csrf", &csrf),
                ("deal", &checked.deal),
                ("based_on", &checked.based_on),
                ("key", &checked.key),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::GONE);
    assert!(versions(&app, table).await.is_empty());
}

async fn table_cards_are_for_the_tournaments_managers_and_show_qr_codes(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let t = watten(&app, Confirmation::OtherSide).await;
    let path = format!("/t/{}/rounds/1/cards", t.slug);
    let anonymous = app.browser().get(&path).await;
    assert_ne!(anonymous.status, StatusCode::OK);
    let res = admin.submit(&path, &path, &[]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(res.body.matches("<svg").count(), 2, "a QR code per table");
    assert!(res.body.contains("Spieler 0"), "seats with names");
    let link = between(&res.body, "<p class=\"card-link\"><a href=\"", "\"").unwrap();
    let token = link.rsplit('/').next().unwrap().to_string();
    assert!(links::well_formed(&token));
    assert_eq!(
        app.browser().get(&format!("/s/{token}")).await.status,
        StatusCode::OK
    );
    // The links issued before stop working.
    assert_eq!(
        app.browser()
            .get(&format!("/s/{}", t.tables[0].1))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(audit_count(&app, &t.slug, "scorer_links").await, 2);
}
