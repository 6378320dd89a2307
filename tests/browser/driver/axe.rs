//! Accessibility: axe-core (vendored in `tests/browser/axe/`, see its README) checks every
//! page a browser test loads against WCAG 2.0/2.1 A and AA and 2.2 AA. The driver calls
//! [`Session::check_page`] after each navigation (`goto`, `refresh`, and a click that loaded a
//! new document), so a page no test looks at for accessibility is still checked; a violation
//! fails the test with its rule id, the offending nodes and the page's address.

use super::Session;
use serde_json::{Value, json};

/// axe-core 4.14.1, minified, as the npm package ships it.
const AXE: &str = include_str!("../axe/axe.min.js");

/// The rule sets the issue asks for (WCAG 2.2 A and AA; 2.2 adds only AA rules to axe).
const RUN: &str = "var done = arguments[arguments.length - 1];
    if (document.readyState !== 'complete') {
      window.addEventListener('load', function () { setTimeout(run, 0); });
    } else { run(); }
    function run() {
      axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']})
        .then(function (r) {
          done(r.violations.map(function (v) {
            return {id: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map(function (n) {
              return n.target.join(' ') + ' :: ' + n.html.slice(0, 200) + ' :: ' + n.failureSummary;
            })};
          }));
        }, function (e) { done([{id: 'axe-error', help: String(e), nodes: []}]); });
    }";

impl Session {
    /// Runs axe-core on the page now loaded and fails the test on any violation. A page is
    /// checked once: the mark set here goes with the document, so a new document is checked
    /// again. Turned off only by `KARTL_AXE=0` (for finding a failure elsewhere faster).
    pub async fn check_page(&self) {
        if std::env::var("KARTL_AXE").is_ok_and(|v| v == "0") {
            return;
        }
        let fresh = self
            .execute_raw(
                "if (window.__kartlAxeChecked) { return false; }
                 window.__kartlAxeChecked = true; return true;",
                json!([]),
            )
            .await;
        if fresh != Some(json!(true)) {
            return;
        }
        self.assert_phone().await;
        let has_axe = self
            .execute_raw("return typeof window.axe !== 'undefined';", json!([]))
            .await;
        if has_axe != Some(json!(true)) {
            // The DevTools-run script is not bound by the page's CSP (script-src 'self').
            let _ = self
                .execute_raw(&format!("{AXE}\n;return true;"), json!([]))
                .await;
        }
        let found = self
            .call(
                reqwest::Method::POST,
                "/execute/async",
                Some(json!({"script": RUN, "args": []})),
            )
            .await;
        let violations = match found {
            Ok(v) => v,
            // The page went away while axe ran (a script navigated): the next page is checked.
            Err(_) => return,
        };
        let list = violations.as_array().cloned().unwrap_or_default();
        if !list.is_empty() {
            panic!(
                "axe-core: {} WCAG violation(s) on {}:\n{}",
                list.len(),
                self.url().await,
                describe(&list)
            );
        }
    }

    /// The page is shown on the session's phone: its screen is as wide as the viewport the
    /// test set (nothing set another width behind its back on a new document).
    async fn assert_phone(&self) {
        let screen = self
            .execute_raw("return screen.width;", json!([]))
            .await
            .and_then(|v| v.as_u64());
        let want = u64::from(self.viewport().0);
        if let Some(width) = screen {
            assert_eq!(
                width,
                want,
                "{} is shown on a {width} px screen, not the test's {want} px phone",
                self.url().await
            );
        }
    }

    /// Checks the page again after a tap changed what it shows (a `<details>` opened).
    pub async fn check_again(&self) {
        let _ = self
            .execute_raw("window.__kartlAxeChecked = false; return true;", json!([]))
            .await;
        self.check_page().await;
    }

    /// A script's value, or `None` when the page was replaced while it ran.
    async fn execute_raw(&self, script: &str, args: Value) -> Option<Value> {
        self.call(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
        .await
        .ok()
    }
}

fn describe(list: &[Value]) -> String {
    list.iter()
        .map(|v| {
            let nodes: Vec<String> = v["nodes"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|n| format!("    {}", n.as_str().unwrap_or("")))
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "  {} ({})\n{}",
                v["id"].as_str().unwrap_or(""),
                v["help"].as_str().unwrap_or(""),
                nodes.join("\n")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
