//! The administrator's page lists the clubs and says when one was created; a login name that
//! differs from another only in case is refused with a message saying so.
use crate::both_backends;
use crate::common::{Backend, TestApp, between};
use reqwest::StatusCode;

both_backends!(
    creating_a_club_says_so_and_the_clubs_are_listed,
    a_login_name_differing_only_in_case_is_refused_with_a_message,
);

async fn creating_a_club_says_so_and_the_clubs_are_listed(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let before = admin.get("/admin").await;
    assert!(
        before.body.contains("Noch kein Verein angelegt."),
        "{}",
        before.body
    );
    let res = admin
        .submit("/admin", "/admin/clubs", &[("name", "WSV Kramsach")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let next = res.location().unwrap().to_string();
    assert!(next.starts_with("/admin?club="), "{next}");
    let page = admin.get(&next).await;
    let notice = between(&page.body, "id=\"admin-notice\">", "</p>").unwrap();
    assert!(
        notice.contains("Verein „WSV Kramsach“ angelegt"),
        "{notice}"
    );
    app.secretary(&admin, "sepp").await;
    let page = admin.get("/admin").await;
    assert!(
        !page.body.contains("admin-notice"),
        "only right after creating"
    );
    let clubs = between(&page.body, "id=\"admin-clubs\"", "</section>").unwrap();
    assert!(clubs.contains("WSV Kramsach"), "{clubs}");
    // The helper's club has its one secretary; each club links its public page.
    let row = between(&clubs, "SK Testverein</a>", "</tr>").unwrap();
    assert_eq!(row, "</td><td>1</td><td>0</td>");
    assert!(clubs.contains("href=\"/c/"), "{clubs}");
}

async fn a_login_name_differing_only_in_case_is_refused_with_a_message(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    app.secretary(&admin, "Sepp").await;
    let page = admin.get("/admin").await;
    let club = between(&page.body, "<option value=\"", "\"").unwrap();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "SEPP"), ("club", &club)],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.body
            .contains("Diesen Anmeldenamen gibt es schon (Groß- und Kleinschreibung zählen"),
        "{}",
        res.body
    );
}
