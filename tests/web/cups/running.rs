//! The cup page's stamp and the evenings still running (issue 29: on a Sunday whose evenings
//! all run at once, every deal saved moved the cup's stamp, and the cup's standings and pages
//! were computed again about once a second for a page that ranks nobody yet). A cup counts
//! finished evenings only and its pages show nothing of the others, so a deal saved at a
//! running evening leaves the page's ETag as it is; finishing the evening, reopening it and
//! finishing it again after a correction each change it.

use super::organiser;
use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Backend, Browser, Reply, TestApp};
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::users;
use kartl::rules::Game;
use kartl::service::cups::{self, CupSpec};
use kartl::service::deals::DealInput;
use kartl::service::{Actor, closing, draws};
use kartl::tournament::cup::{CupRules, PlacePoints};
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(the_cup_page_changes_when_an_evening_counts_not_with_each_deal_of_a_running_one);

/// A Watten game to 15 that side `A` wins.
fn game() -> Vec<Value> {
    [("A", 3), ("B", 2), ("A", 4), ("A", 4), ("A", 4)]
        .into_iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect()
}

/// A cup of the one evening `evening` (of the club `club_id`), proposed and accepted through
/// the service layer as the forms would; its organiser is `organiser_name`'s account.
async fn cup_of(app: &TestApp, organiser_name: &str, club_id: i32, evening: &str) -> String {
    let (name, evening, now) = (
        organiser_name.to_string(),
        evening.to_string(),
        app.clock.now(),
    );
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let organiser: i32 = users::table
                .filter(users::name.eq(&name))
                .select(users::id)
                .first(conn)?;
            let spec = CupSpec {
                name: "Sonntags-Watt-Cup".into(),
                game: Game::Watten,
                rules: CupRules {
                    points: PlacePoints::Table(vec![25, 20, 16, 13]),
                    best_of: None,
                    min_evenings: 1,
                    tiebreaks: Vec::new(),
                },
            };
            let cup = cups::create(conn, &actor, now, organiser, &spec)?;
            cups::add_club(conn, &actor, &cup, club_id)?.expect("the club a member");
            cups::evenings::propose(conn, &actor, now, &cup, &evening)?.expect("proposed");
            cups::evenings::decide(conn, &actor, now, &cup, &evening, true)?.expect("accepted");
            Ok(cup)
        })
        .await
        .unwrap()
}

/// The anonymous visitor's page asked again once the stamp kept has aged, with `etag`.
async fn after_the_stamps_second(visitor: &Browser, page: &str, etag: &str) -> Reply {
    tokio::time::sleep(kartl::web::cups::cache::STAMP_TTL + std::time::Duration::from_millis(100))
        .await;
    Browser::reply(
        visitor
            .client
            .get(visitor.url(page))
            .header("If-None-Match", etag)
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// A changed page: 200, a new ETag; returns the ETag.
fn changed(reply: &Reply, old: &str, what: &str) -> String {
    assert_eq!(reply.status, StatusCode::OK, "{what}");
    let etag = reply.header("etag").unwrap().to_string();
    assert_ne!(etag, old, "{what}");
    etag
}

async fn the_cup_page_changes_when_an_evening_counts_not_with_each_deal_of_a_running_one(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let _organiser = organiser(&app, &admin, "Olga").await;
    // Four teams, round 1 drawn (two tables), public: "Kartlturnier" of the "Kartlclub".
    let built = app.build(Spec::new(Game::Watten)).await;
    let slug = built.slug.clone();
    let cup = cup_of(&app, "Olga", built.club_id, &slug).await;
    let visitor = app.browser();
    let page = format!("/cup/{cup}");
    let first = visitor.get(&page).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(!first.body.contains("Kartlturnier"), "{}", first.body);
    let etag = first.header("etag").unwrap().to_string();

    // Every deal of the running evening, and its round closed: the page stays as it was.
    for table in &built.tables {
        app.seed_deals(*table, game()).await;
    }
    let cli = Actor::command_line();
    let now = app.clock.now();
    let target = slug.clone();
    app.state
        .db
        .run(move |conn| draws::close_round(conn, &cli, now, &target, 1).map(drop))
        .await
        .unwrap();
    let unchanged = after_the_stamps_second(&visitor, &page, &etag).await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);

    // Finished, the evening counts: the page lists it and ranks its players.
    let run = |f: fn(&mut kartl::db::DbConn, &Actor, chrono::NaiveDateTime, &str) -> _| {
        let (db, target) = (app.state.db.clone(), slug.clone());
        async move {
            db.run(move |conn| f(conn, &Actor::command_line(), now, &target))
                .await
                .unwrap();
        }
    };
    run(closing::finish).await;
    let finished = after_the_stamps_second(&visitor, &page, &etag).await;
    let etag = changed(&finished, &etag, "finished");
    assert!(finished.body.contains("Kartlturnier"), "{}", finished.body);

    // Reopened, it counts no more.
    run(|conn, actor, now, slug| closing::reopen(conn, actor, now, slug, "Tippfehler")).await;
    let reopened = after_the_stamps_second(&visitor, &page, &etag).await;
    let etag = changed(&reopened, &etag, "reopened");
    assert!(!reopened.body.contains("Kartlturnier"), "{}", reopened.body);

    // A correction while it runs again changes nothing on the page until it is finished.
    let correction = DealInput {
        reason: Some("Punkte falsch notiert".into()),
        ..fixture::deal(1, json!({"winner": "B", "points": 3}))
    };
    app.record_at(Actor::command_line(), (&slug, 1, 2), correction)
        .await;
    let unchanged = after_the_stamps_second(&visitor, &page, &etag).await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
    run(closing::finish).await;
    let corrected = after_the_stamps_second(&visitor, &page, &etag).await;
    changed(&corrected, &etag, "finished after the correction");
    assert!(
        corrected.body.contains("Kartlturnier"),
        "{}",
        corrected.body
    );
}
