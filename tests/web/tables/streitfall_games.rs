//! The Streitfall pages for Watten and Gaigel (docs/rules/streitfall.md): a secretary's
//! per-deal page starts from the table's frame and from the stored deal when it is already
//! card-level, and its correction is stored through the deal's correction save; the public
//! per-deal page replays a counted deal of a public tournament, read only, and answers 404
//! when the tournament is private or the deal does not count.

use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::common::fixture;
use crate::score::versions;
use kartl::rules::Game;
use serde_json::Value;

both_backends!(
    a_stored_card_level_watten_deal_prefills_the_page_and_its_correction_is_stored,
    the_gaigel_page_offers_the_double_pack_and_the_turned_card,
    a_gaigel_streitfall_deal_is_stored_as_the_correction_and_the_standings_follow,
    a_gaigel_untergaigeln_deal_is_stored_as_the_correction_and_the_standings_follow,
    a_toblach_table_offers_36_cards_and_the_weli_beside_the_six,
    the_public_page_replays_a_counted_deal_only_while_the_tournament_is_public,
    the_free_page_offers_every_game_and_shows_a_refusal,
);

/// A conformance case's (only) deal.
fn case_deal(family: &str, name: &str) -> Value {
    let path = format!(
        "{}/tests/conformance/{family}/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    case["record"]["deals"][0].clone()
}

/// A tournament of `game` with `deal` stored, confirmed, as deal 1 of round 1, table 1.
async fn with_deal(app: &TestApp, game: Game, public: bool, deal: Value) -> (String, TableId) {
    let name = if public {
        "Offenes Turnier"
    } else {
        "Vereinsturnier"
    };
    let spec = Spec {
        public,
        name: name.into(),
        ..Spec::new(game)
    };
    stored_deal(app, spec, deal).await
}

/// The tournament `spec` with `deal` stored, confirmed, as deal 1 of round 1, table 1.
async fn stored_deal(app: &TestApp, spec: Spec, deal: Value) -> (String, TableId) {
    let built = app.build(spec).await;
    let table = built.tables_with_tokens()[0].0;
    app.record_at(
        Actor::command_line(),
        (&built.slug, 1, 1),
        fixture::deal(0, deal),
    )
    .await;
    (built.slug, table)
}

/// The tournament's standings as the API answers them.
async fn standings(b: &Browser, slug: &str) -> Value {
    let res = b
        .get(&format!("/api/v1/tournaments/{slug}/standings"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    serde_json::from_str(&res.body).unwrap()
}

/// A `data-…` attribute of the Streitfall page, unescaped and read as JSON.
fn data(body: &str, name: &str) -> Value {
    let text = between(body, &format!("data-{name}=\""), "\"").unwrap_or_default();
    serde_json::from_str(&unescape(&text)).unwrap_or_else(|e| panic!("data-{name}: {e}: {body}"))
}

/// The table view the page would draw for its frame and `deal`.
async fn table_view(b: &Browser, body: &str, deal: &Value) -> Value {
    let mut record = data(body, "frame");
    record["deals"] = serde_json::json!([deal]);
    let res = b
        .client
        .post(format!("{}/api/v1/streitfall/table?lang=de", b.base))
        .header("Content-Type", "application/json")
        .body(record.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

/// "Als Korrektur übernehmen": the Streitfall page (`body`) posts `deal` to the deal's
/// correction save with its form's version and key.
async fn take_as_correction(
    b: &Browser,
    correction: &str,
    body: &str,
    deal: &Value,
) -> crate::common::Reply {
    b.post(
        &format!("{correction}/save"),
        &[
            ("csrf", field(body, "csrf").as_str()),
            ("deal", &deal.to_string()),
            ("based_on", field(body, "based_on").as_str()),
            ("key", field(body, "key").as_str()),
            ("reason", REASON),
        ],
    )
    .await
}

const REASON: &str = "Streitfall Karte für Karte";

async fn a_stored_card_level_watten_deal_prefills_the_page_and_its_correction_is_stored(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let stored = case_deal("watten", "cards-tyrolean-played-out");
    let (slug, table) = with_deal(&app, Game::Watten, true, stored.clone()).await;
    let correction = format!("{}/deals/1", table_path(&slug, 1));
    let page = admin.get(&correction).await;
    let link = format!("{correction}/streitfall");
    // The correction page links the Streitfall page for Watten too.
    assert!(
        page.body
            .contains(&format!("href=\"{link}\" id=\"correct-streitfall\"")),
        "{}",
        page.body
    );
    let res = admin.get(&link).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    assert!(body.contains("data-game=\"watten\""), "{body}");
    assert!(body.contains("Als Korrektur übernehmen"), "{body}");
    // The stored card-level deal is the page's start, as stored.
    assert_eq!(data(body, "deal"), stored);
    // Watten's set-up from the server: the Tyrolean 33 cards with the Weli, German names, and
    // the Schlag ranks and suits to tap (rules text 004: forehand the Schlag, dealer the suit).
    let blank = data(body, "blank");
    assert_eq!(blank["pack"].as_array().unwrap().len(), 33, "{blank}");
    assert!(blank["pack"].to_string().contains("Schell Sechs (Weli)"));
    assert!(
        blank["schlag"].to_string().contains("[\"O\",\"Ober\"]"),
        "{blank}"
    );
    assert!(
        blank["suits"].to_string().contains("[\"H\",\"Herz\"]"),
        "{blank}"
    );
    assert!(
        blank.get("turned").is_none(),
        "Watten turns no card: {blank}"
    );
    // The frame and the stored deal draw a finished table: B took three tricks.
    let view = table_view(&admin, body, &stored).await;
    assert_eq!(view["finished"], Value::Bool(true), "{view}");
    // The correction: another card-level deal (B sees A's bet and wins 3).
    let deal = case_deal("watten", "cards-playing-on-sees-the-bet");
    let res = take_as_correction(&admin, &correction, body, &deal).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].source, "secretary");
    assert_eq!(
        serde_json::from_str::<Value>(&rows[1].record).unwrap(),
        deal
    );
    // Audited like any correction (with its reason).
    let events = audit_events(&app, &slug).await;
    assert!(
        events
            .iter()
            .any(|e| e.deal_version_id == Some(rows[1].id) && e.reason.as_deref() == Some(REASON)),
        "the correction is audited"
    );
}

async fn the_gaigel_page_offers_the_double_pack_and_the_turned_card(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let stored = case_deal("gaigel", "cards-aus_at_101_after_free_play_and_stichzwang");
    let (slug, _) = with_deal(&app, Game::Gaigel, true, stored.clone()).await;
    let link = format!("{}/deals/1/streitfall", table_path(&slug, 1));
    let res = admin.get(&link).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    assert!(body.contains("data-game=\"gaigel\""), "{body}");
    let blank = data(body, "blank");
    // 002 "Players and Cards": "with two copies of each card", 48 in all, four seats.
    let pack = blank["pack"].as_array().unwrap();
    assert_eq!(pack.len(), 48, "{blank}");
    let aces = pack.iter().filter(|p| p[0] == "EA").count();
    assert_eq!(aces, 2, "each card twice: {blank}");
    assert_eq!(blank["seats"], serde_json::json!(["A", "B", "A", "B"]));
    // The turned card is the deal's `trump` field (docs/rules/gaigel.md 12.1).
    assert_eq!(blank["turned"], "trump", "{blank}");
    assert_eq!(data(body, "deal"), stored);
    let view = table_view(&admin, body, &stored).await;
    assert_eq!(view["finished"], Value::Bool(true), "{view}");
    assert!(
        view["outcome"].to_string().contains("A gewinnt einfach"),
        "{view}"
    );
}

/// Gaigel through the deal's correction save (`src/web/tables/correct.rs`, shared by every
/// game): a fact-level deal side B won by "Aus!" is corrected by a card-level deal side A
/// wins (rules text 002: "Aus!" at 101 or more). The stored version is the card-level deal,
/// the audit event names that version, and the game won moves to the table's other team.
async fn a_gaigel_streitfall_deal_is_stored_as_the_correction_and_the_standings_follow(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let b_won = serde_json::json!({"points": {"A": 64, "B": 88}, "melds": {"A": [], "B": [20]},
        "tricks": {"A": 4, "B": 6}, "out": "B"});
    let (slug, table) = with_deal(&app, Game::Gaigel, true, b_won).await;
    let before = standings(&admin, &slug).await;
    let correction = format!("{}/deals/1", table_path(&slug, 1));
    let res = admin.get(&format!("{correction}/streitfall")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    assert!(body.contains("Als Korrektur übernehmen"), "{body}");
    let deal = case_deal("gaigel", "cards-aus_at_101_after_free_play_and_stichzwang");
    let view = table_view(&admin, body, &deal).await;
    assert_eq!(view["finished"], Value::Bool(true), "{view}");
    let res = take_as_correction(&admin, &correction, body, &deal).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 2);
    let new = &rows[1];
    assert_eq!((new.version, new.source.as_str()), (2, "secretary"));
    assert_eq!(new.reason.as_deref(), Some(REASON));
    assert_eq!(serde_json::from_str::<Value>(&new.record).unwrap(), deal);
    let events = audit_events(&app, &slug).await;
    let event = events
        .iter()
        .find(|e| e.deal_version_id == Some(new.id))
        .expect("the correction is audited");
    assert_eq!(event.reason.as_deref(), Some(REASON));
    let detail: Value = serde_json::from_str(&event.detail).unwrap();
    assert_eq!(
        (&detail["deal"], &detail["version"]),
        (&0.into(), &2.into())
    );
    // The tournament's one game moves from B's team to A's (a game won is a point).
    let after = standings(&admin, &slug).await;
    let (b_team, a_team) = (winners(&before), winners(&after));
    assert_eq!((b_team.len(), a_team.len()), (1, 1), "{before} {after}");
    assert_ne!(b_team, a_team, "{after}");
}

/// The ids of the entrants with a point in the standings.
fn winners(standings: &Value) -> Vec<String> {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["points"].as_i64().unwrap() > 0)
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect()
}

/// Rules text 004, "Watten with 36 cards": at Toblach (`pack: 36`) the page offers the 36
/// cards and "the Schlag can be either the WELI or an ordinary six", both from the referee; the
/// table answers for the deal, the seven of trumps the Guate above the six of trumps.
async fn a_toblach_table_offers_36_cards_and_the_weli_beside_the_six(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let stored = case_deal(
        "watten",
        "cards-toblach-six-schlag-guate-seven-above-the-sixes",
    );
    let spec = Spec {
        name: "Toblacher Watten".into(),
        options: serde_json::json!({"pack": 36}).as_object().cloned(),
        ..Spec::new(Game::Watten)
    };
    let (slug, _) = stored_deal(&app, spec, stored.clone()).await;
    let res = admin
        .get(&format!("{}/deals/1/streitfall", table_path(&slug, 1)))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    let blank = data(body, "blank");
    let pack = blank["pack"].as_array().unwrap();
    assert_eq!(pack.len(), 36, "{blank}");
    assert!(
        pack.contains(&serde_json::json!(["H6", "Herz Sechs"])),
        "{blank}"
    );
    let schlag = blank["schlag"].as_array().unwrap();
    assert!(
        schlag.contains(&serde_json::json!(["6", "Sechs"])),
        "{blank}"
    );
    assert!(
        schlag.contains(&serde_json::json!(["WELI", "Weli"])),
        "{blank}"
    );
    // The first trick: the heart six (the Rechte) led, the heart seven (the Guate) takes it.
    let mut first = stored.clone();
    first["cards"]["actions"] =
        Value::Array(stored["cards"]["actions"].as_array().unwrap()[..4].to_vec());
    let view = table_view(&admin, body, &first).await;
    assert_eq!(view["trump"], "Schlag Sechs, Farbe Herz", "{view}");
    assert_eq!(view["tricks"][0]["winner"], 1, "{view}");
    assert_eq!(view["pack"].as_array().unwrap().len(), 36, "{view}");
    let view = table_view(&admin, body, &stored).await;
    assert_eq!(view["finished"], Value::Bool(true), "{view}");
    // The free page takes the pack too; where the variant has no 36 cards the referee says so.
    let b = app.browser();
    let res = b.get("/streitfall?game=watten&variant=blind&pack=36").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(
        data(&res.body, "blank")["pack"].as_array().unwrap().len(),
        36
    );
    assert!(
        res.body.contains("<option value=\"36\" selected>"),
        "{}",
        res.body
    );
    let res = b
        .get("/streitfall?game=watten&variant=bavarian&pack=36")
        .await;
    assert!(res.body.contains("id=\"streit-refused\""), "{}", res.body);
    assert!(
        res.body
            .contains("Mit 36 Karten (Toblach) spielt man nur nach Tiroler Art"),
        "{}",
        res.body
    );
}

async fn the_public_page_replays_a_counted_deal_only_while_the_tournament_is_public(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let stored = case_deal("watten", "cards-tyrolean-played-out");
    let (public, _) = with_deal(&app, Game::Watten, true, stored.clone()).await;
    let (private, _) = with_deal(&app, Game::Watten, false, stored.clone()).await;
    let visitor = app.browser();
    let sheet = format!("/p/{public}/rounds/1/tables/1");
    let link = format!("{sheet}/deals/1/streitfall");
    let res = visitor.get(&sheet).await;
    assert!(
        res.body.contains(&format!("href=\"{link}\"")),
        "{}",
        res.body
    );
    let res = visitor.get(&link).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    assert_eq!(data(body, "deal"), stored, "replayed from the stored deal");
    assert!(
        body.contains(&format!("href=\"{sheet}\" id=\"streit-back\"")),
        "{body}"
    );
    assert!(
        !body.contains("streit-correct"),
        "no correction in public: {body}"
    );
    assert!(
        !body.contains("name=\"game\""),
        "the table's game is fixed: {body}"
    );
    assert!(
        body.contains("Spiel: Watten · Spielart: Tirolerisch</p>"),
        "the variant in German: {body}"
    );
    let view = table_view(&visitor, body, &stored).await;
    assert!(
        view["outcome"].to_string().contains("B bekommt 2 Punkte"),
        "{view}"
    );
    // Only counted deals, only public tournaments.
    let res = visitor.get(&format!("{sheet}/deals/2/streitfall")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = visitor
        .get(&format!(
            "/p/{private}/rounds/1/tables/1/deals/1/streitfall"
        ))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

/// The free page: every game and variant, and what the referee refuses said in its words
/// (Perlaggen for three players each for themselves has no sides, so no card-level deal), never silently.
async fn the_free_page_offers_every_game_and_shows_a_refusal(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let b = app.browser();
    let res = b.get("/streitfall?game=gaigel&variant=six").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    for game in ["perlaggen", "giltspiel", "watten", "gaigel"] {
        assert!(
            res.body.contains(&format!("<option value=\"{game}\"")),
            "{game}"
        );
    }
    assert_eq!(
        data(&res.body, "blank")["seats"].as_array().unwrap().len(),
        6
    );
    // A game sent with another game's variant (changed without script): the game's own
    // default variant and its variants, not the other game's nor Tirolerisch.
    let res = b.get("/streitfall?game=gaigel&variant=bavarian").await;
    let frame = data(&res.body, "frame");
    assert_eq!(frame["game"], "gaigel", "{frame}");
    assert_eq!(frame["variant"], "four", "{frame}");
    assert!(
        !res.body.contains("<option value=\"bavarian\""),
        "{}",
        res.body
    );
    let res = b
        .get("/streitfall?game=perlaggen&variant=innsbruck&players=3")
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert!(res.body.contains("id=\"streit-refused\""), "{}", res.body);
    // The referee's refusal is English (contract 4); the German page says it in German.
    assert!(
        res.body.contains("Perlaggen zu dritt, jeder für sich"),
        "{}",
        res.body
    );
    assert!(!res.body.contains("card-level deals are for two sides"));
    // In English too, in words rather than the field's name.
    b.get("/lang/en?next=/").await;
    let res = b
        .get("/streitfall?game=perlaggen&variant=innsbruck&players=3")
        .await;
    assert!(
        res.body
            .contains("three-player Perlaggen, each for themselves, has no two sides"),
        "{}",
        res.body
    );
    b.get("/lang/de?next=/").await;
    assert!(
        !res.body.contains("id=\"streit\""),
        "no entry for a refused frame"
    );
    let res = b
        .get("/streitfall?game=watten&variant=bavarian&players=2")
        .await;
    assert_eq!(
        data(&res.body, "blank")["seats"],
        serde_json::json!(["A", "B"])
    );
    assert_eq!(
        data(&res.body, "blank")["pack"].as_array().unwrap().len(),
        32
    );
    // The variants by their German names, the contract's names only as values.
    let res = b.get("/streitfall?game=watten").await;
    assert!(
        res.body
            .contains("<option value=\"tyrolean\" selected>Tirolerisch</option>"),
        "{}",
        res.body
    );
}

/// One answer per deal: a card-level deal ended by untergaigeln (rules text 002
/// "End of the Play": "play still ends and the opponents win a double game") is valid and
/// scored as its facts, so the Streitfall page saves it as the table's correction. A deal A
/// won by "Aus!" is corrected by the cards, where A called "Aus!" with 36: B wins double, and
/// the tournament's game moves to B's team.
async fn a_gaigel_untergaigeln_deal_is_stored_as_the_correction_and_the_standings_follow(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let a_won = serde_json::json!({"points": {"A": 105, "B": 30}, "tricks": {"A": 6, "B": 2},
        "out": "A"});
    let (slug, table) = with_deal(&app, Game::Gaigel, true, a_won).await;
    let before = standings(&admin, &slug).await;
    let correction = format!("{}/deals/1", table_path(&slug, 1));
    let res = admin.get(&format!("{correction}/streitfall")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    let deal = case_deal("gaigel", "cards-untergaigeln_is_scored_as_the_facts");
    let view = table_view(&admin, body, &deal).await;
    assert_eq!(view["finished"], Value::Bool(true), "{view}");
    let said = view["outcome"].to_string();
    assert!(said.contains("untergaigelt"), "{view}");
    let res = take_as_correction(&admin, &correction, body, &deal).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(
        serde_json::from_str::<Value>(&rows[1].record).unwrap(),
        deal
    );
    let after = standings(&admin, &slug).await;
    let (a_team, b_team) = (winners(&before), winners(&after));
    assert_eq!((a_team.len(), b_team.len()), (1, 1), "{before} {after}");
    assert_ne!(a_team, b_team, "{after}");
}
