//! The three entry pages (Watten, Gaigel, figure games) on a phone, in German and English:
//! every text is translated (no catalogue id shows), nothing is wider than the screen, and
//! every visible button, field and select of the entry is a touch target of at least 44 px.

use crate::driver::{PHONE, Session};
use crate::setup::{Spec, app, tournament};
use crate::table::open;
use kartl::rules::Game;
use serde_json::json;

/// Visible controls of the entry section smaller than 44 px high (or wide), as
/// `tag.class "text" WxH`.
const SMALL_TARGETS: &str = "
  var out = [];
  document.querySelectorAll('.score-entry button, .score-entry input:not([type=hidden]), .score-entry select, .score-entry textarea')
    .forEach(function (e) {
      var r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) { return; }
      if (r.height < 44 || r.width < 44) {
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
            !(id.starts_with("score-") || id.starts_with("entry-")),
            "{what}: the catalogue id {id} shows untranslated"
        );
    }
    let small = s.execute(SMALL_TARGETS, json!([])).await;
    assert_eq!(small, json!([]), "{what}: touch targets under 44 px");
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
    let games = [
        (Game::Watten, ["Schnell eintragen", "Quick entry"]),
        (Game::Gaigel, ["Augen", "Card points"]),
        (Game::Giltspiel, ["Karten zeigen", "Show cards"]),
    ];
    for (game, [de, en]) in games {
        let t = tournament(&app, Spec::new(game)).await;
        for (lang, word) in [("de", de), ("en", en)] {
            s.goto(&format!("{}/lang/{lang}?next={}", app.base, t.links[0]))
                .await;
            open(&s, &app.base, &t.links[0]).await;
            if s.try_find("#pick-open").await.is_some() {
                // The card picker's buttons count too.
                s.tap("#pick-open").await;
                s.wait_for("#card-picker:not([hidden])").await;
            }
            check_page(&s, &format!("{game:?} ({lang})"), &[word]).await;
        }
    }
    s.quit().await;
}
