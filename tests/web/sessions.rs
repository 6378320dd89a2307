//! Sessions end: by logout, by a reset code, by a password change, by idling, by age.

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, Browser, TestApp, reset_code_in};
use chrono::TimeDelta;
use reqwest::StatusCode;

both_backends!(
    logout_ends_the_session_on_the_server,
    a_reset_code_ends_the_sessions_and_works_once,
    a_reset_code_expires_after_thirty_minutes,
    a_password_change_ends_the_other_sessions,
    an_idle_session_ends_after_thirty_minutes,
    a_session_ends_after_twelve_hours_however_busy,
);

/// A browser that sends exactly this cookie (a stolen or replayed one).
fn replaying(app: &TestApp, cookie: &str) -> reqwest::RequestBuilder {
    app.browser()
        .client
        .get(format!("{}/account/password", app.base))
        .header("Cookie", cookie)
}

async fn logout_ends_the_session_on_the_server(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let browser = app.browser();
    let res = browser.login(ADMIN, ADMIN_PASSWORD).await;
    let cookie = res
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(
        replaying(&app, &cookie).send().await.unwrap().status(),
        StatusCode::OK
    );
    browser.logout().await;
    // The old cookie, kept by someone, opens nothing any more.
    assert_eq!(
        replaying(&app, &cookie).send().await.unwrap().status(),
        StatusCode::SEE_OTHER
    );
}

async fn issue_code(admin: &Browser, account: &str) -> String {
    let page = admin.get("/admin").await;
    let row = page
        .body
        .split("<tr>")
        .find(|r| r.contains(&format!("<td>{account}</td>")))
        .unwrap();
    let id = crate::common::between(row, "/admin/users/", "/reset-code").unwrap();
    let res = admin
        .submit("/admin", &format!("/admin/users/{id}/reset-code"), &[])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    reset_code_in(&res.body)
}

async fn a_reset_code_ends_the_sessions_and_works_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let old = app.secretary(&admin, "Vroni").await;
    let vroni = app.browser();
    vroni.login("Vroni", &old).await;
    assert!(vroni.logged_in().await);

    let code = issue_code(&admin, "Vroni").await;
    assert!(
        !vroni.logged_in().await,
        "issuing a code ends the account's sessions"
    );
    assert!(admin.logged_in().await, "the administrator stays");

    let new = "Vronis neues langes Passwort";
    let res = app
        .browser()
        .redeem("Vroni", &code.to_lowercase(), new)
        .await;
    assert_eq!(res.location(), Some("/login?done=reset"));
    assert_eq!(
        app.browser().login("Vroni", &old).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.browser().login("Vroni", new).await.status,
        StatusCode::SEE_OTHER
    );

    let again = app
        .browser()
        .redeem("Vroni", &code, "noch ein anderes Passwort")
        .await;
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a code works once"
    );
    assert_eq!(
        app.browser().login("Vroni", new).await.status,
        StatusCode::SEE_OTHER
    );
}

async fn a_reset_code_expires_after_thirty_minutes(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let _ = app.secretary(&admin, "Hias").await;
    let code = issue_code(&admin, "Hias").await;
    app.clock.advance(TimeDelta::minutes(31));
    let res = app
        .browser()
        .redeem("Hias", &code, "ein zu spätes Passwort")
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("abgelaufen"), "{}", res.body);
}

async fn a_password_change_ends_the_other_sessions(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let here = app.setup().await;
    let there = app.browser();
    there.login(ADMIN, ADMIN_PASSWORD).await;
    let new = "ein neues langes Admin-Passwort";
    let res = here
        .submit(
            "/account/password",
            "/account/password",
            &[
                ("current", ADMIN_PASSWORD),
                ("password", new),
                ("password2", new),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert!(here.logged_in().await, "this browser stays logged in");
    assert!(!there.logged_in().await, "the other session ended");
    assert_eq!(
        app.browser().login(ADMIN, new).await.status,
        StatusCode::SEE_OTHER
    );
    let wrong = here
        .submit(
            "/account/password",
            "/account/password",
            &[
                ("current", "falsches Passwort!"),
                ("password", new),
                ("password2", new),
            ],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
}

async fn an_idle_session_ends_after_thirty_minutes(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    app.clock.advance(TimeDelta::minutes(29));
    assert!(admin.logged_in().await, "29 idle minutes are fine");
    app.clock.advance(TimeDelta::minutes(29));
    assert!(admin.logged_in().await, "the visit restarted the idle time");
    app.clock.advance(TimeDelta::minutes(30));
    assert!(!admin.logged_in().await, "30 idle minutes end it");
}

async fn a_session_ends_after_twelve_hours_however_busy(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    // A visit every 20 minutes keeps it from idling, up to 11 h 40 min...
    for _ in 0..35 {
        app.clock.advance(TimeDelta::minutes(20));
        assert!(admin.logged_in().await);
    }
    // ...and at 12 h it ends all the same.
    app.clock.advance(TimeDelta::minutes(20));
    assert!(!admin.logged_in().await);
}
