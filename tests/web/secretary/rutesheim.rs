//! A Rutesheim tournament in sessions: six players at two tables of three, registered by form
//! and by list (a bad one first), drawn, swapped, printed, scored, closed and reopened.

use super::{assert_seed_reproduces_round_one, confirmed_deal, create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, TestApp, between};
use reqwest::StatusCode;
use serde_json::json;

both_backends!(a_rutesheim_tournament_runs_from_its_creation_to_a_reopened_session);

async fn a_rutesheim_tournament_runs_from_its_creation_to_a_reopened_session(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;

    // The form shows Rutesheim's defaults once the game is chosen.
    let form = sepp.get("/tournaments/new?game=gaigel&variant=three").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(
        form.body.contains("name=\"sessions\" value=\"3\""),
        "{}",
        form.body
    );
    assert!(form.body.contains("name=\"deals\" value=\"10\""));
    assert_eq!(form.header("cache-control"), Some("no-store"));

    let slug = create(
        &sepp,
        &[
            ("name", "Preisgaigeln Rutesheim"),
            ("date", "21.11.2026"),
            ("place", "Rutesheim"),
            ("game", "gaigel"),
            ("variant", "three"),
            ("format", "sessions"),
            ("sessions", "3"),
            ("deals", "10"),
            ("fill", "byes"),
            ("sevens", "none"),
            ("draw", "random"),
        ],
    )
    .await;
    let overview = sepp.get(&format!("/t/{slug}")).await;
    assert_eq!(overview.status, StatusCode::OK);
    assert!(overview.body.contains("Preisgaigeln Rutesheim"));
    assert!(
        overview.body.contains("3 Durchgänge zu 10 Spielen"),
        "{}",
        overview.body
    );
    let list = sepp.get("/tournaments").await;
    assert!(list.body.contains(&format!("/t/{slug}")));

    // One player by the form.
    let entrants = format!("/t/{slug}/entrants");
    let res = sepp
        .submit(
            &entrants,
            &format!("/t/{slug}/players"),
            &[("name", "Anna Maier"), ("club", ""), ("start_no", "1")],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);

    // A list with several bad rows: every one named, nothing stored.
    let bad = "Name;Verein;Startnummer\n\
               Bert Huber;SKV;2\n\
               ;SKV;3\n\
               Cilli Gruber;;zwei\n\
               Dora Weiss;;2\n\
               Anna Maier;;4\n\
               Emil;SKV;5;zuviel\n";
    let res = sepp
        .submit(&entrants, &format!("/t/{slug}/import"), &[("list", bad)])
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    for line in ["Zeile 3:", "Zeile 4:", "Zeile 5:", "Zeile 6:", "Zeile 7:"] {
        assert!(res.body.contains(line), "{line} missing: {}", res.body);
    }
    assert!(!res.body.contains("Zeile 2:"));
    assert!(
        res.body
            .contains("5 fehlerhafte Zeilen: es wurde nichts angemeldet.")
    );
    assert!(
        res.body.contains("Bert Huber;SKV;2"),
        "the list is shown again"
    );
    assert_eq!(stored(&app, &slug).await.players.len(), 1);

    // Then a good one (a BOM and commas, as Excel writes it).
    let good = "\u{feff}Bert Huber,SKV,2\r\nCilli Gruber,,3\r\nDora Weiss,,4\r\nEmil Moser,TSV,5\r\nFranz Ott,,6\r\n";
    let res = sepp
        .submit(&entrants, &format!("/t/{slug}/import"), &[("list", good)])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert!(res.body.contains("5 angemeldet"), "{}", res.body);
    assert!(res.body.contains("Bert Huber (SKV)"));
    assert_eq!(stored(&app, &slug).await.players.len(), 6);

    // Round 1: two tables of three, the seed stored and reproducing the seating.
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let round = format!("/t/{slug}/rounds/1");
    assert_eq!(res.location(), Some(round.as_str()));
    let page = sepp.get(&round).await;
    assert!(page.body.contains("Tisch 1") && page.body.contains("Tisch 2"));
    assert!(!page.body.contains("Tisch 3"));
    let d = stored(&app, &slug).await;
    assert_eq!(d.rounds[0].tables.len(), 2);
    assert!(d.rounds[0].tables.iter().all(|t| t.seats.len() == 3));
    assert_eq!(
        between(&page.body, "<span id=\"seed\">", "<"),
        d.rounds[0].seed.map(|s| s.to_string())
    );
    assert_seed_reproduces_round_one(&d);

    // Swap two players of different tables before any deal.
    let (a, b) = (
        d.rounds[0].tables[0].seats[0].clone(),
        d.rounds[0].tables[1].seats[2].clone(),
    );
    let res = sepp
        .submit(&round, &format!("{round}/swap"), &[("a", &a), ("b", &b)])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let after = stored(&app, &slug).await;
    assert_eq!(after.rounds[0].tables[0].seats[0], b);
    assert_eq!(after.rounds[0].tables[1].seats[2], a);

    // The printable seating plan names everyone; its PDF is a PDF.
    let plan = sepp.get(&format!("{round}/seating")).await;
    assert_eq!(plan.status, StatusCode::OK);
    for p in &after.players {
        assert!(plan.body.contains(&p.name), "{} missing", p.name);
    }
    let pdf = sepp
        .client
        .get(sepp.url(&format!("{round}/seating.pdf")))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(
        pdf.headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));

    // A deal entered (as an import would): the standings show the referee's game points,
    // and the seats can no longer be swapped.
    let deal = json!({"points": {"P1": 45, "P2": 104, "P3": 61},
                      "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"});
    confirmed_deal(&app, &slug, 1, 1, 0, deal).await;
    let seats = &after.rounds[0].tables[0].seats;
    let name = |id: &str| {
        after
            .players
            .iter()
            .find(|p| p.entrant_id == id)
            .unwrap()
            .name
            .clone()
    };
    let overview = sepp.get(&format!("/t/{slug}")).await;
    let standings = between(&overview.body, "<table class=\"standings\">", "</table>").unwrap();
    let rows: Vec<&str> = standings.split("<tr>").skip(2).collect();
    assert_eq!(rows.len(), 6);
    let expect = [
        (1, &seats[1], 5, 1, 104),
        (2, &seats[2], 3, 0, 61),
        (3, &seats[0], 1, 0, 45),
    ];
    for (row, (rank, id, points, won, counts)) in rows.iter().zip(expect) {
        let cells = format!(
            "<td class=\"num\">{rank}</td><td>{}</td><td class=\"num\">{points}</td>\
             <td class=\"num\">{won}</td><td class=\"num\">{counts}</td>",
            name(id)
        );
        assert!(row.contains(&cells), "{cells} not in {row}");
    }
    // Equal on every key: equal rank.
    assert!(
        rows[3..]
            .iter()
            .all(|r| r.starts_with("<td class=\"num\">4</td>"))
    );
    assert!(
        standings.contains("Spielsiege"),
        "tie-break columns are labelled"
    );
    let res = sepp
        .submit(&round, &format!("{round}/swap"), &[("a", &a), ("b", &b)])
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Close the round; reopening needs a reason, which reaches the audit log.
    // Its tables have no finished game: closing warns first, then closes when asked again.
    let res = sepp.submit(&round, &format!("{round}/close"), &[]).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.body.contains("Tische ohne fertiges Spiel: "),
        "{}",
        res.body
    );
    let res = sepp
        .submit(&round, &format!("{round}/close"), &[("anyway", "yes")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    assert!(stored(&app, &slug).await.rounds[0].closed);
    let res = sepp
        .submit(&round, &format!("{round}/reopen"), &[("reason", "  ")])
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(stored(&app, &slug).await.rounds[0].closed);
    let why = "Tisch 2 hat falsch gezählt";
    let res = sepp
        .submit(&round, &format!("{round}/reopen"), &[("reason", why)])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let d = stored(&app, &slug).await;
    assert!(!d.rounds[0].closed);
    let id = d.tournament.id;
    let events = app
        .state
        .db
        .run(move |conn| Ok(kartl::db::models::AuditEventRow::of(conn, id)?))
        .await
        .unwrap();
    assert!(
        events.iter().any(|e| e.action == "round_reopened"
            && e.reason.as_deref().unwrap_or(&e.detail).contains(why)),
        "the reason is in the audit log"
    );
}
