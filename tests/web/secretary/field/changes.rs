//! The field changed after the first draw (renamed, withdrawn, absent, entered late), for teams
//! and for players, and the draws and the standings' marks that follow it.

use super::*;

both_backends!(
    the_field_changes_after_the_first_draw_and_the_draws_follow_it,
    players_are_renamed_with_their_club_and_enter_late_in_a_game_of_players,
);

async fn the_field_changes_after_the_first_draw_and_the_draws_follow_it(
    backend: crate::common::Backend,
) {
    let (app, sepp, slug) = six_teams(&backend).await;
    let d = stored(&app, &slug).await;
    let (t1, t2, t3) = ("t1", "t2", "t3");
    let old_name = d.teams[0].name.clone();

    // A typo in a team's and its players' names, fixed after the draw; shown everywhere.
    let (status, body) = post(
        &sepp,
        &slug,
        "edit",
        &[
            ("entrant", t1),
            ("name", "Die Spitzbuam"),
            ("member1", "Anna Huber"),
            ("member2", "Bert Moser"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("heißt jetzt „Die Spitzbuam“"), "{body}");
    let d = stored(&app, &slug).await;
    assert_eq!(d.teams[0].name, "Die Spitzbuam");
    let members: Vec<&str> = d
        .players
        .iter()
        .filter(|p| d.teams[0].members.contains(&p.entrant_id))
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(members, ["Anna Huber", "Bert Moser"]);
    let plan = sepp.get(&format!("/t/{slug}/rounds/1/seating")).await;
    assert!(plan.body.contains("Die Spitzbuam") && !plan.body.contains(&old_name));
    let events = audit(&app, &slug).await;
    let edited = detail_of(&events, "entrant_edited");
    assert_eq!(edited["before"], json!(old_name));
    assert_eq!(edited["after"], json!("Die Spitzbuam"));
    assert_eq!(edited["players_after"], json!(["Anna Huber", "Bert Moser"]));

    // t2 withdraws from round 2 on, t3 misses round 2, a seventh team comes late.
    let (status, body) = post(&sepp, &slug, "withdraw", &[("entrant", t2)]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("ab Runde 2 zurückgezogen"), "{body}");
    let (status, body) = post(
        &sepp,
        &slug,
        "absent",
        &[("entrant", t3), ("round", "2"), ("absent", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("fehlt in Runde 2"), "{body}");
    let page = sepp.get(&format!("/t/{slug}/entrants")).await;
    assert!(page.body.contains("Nachmelden"), "{}", page.body);
    enter_late_team(&sepp, &slug).await;
    let d = stored(&app, &slug).await;
    let late = d.teams.iter().find(|t| t.name == "Nachzügler").unwrap();
    let late_id = late.entrant_id.clone();
    let kinds: Vec<(String, MarkKind, u32)> = d
        .marks
        .0
        .iter()
        .map(|m| (m.entrant.clone(), m.kind, m.round))
        .collect();
    assert_eq!(
        kinds,
        [
            (t2.to_string(), MarkKind::Withdrawn, 2),
            (t3.to_string(), MarkKind::Absent, 2),
            (late_id.clone(), MarkKind::Late, 2),
        ]
    );
    let events = audit(&app, &slug).await;
    assert_eq!(detail_of(&events, "entrant_withdrawn")["round"], json!(2));
    assert_eq!(detail_of(&events, "entrant_absent")["round"], json!(2));
    assert_eq!(
        detail_of(&events, "entrant_late")["entrant"],
        json!(late_id)
    );

    // Round 1 is played at table 1 (a game to 15 for side A) and closed.
    let table1 = d.rounds[0].tables[0].id;
    app.seed_deals(
        table1,
        (0..5)
            .map(|_| json!({"winner": "A", "points": 3}))
            .collect(),
    )
    .await;

    // Round 2: the late team plays, the withdrawn and the absent team do not (not even a bye).
    close_and_draw(&sepp, &slug, 1).await;
    let d = stored(&app, &slug).await;
    let mut expect: Vec<String> = ["t1", "t4", "t5", "t6", &late_id]
        .iter()
        .map(|s| s.to_string())
        .collect();
    expect.sort();
    assert_eq!(drawn(&d, 2), expect);
    assert_eq!(d.rounds[1].byes.len(), 1);
    // Round 3: the absent team is back, the withdrawn one stays out.
    close_and_draw(&sepp, &slug, 2).await;
    let d = stored(&app, &slug).await;
    let mut expect: Vec<String> = ["t1", "t3", "t4", "t5", "t6", &late_id]
        .iter()
        .map(|s| s.to_string())
        .collect();
    expect.sort();
    assert_eq!(drawn(&d, 3), expect);

    // The standings keep the withdrawn team with its result and say how each case counts.
    let overview = sepp.get(&format!("/t/{slug}")).await;
    for note in [
        "zurückgezogen nach Runde 1",
        "fehlt in Runde 2",
        "ab Runde 2",
    ] {
        assert!(overview.body.contains(note), "{note}: {}", overview.body);
    }
    let public = app.browser().get(&format!("/p/{slug}")).await;
    assert!(
        public.body.contains("zurückgezogen nach Runde 1"),
        "{}",
        public.body
    );
    let rows = app.standings(&slug).await;
    assert!(rows.iter().any(|r| r["id"] == json!(t2)), "{rows:?}");
}

/// Gaigel for two (players, not teams, are the entrants): a rename with the club in its own
/// field, a late entry by the players' form, a withdrawal; round 2 follows all three.
async fn players_are_renamed_with_their_club_and_enter_late_in_a_game_of_players(
    backend: crate::common::Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = app
        .build(Spec {
            club: "SK Testverein".into(),
            game: kartl::rules::Game::Gaigel,
            variant: Some(kartl::rules::gaigel::Variant::Two.into()),
            team_size: 1,
            players: fixture::numbered(6),
            ..Spec::new(kartl::rules::Game::Gaigel)
        })
        .await
        .slug;
    let fields = [("entrant", "p1"), ("name", "Anna Maier"), ("club", "SKV")];
    let (status, body) = post(&sepp, &slug, "edit", &fields).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let d = stored(&app, &slug).await;
    assert_eq!(d.players[0].name, "Anna Maier (SKV)");
    // The edit form shows the name and the club apart again.
    assert!(body.contains("value=\"Anna Maier\""), "{body}");
    assert!(body.contains("value=\"SKV\""), "{body}");
    let (status, _) = post(&sepp, &slug, "withdraw", &[("entrant", "p2")]).await;
    assert_eq!(status, StatusCode::OK);
    let res = sepp
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/players"),
            &[("name", "Zenzi"), ("club", ""), ("start_no", "")],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    close_and_draw(&sepp, &slug, 1).await;
    let d = stored(&app, &slug).await;
    let late = d.players.iter().find(|p| p.name == "Zenzi").unwrap();
    let names = drawn(&d, 2);
    assert!(names.contains(&late.entrant_id), "{names:?}");
    assert!(!names.contains(&"p2".to_string()), "{names:?}");
    assert_eq!(names.len(), 6);
}
