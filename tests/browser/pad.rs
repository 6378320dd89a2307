//! The scorer's pad as a phone user works it: tap the buttons the referee offers by
//! their German words, read the transcript back, save, confirm. Every touch of the screen is
//! counted, for the taps per deal in `docs/reference/performance.md`.

use crate::driver::{Element, Session};
use serde_json::json;
use std::time::{Duration, Instant};

pub use crate::driver::{PHONE_360, PHONE_412};

/// Event words of the old text form that must never show on a German pad.
const ENGLISH: &[&str] = &["bet", "see", "tricks", "show", "give_up", "raise", "hold"];

/// Pairs of the score sheet's texts whose boxes overlap (more than a pixel each way).
const OVERLAPS: &str = "var texts = Array.from(document.querySelectorAll('svg text'))
      .filter(function (t) { return t.textContent.trim() !== '' && t.getClientRects().length; });
    var boxes = texts.map(function (t) { return t.getBoundingClientRect(); });
    var out = [];
    for (var i = 0; i < boxes.length; i++) {
      for (var j = i + 1; j < boxes.length; j++) {
        var a = boxes[i], b = boxes[j];
        var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) { out.push(texts[i].textContent + ' / ' + texts[j].textContent); }
      }
    }
    return out;";

/// A scorer at a table's pad, counting taps.
pub struct Pad<'a> {
    pub s: &'a Session,
    pub taps: usize,
    /// The tallest the page has been after a tap (CSS pixels): how far a scorer scrolls.
    pub tallest: u64,
}

impl<'a> Pad<'a> {
    /// Opens the pad of `link` on a phone of `size` (the session's phone, or turned to it
    /// before the page loads) and waits until it offers actions.
    pub async fn open(s: &'a Session, base: &str, link: &str, size: (u32, u32)) -> Pad<'a> {
        s.set_viewport(size.0, size.1).await;
        s.goto(&format!("{base}{link}")).await;
        let mut pad = Pad {
            s,
            taps: 0,
            tallest: 0,
        };
        pad.settled().await;
        pad.measure().await;
        pad
    }

    /// Waits until the pad has drawn its answer (nothing in flight).
    pub async fn settled(&self) {
        let started = Instant::now();
        loop {
            let ready = self
                .s
                .execute(
                    "var r = document.getElementById('pad');
                     var a = document.getElementById('pad-actions');
                     return !!(r && a && r.getAttribute('data-drawn') &&
                               !a.hasAttribute('aria-busy'));",
                    json!([]),
                )
                .await;
            if ready == json!(true) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "the pad never settled:\n{}",
                self.s.body_text().await
            );
            tokio::time::sleep(Duration::from_millis(80)).await;
        }
    }

    async fn button(&self, label: &str) -> Element {
        let started = Instant::now();
        loop {
            if let Some(e) = self.visible(label).await {
                return e;
            }
            if started.elapsed() > Duration::from_secs(10) {
                let offered = self.offered().await;
                panic!("no button {label:?}; the pad offers {offered:?}");
            }
            tokio::time::sleep(Duration::from_millis(80)).await;
        }
    }

    /// The visible action button named `label`: by its words, or, where it shows a short
    /// word (a card in the grid, "♣ Ass"), by its full name ("A zeigt ♣ Eichel-Ass").
    async fn visible(&self, label: &str) -> Option<Element> {
        let found = self
            .s
            .execute(
                "var all = document.querySelectorAll('button.pad-act');
                 for (var i = 0; i < all.length; i++) {
                   var b = all[i];
                   var name = b.getAttribute('aria-label') || b.textContent.trim();
                   if (name === arguments[0] && b.getClientRects().length) { return b; }
                 }
                 return null;",
                json!([label]),
            )
            .await;
        found[crate::driver::ELEMENT].as_str().map(Element::from_id)
    }

    /// The full names of the buttons the pad offers now (a card tab not shown included).
    pub async fn offered(&self) -> Vec<String> {
        let v = self
            .s
            .execute(
                "return Array.from(document.querySelectorAll('button.pad-act'))
                   .map(function (b) {
                     return b.getAttribute('aria-label') || b.textContent.trim();
                   });",
                json!([]),
            )
            .await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// Shows the card grid's tab named `name` ("Karten von B"): one tap, no question to the
    /// server.
    pub async fn tab(&mut self, name: &str) {
        let tab = self
            .s
            .find_by_text("button.pad-tab", name)
            .await
            .unwrap_or_else(|| panic!("no card tab {name:?}"));
        self.s.click(&tab).await;
        self.taps += 1;
        let on = self
            .s
            .execute(
                "var b = document.querySelector('button.pad-tab[aria-pressed=true]');
                 return b && b.textContent.trim();",
                json!([]),
            )
            .await;
        assert_eq!(on, json!(name), "the tab tapped is the one shown");
        self.measure().await;
    }

    /// How many answers the pad has drawn.
    async fn drawn(&self) -> u64 {
        let v = self
            .s
            .execute(
                "var r = document.getElementById('pad');
                 return parseInt(r && r.getAttribute('data-drawn') || '0', 10);",
                json!([]),
            )
            .await;
        v.as_u64().unwrap_or(0)
    }

    /// Clicks `e` (one tap) and waits for the pad's next answer.
    pub async fn press(&mut self, e: &Element) {
        let before = self.drawn().await;
        self.s.click(e).await;
        self.taps += 1;
        let started = Instant::now();
        while self.drawn().await <= before {
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "no answer after the tap:\n{}",
                self.s.body_text().await
            );
            tokio::time::sleep(Duration::from_millis(60)).await;
        }
        self.settled().await;
        self.measure().await;
    }

