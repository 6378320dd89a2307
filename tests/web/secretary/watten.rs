//! A Watten tournament in rounds: four teams at two tables, a bad team list refused, the
//! standings with the Bummerl difference, and the pages in English.

use super::{assert_seed_reproduces_round_one, confirmed_deal, create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, TestApp, between};
use reqwest::StatusCode;
use serde_json::json;

both_backends!(a_watten_tournament_of_four_teams_is_drawn_at_two_tables);

async fn a_watten_tournament_of_four_teams_is_drawn_at_two_tables(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let form = sepp.get("/tournaments/new?game=watten").await;
    assert!(
        form.body.contains("name=\"target\" value=\"15\""),
        "{}",
        form.body
    );
    let slug = create(
        &sepp,
        &[
            ("name", "Wattturnier"),
            ("date", "2026-11-21"),
            ("game", "watten"),
            ("variant", "tyrolean"),
            ("target", "15"),
            ("farbe", "on"),
            ("schneider", "on"),
            ("scheme", "games"),
            ("draw", "random"),
        ],
    )
    .await;
    // A wrong field shows the form again with its message, nothing created.
    let res = sepp
        .submit(
            "/tournaments/new?game=watten",
            "/tournaments/new",
            &[
                ("name", ""),
                ("date", "2026-11-21"),
                ("game", "watten"),
                ("target", "2"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.body.contains("Zielpunktzahl von 3 bis 1000"),
        "{}",
        res.body
    );
    assert!(res.body.contains("Der Name des Turniers muss"));
    let entrants = format!("/t/{slug}/entrants");
    let res = sepp
        .submit(
            &entrants,
            &format!("/t/{slug}/teams"),
            &[
                ("name", "Spitzbuam"),
                ("member1", "Anna"),
                ("member2", "Bert"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    // A team list with bad rows: a missing partner, a player in two teams.
    let bad = "Grasober;Cilli\nKartler;Anna;Dora\nWeli;Emil;Franz\n";
    let res = sepp
        .submit(&entrants, &format!("/t/{slug}/import"), &[("list", bad)])
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("Zeile 1:") && res.body.contains("Zeile 2:"));
    assert!(!res.body.contains("Zeile 3:"));
    assert_eq!(stored(&app, &slug).await.teams.len(), 1);
    let good = "Grasober;Cilli;Dora\nKartler;Emil;Franz\nWeli;Gerti;Hans\n";
    let res = sepp
        .submit(&entrants, &format!("/t/{slug}/import"), &[("list", good)])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);

    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let d = stored(&app, &slug).await;
    assert_eq!(d.rounds[0].tables.len(), 2);
    assert!(d.rounds[0].tables.iter().all(|t| t.seats.len() == 2));
    assert_seed_reproduces_round_one(&d);
    let plan = sepp.get(&format!("/t/{slug}/rounds/1/seating")).await;
    for team in ["Spitzbuam", "Grasober", "Kartler", "Weli", "Gerti"] {
        assert!(plan.body.contains(team), "{team} missing");
    }

    // A game with Schneider at table 1: A wins, two Bummerl.
    let deals = [
        json!({"events": [{"bet": "B"}, {"see": "A"}, {"tricks": "A"}]}),
        json!({"winner": "A", "points": 4}),
        json!({"winner": "A", "points": 3}),
        json!({"winner": "A", "points": 3}),
        json!({"events": [{"play": "A"}, {"tricks": "A"}]}),
    ];
    for (i, deal) in deals.into_iter().enumerate() {
        confirmed_deal(&app, &slug, 1, 1, i as i32, deal).await;
    }
    let overview = sepp.get(&format!("/t/{slug}")).await;
    let standings = between(&overview.body, "<table class=\"standings\">", "</table>").unwrap();
    assert!(standings.contains("Bummerl-Differenz"));
    let winner = &d
        .teams
        .iter()
        .find(|t| t.entrant_id == d.rounds[0].tables[0].seats[0])
        .unwrap()
        .name;
    let first = standings.split("<tr>").nth(2).unwrap();
    let cells = format!(
        "<td class=\"num\">1</td><td>{winner}</td><td class=\"num\">1</td><td class=\"num\">2</td>"
    );
    assert!(first.contains(&cells), "{cells} not in {first}");

    // Round 2 only after round 1 is closed, and nobody meets the same team again.
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.body.contains("erst abgeschlossen werden"),
        "{}",
        res.body
    );
    let round = format!("/t/{slug}/rounds/1");
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
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.location(), Some(format!("/t/{slug}/rounds/2").as_str()));
    let d = stored(&app, &slug).await;
    let pairs = |r: usize| -> Vec<Vec<String>> {
        d.rounds[r]
            .tables
            .iter()
            .map(|t| {
                let mut p = t.seats.clone();
                p.sort();
                p
            })
            .collect()
    };
    assert!(
        pairs(1).iter().all(|p| !pairs(0).contains(p)),
        "a repeat pairing"
    );

    // The same pages in English; game words stay German.
    sepp.get("/lang/en?next=/").await;
    let overview = sepp.get(&format!("/t/{slug}")).await;
    for words in [
        "Standings",
        "Bummerl difference",
        "Watten Tirolerisch",
        "Round 1",
    ] {
        assert!(overview.body.contains(words), "{words} missing");
    }
}
