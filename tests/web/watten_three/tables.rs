//! A three-player tournament run through the service from draw to standings, and through the
//! pages: the secretary's form, the draw, the cards, the scorer naming who played alone.

use super::*;
use crate::common::fixture::Played;

both_backends!(
    a_three_player_tournament_runs_from_draw_to_standings,
    the_scorer_names_who_played_alone_and_the_standings_follow,
    the_secretary_creates_draws_and_the_scorer_scores_through_the_pages,
);

/// The service's own path (create, players, draw, deals, close): seven players give two
/// tables of three and a bye each session; at every table `P1` plays alone and takes 11.
async fn a_three_player_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let played = Played {
        rounds: 2,
        deals: |_, _| {
            vec![
                json!({"alone": "P2", "events": [{"bet": "P1"}, {"see": "P2"}, {"tricks": "P3"}]}),
                json!({"alone": "P1", "winner": "P1", "points": 11}),
            ]
        },
    };
    let base = three_player_tournament("Dreierwatten", 3);
    let slug = run_tournament(&app, run_spec(base, 7, 1, played)).await;
    let export = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    for round in export["rounds"].as_array().unwrap() {
        let tables = round["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 2, "{round}");
        assert!(
            tables
                .iter()
                .all(|t| t["seats"].as_array().unwrap().len() == 3)
        );
        assert_eq!(round["byes"].as_array().unwrap().len(), 1, "{round}");
    }
    let api = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let rows = api["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    // Two sessions: 4 games won at tables (P1 reached 14 each time) and 2 byes, 6 in all;
    // each lost game gave one Bummerl, 8 in all.
    let sum = |key: &str| rows.iter().map(|r| r[key].as_i64().unwrap()).sum::<i64>();
    assert_eq!(sum("points"), 6, "{api}");
    assert_eq!(sum("bummerl_received"), 8, "{api}");
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "export.json", &export);
    assert_eq!(cli_standings(&path), api);
}

/// A three-player tournament of `deals` deals a session, session 1 drawn (six players, two
/// tables), saves counting at once, table cards issued: (slug, the first table's link secret).
pub async fn drawn_with_cards(app: &TestApp, deals: u32) -> (String, String) {
    let built = app
        .build(Spec {
            players: ["Anna", "Sepp", "Vroni", "Loisl", "Kathi", "Hias"]
                .map(String::from)
                .to_vec(),
            team_size: 1,
            seed: Some(5),
            confirmation: kartl::service::scoring::Confirmation::None,
            ..three_player_tournament("Dreierwatten am Tisch", deals)
        })
        .await;
    (built.slug, built.tokens[0].clone())
}

async fn the_scorer_names_who_played_alone_and_the_standings_follow(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let (slug, token) = drawn_with_cards(&app, 10).await;
    let b = app.browser();
    // The scorer's page is the pad, at 0:0:0 before the first deal (one score per seat,
    // not "0:0"); the forms below are its check and save.
    let page = b.get(&format!("/s/{token}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("id=\"score-now\">0:0:0<"),
        "{}",
        page.body
    );
    // No player alone chosen correctly: the form says so and nothing is checked.
    let (status, body) = check(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "A"),
            ("winner", "P1"),
            ("points", "2"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("wer allein gespielt hat"), "{body}");
    let (status, body) = check(
        &b,
        &token,
        &[("mode", "quick"), ("winner", "P1"), ("points", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("wer allein gespielt hat"), "{body}");
    // P1 alone takes 5; the team P1 + P3 takes 3 (by events); P1 alone takes 3: 11, won.
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "P1"),
            ("winner", "P1"),
            ("points", "5"),
        ],
    )
    .await;
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "events"),
            ("alone", "P2"),
            ("events", "bet P1\nsee P2\ntricks P3"),
        ],
    )
    .await;
    // Rules text 004: "If the team wins both players score": the deal names both of them.
    let page = b.get(&format!("/s/{token}")).await;
    assert!(
        page.body.contains("A + C schreiben 3, Stand 8:0:3"),
        "{}",
        page.body
    );
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "P1"),
            ("winner", "P1"),
            ("points", "3"),
        ],
    )
    .await;
    // The page shows the three totals on the sheet, in English too.
    let en = app.browser();
    en.get("/lang/en?next=/").await;
    let page = en.get(&format!("/s/{token}")).await;
    assert!(
        page.body.contains("Enter deal 4"),
        "the pad in English: {}",
        page.body
    );
    // The sheet: P1 played alone in the last deal and reached 11.
    assert!(page.body.contains(">11*<"), "{}", page.body);
    // The standings: the first table's P1 won one game, the two others one Bummerl each.
    let export = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    let seats: Vec<String> = export["rounds"][0]["tables"][0]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    let api = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let row = |id: &str| row_of(&api, id);
    assert_eq!(row(&seats[0])["points"], 1, "{api}");
    assert_eq!(row(&seats[0])["rank"], 1, "{api}");
    assert_eq!(row(&seats[1])["bummerl_received"], 1, "{api}");
    assert_eq!(row(&seats[2])["bummerl_received"], 1, "{api}");
    assert_eq!(row(&seats[2])["points"], 0, "{api}");
}

/// The whole path through the pages: the secretary's form (three players), the field, the
/// draw, the table cards, the scorer's link, the standings.
async fn the_secretary_creates_draws_and_the_scorer_scores_through_the_pages(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(&app, &admin, "Sepp").await;
    let form = sepp
        .get("/tournaments/new?game=watten&variant=bavarian&players=3")
        .await;
    assert!(form.body.contains("Spieler am Tisch"), "{}", form.body);
    assert!(form.body.contains("name=\"players\" value=\"3\""));
    assert!(
        form.body.contains("name=\"sessions\""),
        "sessions fields are shown"
    );
    let slug = crate::secretary::create(
        &sepp,
        &[
            ("name", "Dreierwatten im Wirtshaus"),
            ("date", "2026-11-28"),
            ("game", "watten"),
            ("variant", "bavarian"),
            ("players", "3"),
            ("format", "sessions"),
            ("target", "11"),
            ("sessions", "2"),
            ("deals", "10"),
            ("fill", "byes"),
            ("draw", "random"),
        ],
    )
    .await;
    let entrants = format!("/t/{slug}/entrants");
    let list = "Anna\nSepp\nVroni\nLoisl\nKathi\nHias\n";
    let res = sepp
        .submit(&entrants, &format!("/t/{slug}/import"), &[("list", list)])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let cards = format!("/t/{slug}/rounds/1/cards");
    let res = sepp
        .submit(
            &cards,
            &format!("/t/{slug}/confirmation"),
            &[("confirmation", "none"), ("round", "1")],
        )
        .await;
    assert!(
        res.status.is_success() || res.status.is_redirection(),
        "{}",
        res.body
    );
    let res = sepp.submit(&cards, &cards, &[]).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let token = crate::common::between(&res.body, "/s/", "\"").expect("a scorer link");
    let b = app.browser();
    check_and_save(
        &b,
        &token,
        &[
            ("mode", "quick"),
            ("alone", "P2"),
            ("winner", "P2"),
            ("points", "11"),
        ],
    )
    .await;
    let api = get_json_as(&sepp, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let rows = api["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "{api}");
    assert_eq!(rows[0]["points"], 1, "{api}");
    assert_eq!(
        rows.iter()
            .map(|r| r["bummerl_received"].as_i64().unwrap())
            .sum::<i64>(),
        2
    );
}
