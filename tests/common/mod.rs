//! Shared by the test binaries: a fresh database per test on each backend, the real app bound
//! to port 0, a browser-like client with a cookie jar, and the steps most tests start with.
//!
//! Backends: SQLite always (a temp file); PostgreSQL too when `KARTL_TEST_POSTGRES_URL` names a
//! server (e.g. `postgres://postgres@127.0.0.1:5432/test`): each test then creates a database
//! with a random name there and drops it afterwards. [`both_backends!`] turns one async test
//! function into an `on_sqlite` and an `on_postgres` test.
#![allow(dead_code)]

use diesel::{Connection, PgConnection, RunQueryDsl};
use kartl::clock::ManualClock;
use kartl::config::{Https, Settings};
use kartl::startup::{AppState, Application};
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use std::sync::Arc;
use std::time::Duration;

pub mod absent;
mod app_fixture;
pub mod fixture;

pub const POSTGRES_ENV: &str = "KARTL_TEST_POSTGRES_URL";
pub const ADMIN: &str = "Admin";
pub const ADMIN_PASSWORD: &str = "ein langes Admin-Passwort";

/// Declares `mod NAME { on_sqlite, on_postgres }` for each async `fn NAME(Backend)`.
/// `both_backends!(ignore = "why"; NAME, ...)` declares them ignored, saying why.
/// Without `KARTL_TEST_POSTGRES_URL`, `on_postgres` fails under CI and is skipped, saying so,
/// elsewhere (see [`absent`]).
#[macro_export]
macro_rules! both_backends {
    (ignore = $why:literal; $($name:ident),* $(,)?) => {$(
        $crate::both_backends!(@one [ignore = $why] $name);
    )*};
    (@one [$($attr:meta)*] $name:ident) => {
        mod $name {
            #[tokio::test]
            $(#[$attr])*
            async fn on_sqlite() {
                super::$name($crate::common::Backend::Sqlite).await
            }
            #[tokio::test]
            $(#[$attr])*
            async fn on_postgres() {
                if let Some(backend) = $crate::common::Backend::postgres_or_skip() {
                    super::$name(backend).await
                }
            }
        }
    };
    ($($name:ident),* $(,)?) => {$(
        $crate::both_backends!(@one [] $name);
    )*};
}

#[derive(Debug, Clone)]
pub enum Backend {
    Sqlite,
    /// The server URL to create test databases on.
    Postgres(String),
}

impl Backend {
    pub fn postgres() -> Option<Backend> {
        std::env::var(POSTGRES_ENV)
            .ok()
            .filter(|u| !u.is_empty())
            .map(absent::without_tls)
            .map(Backend::Postgres)
    }

    /// PostgreSQL when its server is named; else the test is skipped, or fails under CI.
    pub fn postgres_or_skip() -> Option<Backend> {
        absent::postgres_server(POSTGRES_ENV).map(Backend::Postgres)
    }
}

/// A database of one test; a PostgreSQL one is dropped when this goes.
pub struct TestDb {
    pub url: String,
    dir: Option<tempfile::TempDir>,
    postgres: Option<(String, String)>,
}

impl TestDb {
    pub fn create(backend: &Backend) -> TestDb {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = dir.path().join("kartl.db").display().to_string();
                TestDb {
                    url,
                    dir: Some(dir),
                    postgres: None,
                }
            }
            Backend::Postgres(server) => {
                let mut bytes = [0u8; 8];
                getrandom::fill(&mut bytes).expect("random");
                let name = format!("kartl_test_{}", u64::from_le_bytes(bytes));
                let mut conn = PgConnection::establish(server)
                    .unwrap_or_else(|e| panic!("{POSTGRES_ENV}: cannot connect: {e}"));
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut conn)
                    .expect("create database");
                let mut url = url::Url::parse(server).expect("postgres URL");
                url.set_path(&name);
                TestDb {
                    url: url.to_string(),
                    dir: None,
                    postgres: Some((server.clone(), name)),
                }
            }
        }
    }

    /// For SQLite: the file.
    pub fn path(&self) -> Option<std::path::PathBuf> {
        self.dir.as_ref().map(|d| d.path().join("kartl.db"))
    }

    /// Makes the database disappear under a running app.
    pub fn destroy(&self) {
        if let Some(path) = self.path() {
            std::fs::remove_file(&path).expect("remove the database file");
        }
        if let Some((server, name)) = &self.postgres {
            drop_database(server, name);
        }
    }
}

fn drop_database(server: &str, name: &str) {
    if let Ok(mut conn) = PgConnection::establish(server) {
        let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut conn);
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.postgres {
            drop_database(server, name);
        }
    }
}

/// The real app on port 0, with a clock the test moves.
pub struct TestApp {
    pub base: String,
    pub clock: Arc<ManualClock>,
    pub state: actix_web::web::Data<AppState>,
    handle: actix_web::dev::ServerHandle,
    // Dropped last: the database outlives the server.
    pub db: TestDb,
}

impl TestApp {
    pub async fn spawn(backend: &Backend) -> TestApp {
        TestApp::spawn_with(backend, |_| {}).await
    }

    pub async fn spawn_with(backend: &Backend, adjust: impl FnOnce(&mut Settings)) -> TestApp {
        TestApp::spawn_on_with(TestDb::create(backend), adjust).await
    }

    /// The real app on a database made beforehand (e.g. one restored from a backup).
    pub async fn spawn_on(db: TestDb) -> TestApp {
        TestApp::spawn_on_with(db, |_| {}).await
    }

