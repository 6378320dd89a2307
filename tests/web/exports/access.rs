//! Who may download what: the tournament's own secretary everything; for a private
//! tournament of another club, strangers and that club's secretaries get 404 and change
//! nothing; for a public one, the results are everybody's but the session sheets are not.

use super::{download, stored_tournament};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use crate::secretary::{secretary, stored};
use reqwest::StatusCode;

both_backends!(
    private_exports_are_refused_to_strangers_and_other_clubs,
    public_results_are_everybodys_but_working_papers_are_not
);

/// The results every visitor of a public tournament may have.
fn results(slug: &str) -> Vec<String> {
    [
        "report",
        "report.pdf",
        "standings.csv",
        "rounds.csv?sep=semicolon",
        "results.xlsx",
        "tournament.json",
    ]
    .iter()
    .map(|p| format!("/t/{slug}/{p}"))
    .collect()
}

async fn statuses(browser: &Browser, paths: &[String]) -> Vec<(String, StatusCode)> {
    let mut out = Vec::new();
    for p in paths {
        out.push((p.clone(), download(browser, p).await.status));
    }
    out
}

fn all(paths: &[String], status: StatusCode) -> Vec<(String, StatusCode)> {
    paths.iter().map(|p| (p.clone(), status)).collect()
}

async fn private_exports_are_refused_to_strangers_and_other_clubs(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    // Sepp runs the test club; the tournament belongs to another club.
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = stored_tournament(&app, "Fremder Verein", false).await;
    let before = stored(&app, &slug).await;
    let mut paths = results(&slug);
    paths.push(format!("/t/{slug}/rounds/1/sheets.pdf"));

    let stranger = app.browser();
    assert_eq!(
        statuses(&stranger, &paths).await,
        all(&paths, StatusCode::NOT_FOUND)
    );
    assert_eq!(
        statuses(&sepp, &paths).await,
        all(&paths, StatusCode::NOT_FOUND)
    );
    // Nor may a form post sneak in under an export's address.
    let res = sepp
        .post(&format!("/t/{slug}/report.pdf"), &[("csrf", "x")])
        .await;
    assert!(res.status.is_client_error(), "{}", res.status);
    assert_eq!(stored(&app, &slug).await, before, "nothing changed");

    // The administrator may have everything.
    assert_eq!(statuses(&admin, &paths).await, all(&paths, StatusCode::OK));
}

async fn public_results_are_everybodys_but_working_papers_are_not(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = stored_tournament(&app, "Fremder Verein", true).await;
    let paths = results(&slug);
    let sheets = format!("/t/{slug}/rounds/1/sheets.pdf");

    let stranger = app.browser();
    assert_eq!(
        statuses(&stranger, &paths).await,
        all(&paths, StatusCode::OK)
    );
    let to_login = download(&stranger, &sheets).await;
    assert_eq!(to_login.status, StatusCode::SEE_OTHER);
    assert_eq!(to_login.header("location"), Some("/login"));

    assert_eq!(statuses(&sepp, &paths).await, all(&paths, StatusCode::OK));
    assert_eq!(download(&sepp, &sheets).await.status, StatusCode::FORBIDDEN);
    // The way back to the tournament's page is for those who run it.
    let page = sepp.get(&format!("/t/{slug}/report")).await;
    assert!(!page.body.contains(&format!("href=\"/t/{slug}\"")));
}
