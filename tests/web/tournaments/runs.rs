//! Tournaments run through the service from draw to standings (sessions and rounds), and the
//! demo's three tournaments.

use super::*;

both_backends!(
    a_sessions_tournament_runs_from_draw_to_standings,
    a_rounds_tournament_runs_from_draw_to_standings,
);

/// Draws `rounds` rounds of a tournament created through the service with `entrants`,
/// recording the deals `deals(round, table, seats)` gives, closing each round.
pub(crate) async fn run_tournament(
    app: &TestApp,
    new: tournaments::NewTournament,
    players: usize,
    team_size: usize,
    rounds: usize,
    deals: fn(usize, usize) -> Vec<Value>,
) -> String {
    let now = app.clock_now();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let slug = tournaments::create(conn, &actor, now, &new)?;
            let mut ids = Vec::new();
            for i in 0..players {
                ids.push(entrants::add_player(
                    conn,
                    &actor,
                    now,
                    &slug,
                    &format!("Spieler {i}"),
                    Some(i as i32 + 1),
                )?);
            }
            if team_size > 1 {
                for chunk in ids.chunks(team_size) {
                    entrants::add_team(conn, &actor, now, &slug, "", chunk)?;
                }
            }
            for r in 0..rounds {
                let number = draws::draw_round(conn, &actor, now, &slug, Some(40 + r as u64))?;
                let detail = tournaments::get(conn, Some(&actor), &slug)?;
                let round = &detail.rounds[number as usize - 1];
                assert_eq!(round.seed, Some(40 + r as u64));
                for (t, table) in round.tables.iter().enumerate() {
                    for (d, deal) in deals(r, t).into_iter().enumerate() {
                        let input = DealInput {
                            expected_version: Some(0),
                            submission_key: Some(format!("{r}-{t}-{d}")),
                            ..crate::common::fixture::deal(d as i32, deal)
                        };
                        deals::record_deal(conn, &actor, now, table.id, &input)?;
                        // A retry with the same key stores nothing new.
                        let again = deals::record_deal(conn, &actor, now, table.id, &input)?;
                        assert!(!again.new);
                    }
                }
                draws::close_round(conn, &actor, now, &slug, number)?;
            }
            tournaments::set_public(conn, &actor, now, &slug, true)?;
            Ok(slug)
        })
        .await
        .unwrap()
}

async fn a_sessions_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let new = tournaments::NewTournament {
        club_id: 0,
        name: "Gaigeln in Rutesheim".into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        place: Some("Rutesheim".into()),
        game: kartl::rules::Game::Gaigel,
        variant: Some(kartl::rules::gaigel::Variant::Three.into()),
        target: None,
        options: json!({"scoring": "rutesheim"}).as_object().cloned(),
        format: kartl::tournament::format::Format::Sessions,
        settings: serde_json::from_value(json!({"sessions": 2, "deals": 2})).unwrap(),
        public: false,
    };
    let club = app
        .state
        .db
        .run(|conn| {
            kartl::service::import::club_named(
                conn,
                "SKV Rutesheim",
                chrono::NaiveDateTime::default(),
            )
        })
        .await
        .unwrap();
    let slug = run_tournament(
        &app,
        tournaments::NewTournament {
            club_id: club,
            ..new
        },
        7,
        1,
        2,
        |r, t| {
            vec![
                rutesheim_deal((r + t) % 3, (r + t + 1) % 3),
                rutesheim_deal(2, 0),
            ]
        },
    )
    .await;
    assert_slug(&slug, "gaigeln-in-rutesheim-2026");
    let standings = api_standings(&app, &slug).await;
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    // 2 sessions x 2 tables x 2 deals x 9 game points, plus the byes' 3 points a deal.
    let total: i64 = rows.iter().map(|r| r["points"].as_i64().unwrap()).sum();
    assert_eq!(total, 2 * 2 * 2 * 9 + 2 * 2 * 3, "{standings}");
    let (_, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    let file = TournamentFile::parse(&export.to_string()).unwrap();
    assert_eq!(
        serde_json::to_value(evaluate(&file, Lang::De).unwrap().standings).unwrap(),
        standings
    );
    // A third session is refused: the tournament has two.
    let now = app.clock_now();
    let s = slug.clone();
    let third = app
        .state
        .db
        .run(move |conn| draws::draw_round(conn, &Actor::command_line(), now, &s, None))
        .await;
    assert!(third.is_err());
}

async fn a_rounds_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let club = app
        .state
        .db
        .run(|conn| {
            kartl::service::import::club_named(conn, "Watterclub", chrono::NaiveDateTime::default())
        })
        .await
        .unwrap();
    let new = tournaments::NewTournament {
        club_id: club,
        name: "Wattkönig".into(),
        date: None,
        place: None,
        game: kartl::rules::Game::Watten,
        variant: None,
        target: None,
        options: None,
        format: kartl::tournament::format::Format::Rounds,
        settings: None,
        public: false,
    };
    let slug = run_tournament(&app, new, 8, 2, 3, |r, t| {
        let (w, l) = if (r + t) % 2 == 0 {
            ("A", "B")
        } else {
            ("B", "A")
        };
        vec![
            json!({"winner": w, "points": 3}),
            json!({"winner": l, "points": 2}),
            json!({"winner": w, "points": 4}),
            json!({"winner": w, "points": 4}),
            json!({"winner": w, "points": 4}),
        ]
    })
    .await;
    assert_slug(&slug, "wattkoenig");
    let standings = api_standings(&app, &slug).await;
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let games: i64 = rows.iter().map(|r| r["points"].as_i64().unwrap()).sum();
    assert_eq!(games, 3 * 2, "one game per table and round: {standings}");
    // The rule set was frozen when the first round was drawn.
    let s = slug.clone();
    let t = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, None, &s))
        .await
        .unwrap();
    assert_eq!(
        t.tournament.rules_frozen,
        Some(json!({"game": "watten", "variant": "tyrolean", "engine": "kartl-rules/1"}))
    );
}

both_backends!(the_demo_fills_three_tournaments_whose_standings_compute);

async fn the_demo_fills_three_tournaments_whose_standings_compute(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let out = kartl()
        .args(["demo", "--database", &app.db.url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let slugs: Vec<&str> = stdout.lines().take(3).collect();
    let mut games = Vec::new();
    for slug in &slugs {
        let standings = api_standings(&app, slug).await;
        let rows = standings["standings"].as_array().unwrap();
        assert!(rows.len() >= 6, "{slug}: {standings}");
        let (_, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
        let file = TournamentFile::parse(&export.to_string()).unwrap();
        let evaluation = evaluate(&file, Lang::De).unwrap();
        assert!(
            evaluation.broken.is_empty(),
            "{slug}: {:?}",
            evaluation.broken
        );
        assert_eq!(
            serde_json::to_value(evaluation.standings).unwrap(),
            standings
        );
        assert_eq!(file.rounds.len(), 3, "{slug}");
        games.push(file.game);
    }
    use kartl::rules::Game;
    assert_eq!(games, [Game::Gaigel, Game::Watten, Game::Perlaggen]);
    // Not twice: the second run writes nothing and says why.
    let again = kartl()
        .args(["demo", "--database", &app.db.url])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already"));
    let all = app
        .state
        .db
        .run(|conn| tournaments::list(conn, None))
        .await
        .unwrap();
    assert_eq!(all.len(), 3);
}
