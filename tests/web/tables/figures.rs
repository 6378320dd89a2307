//! The figure games on the secretary's pages: the table page and the correction page show the
//! same figure panel, card picker and message beside the broken line as the scorer's page, and
//! their panel fragments (for `static/figures.js`) are access-checked like the pages.

use super::*;
use crate::both_backends;
use crate::common::{Backend, between};
use crate::score::{Checked, check, field, save, tournament, versions};

both_backends!(
    the_secretarys_pages_have_the_figure_panel_and_picker_with_their_own_fragment,
    a_refused_event_is_marked_on_its_line_on_the_secretarys_pages,
    a_show_by_seat_is_checked_and_stored_in_the_contracts_form,
);

/// `path?events=…` with the events encoded.
fn with_events(path: &str, events: &str) -> String {
    let q: String = url::form_urlencoded::byte_serialize(events.as_bytes()).collect();
    format!("{path}?events={q}")
}

/// The scorer checks the figure events and saves the deal.
async fn check_and_save(b: &Browser, token: &str, events: &str) {
    let (status, body) = check(b, token, &[("mode", "figures"), ("events", events)]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let c = Checked {
        deal: field(&body, "deal"),
        based_on: field(&body, "based_on"),
        key: field(&body, "key"),
    };
    assert_eq!(save(b, token, &c).await.status, StatusCode::SEE_OTHER);
}

/// A Giltspiel table (no confirmation needed) with one deal saved by its scorer.
pub(super) async fn giltspiel_with_a_deal(app: &TestApp) -> (String, TableId) {
    let t = tournament(app, kartl::rules::Game::Giltspiel, Confirmation::None).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    let events = "bet gleich A\nhold gleich B\ntricks A\nshow gleich A\nshow hanger stands";
    check_and_save(&b, &token, events).await;
    assert_eq!(versions(app, table).await.len(), 1);
    (t.slug, table)
}

async fn the_secretarys_pages_have_the_figure_panel_and_picker_with_their_own_fragment(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (slug, _) = giltspiel_with_a_deal(&app).await;
    let table = table_path(&slug, 1);
    let correction = format!("{table}/deals/1");
    for (page, base) in [(&table, &table), (&correction, &correction)] {
        let res = admin.get(page).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
        let body = &res.body;
        assert!(body.contains("id=\"figure-panel\""), "{page}: {body}");
        assert!(body.contains("id=\"card-picker\""), "{page}: {body}");
        assert!(body.contains("id=\"pick-pack\""), "{page}: {body}");
        assert!(
            body.contains(&format!("data-figures=\"{base}/figures\"")),
            "{page}: {body}"
        );
        assert!(
            body.contains(&format!(
                "action=\"{base}/check\" class=\"score-events score-figures\""
            )),
            "{page}: {body}"
        );
        assert_eq!(
            body.matches("<span class=\"figure-state\">offen</span>")
                .count(),
            3,
            "{page}: {body}"
        );
        assert!(body.contains("src=\"/static/figures.js\""), "{page}");

        // The script's fragment under the page's own address.
        let res = admin
            .get(&with_events(
                &format!("{base}/figures"),
                "trump H\nbet gleich A",
            ))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
        let gleich = between(&res.body, "id=\"figure-gleich\">", "</div>").unwrap();
        assert!(gleich.contains("Gebot von A (auf 2)"), "{page}: {gleich}");
        assert!(res.body.contains("id=\"figure-trump\">H<"), "{}", res.body);
    }

    // Only a live deal has a correction panel.
    let res = admin.get(&format!("{table}/deals/7/figures?events=")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Another club's secretary: 403; a visitor: to the login page; the panel says nothing.
    let vroni = stranger(&app, &admin).await;
    let visitor = app.browser();
    for path in [format!("{table}/figures"), format!("{correction}/figures")] {
        let res = vroni.get(&with_events(&path, "bet gleich A")).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "GET {path}");
        assert!(!res.body.contains("figure-panel"), "{}", res.body);
        let res = visitor.get(&with_events(&path, "bet gleich A")).await;
        assert_eq!(res.location(), Some("/login"), "GET {path}");
    }
}

async fn a_refused_event_is_marked_on_its_line_on_the_secretarys_pages(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (slug, table_id) = giltspiel_with_a_deal(&app).await;
    let table = table_path(&slug, 1);
    let correction = format!("{table}/deals/1");
    // Event 2 (the second bet by A in a row) is on line 4 of the textarea.
    let events = "bet spiel A\n\n\nbet spiel A\ntricks A";
    for page in [&table, &correction] {
        let res = check_at(
            &admin,
            page,
            &format!("{page}/check"),
            &[("mode", "figures"), ("events", events)],
        )
        .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
        let body = &res.body;
        let top = between(body, "id=\"score-error\">", "<").unwrap();
        let marked = between(body, "<li value=\"4\" class=\"bad\">", "</li>").unwrap();
        assert!(marked.contains("bet spiel A"), "{page}: {marked}");
        let beside = between(&marked, "id=\"score-error-at\" role=\"alert\">", "<").unwrap();
        assert_eq!(beside, top, "{page}");
        assert_eq!(body.matches("class=\"bad\"").count(), 1, "{page}");
        // The panel stops at the same line.
        assert!(body.contains("id=\"figure-stop\""), "{page}: {body}");
    }
    // A line that does not read is marked on the correction page too.
    let res = check_at(
        &admin,
        &correction,
        &format!("{correction}/check"),
        &[("mode", "figures"), ("events", "bet spiel A\nfly B")],
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.body.contains("<li value=\"2\" class=\"bad\">"),
        "{}",
        res.body
    );
    assert_eq!(versions(&app, table_id).await.len(), 1, "nothing stored");
}

/// Whose cards (docs/rules/figures.md): the expert form offers the seat in the picker; a
/// line naming seats is refereed hand by hand (a Gleich spread over two hands is refused,
/// nothing stored) and stored in the contract's seat form.
async fn a_show_by_seat_is_checked_and_stored_in_the_contracts_form(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let t = tournament(&app, kartl::rules::Game::Giltspiel, Confirmation::None).await;
    let (table, token) = t.tables[0].clone();
    let b = app.browser();
    // The picker is the secretary's expert mode now (the scorer's link shows the pad).
    let page = admin.get(&format!("/t/{}/rounds/1/tables/1", t.slug)).await;
    for seat in ["", "1", "2"] {
        let button = format!(
            "class=\"pick-seat{}\" data-seat=\"{seat}\"",
            if seat.is_empty() { " on" } else { "" }
        );
        assert!(page.body.contains(&button), "{button}: {}", page.body);
    }
    assert!(page.body.contains("Spieler 1"), "German labels");

    let spread = "tricks A\nshow gleich A1:EA A2:HA";
    let (status, body) = check(&b, &token, &[("mode", "figures"), ("events", spread)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("aus zwei Händen"), "{body}");
    assert!(versions(&app, table).await.is_empty(), "nothing stored");

    let events = "tricks A\nshow gleich A1:EA,HA A2:EK,LK B:SO,LO\nshow hanger stands";
    check_and_save(&b, &token, events).await;
    let stored = versions(&app, table).await;
    assert_eq!(stored.len(), 1);
    let record: serde_json::Value = serde_json::from_str(&stored[0].record).unwrap();
    assert_eq!(
        record["events"][1],
        serde_json::json!({"show": {"gleich": {"A": {"1": ["EA", "HA"], "2": ["EK", "LK"]},
                                               "B": ["SO", "LO"]}}})
    );
}
