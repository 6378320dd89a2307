//! The home page lists the public tournaments (running first, then not begun, then finished),
//! never a private one; each club has a public page of its tournaments and seasons.
use crate::both_backends;
use crate::common::fixture::Spec;
use crate::common::{Backend, TestApp, between};
use kartl::clock::Clock;
use kartl::rules::Game;
use kartl::service::Actor;
use reqwest::StatusCode;

both_backends!(
    the_home_page_lists_public_tournaments_running_first_then_finished,
    a_club_page_lists_its_public_tournaments_and_seasons,
);

async fn the_home_page_lists_public_tournaments_running_first_then_finished(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let visitor = app.browser();
    let empty = visitor.get("/").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(
        empty
            .body
            .contains("id=\"front-empty\">Noch keine öffentlichen Turniere"),
        "{}",
        empty.body
    );

    let finished = app
        .build(Spec {
            name: "Herbstwatten".into(),
            ..Spec::new(Game::Watten)
        })
        .await;
    let now = app.clock.now();
    let slug = finished.slug.clone();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            kartl::service::draws::close_round(conn, &actor, now, &slug, 1)?;
            kartl::service::closing::finish(conn, &actor, now, &slug)
        })
        .await
        .unwrap();
    let running = app
        .build(Spec {
            name: "Wattkönig".into(),
            ..Spec::new(Game::Watten)
        })
        .await;
    app.build(Spec {
        name: "Gaigelabend".into(),
        seed: None,
        cards: false,
        ..Spec::new(Game::Watten)
    })
    .await;
    app.build(Spec {
        name: "Geheimturnier".into(),
        public: false,
        ..Spec::new(Game::Watten)
    })
    .await;

    let home = visitor.get("/").await;
    let list = between(&home.body, "id=\"front-tournaments\"", "</ul>").unwrap();
    let at = |name: &str| {
        list.find(name)
            .unwrap_or_else(|| panic!("{name} in {list}"))
    };
    assert!(at("Wattkönig") < at("Gaigelabend"), "{list}");
    assert!(at("Gaigelabend") < at("Herbstwatten"), "{list}");
    assert!(
        !home.body.contains("Geheimturnier"),
        "a private tournament is not named"
    );
    assert!(
        list.contains(&format!("href=\"/p/{}\"", running.slug)),
        "{list}"
    );
    assert!(list.contains("läuft, Runde 1"), "{list}");
    assert!(list.contains("in Vorbereitung"), "{list}");
    assert!(list.contains("abgeschlossen"), "{list}");
    assert!(list.contains(&format!("href=\"/c/{}\">Kartlclub</a>", running.club_id)));
    // English too.
    visitor.get("/lang/en").await;
    let en = visitor.get("/").await;
    assert!(en.body.contains("running, round 1"), "{}", en.body);
    assert!(en.body.contains("finished"));
}

async fn a_club_page_lists_its_public_tournaments_and_seasons(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let one = app
        .build(Spec {
            name: "Erster Abend".into(),
            ..Spec::new(Game::Watten)
        })
        .await;
    let hidden = app
        .build(Spec {
            name: "Zweiter Abend".into(),
            public: false,
            ..Spec::new(Game::Watten)
        })
        .await;
    app.build(Spec {
        club: "Anderer Verein".into(),
        name: "Fremdes Turnier".into(),
        ..Spec::new(Game::Watten)
    })
    .await;
    let now = app.clock.now();
    let (club, a, b) = (one.club_id, one.slug.clone(), hidden.slug.clone());
    app.state
        .db
        .run(move |conn| {
            use kartl::service::seasons;
            let actor = Actor::command_line();
            let count = kartl::tournament::scheme::SeasonCount::All;
            let s = seasons::create(conn, &actor, now, club, "Saison 2026/27", count)?;
            seasons::add(conn, &actor, &s, &a)?.unwrap();
            seasons::add(conn, &actor, &s, &b)?.unwrap();
            Ok(())
        })
        .await
        .unwrap();

    let visitor = app.browser();
    let page = visitor.get(&format!("/c/{club}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains("id=\"club-name\"><bdi>Kartlclub</bdi><"),
        "{}",
        page.body
    );
    let list = between(&page.body, "id=\"club-tournaments\"", "</ul>").unwrap();
    assert!(
        list.contains(&format!("href=\"/p/{}\"", one.slug)),
        "{list}"
    );
    assert!(!page.body.contains("Zweiter Abend"), "private: not shown");
    assert!(!page.body.contains("Fremdes Turnier"), "another club's");
    let seasons = between(&page.body, "id=\"club-seasons\"", "</section>").unwrap();
    assert!(seasons.contains("Saison 2026/27"), "{seasons}");
    assert!(seasons.contains("Erster Abend"), "{seasons}");

    for missing in ["/c/999999", "/c/abc"] {
        assert_eq!(visitor.get(missing).await.status, StatusCode::NOT_FOUND);
    }
}
