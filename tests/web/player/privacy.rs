//! A player's data as a JSON download, and the erasure: the name replaced by "Spieler N" in
//! every tournament (teams and the audit's own mentions included), every result and the
//! audit trail kept, the erasure itself audited, the log still append-only afterwards.

use super::{NAMES, two_evenings};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use crate::exports::download;
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::{audit_events, deal_versions, players, teams};
use kartl::service::Actor;
use kartl::service::field::{self, EntrantEdit};
use reqwest::StatusCode;
use serde_json::Value;

both_backends!(
    the_player_s_data_downloads_as_json_with_both_evenings_and_their_deals,
    erasure_replaces_the_name_everywhere_and_keeps_every_result_and_the_audit_trail,
    erasure_asks_first_and_a_visitor_can_neither_download_nor_erase
);

async fn the_player_s_data_downloads_as_json_with_both_evenings_and_their_deals(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (first, second) = two_evenings(&app).await;
    let id = first.players[0];
    let got = download(&admin, &format!("/spieler/{id}/data.json")).await;
    got.assert_attachment("application/json", &format!("spieler-{id}.json"));
    let data: Value = serde_json::from_slice(&got.bytes).unwrap();
    assert_eq!(data["player"]["id"], id);
    assert_eq!(data["player"]["name"], NAMES[0]);
    assert_eq!(data["player"]["consent"], "full");
    let slugs: Vec<&str> = data["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["slug"].as_str().unwrap())
        .collect();
    assert_eq!(slugs.len(), 2, "{data}");
    assert!(slugs.contains(&first.slug.as_str()) && slugs.contains(&second.slug.as_str()));
    for t in data["tournaments"].as_array().unwrap() {
        assert_eq!(t["entrant"], "p1");
        assert_eq!(t["team"]["entrant"], "t1");
        // One table in round 1, with its five counted deals.
        let tables = t["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 1, "{t}");
        assert_eq!(tables[0]["deals"].as_array().unwrap().len(), 5);
        assert_eq!(t["figures"]["tables"], 1);
    }
}

/// Every text column that could hold the name, across the database.
async fn texts(app: &TestApp) -> Vec<String> {
    app.state
        .db
        .run(|conn| {
            let mut out: Vec<String> = players::table.select(players::name).load(conn)?;
            out.extend(teams::table.select(teams::name).load::<String>(conn)?);
            let events: Vec<(String, Option<String>)> = audit_events::table
                .select((audit_events::detail, audit_events::reason))
                .load(conn)?;
            for (detail, reason) in events {
                out.push(detail);
                out.extend(reason);
            }
            Ok(out)
        })
        .await
        .unwrap()
}

async fn erasure_replaces_the_name_everywhere_and_keeps_every_result_and_the_audit_trail(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (first, second) = two_evenings(&app).await;
    let id = first.players[0];
    // Renamed in the first evening: the old name stays in that evening's audit log (and in
    // both team names), the new one on the players row; both must go.
    let slug = first.slug.clone();
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let edit = EntrantEdit::Team {
                name: format!("{} / {}", NAMES[0], NAMES[1]),
                members: vec!["Annamirl Huber-Bauer".into(), NAMES[1].into()],
            };
            field::edit_entrant(conn, &Actor::command_line(), now, &slug, "t1", &edit)
        })
        .await
        .unwrap();
    // The audit log names the player before (their entry), so the rewrite has work to do.
    assert!(texts(&app).await.iter().any(|t| t.contains("Huberbauer")));
    assert!(texts(&app).await.iter().any(|t| t.contains("Huber-Bauer")));
    let standings = |slug: String| {
        let admin = &admin;
        async move {
            let res = admin
                .get(&format!("/api/v1/tournaments/{slug}/standings"))
                .await;
            let body: Value = serde_json::from_str(&res.body)
                .unwrap_or_else(|e| panic!("{e}: {} {}", res.status, res.body));
            let rows = body["standings"].as_array().cloned().unwrap_or_default();
            assert_eq!(rows.len(), 4, "{body}");
            rows.into_iter()
                .map(|r| (r["rank"].clone(), r["id"].clone(), r["points"].clone()))
                .collect::<Vec<_>>()
        }
    };
    let before = (
        standings(first.slug.clone()).await,
        standings(second.slug.clone()).await,
    );
    let count = |app: &TestApp| {
        let db = app.state.db.clone();
        async move {
            db.run(|conn| {
                let deals: i64 = deal_versions::table.count().get_result(conn)?;
                let events: i64 = audit_events::table.count().get_result(conn)?;
                Ok((deals, events))
            })
            .await
            .unwrap()
        }
    };
    let (deals, events) = count(&app).await;
    // The register's member number and year of birth identify the person too.
    app.state
        .db
        .run(move |conn| {
            diesel::update(players::table.find(id))
                .set((
                    players::member_no.eq(Some("17")),
                    players::birth_year.eq(Some(1970)),
                ))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();

    let res = admin
        .submit(
            &format!("/spieler/{id}/erase"),
            &format!("/spieler/{id}/erase"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);

    let stored = texts(&app).await;
    for secret in ["Annamirl", "Huberbauer", "Huber-Bauer"] {
        let left: Vec<&String> = stored.iter().filter(|t| t.contains(secret)).collect();
        assert!(left.is_empty(), "{secret} still stored: {left:?}");
    }
    // The team is named after "Spieler N" now, the partner keeps their name.
    let renamed = format!("Spieler {id} / {}", NAMES[1]);
    assert!(stored.contains(&renamed), "{stored:?}");
    let marks: (Option<String>, Option<i32>) = app
        .state
        .db
        .run(move |conn| {
            Ok(players::table
                .find(id)
                .select((players::member_no, players::birth_year))
                .first(conn)?)
        })
        .await
        .unwrap();
    assert_eq!(
        marks,
        (None, None),
        "the member number and year of birth are erased too"
    );
    // Every result stays: the same deals, the same standings; the trail grows by one
    // "player_erased" event per tournament and loses nothing.
    let after = (
        standings(first.slug.clone()).await,
        standings(second.slug.clone()).await,
    );
    assert_eq!(before, after);
    assert_eq!(count(&app).await, (deals, events + 2));
    let erased: i64 = app
        .state
        .db
        .run(|conn| {
            Ok(audit_events::table
                .filter(audit_events::action.eq("player_erased"))
                .count()
                .get_result(conn)?)
        })
        .await
        .unwrap();
    assert_eq!(erased, 2);
    // The audit log is append-only again once the erasure is done.
    let refused = app
        .state
        .db
        .run(|conn| {
            Ok(diesel::update(audit_events::table)
                .set(audit_events::detail.eq("{}"))
                .execute(conn))
        })
        .await
        .unwrap();
    assert!(
        refused.is_err(),
        "the audit log refuses an update after the erasure"
    );
    // The player's page: gone for the public, "Spieler N" for the club.
    let visitor = app.browser();
    assert_eq!(
        visitor.get(&format!("/spieler/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    let own = admin.get(&format!("/spieler/{id}")).await;
    assert!(own.body.contains(&format!("Spieler {id}")), "{}", own.body);
    // The public standings name the team by the hidden player's number in each evening.
    tokio::time::sleep(kartl::web::public::cache::STAMP_TTL).await;
    let page = visitor.get(&format!("/p/{}", first.slug)).await;
    assert!(
        page.body.contains(&format!("Spieler 1 / {}", NAMES[1])),
        "{}",
        page.body
    );
}

async fn erasure_asks_first_and_a_visitor_can_neither_download_nor_erase(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let (first, _) = two_evenings(&app).await;
    let id = first.players[0];
    let confirm = admin.get(&format!("/spieler/{id}/erase")).await;
    assert_eq!(confirm.status, StatusCode::OK);
    assert!(
        confirm.body.contains("nicht rückgängig"),
        "{}",
        confirm.body
    );
    let res = admin
        .submit(
            &format!("/spieler/{id}/erase"),
            &format!("/spieler/{id}/erase"),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        texts(&app).await.iter().any(|t| t.contains("Huberbauer")),
        "nothing erased"
    );
    let visitor = app.browser();
    for path in [
        format!("/spieler/{id}/data.json"),
        format!("/spieler/{id}/erase"),
    ] {
        let res = visitor.get(&path).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{path}");
        assert!(
            res.location().is_some_and(|l| l.starts_with("/login")),
            "{path}"
        );
    }
}
