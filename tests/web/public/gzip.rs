//! Issue 28: the public pages kept per stamp with a gzip copy. A browser that accepts gzip
//! gets the copy (`Content-Encoding: gzip`, its own ETag), which decodes to exactly the plain
//! page; one that does not (no header, `gzip;q=0`) gets the plain page; a 304 holds with
//! either ETag; every shared answer varies by `Accept-Encoding` and `Cookie`. Logged-in
//! visitors' pages stay plain. The cup pages' half is in `cups::gzip`.

use super::*;
use reqwest::header::HeaderMap;
use std::io::Read;

both_backends!(
    every_public_page_goes_compressed_to_a_browser_that_accepts_gzip,
    a_304_holds_with_the_plain_etag_or_the_gzip_one,
    a_logged_in_visitors_page_stays_plain,
);

/// What a browser sends: the compressed copy is for it.
pub(crate) const BROWSER: &str = "gzip, deflate, br";

/// An answer with its body as bytes (a gzip body is no text).
pub(crate) struct Raw {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Raw {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The body as the browser shows it: gunzipped when the answer says gzip.
    pub fn page(&self) -> Vec<u8> {
        if self.header("content-encoding") != Some("gzip") {
            return self.bytes.clone();
        }
        let mut page = Vec::new();
        flate2::read::GzDecoder::new(&self.bytes[..])
            .read_to_end(&mut page)
            .expect("a gzip body");
        page
    }
}

/// GET `path` with the request headers `headers`.
pub(crate) async fn fetch(visitor: &Browser, path: &str, headers: &[(&str, &str)]) -> Raw {
    let mut req = visitor.client.get(visitor.url(path));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let res = req
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e:?}"));
    Raw {
        status: res.status(),
        headers: res.headers().clone(),
        bytes: res.bytes().await.expect("body").to_vec(),
    }
}

/// The gzip copy's ETag: the plain one with `-gz` inside the quotes.
pub(crate) fn gzip_tag(plain: &str) -> String {
    format!("{}-gz\"", plain.strip_suffix('"').expect("a quoted ETag"))
}

/// Checks one shared page: plain without the header and with `gzip;q=0`, compressed (to the
/// same bytes, under its own ETag) for a browser and for `*`, unless the page is too small
/// to be worth it (`web::public::gzip::MIN_BYTES`). Both answers vary by encoding and cookie.
pub(crate) async fn served_both_ways(visitor: &Browser, path: &str) {
    let plain = fetch(visitor, path, &[]).await;
    assert_eq!(plain.status, StatusCode::OK, "{path}");
    assert_eq!(plain.header("content-encoding"), None, "{path}");
    let etag = plain.header("etag").expect("an ETag").to_string();
    let big = plain.bytes.len() >= kartl::web::public::gzip::MIN_BYTES;
    let asks = [
        (BROWSER, true),
        ("br;q=1.0, *;q=0.5", true),
        ("gzip;q=0", false),
        ("deflate, br", false),
    ];
    for (accept, allows) in asks {
        let res = fetch(visitor, path, &[("Accept-Encoding", accept)]).await;
        assert_eq!(res.status, StatusCode::OK, "{path} {accept}");
        let gzip = big && allows;
        let expected = if gzip { Some("gzip") } else { None };
        assert_eq!(res.header("content-encoding"), expected, "{path} {accept}");
        let tag = if gzip { gzip_tag(&etag) } else { etag.clone() };
        assert_eq!(res.header("etag"), Some(tag.as_str()), "{path} {accept}");
        assert_eq!(res.page(), plain.bytes, "{path} {accept}: the same page");
        if gzip {
            assert!(
                res.bytes.len() * 2 < plain.bytes.len(),
                "{path}: compressed"
            );
        }
        assert_eq!(
            res.header("vary"),
            Some("Accept-Encoding, Cookie"),
            "{path}"
        );
    }
    assert_eq!(
        plain.header("vary"),
        Some("Accept-Encoding, Cookie"),
        "{path}"
    );
}

async fn every_public_page_goes_compressed_to_a_browser_that_accepts_gzip(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    let entrant = seats(&app, &slug).await.remove(0);
    let visitor = app.browser();
    let mut compressed = 0;
    for path in routes(&slug, &entrant) {
        served_both_ways(&visitor, &path).await;
        let res = fetch(&visitor, &path, &[("Accept-Encoding", BROWSER)]).await;
        compressed += usize::from(res.header("content-encoding").is_some());
    }
    // The standings, the projector, the live table and the chart at least are large enough.
    assert!(compressed >= 4, "{compressed} pages compressed");
}

async fn a_304_holds_with_the_plain_etag_or_the_gzip_one(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    let visitor = app.browser();
    let path = format!("/p/{slug}");
    let plain = fetch(&visitor, &path, &[]).await;
    let etag = plain.header("etag").unwrap().to_string();
    let compressed = gzip_tag(&etag);
    let gzip = fetch(&visitor, &path, &[("Accept-Encoding", BROWSER)]).await;
    assert_eq!(gzip.header("etag"), Some(compressed.as_str()));
    // Each tag, with and without gzip accepted: 304, naming the copy the visitor holds.
    for held in [&etag, &compressed] {
        for accept in [BROWSER, "identity"] {
            let res = fetch(
                &visitor,
                &path,
                &[("Accept-Encoding", accept), ("If-None-Match", held)],
            )
            .await;
            assert_eq!(res.status, StatusCode::NOT_MODIFIED, "{held} {accept}");
            assert!(res.bytes.is_empty());
            assert_eq!(res.header("etag"), Some(held.as_str()));
            assert_eq!(res.header("vary"), Some("Accept-Encoding, Cookie"));
        }
    }
    // Weak, among others.
    let weak = format!("\"other\", W/{compressed}");
    let res = fetch(&visitor, &path, &[("If-None-Match", &weak)]).await;
    assert_eq!(res.status, StatusCode::NOT_MODIFIED);
    // Another stamp's tags do not hold.
    let stale = etag.replacen('-', "-9", 1);
    let res = fetch(&visitor, &path, &[("If-None-Match", &gzip_tag(&stale))]).await;
    assert_eq!(res.status, StatusCode::OK);
}

/// A logged-in visitor's page is rendered for them alone and never stored, so it goes plain
/// (docs/reference/public.md, "Compression").
async fn a_logged_in_visitors_page_stays_plain(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let slug = create(&app, true).await;
    let res = fetch(
        &admin,
        &format!("/p/{slug}"),
        &[("Accept-Encoding", BROWSER)],
    )
    .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header("content-encoding"), None);
    assert_eq!(res.header("cache-control"), Some("no-store"));
    assert!(String::from_utf8_lossy(&res.bytes).contains("Wattturnier am Sonntag"));
}
