//! The pad of each game family on a phone, in German and English: every text is
//! translated (no catalogue id shows), nothing is wider than the screen, and every visible
//! button of the pad is a touch target of at least 48 px.

use crate::driver::{PHONE, Session};
use crate::setup::{Spec, app, tournament};
use crate::table::open;
use kartl::rules::Game;
use serde_json::json;

/// Visible controls of the entry section smaller than 44 px high (or wide), as
/// `tag.class "text" WxH`.
const SMALL_TARGETS: &str = "
  var out = [];
  document.querySelectorAll('#pad button, #pad input:not([type=hidden]), #pad select')
    .forEach(function (e) {
      var r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) { return; }
      if (r.height < 48 || r.width < 48) {
        out.push(e.tagName + '.' + e.className + ' \"' + (e.textContent || e.name || '').trim() + '\" ' +
                 Math.round(r.width) + 'x' + Math.round(r.height));
      }
    });
  return out;";

async fn check_page(s: &Session, what: &str, words: &[&str]) {
    let text = s.body_text().await;
    for w in words {
        assert!(text.contains(w), "{what}: {w:?} missing:\n{text}");
    }
    for id in text.split_whitespace() {
        assert!(
            !(id.starts_with("score-") || id.starts_with("entry-") || id.starts_with("pad-")),
            "{what}: the catalogue id {id} shows untranslated"
        );
    }
    let small = s.execute(SMALL_TARGETS, json!([])).await;
    assert_eq!(small, json!([]), "{what}: touch targets under 48 px");
    let width = s
        .execute("return document.documentElement.scrollWidth;", json!([]))
        .await;
    assert!(
        width.as_u64().unwrap_or(0) <= u64::from(PHONE.0),
        "{what}: the page is {width} px wide on a {} px screen",
        PHONE.0
    );
}

#[tokio::test]
async fn entry_pages_are_translated_and_touchable_on_a_phone() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let games = [Game::Watten, Game::Gaigel, Game::Giltspiel, Game::Perlaggen];
    for game in games {
        let t = tournament(&app, Spec::new(game)).await;
        for (lang, word) in [("de", "Spiel 1 eintragen"), ("en", "Enter deal 1")] {
            s.goto(&format!("{}/lang/{lang}?next={}", app.base, t.links[0]))
                .await;
            open(&s, &app.base, &t.links[0]).await;
            crate::pad::Pad::open(&s, &app.base, &t.links[0], PHONE).await;
            check_page(&s, &format!("{game:?} ({lang})"), &[word]).await;
        }
    }
    s.quit().await;
}