    /// Notes the page's height now, if it is the tallest yet.
    async fn measure(&mut self) {
        let height = self
            .s
            .execute("return document.documentElement.scrollHeight;", json!([]))
            .await;
        self.tallest = self.tallest.max(height.as_u64().unwrap_or(0));
    }

    /// Taps the action labelled `label` and waits for the pad's answer.
    pub async fn tap(&mut self, label: &str) {
        let b = self.button(label).await;
        self.press(&b).await;
    }

    /// Taps each label in order; a label naming a tab of the card grid ("Karten von B")
    /// switches the tab.
    pub async fn taps(&mut self, labels: &[&str]) {
        for l in labels {
            if l.starts_with("Karten von ") {
                self.tab(l).await;
            } else {
                self.tap(l).await;
            }
        }
    }

    pub async fn undo(&mut self) {
        let b = self.s.find("#pad-undo").await;
        self.press(&b).await;
    }

    /// The transcript's lines.
    pub async fn transcript(&self) -> Vec<String> {
        let v = self
            .s
            .execute(
                "return Array.from(document.querySelectorAll('#pad-transcript li:not(.pad-empty)'))
                   .map(function (l) { return l.textContent.trim(); });",
                json!([]),
            )
            .await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// The visible text of an element by id, "" when missing or not drawn: whether it is
    /// drawn is asked of the layout, not of its `hidden` flag, which a style can override.
    pub async fn shown(&self, id: &str) -> String {
        let v = self
            .s
            .execute(
                "var e = document.getElementById(arguments[0]);
                 return e && e.getClientRects().length ? e.innerText.trim() : '';",
                json!([id]),
            )
            .await;
        v.as_str().unwrap_or("").to_string()
    }

    /// Speichern: waits for the page's unmistakable "Gespeichert" after the reload.
    pub async fn save(&mut self) -> String {
        self.s.tap("#pad-save").await;
        self.taps += 1;
        self.s.wait_for("#pad-saved:not([hidden])").await;
        self.settled().await;
        self.shown("pad-saved").await
    }

    /// The other side's confirmation, right below "Gespeichert".
    pub async fn confirm(&mut self) {
        let b = self.s.wait_for("#pad-confirm").await;
        let label = self.s.text(&b).await;
        assert!(label.starts_with("Bestätigen (Seite"), "{label}");
        self.s.click(&b).await;
        self.taps += 1;
        let started = Instant::now();
        while self.s.try_find("#pad-confirm").await.is_some() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "never confirmed"
            );
            tokio::time::sleep(Duration::from_millis(80)).await;
        }
        self.settled().await;
    }

    pub async fn score(&self) -> String {
        self.shown("score-now").await
    }

    /// No English event word anywhere on the page, no line wider than the phone, no text of
    /// the score sheet over another.
    pub async fn german_and_narrow(&self) {
        let text = self.s.body_text().await;
        for word in text.split(|c: char| !c.is_alphanumeric() && c != '_') {
            assert!(
                !ENGLISH.contains(&word.to_lowercase().as_str()),
                "the English word {word:?} shows:\n{text}"
            );
        }
        let (width, inner) = (
            self.s
                .execute("return document.documentElement.scrollWidth;", json!([]))
                .await,
            self.s.execute("return window.innerWidth;", json!([])).await,
        );
        assert!(
            width.as_u64() <= inner.as_u64(),
            "the page is {width} px wide on a {inner} px screen"
        );
        // The score sheet's texts (the sides' names above all) do not run into each other.
        let overlaps = self.s.execute(OVERLAPS, json!([])).await;
        assert_eq!(overlaps, json!([]), "texts of the score sheet overlap");
    }

    /// Every visible button of the pad is at least 48 px high and wide.
    pub async fn big_targets(&self) {
        let small = self
            .s
            .execute(
                "var out = [];
                 document.querySelectorAll('#pad button').forEach(function (e) {
                   var r = e.getBoundingClientRect();
                   if (r.width === 0 && r.height === 0) { return; }
                   if (r.height < 48 || r.width < 48) {
                     out.push(e.textContent.trim() + ' ' + Math.round(r.width) + 'x' +
                              Math.round(r.height));
                   }
                 });
                 return out;",
                json!([]),
            )
            .await;
        assert_eq!(small, json!([]), "touch targets under 48 px");
    }

    /// The guides' picture `name` (see [`Session::guide_shot`]), the entry's heading at the
    /// top: what was tapped and what can be tapped next.
    pub async fn screenshot(&self, name: &str) {
        self.s
            .guide_shot(
                name,
                "var q = document.getElementById('pad-queue');
                 (q && !q.hidden ? q : document.getElementById('pad-heading')).scrollIntoView();",
            )
            .await;
    }
}
