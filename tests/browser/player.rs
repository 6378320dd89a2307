//! The player's page and the privacy pages on a phone (360 px, axe-checked on every load):
//! the secretary sets a player to initials on the entrants page, the public player's page
//! then shows "A. H.", and the erasure's confirm step says it cannot be undone. Nothing is
//! wider than the screen and every control is at least 44 px high.

use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;
use kartl::service::{Actor, tournaments};
use serde_json::json;

/// Visible controls of the main content under 44 px high, as `tag "text" WxH`.
const SMALL: &str = "
  var out = [];
  document.querySelectorAll('main button, main select, main input:not([type=hidden]), main a.button')
    .forEach(function (e) {
      // A box or a radio inside its label is tapped through the label.
      var label = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label');
      var r = (label || e).getBoundingClientRect();
      if (r.width === 0 && r.height === 0) { return; }
      if (r.height < 44) {
        out.push(e.tagName + ' \"' + (e.textContent || e.name || '').trim() + '\" ' +
                 Math.round(r.width) + 'x' + Math.round(r.height));
      }
    });
  return out;";

async fn fits(s: &Session, what: &str) {
    // chromedriver's phone emulation comes back with each new document: set it again.
    s.set_viewport(360, 800).await;
    let width = s
        .execute("return document.documentElement.scrollWidth;", json!([]))
        .await;
    let wide = s
        .execute(
            "var out = []; document.querySelectorAll('body *').forEach(function (e) {
               var r = e.getBoundingClientRect();
               if (r.right > 361) { out.push(e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(r.right)); }
             }); return out.slice(0, 8);",
            json!([]),
        )
        .await;
    assert!(
        width.as_u64().unwrap_or(0) <= 360,
        "{what}: {width} px wide on 360 px: {wide}"
    );
    assert_eq!(
        s.execute(SMALL, json!([])).await,
        json!([]),
        "{what}: small controls"
    );
}

#[tokio::test]
async fn a_secretary_sets_initials_on_a_phone_and_the_public_player_page_shows_them() {
    let Some(s) = Session::start().await else {
        return;
    };
    s.set_viewport(360, 800).await;
    let app = app().await;
    let spec = Spec {
        players: vec![
            "Annamirl Huberbauer".into(),
            "Sepp Mair".into(),
            "Vroni Gasser".into(),
            "Toni Egger".into(),
        ],
        ..Spec::new(Game::Watten)
    };
    let t = tournament(&app, spec).await;
    let slug = t.slug.clone();
    let player = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
        .await
        .unwrap()
        .players[0]
        .player_id;

    s.goto(&format!("{}/login", app.base)).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;

    s.goto(&format!("{}/t/{}/entrants", app.base, t.slug)).await;
    s.tap("#actions-t1 summary").await;
    fits(&s, "entrants").await;
    s.select("#consent-t1-1 select[name=consent]", "initials")
        .await;
    s.tap("#consent-t1-1 button[type=submit]").await;
    s.wait_for("#field-list").await;

    s.goto(&format!("{}/spieler/{player}", app.base)).await;
    s.wait_for("#player-privacy").await;
    fits(&s, "player page (secretary)").await;
    assert!(s.body_text().await.contains("Annamirl Huberbauer"));
    s.tap("#player-erase").await;
    s.wait_for("#player-erase-form").await;
    fits(&s, "erase").await;
    assert!(s.body_text().await.contains("nicht rückgängig"));

    s.tap("form[action='/logout'] button").await;
    // Logged out once the bar offers the login again (the next page is a visitor's).
    s.wait_for("header a[href='/login']").await;
    s.goto(&format!("{}/spieler/{player}", app.base)).await;
    let text = s.body_text().await;
    assert!(
        text.contains("A. H.") && !text.contains("Huberbauer"),
        "{text}"
    );
    fits(&s, "player page (public)").await;
    s.quit().await;
}
