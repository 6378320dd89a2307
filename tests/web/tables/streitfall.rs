//! A secretary's Streitfall for a stored deal: the correction page links it, the page is
//! prefilled from the table and its finished card-level deal is stored through the deal's
//! correction save as a new version in the `cards` form; the standings follow. A card-level
//! deal that breaks a rule is refused with nothing stored.

use super::figures::giltspiel_with_a_deal;
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::{field, versions};
use serde_json::Value;

both_backends!(
    a_finished_streitfall_deal_is_stored_as_the_correction_and_the_standings_follow,
    a_streitfall_deal_that_breaks_a_rule_is_refused_and_nothing_is_stored,
);

/// A conformance case's (only) deal, as the page would send it.
fn case_deal(name: &str) -> Value {
    let path = format!(
        "{}/tests/conformance/figures/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    case["record"]["deals"][0].clone()
}

/// The standings API's score difference per entrant id.
async fn differences(app: &TestApp, slug: &str) -> Vec<(String, i64)> {
    let res = app
        .browser()
        .get(&format!("/api/v1/tournaments/{slug}/standings"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let v: Value = serde_json::from_str(&res.body).unwrap();
    let mut rows: Vec<(String, i64)> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let id = r["id"].as_str().unwrap().to_string();
            (id, r["score_difference"].as_i64().unwrap())
        })
        .collect();
    rows.sort();
    rows
}

/// The secretary's Streitfall page for deal 1: its save form's (csrf, based_on, key).
async fn open_streitfall(b: &Browser, slug: &str) -> (String, String, String) {
    let correction = format!("{}/deals/1", table_path(slug, 1));
    let page = b.get(&correction).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let link = format!("{correction}/streitfall");
    assert!(
        page.body.contains(&format!(
            "href=\"{link}\" id=\"correct-streitfall\">Streitfall<"
        )),
        "{}",
        page.body
    );
    let res = b.get(&link).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let body = &res.body;
    assert!(
        body.contains(&format!(
            "action=\"{correction}/save\" id=\"streit-correct\""
        )),
        "{body}"
    );
    assert!(body.contains("Als Korrektur übernehmen"), "{body}");
    assert!(body.contains("data-game=\"giltspiel\""), "{body}");
    assert!(body.contains("data-frame=\""), "the table's frame: {body}");
    // The secretary's copy has no game picker: the table's game is fixed.
    assert!(!body.contains("name=\"game\""), "{body}");
    // The page's records start from the table's frame: the table view takes it.
    let frame = crate::common::between(body, "data-frame=\"", "\"").unwrap();
    let mut record: Value = serde_json::from_str(&unescape(&frame)).unwrap();
    record["deals"] = serde_json::json!([case_deal("cards-level-giltspiel-example-4")]);
    let res = b
        .client
        .post(format!("{}/api/v1/streitfall/table?lang=de", b.base))
        .header("Content-Type", "application/json")
        .body(record.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let table: Value = res.json().await.unwrap();
    assert_eq!(table["finished"], serde_json::json!(true), "{table}");
    (
        field(body, "csrf"),
        field(body, "based_on"),
        field(body, "key"),
    )
}

async fn post(
    b: &Browser,
    slug: &str,
    form: &(String, String, String),
    deal: &Value,
) -> crate::common::Reply {
    let (csrf, based_on, key) = form;
    b.post(
        &format!("{}/deals/1/save", table_path(slug, 1)),
        &[
            ("csrf", csrf.as_str()),
            ("deal", &deal.to_string()),
            ("based_on", based_on.as_str()),
            ("key", key.as_str()),
            ("reason", "Streitfall Karte für Karte"),
        ],
    )
    .await
}

async fn a_finished_streitfall_deal_is_stored_as_the_correction_and_the_standings_follow(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (slug, table) = giltspiel_with_a_deal(&app).await;
    // The scorer's deal: A wins the Gleich, bet and held (3 points to none).
    let before = differences(&app, &slug).await;
    assert!(before.iter().any(|(_, d)| *d == 3), "{before:?}");
    let form = open_streitfall(&admin, &slug).await;
    assert_eq!(form.1, "1", "drawn from version 1");
    let deal = case_deal("cards-level-giltspiel-example-4");
    let res = post(&admin, &slug, &form, &deal).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let rows = versions(&app, table).await;
    assert_eq!(rows.len(), 2);
    let new = &rows[1];
    assert_eq!((new.version, new.source.as_str()), (2, "secretary"));
    assert_eq!(new.reason.as_deref(), Some("Streitfall Karte für Karte"));
    assert_eq!(serde_json::from_str::<Value>(&new.record).unwrap(), deal);
    let events = audit_events(&app, &slug).await;
    assert!(
        events.iter().any(|e| e.deal_version_id == Some(new.id)),
        "the correction is audited"
    );
    // Giltspiel Example 4 card by card: A 2, B 1; the standings follow (difference 3 -> 1).
    let after = differences(&app, &slug).await;
    let expected: Vec<(String, i64)> = before
        .iter()
        .map(|(id, d)| (id.clone(), d.signum() * (d.abs() - 2)))
        .collect();
    assert_eq!(after, expected);
}

async fn a_streitfall_deal_that_breaks_a_rule_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (slug, table) = giltspiel_with_a_deal(&app).await;
    let form = open_streitfall(&admin, &slug).await;
    let deal = case_deal("cards-level-follow-suit");
    let res = post(&admin, &slug, &form, &deal).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        res.body.contains("muss Farbe geben oder trumpfen"),
        "the referee's words: {}",
        res.body
    );
    assert_eq!(versions(&app, table).await.len(), 1, "nothing stored");
}
