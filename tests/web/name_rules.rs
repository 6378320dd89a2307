//! Names hold no invisible or direction-changing characters, and no account name looks like
//! another. Before, `seka` with a zero-width space stood beside `seka`, `ſeka` beside `seka`,
//! and a U+202E turned the public standings around.

use crate::both_backends;
use crate::common::{Backend, TestApp, between};
use reqwest::StatusCode;

both_backends!(
    names_with_invisible_or_direction_characters_are_refused_in_words,
    an_account_name_that_looks_like_another_is_taken,
);

async fn names_with_invisible_or_direction_characters_are_refused_in_words(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    for name in [
        "Watterclub\u{200B}",
        "\u{202E}bulcrettaW",
        "Watter\u{2066}club",
    ] {
        let res = admin
            .submit("/admin", "/admin/clubs", &[("name", name)])
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{name:?}: {}",
            res.body
        );
        assert!(
            res.body.contains("unsichtbares Zeichen"),
            "{name:?}: {}",
            res.body
        );
        // What was typed comes back, the hidden character shown as a replacement mark.
        assert!(res.body.contains('\u{FFFD}'), "{}", res.body);
    }
    let page = admin.get("/admin").await;
    assert!(!page.body.contains("Watterclub"), "nothing stored");
    // A password may hold any character (it is never shown).
    let sepp = app.secretary(&admin, "Sepp").await;
    let b = app.browser();
    assert_eq!(b.login("Sepp", &sepp).await.status, StatusCode::SEE_OTHER);
    let odd = "ein Passwort mit\u{200B}Breite null";
    let res = b
        .submit(
            "/account/password",
            "/account/password",
            &[("current", &sepp), ("password", odd), ("password2", odd)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
}

async fn an_account_name_that_looks_like_another_is_taken(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let _ = app.secretary(&admin, "seka").await;
    let page = admin.get("/admin").await;
    let club = between(&page.body, "<option value=\"", "\"").expect("a club");
    for name in ["ſeka", "SEKA", "ｓｅｋａ"] {
        let res = admin
            .submit(
                "/admin",
                "/admin/secretaries",
                &[("name", name), ("club", &club)],
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{name}: {}",
            res.body
        );
        assert!(res.body.contains("gleich aussieht"), "{}", res.body);
    }
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "seka2"), ("club", &club)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
}
