//! Item 1, open redirect: the language switch returns to a path of this site only. Browsers
//! drop tabs and line breaks from a `Location` and read `\` as `/`, so `/\t/host/x` led to
//! another origin before.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;

both_backends!(the_language_switch_never_leads_to_another_site);

async fn the_language_switch_never_leads_to_another_site(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let b = app.browser();
    // Whitespace, line breaks, backslashes and doubled slashes: home instead.
    for next in [
        "/%09/127.0.0.1:18999/phish.html",
        "/%0a/evil.example",
        "/%0d/evil.example",
        "/%0a",
        "/%20/evil.example",
        "/%5c/evil.example",
        "%5c%5cevil.example",
        "//evil.example",
        "https://evil.example/",
    ] {
        let res = b.get(&format!("/lang/en?next={next}")).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{next}: {}", res.body);
        assert_eq!(res.location(), Some("/"), "{next}");
    }
    // Control characters other than line breaks and tabs: refused before any handler, with
    // a page that says why (formerly a 500 with nothing in the log).
    let german = app.browser();
    for next in ["/%00", "/%01", "/%7f", "/%1b"] {
        let res = german.get(&format!("/lang/de?next={next}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{next}: {}", res.body);
        assert!(res.body.contains("Steuerzeichen"), "{next}: {}", res.body);
    }
    let res = b.get("/lang/en?next=/p/wattturnier-2026/live").await;
    assert_eq!(res.location(), Some("/p/wattturnier-2026/live"));
}
