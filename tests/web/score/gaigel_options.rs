//! The Gaigel entry form under the options that add deal keys (docs/rules/gaigel.md section
//! 10): who played on Sevens (`dissle`), a Dissle lost by a trick (`dissle_trick`), five of a
//! suit (`farbe`); shown only when the tournament's options allow them, in German and English.
use super::*;
use crate::both_backends;

both_backends!(
    a_lost_dissle_and_five_of_a_suit_are_entered_and_saved,
    without_the_options_the_form_asks_nothing_of_them,
);

fn options() -> serde_json::Map<String, Value> {
    let value = json!({"sevens": "auf_dissle", "auf_farbe": true});
    value.as_object().cloned().unwrap_or_default()
}

async fn a_lost_dissle_and_five_of_a_suit_are_entered_and_saved(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let game = kartl::rules::Game::Gaigel;
    let t = tournament_with(&app, game, Confirmation::OtherSide, Some(options())).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // The entry forms are the secretary's expert mode now (the scorer's link shows
    // the pad); the scorer's check and save still take what they post.
    let page = admin.get(&format!("/t/{}/rounds/1/tables/1", t.slug)).await;
    for name in ["name=\"dissle\"", "name=\"dissle_trick\"", "name=\"farbe\""] {
        assert!(page.body.contains(name), "{name}: {}", page.body);
    }
    assert!(page.body.contains("Auf Dissle / Siebener gespielt von"));
    assert!(
        page.body
            .contains("Fünf einer Farbe (auf Farbe) gezeigt von")
    );
    // A lost Dissle and Aus together: the referee refuses, nothing is stored, the box stays.
    let both = [
        ("mode", "gaigel"),
        ("points_A", "14"),
        ("tricks_A", "1"),
        ("points_B", "110"),
        ("tricks_B", "7"),
        ("out", "B"),
        ("dissle", "A"),
        ("dissle_trick", "1"),
    ];
    let (status, body) = check(&b, &token, &both).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("kein zweites Ende"), "{body}");
    assert!(
        body.contains("name=\"dissle_trick\" value=\"1\" checked"),
        "{body}"
    );
    assert!(versions(&app, table).await.is_empty());
    // The Dissle lost by A's trick: B wins a single game (not untergaigeln, not double).
    let lost = [
        ("mode", "gaigel"),
        ("points_A", "14"),
        ("tricks_A", "1"),
        ("points_B", "30"),
        ("tricks_B", "2"),
        ("dissle", "A"),
        ("dissle_trick", "1"),
        ("farbe", ""),
    ];
    let (status, body) = check(&b, &token, &lost).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("B gewinnt, danach 1:0"), "{body}");
    let c = Checked::of(&body);
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        serde_json::from_str::<Value>(&rows[0].record).unwrap(),
        json!({"points": {"A": 14, "B": 30}, "melds": {"A": [], "B": []},
               "tricks": {"A": 1, "B": 2}, "dissle": "A", "dissle_trick": true})
    );
    // Five of a suit, checked in English.
    b.get(&format!("/lang/en?next=/s/{token}")).await;
    admin.get("/lang/en?next=/").await;
    let page = admin.get(&format!("/t/{}/rounds/1/tables/1", t.slug)).await;
    assert!(
        page.body
            .contains("Played on Sevens (auf Dissle / Siebener) by")
    );
    assert!(page.body.contains("Dissle lost by taking a trick"));
    let farbe = [
        ("mode", "gaigel"),
        ("points_A", "0"),
        ("tricks_A", "0"),
        ("points_B", "0"),
        ("tricks_B", "0"),
        ("farbe", "A"),
    ];
    let (status, body) = check(&b, &token, &farbe).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(field(&body, "deal").contains("\"farbe\":\"A\""), "{body}");
}

async fn without_the_options_the_form_asks_nothing_of_them(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let game = kartl::rules::Game::Gaigel;
    let t = tournament(&app, game, Confirmation::OtherSide).await;
    let page = admin.get(&format!("/t/{}/rounds/1/tables/1", t.slug)).await;
    assert!(page.body.contains("name=\"five_sevens\""), "{}", page.body);
    for name in ["name=\"dissle\"", "name=\"dissle_trick\"", "name=\"farbe\""] {
        assert!(!page.body.contains(name), "{name}");
    }
}
