//! A thin W3C WebDriver client over `reqwest` for headless Chromium (Debian's `chromium` and
//! `chromium-driver`): one `chromedriver` per test on a free port, one session with a
//! phone-sized window. Only the commands the tests use; Chromium's CDP passthrough
//! (`/goog/cdp/execute`) cuts the network for the offline tests.
//!
//! Missing browser: with `CI` set the tests fail with a clear message; elsewhere they print a
//! loud notice and skip, so a developer without Chromium can still run `cargo test`.

// Every test uses a part of this client, none uses all of it.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's paths; `KARTL_CHROMIUM` and `KARTL_CHROMEDRIVER` name others.
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

fn chromium() -> String {
    std::env::var("KARTL_CHROMIUM").unwrap_or_else(|_| CHROMIUM.into())
}

fn chromedriver() -> String {
    std::env::var("KARTL_CHROMEDRIVER").unwrap_or_else(|_| CHROMEDRIVER.into())
}
/// A phone: 390×844 CSS pixels (an iPhone 12-14 class screen).
pub const PHONE: (u32, u32) = (390, 844);
/// A phone browser's user agent (Chrome on Android).
const PHONE_UA: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                        (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
/// The W3C element reference key.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// How long `wait_for` polls before the test fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// Whether the browser is installed; `false` means "skip" (only outside CI).
fn browser_available() -> bool {
    let (browser, driver) = (chromium(), chromedriver());
    let found = std::path::Path::new(&browser).exists() && std::path::Path::new(&driver).exists();
    if found {
        return true;
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(
        !ci,
        "browser tests need {browser} and {driver} (Debian: apt-get install chromium \
         chromium-driver; .ci/run installs them); CI is set, so this is a failure, not a skip"
    );
    eprintln!(
        "\n!!! SKIPPED: browser test needs {browser} and {driver} \
         (apt-get install chromium chromium-driver). Not in CI, so skipping. !!!\n"
    );
    false
}

/// Browser tests run one at a time: Chromium is heavy and the machine small.
/// Each test has its own runtime; tokio's mutex works across them and is held across awaits.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A running chromedriver; killed (with the browsers it started) when dropped.
struct DriverProcess {
    child: Child,
}

impl Drop for DriverProcess {
    fn drop(&mut self) {
        // chromedriver runs in its own process group: end the group (driver and browser).
        let _ = Command::new("kill")
            .args(["-TERM", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// A WebDriver session in headless Chromium. End it with [`Session::quit`]; if a test panics
/// first, dropping it ends chromedriver and the browser all the same.
pub struct Session {
    http: reqwest::Client,
    base: String,
    _lock: tokio::sync::MutexGuard<'static, ()>,
    // Dropped last: the process outlives the session's handle.
    _driver: DriverProcess,
}

#[derive(Debug, Clone)]
pub struct Element(String);

impl Element {
    /// The WebDriver id, for commands the client has no method for.
    pub fn id(&self) -> &str {
        &self.0
    }
}

/// A WebDriver error answer: its `error` code and message.
#[derive(Debug)]
pub struct WdError {
    pub error: String,
    pub message: String,
}

impl Session {
    /// Starts chromedriver and a phone-sized headless Chromium; `None` when the browser is
    /// missing outside CI (see the module doc).
    pub async fn start() -> Option<Session> {
        if !browser_available() {
            return None;
        }
        let lock = ONE_AT_A_TIME.lock().await;
        let port = free_port();
        let mut command = Command::new(chromedriver());
        command
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let driver = DriverProcess {
            child: command.spawn().expect("chromedriver starts"),
        };
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .expect("client");
        let root = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        loop {
            let ready = match http.get(format!("{root}/status")).send().await {
                Ok(res) => res
                    .json::<Value>()
                    .await
                    .is_ok_and(|v| v["value"]["ready"] == json!(true)),
                Err(_) => false,
            };
            if ready {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not get ready on port {port}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let (w, h) = PHONE;
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            // Alerts stay open, so a test can ask whether one opened (the XSS checks).
            "unhandledPromptBehavior": "ignore",
            "goog:chromeOptions": {
                "binary": chromium(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--no-first-run",
                         format!("--window-size={w},{h}"), "--lang=de-DE"],
                "prefs": {"intl.accept_languages": "de-DE,de"},
                // A window cannot be narrower than 500 px in headless Chromium; the device
                // emulation gives the page a phone's viewport, touch and user agent.
                "mobileEmulation": {
                    "deviceMetrics": {"width": w, "height": h, "pixelRatio": 3.0, "touch": true},
                    "userAgent": PHONE_UA
                }
            }
        }}});
        let res = http
            .post(format!("{root}/session"))
            .json(&caps)
            .send()
            .await
            .expect("new session");
        let v: Value = res.json().await.expect("session JSON");
        let id = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        Some(Session {
            http,
            base: format!("{root}/session/{id}"),
            _lock: lock,
            _driver: driver,
        })
    }

    /// One command; the W3C `value`, or the error it answered.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, WdError> {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        // POSTs always carry a JSON body (chromedriver insists), `{}` when there is nothing.
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.map_err(|e| WdError {
            error: "transport".into(),
            message: e.to_string(),
        })?;
        let ok = res.status().is_success();
        let v: Value = res.json().await.map_err(|e| WdError {
            error: "transport".into(),
            message: e.to_string(),
        })?;
        if ok {
            Ok(v["value"].clone())
        } else {
            Err(WdError {
                error: v["value"]["error"].as_str().unwrap_or("").to_string(),
                message: v["value"]["message"].as_str().unwrap_or("").to_string(),
            })
        }
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        self.call(reqwest::Method::POST, path, Some(body))
            .await
            .unwrap_or_else(|e| panic!("POST {path}: {e:?}"))
    }

    async fn get(&self, path: &str) -> Value {
        self.call(reqwest::Method::GET, path, None)
            .await
            .unwrap_or_else(|e| panic!("GET {path}: {e:?}"))
    }

    pub async fn goto(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
    }

    pub async fn url(&self) -> String {
        self.get("/url").await.as_str().unwrap_or("").to_string()
    }

    pub async fn refresh(&self) {
        self.post("/refresh", json!({})).await;
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

    /// Ends the session (the browser closes); chromedriver goes with `self`.
    pub async fn quit(self) {
        let _ = self.call(reqwest::Method::DELETE, "", None).await;
    }
}

// ---- The scorer's pad (issue 13): viewport sizes, buttons by their words, screenshots ----
impl Session {
    /// Gives the page a phone's viewport of `width`×`height` CSS pixels (412×915, 360×800).
    pub async fn set_viewport(&self, width: u32, height: u32) {
        self.post(
            "/goog/cdp/execute",
            json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 2, "mobile": true
            }}),
        )
        .await;
    }

    /// The first visible element matching `css` whose text is exactly `text` (trimmed).
    pub async fn find_by_text(&self, css: &str, text: &str) -> Option<Element> {
        let found = self
            .execute(
                "var all = document.querySelectorAll(arguments[0]);
                 for (var i = 0; i < all.length; i++) {
                   var e = all[i];
                   if (e.textContent.trim() === arguments[1] && e.getClientRects().length) {
                     return e;
                   }
                 }
                 return null;",
                json!([css, text]),
            )
            .await;
        found[ELEMENT].as_str().map(|id| Element(id.to_string()))
    }

    /// The page as a PNG (the viewport), written to `path`.
    pub async fn screenshot(&self, path: &std::path::Path) {
        let shot = self.get("/screenshot").await;
        let bytes = decode_base64(shot.as_str().unwrap_or(""));
        std::fs::write(path, bytes).expect("screenshot written");
    }
}

/// Standard base64 (the WebDriver screenshot's encoding) to bytes.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    sextets
        .chunks(4)
        .flat_map(|c| {
            let n = c
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &v)| n | u32::from(v) << (18 - 6 * i));
            let bytes = n.to_be_bytes();
            bytes[1..c.len()].to_vec()
        })
        .collect()
}
