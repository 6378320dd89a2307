//! The session's page commands: navigate, find by CSS and wait, click, type, read text and
//! properties, execute script, alerts, and cutting the network through CDP.

use super::{ELEMENT, Element, PATIENCE, Session};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

impl Session {
    pub async fn goto(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
        self.check_page().await;
    }

    pub async fn url(&self) -> String {
        self.get("/url").await.as_str().unwrap_or("").to_string()
    }

    pub async fn refresh(&self) {
        self.post("/refresh", json!({})).await;
        self.check_page().await;
    }

    /// The page's HTML as the browser has it now.
    pub async fn source(&self) -> String {
        self.get("/source").await.as_str().unwrap_or("").to_string()
    }

    /// The visible text of the whole page.
    pub async fn body_text(&self) -> String {
        self.text(&self.find("body").await).await
    }

    pub async fn try_find(&self, css: &str) -> Option<Element> {
        let found = self
            .call(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await
            .ok()?;
        found[ELEMENT].as_str().map(|id| Element(id.to_string()))
    }

    pub async fn find(&self, css: &str) -> Element {
        match self.try_find(css).await {
            Some(e) => e,
            None => panic!(
                "no element `{css}` on {}:\n{}",
                self.url().await,
                self.body_text_or_empty().await
            ),
        }
    }

    /// The page's text, or nothing while a navigation replaces the page (stale elements).
    async fn body_text_or_empty(&self) -> String {
        let Some(Element(id)) = self.try_find("body").await else {
            return String::new();
        };
        self.call(reqwest::Method::GET, &format!("/element/{id}/text"), None)
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    pub async fn find_all(&self, css: &str) -> Vec<Element> {
        let found = self
            .post("/elements", json!({"using": "css selector", "value": css}))
            .await;
        found
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT].as_str().map(|id| Element(id.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Polls until `css` matches (pages load, scripts run); fails the test after a while.
    pub async fn wait_for(&self, css: &str) -> Element {
        let started = Instant::now();
        loop {
            if let Some(e) = self.try_find(css).await {
                // A page a script or a slow submit brought in is checked once it is there.
                self.check_page().await;
                return e;
            }
            if started.elapsed() > PATIENCE {
                return self.find(css).await;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Polls until the page's text contains `needle`.
    pub async fn wait_for_text(&self, needle: &str) {
        let started = Instant::now();
        loop {
            let text = self.body_text_or_empty().await;
            if text.contains(needle) {
                self.check_page().await;
                return;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "`{needle}` never appeared on {}:\n{text}",
                self.url().await
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub async fn click(&self, e: &Element) {
        self.post(&format!("/element/{}/click", e.0), json!({}))
            .await;
        // A click that loaded a new document (a link, a form) has its page checked too.
        self.check_page().await;
    }

    /// Finds and clicks.
    pub async fn tap(&self, css: &str) {
        let e = self.find(css).await;
        self.click(&e).await;
    }

    pub async fn clear(&self, e: &Element) {
        self.post(&format!("/element/{}/clear", e.0), json!({}))
            .await;
    }

    pub async fn send_keys(&self, e: &Element, text: &str) {
        self.post(&format!("/element/{}/value", e.0), json!({ "text": text }))
            .await;
    }

    /// Replaces a field's value as typing would.
    pub async fn fill(&self, css: &str, text: &str) {
        let e = self.find(css).await;
        self.clear(&e).await;
        if !text.is_empty() {
            self.send_keys(&e, text).await;
        }
    }

    pub async fn text(&self, e: &Element) -> String {
        self.get(&format!("/element/{}/text", e.0))
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    pub async fn property(&self, e: &Element, name: &str) -> Value {
        self.get(&format!("/element/{}/property/{name}", e.0)).await
    }

    pub async fn attribute(&self, e: &Element, name: &str) -> Option<String> {
        self.get(&format!("/element/{}/attribute/{name}", e.0))
            .await
            .as_str()
            .map(str::to_string)
    }

    /// The element's rendered size in CSS pixels (width, height).
    pub async fn size(&self, e: &Element) -> (f64, f64) {
        let r = self.get(&format!("/element/{}/rect", e.0)).await;
        (
            r["width"].as_f64().unwrap_or(0.0),
            r["height"].as_f64().unwrap_or(0.0),
        )
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub async fn execute(&self, script: &str, args: Value) -> Value {
        self.post("/execute/sync", json!({"script": script, "args": args}))
            .await
    }

    /// Selects the `<option>` of a `<select>` by value, as a tap would, firing `change`.
    pub async fn select(&self, css: &str, value: &str) {
        let e = self.find(&format!("{css} option[value=\"{value}\"]")).await;
        self.click(&e).await;
    }

    /// The text of an open alert/confirm/prompt, `None` when WebDriver says "no such alert".
    pub async fn alert_text(&self) -> Option<String> {
        match self.call(reqwest::Method::GET, "/alert/text", None).await {
            Ok(v) => Some(v.as_str().unwrap_or("").to_string()),
            Err(e) if e.error == "no such alert" => None,
            Err(e) => panic!("alert text: {e:?}"),
        }
    }

    pub async fn dismiss_alert(&self) {
        self.post("/alert/dismiss", json!({})).await;
    }

    /// Cuts (or restores) the network through Chromium's DevTools protocol.
    pub async fn set_offline(&self, offline: bool) {
        self.post(
            "/goog/cdp/execute",
            json!({"cmd": "Network.enable", "params": {}}),
        )
        .await;
        self.post(
            "/goog/cdp/execute",
            json!({"cmd": "Network.emulateNetworkConditions", "params": {
                "offline": offline, "latency": 0,
                "downloadThroughput": -1, "uploadThroughput": -1
            }}),
        )
        .await;
    }
}
