//! The round's overview: each table's state; and what strangers and visitors get.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::{almost_a_game, check_quick, save, versions};
use serde_json::json;

both_backends!(
    the_overview_shows_each_tables_state_and_refreshes_itself,
    another_clubs_secretary_and_visitors_are_refused_and_change_nothing,
);

async fn the_overview_shows_each_tables_state_and_refreshes_itself(backend: Backend) {
    let d = desk(&backend, Confirmation::Secretary).await;
    let (t1, token1) = d.tables[0].clone();
    let (t2, _) = d.tables[1].clone();
    // Table 1: four confirmed deals (11:2) and a fifth from the table, waiting.
    almost_a_game(&d.app, t1).await;
    let scorer = d.app.browser();
    let c = check_quick(&scorer, &token1, "A", "4").await;
    assert_eq!(
        save(&scorer, &token1, &c).await.status,
        StatusCode::SEE_OTHER
    );
    // Table 2 has nothing yet.
    let early = d.sepp.get(&format!("/t/{}/rounds/1/tables", d.slug)).await;
    let row2 = between(&early.body, "id=\"table-2\"", "</tr>").unwrap();
    assert!(
        row2.contains("<td class=\"deals\" data-label=\"Spiele\">0</td>"),
        "{row2}"
    );
    assert!(row2.contains("noch nichts eingetragen"), "{row2}");
    // Table 2: the whole game, 15:2, confirmed: finished.
    almost_a_game(&d.app, t2).await;
    let c = desk_check_quick(&d.sepp, &d.slug, 2, "A", "4").await;
    assert_eq!(
        desk_save(&d.sepp, &d.slug, 2, &c).await.status,
        StatusCode::SEE_OTHER
    );

    let round = d.sepp.get(&format!("/t/{}/rounds/1", d.slug)).await;
    assert!(
        round
            .body
            .contains(&format!("href=\"/t/{}/rounds/1/tables\"", d.slug))
    );
    let res = d.sepp.get(&format!("/t/{}/rounds/1/tables", d.slug)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(res.header("refresh"), Some("20"));
    let row = |n: i32| {
        between(&res.body, &format!("id=\"table-{n}\""), "</tr>")
            .unwrap_or_else(|| panic!("no row for table {n}: {}", res.body))
    };
    let one = row(1);
    assert!(one.contains("class=\"waiting\""), "{one}");
    assert!(
        one.contains("<td class=\"deals\" data-label=\"Spiele\">5</td>"),
        "{one}"
    );
    assert!(
        one.contains("<td class=\"score\" data-label=\"Stand (zählt)\">11:2</td>"),
        "pending counts nowhere: {one}"
    );
    assert!(one.contains("<strong>1</strong>"), "{one}");
    assert!(one.contains("wartet auf Bestätigung"), "{one}");
    let two = row(2);
    assert!(two.contains("finished"), "{two}");
    assert!(
        two.contains("<td class=\"score\" data-label=\"Stand (zählt)\">15:2</td>"),
        "{two}"
    );
    assert!(two.contains(">fertig<"), "{two}");
    // The last entry's time (the test clock's), in local time (Europe/Vienna by default).
    let stored = versions(&d.app, t2).await;
    let last = stored.iter().map(|v| v.created_at).max().unwrap();
    let local = last.and_utc().with_timezone(&chrono_tz::Europe::Vienna);
    assert!(two.contains(&local.format("%H:%M:%S").to_string()), "{two}");
    assert!(res.body.contains("id=\"tables-waiting\""), "{}", res.body);
}

async fn another_clubs_secretary_and_visitors_are_refused_and_change_nothing(backend: Backend) {
    let d = desk(&backend, Confirmation::Secretary).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    let vroni = stranger(&d.app, &d.admin).await;
    let table = table_path(&d.slug, 1);
    let pages = [
        format!("/t/{}/rounds/1/tables", d.slug),
        table.clone(),
        format!("{table}/deals/1"),
        format!("{table}/audit"),
        format!("/t/{}/audit", d.slug),
    ];
    let deal = json!({"winner": "B", "points": 2}).to_string();
    let k = key();
    let posts: Vec<(String, Vec<(&str, &str)>)> = vec![
        (
            format!("{table}/check"),
            vec![("mode", "quick"), ("winner", "A"), ("points", "2")],
        ),
        (
            format!("{table}/save"),
            vec![("deal", &deal), ("based_on", "4"), ("key", &k)],
        ),
        (
            format!("{table}/confirm"),
            vec![("deal_no", "0"), ("version", "1")],
        ),
        (
            format!("{table}/deals/1/save"),
            vec![
                ("deal", &deal),
                ("based_on", "1"),
                ("key", &k),
                ("reason", "weil"),
            ],
        ),
    ];
    let before = versions(&d.app, t1).await.len();
    for p in &pages {
        assert_eq!(vroni.get(p).await.status, StatusCode::FORBIDDEN, "GET {p}");
    }
    for (p, fields) in &posts {
        let res = vroni.submit("/tournaments", p, fields).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "POST {p}");
    }
    // Private: as if it did not exist.
    let (slug, now) = (d.slug.clone(), d.app.clock.now());
    d.app
        .state
        .db
        .run(move |conn| tournaments::set_public(conn, &Actor::command_line(), now, &slug, false))
        .await
        .unwrap();
    for p in &pages {
        assert_eq!(vroni.get(p).await.status, StatusCode::NOT_FOUND, "GET {p}");
    }
    for (p, fields) in &posts {
        let res = vroni.submit("/tournaments", p, fields).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "POST {p}");
    }
    let visitor = d.app.browser();
    for p in &pages {
        let res = visitor.get(p).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "GET {p}");
        assert_eq!(res.location(), Some("/login"));
    }
    assert_eq!(versions(&d.app, t1).await.len(), before, "nothing changed");
    // The tournament's own secretary and the administrator may.
    for b in [&d.sepp, &d.admin] {
        for p in &pages {
            assert_eq!(b.get(p).await.status, StatusCode::OK, "GET {p}");
        }
    }
}
