//! No entry past the tournament's games per table or a session's deals: the
//! service itself refuses the deal (422, German message, nothing stored), on the scorer's
//! save and on the secretary's table entry, and the pad reports the table as over.
use super::pad::pad;
use super::*;
use crate::both_backends;
use crate::common::Reply;
use crate::tables::{desk, desk_save, table_path};
use diesel::prelude::*;

both_backends!(
    a_table_that_played_its_game_takes_no_ninth_deal,
    a_session_table_takes_no_deal_past_its_count,
    a_table_whose_deals_wait_says_so_rather_than_that_the_game_is_over,
    a_won_game_whose_deals_wait_is_entered_not_over_on_the_pad,
    the_links_stamp_moves_when_a_deal_is_stored,
);

/// Every phone of a table polls `/s/{token}/stamp` (the tournament's change
/// stamp, as the public pages) and redraws the table when it moves.
async fn the_links_stamp_moves_when_a_deal_is_stored(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (_, token) = d.tables[0].clone();
    let b = d.app.browser();
    let stamp = |body: &str| -> String {
        let v: Value = serde_json::from_str(body).unwrap();
        v["stamp"].as_str().unwrap().to_string()
    };
    let before = b.get(&format!("/s/{token}/stamp")).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.body);
    let deal = json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]});
    let res = save_deal(&b, &token, &deal, 0).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let after = b.get(&format!("/s/{token}/stamp")).await;
    assert_ne!(stamp(&before.body), stamp(&after.body));
    let unknown = b.get(&format!("/s/{}/stamp", "0".repeat(64))).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

/// Sets the tournament of `d` to one game a table (settings `games`, contract 8).
async fn one_game(d: &crate::tables::Desk) {
    let slug = d.slug.clone();
    d.app
        .state
        .db
        .run(move |conn| {
            use kartl::db::schema::tournaments::dsl;
            diesel::update(dsl::tournaments.filter(dsl::slug.eq(slug)))
                .set(dsl::settings.eq(r#"{"games": 1}"#))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
}

/// Saves five deals of 3 for A through the scorer's page: 15:0, the game is won.
async fn win_the_game(b: &Browser, token: &str) {
    for n in 0..5 {
        let deal = json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]});
        let res = save_deal(b, token, &deal, n).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "deal {n}: {}", res.body);
    }
}

