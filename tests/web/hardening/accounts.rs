//! Item 10, accounts and dates: a right password passes the per-address limit (a pub behind
//! one address is not locked out by a sprayer there), the per-name limit still holds; login
//! names are unique and matched regardless of case; tournament dates lie in 1900..=2200.

use super::post_raw;
use crate::both_backends;
use crate::common::{ADMIN, ADMIN_PASSWORD, Backend, TestApp, between};
use kartl::auth::Role;
use kartl::auth::password::UNUSABLE;
use kartl::auth::throttle;
use kartl::clock::Clock;
use kartl::db::models::User;
use kartl::db::models::users::NewUser;
use reqwest::StatusCode;

both_backends!(
    a_right_password_passes_the_address_limit_but_not_the_name_limit,
    login_names_are_unique_and_matched_regardless_of_case,
    two_names_differing_in_case_from_before_both_keep_working,
    tournament_dates_outside_1900_to_2200_are_refused,
);

async fn a_right_password_passes_the_address_limit_but_not_the_name_limit(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let now = app.clock.now();
    // Fifty failures from this address across as many names (a sprayer in the same pub).
    app.state
        .db
        .run(move |conn| {
            for i in 0..throttle::ADDRESS_FREE {
                throttle::failed(conn, &format!("name{i}"), "127.0.0.1", now)?;
            }
            Ok(())
        })
        .await
        .unwrap();
    let b = app.browser();
    let wrong = b.login(ADMIN, "nicht das richtige Passwort").await;
    assert_eq!(
        wrong.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        wrong.body
    );
    assert!(wrong.body.contains("Bitte warten Sie"), "{}", wrong.body);
    let right = b.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(right.status, StatusCode::SEE_OTHER, "{}", right.body);
    // Wrong passwords past the address limit still count against the name: after five,
    // the name waits too, right password or not.
    let sprayer = app.browser();
    for _ in 0..throttle::ACCOUNT_FREE {
        let res = sprayer.login("Sepp", "geraten").await;
        assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.body);
    }
    let waits = app
        .state
        .db
        .run(move |conn| Ok(throttle::waits(conn, "Sepp", "10.1.1.1", now)?))
        .await
        .unwrap();
    assert!(waits.account.is_some(), "the name is throttled: {waits:?}");
    // The name's own limit: after five failures even the right password waits.
    let other = app.browser();
    app.state
        .db
        .run(move |conn| {
            for _ in 0..throttle::ACCOUNT_FREE {
                throttle::failed(conn, ADMIN, "10.9.8.7", now)?;
            }
            Ok(())
        })
        .await
        .unwrap();
    let res = other.login(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.body);
}

async fn login_names_are_unique_and_matched_regardless_of_case(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "sek1").await;
    let page = admin.get("/admin").await;
    let club = between(&page.body, "<option value=\"", "\"").expect("a club");
    for name in ["SEK1", " Sek1 ", "sek1"] {
        let res = admin
            .submit(
                "/admin",
                "/admin/secretaries",
                &[("name", name), ("club", &club)],
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{name}: {}",
            res.body
        );
    }
    let res = app.browser().login("SEK1", &password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn two_names_differing_in_case_from_before_both_keep_working(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "sek1").await;
    let now = app.clock.now();
    // As a database from before may hold them.
    app.state
        .db
        .run(move |conn| {
            let (sek1, _) = User::by_name(conn, "sek1")?.expect("sek1");
            let hash = User::password_hash(conn, sek1.id)?;
            let other = User::insert(
                conn,
                NewUser {
                    name: "SEK1",
                    password_hash: UNUSABLE,
                    role: Role::Secretary,
                    club_id: sek1.club_id,
                    created_at: now,
                },
            )?;
            User::set_password_hash(conn, other, &hash)?;
            Ok(())
        })
        .await
        .unwrap();
    for name in ["sek1", "SEK1"] {
        let b = app.browser();
        let res = b.login(name, &password).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{name}: {}", res.body);
        assert_eq!(b.who().await.as_deref(), Some(name));
    }
    // Ambiguous otherwise: a third spelling names neither.
    let res = app.browser().login("Sek1", &password).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{}", res.body);
}

async fn tournament_dates_outside_1900_to_2200_are_refused(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    for date in ["0000-01-01", "1899-12-31", "2201-01-01", "31.12.9999"] {
        let body = format!("name=Turnier&game=watten&date={date}");
        let res = post_raw(&sepp, "/tournaments/new", "/tournaments/new", &body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{date}: {}",
            res.body
        );
        assert!(
            res.body.contains("zwischen 1900 und 2200"),
            "{date}: {}",
            res.body
        );
    }
    for date in ["1900-01-01", "2200-12-31"] {
        let body = format!("name=Turnier&game=watten&date={date}");
        let res = post_raw(&sepp, "/tournaments/new", "/tournaments/new", &body).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{date}: {}", res.body);
    }
}