    pub async fn spawn_on_with(db: TestDb, adjust: impl FnOnce(&mut Settings)) -> TestApp {
        let mut settings = Settings::new("127.0.0.1:0", &db.url, Https::Off).expect("settings");
        settings.workers = Some(1);
        settings.db_timeout = Duration::from_secs(2);
        // The request that refreshes a public page waits for the refresh, as on a quiet
        // machine, so a test's first request after `STAMP_TTL` shows the change however busy
        // the test machine is (the bounded wait has its own test: `tests/web/public/live.rs`).
        settings.refresh_wait = Duration::from_secs(10);
        adjust(&mut settings);
        let clock = Arc::new(ManualClock::new());
        let app = Application::build_with_clock(settings, clock.clone())
            .await
            .expect("the app starts");
        let base = format!("http://{}", app.address());
        let handle = app.handle();
        let state = app.state();
        tokio::spawn(app.run_until_stopped());
        TestApp {
            base,
            clock,
            state,
            handle,
            db,
        }
    }

    /// A fresh browser: own cookie jar, redirects not followed (tests look at them).
    pub fn browser(&self) -> Browser {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        Browser {
            client,
            base: self.base.clone(),
        }
    }

    /// Creates the administrator through the setup page; returns the admin's logged-in browser.
    pub async fn setup(&self) -> Browser {
        let admin = self.browser();
        let res = admin
            .submit(
                "/setup",
                "/setup",
                &[
                    ("name", ADMIN),
                    ("password", ADMIN_PASSWORD),
                    ("password2", ADMIN_PASSWORD),
                ],
            )
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
        admin
    }

    /// The administrator creates a club (once) and a secretary; the secretary redeems the
    /// reset code. Returns the secretary's password.
    pub async fn secretary(&self, admin: &Browser, name: &str) -> String {
        let code = self.secretary_code(admin, name).await;
        let password = format!("{name}s geheimes Passwort");
        let res = self.browser().redeem(name, &code, &password).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
        password
    }
}

impl TestApp {
    /// The administrator creates a club (once) and a secretary; returns the secretary's unused
    /// reset code.
    pub async fn secretary_code(&self, admin: &Browser, name: &str) -> String {
        let _ = admin
            .submit("/admin", "/admin/clubs", &[("name", "SK Testverein")])
            .await;
        let page = admin.get("/admin").await;
        let club = between(&page.body, "<option value=\"", "\"").expect("a club");
        let res = admin
            .submit(
                "/admin",
                "/admin/secretaries",
                &[("name", name), ("club", &club)],
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
        reset_code_in(&res.body)
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Stop accepting; the runtime ends with the test anyway.
        let stop = self.handle.stop(false);
        drop(stop);
    }
}

/// The code shown on the "reset code" page.
pub fn reset_code_in(html: &str) -> String {
    between(html, "id=\"reset-code\">", "<").expect("a reset code on the page")
}

/// The CSRF token of the first form on a page.
pub fn csrf_in(html: &str) -> Option<String> {
    between(html, "name=\"csrf\" value=\"", "\"")
}

pub fn between(text: &str, start: &str, end: &str) -> Option<String> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some(text[from..from + len].to_string())
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn location(&self) -> Option<&str> {
        self.headers.get("location").and_then(|v| v.to_str().ok())
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

pub struct Browser {
    pub client: reqwest::Client,
    pub base: String,
}

impl Browser {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn reply(res: reqwest::Response) -> Reply {
        let status = res.status();
        let headers = res.headers().clone();
        let body = res.text().await.expect("body");
        Reply {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, path: &str) -> Reply {
        let res = self.client.get(self.url(path)).send().await;
        Browser::reply(res.unwrap_or_else(|e| panic!("GET {path}: {e:?}"))).await
    }

    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Reply {
        Browser::reply(
            self.client
                .post(self.url(path))
                .form(fields)
                .send()
                .await
                .expect("POST"),
        )
        .await
    }

    /// Opens `page`, takes its CSRF token and posts `fields` with it to `action`.
    pub async fn submit(&self, page: &str, action: &str, fields: &[(&str, &str)]) -> Reply {
        let shown = self.get(page).await;
        let token = csrf_in(&shown.body)
            .unwrap_or_else(|| panic!("no CSRF token on {page}: {} {}", shown.status, shown.body));
        let mut all = vec![("csrf", token.as_str())];
        all.extend_from_slice(fields);
        self.post(action, &all).await
    }

    pub async fn login(&self, name: &str, password: &str) -> Reply {
        self.submit(
            "/login",
            "/login",
            &[("name", name), ("password", password)],
        )
        .await
    }

    pub async fn logout(&self) -> Reply {
        self.submit("/", "/logout", &[]).await
    }

    pub async fn redeem(&self, name: &str, code: &str, password: &str) -> Reply {
        self.submit(
            "/reset",
            "/reset",
            &[
                ("name", name),
                ("code", code),
                ("password", password),
                ("password2", password),
            ],
        )
        .await
    }

    /// Whose session this browser holds: the name in the page header, if any.
    pub async fn who(&self) -> Option<String> {
        let page = self.get("/").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        between(&page.body, "class=\"user\"", "</a>")
            .map(|s| s.rsplit('>').next().unwrap_or("").to_string())
    }

    /// Whether this browser is logged in (an account page opens rather than redirecting).
    pub async fn logged_in(&self) -> bool {
        let res = self.get("/account/password").await;
        match res.status {
            StatusCode::OK => true,
            StatusCode::SEE_OTHER => false,
            other => panic!("unexpected {other}: {}", res.body),
        }
    }
}
