//! The secretary's forms on a phone: changing "Spiel" on the new-tournament form
//! keeps the name, date and place typed; the round overview's table links and the round
//! page's table headings are targets of at least 44 px that open the table's page.

use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;

async fn login(s: &Session, base: &str) {
    s.goto(&format!("{base}/login")).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
}

#[tokio::test]
async fn a_new_game_keeps_what_was_typed_and_table_links_are_big_enough() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    login(&s, &app.base).await;
    s.goto(&format!("{}/tournaments/new", app.base)).await;
    s.fill("form[method=post] input[name=name]", "Herbstgaigeln")
        .await;
    s.fill("form[method=post] input[name=place]", "Rutesheim")
        .await;
    s.select("select[name=game]", "gaigel").await;
    s.wait_for("form[method=post] input[name=game][value=gaigel]")
        .await;
    let name = s.find("form[method=post] input[name=name]").await;
    assert_eq!(s.property(&name, "value").await, "Herbstgaigeln");
    let place = s.find("form[method=post] input[name=place]").await;
    assert_eq!(s.property(&place, "value").await, "Rutesheim");

    let t = tournament(&app, Spec::new(Game::Watten)).await;
    s.goto(&format!("{}/t/{}/rounds/1/tables", app.base, t.slug))
        .await;
    let links = s.find_all("table.tables-overview a.table-link").await;
    assert_eq!(links.len(), 2);
    for link in &links {
        let (w, h) = s.size(link).await;
        assert!(w >= 44.0 && h >= 44.0, "a table link of {w} × {h} px");
    }
    s.goto(&format!("{}/t/{}/rounds/1", app.base, t.slug)).await;
    let heading = s.wait_for(".seating h3 a.table-link").await;
    let (w, h) = s.size(&heading).await;
    assert!(w >= 44.0 && h >= 44.0, "a table heading of {w} × {h} px");
    s.click(&heading).await;
    s.wait_for(".score-title").await;
    assert!(s.url().await.ends_with("/rounds/1/tables/1"));
    s.quit().await;
}
