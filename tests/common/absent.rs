//! A test whose backend is absent (no PostgreSQL server named, no Chromium): under CI it
//! fails; elsewhere it says so on one line and returns. The line goes to the process's own
//! stderr, not libtest's captured output, so it shows in a plain `cargo test` run beside the
//! test's `ok` (see docs/reference/testing.md, "Absent backends"). Needs only std: the resilience
//! harness and the browser driver include it too.

use std::io::Write;

/// Whether the tests run in CI: `CI` set, and not empty, `false` or `0`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The calling test cannot run: `what` is missing, `how` says how to get it. Panics under CI
/// (the CI script always has PostgreSQL and Chromium); else prints one line and returns, and
/// the caller returns too.
pub fn skip(what: &str, how: &str) {
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    assert!(
        !in_ci(),
        "{test}: {what} is missing ({how}); CI is set, so this is a failure, not a skip"
    );
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {what} is missing ({how}); not in CI, so it passes without running"
    );
}

/// The PostgreSQL server the tests create their databases on, if one is named in `env`;
/// otherwise the caller is skipped as [`skip`] says.
pub fn postgres_server(env: &str) -> Option<String> {
    let server = std::env::var(env)
        .ok()
        .filter(|u| !u.is_empty())
        .map(without_tls);
    if server.is_none() {
        skip(
            "PostgreSQL",
            &format!("set {env}, e.g. postgres://postgres@127.0.0.1:5432/test"),
        );
    }
    server
}

/// The test server's URL with `sslmode=disable` unless it names a mode: the tests talk to a
/// server on this machine, and a libpq connection over TLS leaves OpenSSL's state to the
/// process's exit handlers, which free it while the apps' pool and writer threads may still
/// hold such a connection: the likely cause of the web test binary ending once with SIGSEGV
/// after every test had passed (likely, not proven: the crash came and went).
pub fn without_tls(url: String) -> String {
    if url.contains("sslmode=") {
        url
    } else if url.contains('?') {
        format!("{url}&sslmode=disable")
    } else {
        format!("{url}?sslmode=disable")
    }
}
