//! A thin W3C WebDriver client over `reqwest` for headless Chromium (Debian's `chromium` and
//! `chromium-driver`): one `chromedriver` per test on a free port, one session with a
//! phone-sized window. Only the commands the tests use; Chromium's CDP passthrough
//! (`/goog/cdp/execute`) cuts the network for the offline tests.
//!
//! Missing browser: with `CI` set the tests fail with a clear message; elsewhere they print one
//! line and skip, so a developer without Chromium can still run `cargo test`.

// Every test uses a part of this client, none uses all of it.
#![allow(dead_code)]

mod axe;
mod commands;

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
/// A common Android phone (412×915 CSS pixels), the width of the guides' screenshots, and
/// the narrowest phone kept in mind (360 px).
pub const PHONE_412: (u32, u32) = (412, 915);
pub const PHONE_360: (u32, u32) = (360, 800);
/// The phone a session starts on unless the test names another ([`Session::start_at`]).
pub const PHONE: (u32, u32) = PHONE_412;
/// A phone browser's user agent (Chrome on Android).
const PHONE_UA: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                        (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
/// The W3C element reference key.
pub const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// How long `wait_for` polls before the test fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// Whether the browser is installed; `false` means "skip" (only outside CI: under CI a missing
/// browser fails the test, see `tests/common/absent.rs`).
fn browser_available() -> bool {
    let (browser, driver) = (chromium(), chromedriver());
    let found = std::path::Path::new(&browser).exists() && std::path::Path::new(&driver).exists();
    if !found {
        crate::common::absent::skip(
            &format!("the browser ({browser} and {driver})"),
            "Debian: apt-get install chromium chromium-driver; .ci/run installs them",
        );
    }
    found
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
    /// The phone's viewport (CSS pixels), set before the first page and kept on every page.
    viewport: std::sync::Mutex<(u32, u32)>,
    _lock: tokio::sync::MutexGuard<'static, ()>,
    // Dropped last: the process outlives the session's handle.
    _driver: DriverProcess,
}

#[derive(Debug, Clone)]
pub struct Element(String);

impl Element {
    /// The element of a WebDriver id a script returned.
    pub fn from_id(id: &str) -> Element {
        Element(id.to_string())
    }

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
    /// Starts chromedriver and headless Chromium on the default phone ([`PHONE`]); `None`
    /// when the browser is missing outside CI (see the module doc).
    pub async fn start() -> Option<Session> {
        Self::start_at(PHONE).await
    }

    /// Starts on a phone of `size` CSS pixels: the viewport is set before the first page, so
    /// every page from the first is laid out, and checked by axe, at that width.
    pub async fn start_at(size: (u32, u32)) -> Option<Session> {
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
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            // Alerts stay open, so a test can ask whether one opened (the XSS checks).
            "unhandledPromptBehavior": "ignore",
            "goog:chromeOptions": {
                "binary": chromium(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--no-first-run",
                         "--window-size=600,1000", "--lang=de-DE"],
                "prefs": {"intl.accept_languages": "de-DE,de"},
                // Only the phone's user agent here: chromedriver would set its own device
                // metrics again on every new document, undoing a test's phone width (the page
                // laid out and checked at the wrong width). The viewport and touch are set
                // once through DevTools below and stay across navigations.
                "mobileEmulation": {"userAgent": PHONE_UA}
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
        let session = Session {
            http,
            base: format!("{root}/session/{id}"),
            viewport: std::sync::Mutex::new(size),
            _lock: lock,
            _driver: driver,
        };
        session.phone_this_tab().await;
        Some(session)
    }

    /// Makes the tab in front the session's phone before its first page: a window cannot
    /// be narrower than 500 px in headless Chromium; DevTools' device metrics (kept per tab,
    /// across its pages) give the page a phone's viewport, and touch emulation a phone's
    /// pointer.
    async fn phone_this_tab(&self) {
        self.post(
            "/goog/cdp/execute",
            json!({"cmd": "Emulation.setTouchEmulationEnabled",
                   "params": {"enabled": true, "maxTouchPoints": 5}}),
        )
        .await;
        self.apply_viewport(self.viewport()).await;
    }

    /// Opens a tab (a second phone at the table), turns to it and makes it the same phone;
    /// answers its handle.
    pub async fn new_tab(&self) -> String {
        let tab = self.post("/window/new", json!({"type": "tab"})).await;
        let handle = tab["handle"].as_str().expect("handle").to_string();
        self.switch_to(&handle).await;
        self.phone_this_tab().await;
        handle
    }

    /// The handle of the tab in front.
    pub async fn window(&self) -> String {
        self.get("/window").await.as_str().unwrap_or("").to_string()
    }

    /// Turns to the tab `handle`.
    pub async fn switch_to(&self, handle: &str) {
        self.post("/window", json!({ "handle": handle })).await;
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

    /// Ends the session (the browser closes); chromedriver goes with `self`.
    pub async fn quit(self) {
        let _ = self.call(reqwest::Method::DELETE, "", None).await;
    }
}

// ---- The scorer's pad: viewport sizes, buttons by their words, screenshots ----
impl Session {
    /// Turns the phone to a viewport of `width`×`height` CSS pixels (412×915, 360×800): it
    /// holds for the pages loaded after it, and the page now shown is laid out again and
    /// checked by axe again at the new width. A test names its first phone at the start
    /// ([`Session::start_at`]), so no page is ever loaded at another width first.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        if self.viewport() == (width, height) {
            return;
        }
        *self.viewport.lock().unwrap() = (width, height);
        self.apply_viewport((width, height)).await;
        if self.url().await.starts_with("http") {
            self.check_again().await;
        }
    }

    /// The phone's viewport now (CSS pixels).
    pub fn viewport(&self) -> (u32, u32) {
        *self.viewport.lock().unwrap()
    }

    async fn apply_viewport(&self, (width, height): (u32, u32)) {
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

    /// A picture for the guides (`docs/guides/`): the viewport as `name` in the folder
    /// `KARTL_SCREENSHOTS` names (`docs/guides/img` to renew the guides' pictures), with
    /// `scroll` (a script) run first to bring the part shown to the top. Only on the guides'
    /// 412 px phone: a run at another width writes nothing, so every picture has one width.
    pub async fn guide_shot(&self, name: &str, scroll: &str) {
        let Ok(dir) = std::env::var("KARTL_SCREENSHOTS") else {
            return;
        };
        if self.viewport() != PHONE_412 {
            return;
        }
        if !scroll.is_empty() {
            self.execute(scroll, json!([])).await;
        }
        self.screenshot(&std::path::Path::new(&dir).join(name))
            .await;
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
