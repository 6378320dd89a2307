//! The club's register in the browser at 412 px and 1280 px: the list, a record's page, the
//! entrants page with the register's type-ahead, the list's check before storing, and a
//! season's public page. Every page passes axe-core (`goto` checks it; the pages reached by a
//! form are checked by hand) and is no wider than the window.

use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, tournament};
use kartl::clock::Clock;
use kartl::rules::Game;
use kartl::service::{Actor, seasons};
use kartl::tournament::scheme::SeasonCount;
use serde_json::json;

async fn login(s: &Session, base: &str) {
    s.goto(&format!("{base}/login")).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
}

/// The page is no wider than the window.
async fn fits(s: &Session, width: u32, what: &str) {
    let wide = s
        .execute("return document.documentElement.scrollWidth;", json!([]))
        .await;
    assert!(
        wide.as_u64().unwrap_or(0) <= u64::from(width),
        "{what}: {wide} px wide in a {width} px window"
    );
}

#[tokio::test]
async fn the_register_and_the_list_check_fit_a_phone_and_a_desktop() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::open(Game::Watten)).await;
    let now = app.clock.now();
    let season = app
        .state
        .db
        .run(move |conn| {
            let club = kartl::db::models::Club::all(conn)?
                .into_iter()
                .find(|c| c.name == "Kartlclub")
                .expect("the fixture's club");
            let actor = Actor::command_line();
            seasons::create(conn, &actor, now, club.id, "Saison", SeasonCount::All)
        })
        .await
        .unwrap();
    // A first evening's players are in the register.
    let earlier = tournament(&app, Spec::new(Game::Watten)).await;
    assert!(!earlier.slug.is_empty());
    login(&s, &app.base).await;
    for width in [412, 1280] {
        s.set_viewport(width, 900).await;
        s.goto(&format!("{}/register", app.base)).await;
        let club = s.wait_for("#register-clubs a").await;
        let href = s.attribute(&club, "href").await.unwrap();
        s.goto(&format!("{}{href}", app.base)).await;
        s.wait_for("#register-table").await;
        fits(&s, width, "the register").await;
        let record = s.find("#register-table a").await;
        let href = s.attribute(&record, "href").await.unwrap();
        s.goto(&format!("{}{href}", app.base)).await;
        s.wait_for("#register-edit").await;
        fits(&s, width, "a record").await;

        s.goto(&format!("{}/t/{}/entrants", app.base, t.slug)).await;
        let offered = s.find_all("#register-names option").await;
        assert!(offered.len() >= 8, "the register's players are offered");
        s.fill("#entrant-list", "Die Neuen;Spieler 1;Zenzi Neuhauser\n")
            .await;
        s.tap("form[action$='/import'] button[type=submit]").await;
        s.wait_for("#list-preview").await;
        s.check_page().await;
        let text = s.body_text().await;
        assert!(
            text.contains("gefunden") && text.contains("neu ins Register"),
            "{text}"
        );
        fits(&s, width, "the list's check").await;

        s.goto(&format!("{}/seasons/{season}/standings", app.base))
            .await;
        s.wait_for("#season-preview").await;
        fits(&s, width, "the season's page").await;
    }
    s.quit().await;
}
