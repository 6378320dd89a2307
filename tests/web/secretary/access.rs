//! Who may open a tournament's pages: another club's secretary gets 404 (private) or 403
//! (public) on every page and form, and changes nothing; a visitor is sent to the login page.

use super::{create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::clock::Clock;
use kartl::service::Actor;
use kartl::service::tournaments;
use reqwest::StatusCode;

both_backends!(another_clubs_secretary_and_visitors_cannot_reach_a_tournament);

async fn another_clubs_secretary_and_visitors_cannot_reach_a_tournament(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = create(
        &sepp,
        &[
            ("name", "Vereinsmeisterschaft"),
            ("date", "2026-11-21"),
            ("game", "watten"),
        ],
    )
    .await;
    for (name, a, b) in [("A", "Anna", "Bert"), ("B", "Cilli", "Dora")] {
        let res = sepp
            .submit(
                &format!("/t/{slug}/entrants"),
                &format!("/t/{slug}/teams"),
                &[("name", name), ("member1", a), ("member2", b)],
            )
            .await;
        assert_eq!(res.status, StatusCode::OK);
    }
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);

    // A secretary of another club.
    let res = admin
        .submit("/admin", "/admin/clubs", &[("name", "Zweiter Verein")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let page = admin.get("/admin").await;
    let club = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| o.contains("Zweiter Verein"))
        .and_then(|o| o.split('"').next())
        .unwrap()
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "Vroni"), ("club", &club)],
        )
        .await;
    let code = crate::common::reset_code_in(&res.body);
    let password = "Vronis geheimes Passwort";
    let vroni = app.browser();
    vroni.redeem("Vroni", &code, password).await;
    assert_eq!(
        vroni.login("Vroni", password).await.status,
        StatusCode::SEE_OTHER
    );
    assert!(!vroni.get("/tournaments").await.body.contains(&slug));

    let t = format!("/t/{slug}");
    let pages = [
        t.clone(),
        format!("{t}/entrants"),
        format!("{t}/rounds/1"),
        format!("{t}/rounds/1/seating"),
        format!("{t}/rounds/1/seating.pdf"),
    ];
    let posts = [
        (format!("{t}/players"), vec![("name", "X")]),
        (
            format!("{t}/teams"),
            vec![("name", "X"), ("member1", "Y"), ("member2", "Z")],
        ),
        (format!("{t}/import"), vec![("list", "X;Y;Z")]),
        (format!("{t}/rounds"), vec![]),
        (format!("{t}/rounds/1/swap"), vec![("a", "t1"), ("b", "t2")]),
        (format!("{t}/rounds/1/close"), vec![]),
        (format!("{t}/rounds/1/reopen"), vec![("reason", "weil")]),
    ];
    // Private: as if it did not exist. Public: seen, but not theirs to run.
    for (public, status) in [
        (false, StatusCode::NOT_FOUND),
        (true, StatusCode::FORBIDDEN),
    ] {
        let s = slug.clone();
        let now = app.clock.now();
        app.state
            .db
            .run(move |conn| tournaments::set_public(conn, &Actor::command_line(), now, &s, public))
            .await
            .unwrap();
        for p in &pages {
            assert_eq!(vroni.get(p).await.status, status, "GET {p}");
        }
        for (p, fields) in &posts {
            assert_eq!(
                vroni.submit("/tournaments", p, fields).await.status,
                status,
                "POST {p}"
            );
        }
    }
    let d = stored(&app, &slug).await;
    assert_eq!(
        (d.teams.len(), d.rounds.len(), d.rounds[0].closed),
        (2, 1, false)
    );

    // A visitor is sent to the login page.
    let visitor = app.browser();
    for p in pages
        .iter()
        .chain([&"/tournaments".to_string(), &"/tournaments/new".to_string()])
    {
        let res = visitor.get(p).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "GET {p}");
        assert_eq!(res.location(), Some("/login"));
    }
}
