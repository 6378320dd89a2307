//! Guesses fired all at once: the throttle counts an attempt before it checks it, in the
//! database, so a burst gets no more checks than the same guesses one after another. Before,
//! 60 parallel wrong passwords got 56 (SQLite) / 60 (PostgreSQL) checks and 100 parallel wrong
//! reset codes 82 / 100 answers, each after hashing the new password.
//! Observed honestly: the hasher's own count of argon2 computations, and the answers that were
//! not "wait" (429).

use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, Browser, TestApp, csrf_in};
use reqwest::StatusCode;

both_backends!(
    sixty_parallel_wrong_passwords_get_five_checks,
    a_hundred_parallel_wrong_reset_codes_get_five_answers_and_no_hash,
    wrong_codes_for_one_name_do_not_lock_out_the_neighbour_behind_the_same_address,
);

/// `n` browsers, each holding the CSRF token of `page`, ready to post at once.
async fn ready(app: &TestApp, page: &str, n: usize) -> Vec<(Browser, String)> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let b = app.browser();
        let shown = b.get(page).await;
        let token = csrf_in(&shown.body).expect("a CSRF token");
        out.push((b, token));
    }
    out
}

/// Posts every browser's form at once; the answers' statuses.
async fn fire(
    browsers: &[(Browser, String)],
    action: &str,
    fields: &[(&str, &str)],
) -> Vec<StatusCode> {
    let sends = browsers.iter().map(|(b, token)| {
        let mut form = vec![("csrf".to_string(), token.clone())];
        form.extend(fields.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let request = b.client.post(b.url(action)).form(&form);
        tokio::spawn(async move { request.send().await.expect("POST").status() })
    });
    let handles: Vec<_> = sends.collect();
    let mut statuses = Vec::with_capacity(handles.len());
    for h in handles {
        statuses.push(h.await.expect("the request's task"));
    }
    statuses
}

fn count(statuses: &[StatusCode], which: StatusCode) -> usize {
    statuses.iter().filter(|s| **s == which).count()
}

async fn sixty_parallel_wrong_passwords_get_five_checks(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let guessers = ready(&app, "/login", 60).await;
    let before = app.state.hasher.computed();
    let fields = [("name", ADMIN), ("password", "falsches Passwort")];
    let statuses = fire(&guessers, "/login", &fields).await;
    let checked = app.state.hasher.computed() - before;
    assert_eq!(checked, 5, "hashes for 60 parallel wrong passwords");
    assert_eq!(
        count(&statuses, StatusCode::UNAUTHORIZED),
        5,
        "{statuses:?}"
    );
    assert_eq!(count(&statuses, StatusCode::TOO_MANY_REQUESTS), 55);
    // After the wait, one more burst gets one check, not a burst's worth.
    app.clock.advance(chrono::TimeDelta::seconds(31));
    let guessers = ready(&app, "/login", 60).await;
    let statuses = fire(&guessers, "/login", &fields).await;
    assert_eq!(app.state.hasher.computed() - before, 6, "{statuses:?}");
    assert_eq!(count(&statuses, StatusCode::UNAUTHORIZED), 1);
    // The right password still waits its turn, then works.
    app.clock.advance(chrono::TimeDelta::seconds(61));
    let res = app.browser().login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn a_hundred_parallel_wrong_reset_codes_get_five_answers_and_no_hash(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let code = app.secretary_code(&admin, "Berta").await;
    let guessers = ready(&app, "/reset", 100).await;
    let before = app.state.hasher.computed();
    let password = "ein neues langes Passwort";
    let fields = [
        ("name", "Berta"),
        ("code", "AAAA-BBBB-CCCC"),
        ("password", password),
        ("password2", password),
    ];
    let statuses = fire(&guessers, "/reset", &fields).await;
    assert_eq!(
        app.state.hasher.computed() - before,
        0,
        "a wrong code costs no hash of the new password"
    );
    assert_eq!(
        count(&statuses, StatusCode::UNPROCESSABLE_ENTITY),
        5,
        "{statuses:?}"
    );
    assert_eq!(count(&statuses, StatusCode::TOO_MANY_REQUESTS), 95);
    // Berta's right code waits like any other, then works.
    app.clock.advance(chrono::TimeDelta::seconds(31));
    let res = app.browser().redeem("Berta", &code, password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn wrong_codes_for_one_name_do_not_lock_out_the_neighbour_behind_the_same_address(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let code = app.secretary_code(&admin, "Anna").await;
    let guesser = app.browser();
    for _ in 0..6 {
        let res = guesser
            .redeem("Sepp", "AAAA-BBBB-CCCC", "ein neues langes Passwort")
            .await;
        assert!(res.status.is_client_error(), "{}", res.status);
    }
    let res = guesser
        .redeem("Sepp", "AAAA-BBBB-CCCC", "ein neues langes Passwort")
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.body);
    // Anna, in the same inn (same address), redeems her code at once; her code under another
    // name is no code at all.
    let res = app
        .browser()
        .redeem("Sepp", &code, "Annas neues Passwort")
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.body);
    let res = app
        .browser()
        .redeem("Admin", &code, "Annas neues Passwort")
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let res = app
        .browser()
        .redeem("anna", &code, "Annas neues Passwort")
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let res = app.browser().login("Anna", "Annas neues Passwort").await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}
