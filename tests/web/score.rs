//! Table scoring (issue 7): scorer links (secret, hashed, replaced, dead with their round),
//! the Watten check → preview → save flow, retries, stale saves, confirmation and undo, all
//! through the real pages; standings through the API.

use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, between, csrf_in};
use kartl::clock::Clock;
use kartl::db::models::{DealVersionRow, TableId};
use kartl::service::deals::{DealInput, DealSource, DealStatus};
use kartl::service::scoring::{self, Confirmation, links};
use kartl::service::{Actor, deals, draws, tournaments};
use reqwest::StatusCode;
use serde_json::{Value, json};

struct Table {
    slug: String,
    /// Round 1's tables: (id, link secret).
    tables: Vec<(TableId, String)>,
}

/// A Watten tournament of four teams, round 1 drawn, table cards issued.
async fn watten(app: &TestApp, confirmation: Confirmation) -> Table {
    tournament(app, kartl::rules::Game::Watten, confirmation).await
}

/// A tournament of `game` with four teams of two, round 1 drawn, table cards issued.
async fn tournament(app: &TestApp, game: kartl::rules::Game, confirmation: Confirmation) -> Table {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let club = kartl::service::import::club_named(conn, "Watterclub", now)?;
            let new = tournaments::NewTournament {
                club_id: club,
                name: "Wattkönig".into(),
                date: None,
                place: None,
                game,
                variant: None,
                target: None,
                options: None,
                format: kartl::tournament::format::Format::Rounds,
                settings: None,
                public: true,
            };
            let slug = tournaments::create(conn, &actor, now, &new)?;
            let mut ids = Vec::new();
            for i in 0..8 {
                ids.push(tournaments::add_player(
                    conn,
                    &actor,
                    now,
                    &slug,
                    &format!("Spieler {i}"),
                    None,
                )?);
            }
            for pair in ids.chunks(2) {
                tournaments::add_team(conn, &actor, now, &slug, "", pair)?;
            }
            draws::draw_round(conn, &actor, now, &slug, Some(3))?;
            if confirmation != Confirmation::default() {
                scoring::set_confirmation(conn, &actor, now, &slug, confirmation)?;
            }
            let cards = links::issue_cards(conn, &actor, now, &slug, 1)?;
            let detail = tournaments::get(conn, Some(&actor), &slug)?;
            let tables = detail.rounds[0]
                .tables
                .iter()
                .zip(cards.cards)
                .map(|(t, c)| (t.id, c.token))
                .collect();
            Ok(Table { slug, tables })
        })
        .await
        .unwrap()
}

fn unescape(text: &str) -> String {
    text.replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn field(html: &str, name: &str) -> String {
    unescape(&between(html, &format!("name=\"{name}\" value=\""), "\"").unwrap())
}

/// The save form's fields after a check: (deal, based_on, key).
struct Checked {
    deal: String,
    based_on: String,
    key: String,
}

async fn check(b: &Browser, token: &str, fields: &[(&str, &str)]) -> (StatusCode, String) {
    let res = b
        .submit(&format!("/s/{token}"), &format!("/s/{token}/check"), fields)
        .await;
    (res.status, res.body)
}

async fn check_quick(b: &Browser, token: &str, winner: &str, points: &str) -> Checked {
    let (status, body) = check(
        b,
        token,
        &[("mode", "quick"), ("winner", winner), ("points", points)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    }
}

async fn save(b: &Browser, token: &str, c: &Checked) -> crate::common::Reply {
    let page = b.get(&format!("/s/{token}")).await;
    let csrf = csrf_in(&page.body).unwrap();
    b.post(
        &format!("/s/{token}/save"),
        &[
            ("csrf", &csrf),
            ("deal", &c.deal),
            ("based_on", &c.based_on),
            ("key", &c.key),
        ],
    )
    .await
}

async fn versions(app: &TestApp, table: TableId) -> Vec<DealVersionRow> {
    app.state
        .db
        .run(move |conn| Ok(DealVersionRow::of_table(conn, table)?))
        .await
        .unwrap()
}

async fn audit_count(app: &TestApp, slug: &str, action: &'static str) -> usize {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            let t = kartl::db::models::TournamentRow::by_slug(conn, &slug)?.unwrap();
            Ok(kartl::db::models::AuditEventRow::of(conn, t.id())?
                .into_iter()
                .filter(|e| e.action == action)
                .count())
        })
        .await
        .unwrap()
}

both_backends!(
    scorer_links_are_long_stored_hashed_replaced_and_die_with_the_round,
    table_cards_are_for_the_tournaments_managers_and_show_qr_codes,
    a_rule_break_shows_the_referees_message_and_stores_nothing,
    a_save_stores_one_pending_version_and_a_retry_returns_the_first_answer,
    a_stale_save_is_a_conflict_showing_both_deals,
    the_other_side_confirms_and_only_then_the_deal_counts,
    an_undone_deal_is_withdrawn_and_counts_nowhere,
    gaigel_goes_through_the_same_check_and_save,
    figure_game_events_go_through_the_same_check_and_save,
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
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    assert_eq!(save(&b, &token, &c).await.status, StatusCode::SEE_OTHER);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0].status, "confirmed",
        "confirmation `none`: it counts at once"
    );
}

async fn gaigel_goes_through_the_same_check_and_save(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Gaigel, Confirmation::OtherSide).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let page = b.get(&format!("/s/{token}")).await;
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
    let slug = t.slug.clone();
    app.state
        .db
        .run(move |conn| draws::close_round(conn, &Actor::command_line(), now, &slug, 1))
        .await
        .unwrap();
    let gone = b.get(&format!("/s/{new_token}")).await;
    assert_eq!(gone.status, StatusCode::GONE);
    assert!(gone.body.contains("abgeschlossen"), "{}", gone.body);
    assert!(!gone.body.contains("Wattkönig"));
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
    assert_eq!(rows[0].status, "pending");
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

async fn standings_points(app: &TestApp, slug: &str) -> i64 {
    let res = app
        .browser()
        .get(&format!("/api/v1/tournaments/{slug}/standings"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let v: Value = serde_json::from_str(&res.body).unwrap();
    v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_i64().unwrap())
        .sum()
}

/// Deals 1-4 of a game A wins 15:2 (confirmed, by the secretary); the fifth is left to the table.
async fn almost_a_game(app: &TestApp, table: TableId) {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            for (d, (w, p)) in [("A", 3), ("B", 2), ("A", 4), ("A", 4)]
                .into_iter()
                .enumerate()
            {
                let input = DealInput {
                    deal_no: d as i32,
                    record: json!({"winner": w, "points": p}),
                    status: DealStatus::Confirmed,
                    source: DealSource::Secretary,
                    reason: None,
                    expected_version: Some(0),
                    submission_key: None,
                    ip: None,
                };
                deals::record_deal(conn, &Actor::command_line(), now, table, &input)?;
            }
            Ok(())
        })
        .await
        .unwrap();
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
    assert_eq!(rows.last().unwrap().status, "confirmed");
    // A second tap on the old page changes nothing.
    let res = b.post(&format!("/s/{token}/confirm"), &fields).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
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
    assert_eq!(rows.last().unwrap().status, "withdrawn");
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