/// Unconfirmed deals fill the table's one game but count toward nothing yet; the pad
/// (and the page without JavaScript) say that the table waits for confirmation, not that the
/// game is over.
async fn a_table_whose_deals_wait_says_so_rather_than_that_the_game_is_over(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    one_game(&d).await;
    let (_, token) = d.tables[0].clone();
    let b = d.app.browser();
    win_the_game(&b, &token).await;
    let over = pad(&b, &token, &[]).await;
    assert_eq!(over["state"]["over"], true, "{over}");
    let text = over["state"]["over_text"].as_str().unwrap();
    assert!(text.contains("wartet auf Bestätigung"), "{text}");
    assert!(
        text.contains("5 Spiele sind noch nicht bestätigt"),
        "{text}"
    );
    assert!(!text.contains("Partie beendet"), "{text}");
    let page = b.get(&format!("/s/{token}")).await.body;
    assert!(page.contains("wartet auf Bestätigung"), "{page}");
    // The scorer's page says who confirms, and offers no login.
    assert!(
        page.contains("Bestätigung: durch die andere Seite am Tisch."),
        "{page}"
    );
    assert!(!page.contains(r#"href="/login""#), "{page}");
}

/// Without a limit of games the table plays on after a game; a game won by deals that wait
/// for the other side is "entered and waiting", not "Partie beendet", and its score stays.
async fn a_won_game_whose_deals_wait_is_entered_not_over_on_the_pad(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (_, token) = d.tables[0].clone();
    let b = d.app.browser();
    win_the_game(&b, &token).await;
    let answer = pad(&b, &token, &[]).await;
    let state = &answer["state"];
    assert_eq!(state["over"], false, "{answer}");
    let first = state["notices"][0].as_str().unwrap();
    assert!(first.contains("wartet auf Bestätigung"), "{first}");
    assert!(
        first.contains("5 Spiele sind noch nicht bestätigt"),
        "{first}"
    );
    assert!(!first.contains("Partie beendet"), "{first}");
    assert_eq!(state["score"], "15:0", "{answer}");
}

/// Posts a save of `deal` as deal `based_on` through the scorer's page.
async fn save_deal(b: &Browser, token: &str, deal: &Value, based_on: usize) -> Reply {
    let csrf = csrf_in(&b.get(&format!("/s/{token}")).await.body).unwrap();
    let key = format!("{:064x}", based_on + 1);
    b.post(
        &format!("/s/{token}/save"),
        &[
            ("csrf", csrf.as_str()),
            ("deal", &deal.to_string()),
            ("based_on", &based_on.to_string()),
            ("key", &key),
        ],
    )
    .await
}

async fn a_table_that_played_its_game_takes_no_ninth_deal(backend: Backend) {
    let d = desk(&backend, Confirmation::None).await;
    // The tournament plays one game a table (tournament file settings `games`, contract 8).
    one_game(&d).await;
    let (table, token) = d.tables[0].clone();
    let b = d.app.browser();
    // Five deals of 3 for A: 15:0, the game is won (Tyrolean target 15, contract 3).
    win_the_game(&b, &token).await;
    let over = pad(&b, &token, &[]).await;
    assert_eq!(over["state"]["over"], true, "{over}");
    let text = over["state"]["over_text"].as_str().unwrap();
    // Contract 6.4: the losers have 0, Schneider, two Bummerl. A full stop ends the sentence
    // (the page adds its own: the banner read "… 2 Bummerl An diesem Tisch …").
    assert_eq!(text, "Partie beendet: A gewinnt 15:0, 2 Bummerl.");
    // The big score keeps the final score, not the next game's 0:0.
    assert_eq!(over["state"]["score"], "15:0", "{over}");
    // Without JavaScript the page offers no entry either ("Spiel 6 eintragen").
    let page = b.get(&format!("/s/{token}")).await.body;
    assert!(page.contains(r#"id="pad-entry" hidden"#), "{page}");
    assert!(page.contains("2 Bummerl. An diesem Tisch"), "{page}");
    assert_eq!(over["actions"], json!([]));
    let tapped = pad(&b, &token, &["tricks:A"]).await;
    assert_eq!(tapped["problem"]["code"], "table_over");
    // The scorer's save of a sixth deal: refused, with the reason in German.
    let res = save_deal(&b, &token, &json!({"winner": "B", "points": 2}), 5).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(res.body.contains("Partie gespielt"), "{}", res.body);
    // The table's limit comes before what the deal itself breaks, from the same referee run
    // (a rule broken: points past the stake) or past it (a deal that is not well-formed).
    for deal in [
        json!({"winner": "B", "points": 99}),
        json!({"events": [{"bogus": "A"}]}),
    ] {
        let res = save_deal(&b, &token, &deal, 5).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
        assert!(res.body.contains("Partie gespielt"), "{deal}: {}", res.body);
    }
    // The secretary's table entry is refused the same way: already at the check, with no
    // preview of a deal that could not be stored, and at the save.
    let page = table_path(&d.slug, 1);
    let checked = crate::tables::check_at(
        &d.sepp,
        &page,
        &format!("{page}/check"),
        &[("mode", "quick"), ("winner", "B"), ("points", "2")],
    )
    .await;
    assert_eq!(
        checked.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        checked.body
    );
    assert!(checked.body.contains("Partie gespielt"), "{}", checked.body);
    assert!(
        !checked.body.contains("name=\"deal\""),
        "a preview: {}",
        checked.body
    );
    let c = crate::score::Checked {
        deal: json!({"winner": "B", "points": 2}).to_string(),
        based_on: "5".into(),
        key: format!("{:064x}", 99),
    };
    let res = desk_save(&d.sepp, &d.slug, 1, &c).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(res.body.contains("Partie gespielt"), "{}", res.body);
    assert_eq!(versions(&d.app, table).await.len(), 5, "nothing stored");
    let shown = d.sepp.get(&page).await;
    assert_eq!(shown.status, StatusCode::OK);
    assert!(shown.body.contains("Partie gespielt"), "{}", shown.body);
}

async fn a_session_table_takes_no_deal_past_its_count(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    // Three deals a session (settings `deals`; Rutesheim plays a fixed number, contract 7.5).
    let (slug, token) = crate::watten_three::tables::drawn_with_cards(&app, 3).await;
    let b = app.browser();
    for n in 0..3 {
        let deal = json!({"alone": "P1", "winner": "P1", "points": 2});
        let res = save_deal(&b, &token, &deal, n).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "deal {n}: {}", res.body);
    }
    let over = pad(&b, &token, &[]).await;
    assert_eq!(over["state"]["over"], true, "{over}");
    assert_eq!(over["state"]["score"], "6:0:0");
    assert!(
        over["state"]["over_text"]
            .as_str()
            .unwrap()
            .contains("alle 3 Spiele"),
        "{over}"
    );
    let res = save_deal(
        &b,
        &token,
        &json!({"alone": "P2", "winner": "P2", "points": 2}),
        3,
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(res.body.contains("alle 3 Spiele"), "{}", res.body);
    // The export of the table that is full passes the real referee of tournament files: the
    // fourth deal that the old page took made `kartl standings` fail ("a table plays 3
    // deals, not 4").
    let export = b
        .get(&format!("/api/v1/tournaments/{slug}/export.json"))
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.body);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("export.json");
    std::fs::write(&path, &export.body).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kartl"))
        .arg("standings")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "kartl standings refused the export: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let standings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(standings["standings"].is_array(), "{standings}");
}
