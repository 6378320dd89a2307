//! A browser-like client for the harness: its own cookie jar (the session that holds the CSRF
//! token), redirects not followed, and the page scraping the harness needs.

use std::time::Duration;

/// How long an idle connection is kept for the next request.
pub const IDLE: Duration = Duration::from_secs(3);

pub fn client(timeout: Duration, reuse_connections: bool) -> reqwest::Client {
    let mut builder = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        // Below the service's keep-alive (actix: 5 s), so an idle connection is never reused
        // just as the service closes it (a reset a browser would retry unseen).
        .pool_idle_timeout(IDLE)
        .timeout(timeout);
    if !reuse_connections {
        // One connection per request, so the proxy's per-connection faults hit single requests.
        builder = builder.pool_max_idle_per_host(0);
    }
    builder.build().expect("client")
}

pub fn between(text: &str, start: &str, end: &str) -> Option<String> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some(text[from..from + len].to_string())
}

/// The CSRF token of the first form on a page.
pub fn csrf_in(html: &str) -> Option<String> {
    between(html, "name=\"csrf\" value=\"", "\"")
}

/// A page's status and body; panics on a transport error (setup runs without faults).
pub async fn get(client: &reqwest::Client, url: &str) -> (reqwest::StatusCode, String) {
    let res = client.get(url).send().await.expect("GET");
    let status = res.status();
    (status, res.text().await.expect("body"))
}

/// Opens `page`, takes its CSRF token and posts `fields` with it to `action`.
pub async fn submit(
    client: &reqwest::Client,
    base: &str,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> (reqwest::StatusCode, String) {
    let (status, body) = get(client, &format!("{base}{page}")).await;
    let token = csrf_in(&body).unwrap_or_else(|| panic!("no CSRF token on {page}: {status}"));
    let mut all = vec![("csrf", token.as_str())];
    all.extend_from_slice(fields);
    let res = client
        .post(format!("{base}{action}"))
        .form(&all)
        .send()
        .await
        .expect("POST");
    let status = res.status();
    (status, res.text().await.expect("body"))
}
