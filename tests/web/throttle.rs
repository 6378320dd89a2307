//! The login throttle as an attacker meets it: 200 wrong passwords for one account
//! cost at most five argon2 hashes, a neighbour behind the same address still logs in, and two
//! kartl processes on one database share the counters.

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, Browser, TestApp};
use kartl::config::{Https, Settings};
use kartl::startup::Application;
use reqwest::StatusCode;
use std::time::Duration;

both_backends!(
    two_hundred_wrong_passwords_compute_at_most_five_hashes,
    two_processes_on_one_database_share_the_throttle,
);

async fn two_hundred_wrong_passwords_compute_at_most_five_hashes(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Sepp").await;
    let guesser = app.browser();
    let before = app.state.hasher.computed();
    let mut statuses = Vec::new();
    for i in 0..200 {
        let res = guesser
            .login(ADMIN, &format!("falsches Passwort {i}"))
            .await;
        statuses.push(res.status);
    }
    let hashes = app.state.hasher.computed() - before;
    assert!(hashes <= 5, "{hashes} hashes for 200 wrong passwords");
    assert_eq!(hashes, 5, "the five free attempts are really checked");
    assert!(statuses[..5].iter().all(|s| *s == StatusCode::UNAUTHORIZED));
    assert!(
        statuses[5..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS)
    );
    // The right password waits too while the delay runs: no hash, no login.
    let res = guesser.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(app.state.hasher.computed() - before, 5);

    // Sepp sits in the same pub (same address) and logs in at once.
    let sepp = app.browser();
    let res = sepp.login("Sepp", &password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(sepp.who().await.as_deref(), Some("Sepp"));
}

/// A second kartl process (its own pool, hasher and workers) on the first one's database and
/// clock; returns a browser for it. The server runs until the test's runtime ends.
async fn second_process(
    app: &TestApp,
) -> (Browser, actix_web::web::Data<kartl::startup::AppState>) {
    let mut settings = Settings::new("127.0.0.1:0", &app.db.url, Https::Off).unwrap();
    settings.workers = Some(1);
    settings.db_timeout = Duration::from_secs(2);
    let other = Application::build_with_clock(settings, app.clock.clone())
        .await
        .unwrap();
    let base = format!("http://{}", other.address());
    let state = other.state();
    tokio::spawn(other.run_until_stopped());
    let mut browser = app.browser();
    browser.base = base;
    (browser, state)
}

async fn two_processes_on_one_database_share_the_throttle(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let (on_second, second) = second_process(&app).await;
    let on_first = app.browser();
    let before = app.state.hasher.computed() + second.hasher.computed();
    // Three failures through one process, two through the other: five in all.
    for i in 0..3 {
        let res = on_first.login(ADMIN, &format!("falsch {i}")).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    for i in 0..2 {
        let res = on_second.login(ADMIN, &format!("falsch {i}")).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    // Both processes now make the account wait, and neither computes a hash for it.
    for browser in [&on_first, &on_second, &on_first, &on_second] {
        let res = browser.login(ADMIN, "noch ein Versuch").await;
        assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.body);
    }
    let after = app.state.hasher.computed() + second.hasher.computed();
    assert_eq!(after - before, 5);
    // Once the delay has passed (the processes share the clock), the right password works on
    // either, and a success through one clears the count for both.
    app.clock.advance(chrono::TimeDelta::seconds(31));
    let res = on_second.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for i in 0..4 {
        let res = on_first.login(ADMIN, &format!("wieder falsch {i}")).await;
        assert_eq!(
            res.status,
            StatusCode::UNAUTHORIZED,
            "count cleared by the success"
        );
    }
}
