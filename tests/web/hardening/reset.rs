//! Item 4: failed reset codes count in a scope of their own. Before, their throttle key
//! `reset code from {address}` shared the account names' namespace, so six failed logins
//! with the name `Reset Code From 10.0.0.77` blocked resets from that address, and a valid
//! code then read "invalid, expired or already used".

use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;

both_backends!(
    failed_logins_under_a_chosen_name_cannot_block_password_resets,
    a_throttled_reset_says_to_wait_not_that_the_code_is_wrong,
);

async fn failed_logins_under_a_chosen_name_cannot_block_password_resets(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let code = app.secretary_code(&admin, "Anna").await;
    let attacker = app.browser();
    for _ in 0..8 {
        let res = attacker.login("Reset Code From 127.0.0.1", "falsch").await;
        assert!(res.status.is_client_error(), "{}", res.status);
    }
    let res = app
        .browser()
        .redeem("Anna", &code, "Annas neues Passwort")
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let res = app.browser().login("Anna", "Annas neues Passwort").await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn a_throttled_reset_says_to_wait_not_that_the_code_is_wrong(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let code = app.secretary_code(&admin, "Berta").await;
    let guesser = app.browser();
    for _ in 0..5 {
        let res = guesser
            .redeem("Berta", "AAAA-BBBB-CCCC", "ein neues Passwort")
            .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
        assert!(res.body.contains("ungültig"), "{}", res.body);
    }
    let res = guesser
        .redeem("Berta", &code, "Bertas neues Passwort")
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.body);
    assert!(
        res.body.contains("Bitte warten Sie 30 Sekunden"),
        "{}",
        res.body
    );
    app.clock.advance(chrono::TimeDelta::seconds(31));
    let res = guesser
        .redeem("Berta", &code, "Bertas neues Passwort")
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}
