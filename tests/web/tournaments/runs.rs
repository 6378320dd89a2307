//! Tournaments run through the service from draw to standings (sessions and rounds), and the
//! demo's three tournaments.

use super::*;
use crate::common::fixture::{self, Played, Spec};
use kartl::rules::Game;

both_backends!(
    a_sessions_tournament_runs_from_draw_to_standings,
    a_rounds_tournament_runs_from_draw_to_standings,
);

/// Builds `spec` with the fixture, its rounds [`Played`] in full, and checks what the fixture
/// takes on trust: each round was drawn with its seed, and every deal sent again with its
/// submission key stores nothing new.
pub(crate) async fn run_tournament(app: &TestApp, spec: Spec) -> String {
    let played = spec.played.expect("a spec with rounds to play");
    let seed = spec.seed.expect("a spec whose round 1 is drawn");
    let slug = app.build(spec).await.slug;
    let now = app.clock_now();
    let s = slug.clone();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let detail = tournaments::get(conn, Some(&actor), &s)?;
            assert_eq!(detail.rounds.len(), played.rounds);
            for (r, round) in detail.rounds.iter().enumerate() {
                assert_eq!(round.seed, Some(seed + r as u64));
                for (t, table) in round.tables.iter().enumerate() {
                    for (d, record) in (played.deals)(r, t).into_iter().enumerate() {
                        let input = fixture::played_deal(r, t, d, record);
                        // A retry with the same key stores nothing new.
                        let again = deals::record_deal(conn, &actor, now, table.id, &input)?;
                        assert!(!again.new);
                    }
                }
            }
            Ok(())
        })
        .await
        .unwrap();
    slug
}

/// `base` as [`run_tournament`] runs it: `players` numbered players with start numbers 1, 2,
/// ..., cut into teams of `team_size`, round 1 drawn with seed 40 and `played` rounds in
/// full, no table cards.
pub(crate) fn run_spec(base: Spec, players: usize, team_size: usize, played: Played) -> Spec {
    Spec {
        players: fixture::numbered(players),
        start_nos: (1..=players as i32).collect(),
        team_size,
        seed: Some(40),
        cards: false,
        played: Some(played),
        ..base
    }
}

async fn a_sessions_tournament_runs_from_draw_to_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let played = Played {
        rounds: 2,
        deals: |r, t| {
            vec![
                rutesheim_deal((r + t) % 3, (r + t + 1) % 3),
                rutesheim_deal(2, 0),
            ]
        },
    };
    let base = Spec {
        club: "SKV Rutesheim".into(),
        name: "Gaigeln in Rutesheim".into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        place: Some("Rutesheim".into()),
        variant: Some(kartl::rules::gaigel::Variant::Three.into()),
        options: json!({"scoring": "rutesheim"}).as_object().cloned(),
        format: kartl::tournament::format::Format::Sessions,
        settings: serde_json::from_value(json!({"sessions": 2, "deals": 2})).unwrap(),
        ..Spec::new(Game::Gaigel)
    };
    let slug = run_tournament(&app, run_spec(base, 7, 1, played)).await;
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
    let played = Played {
        rounds: 3,
        deals: |r, t| {
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
        },
    };
    let base = Spec {
        club: "Watterclub".into(),
        name: "Wattkönig".into(),
        ..Spec::new(Game::Watten)
    };
    let slug = run_tournament(&app, run_spec(base, 8, 2, played)).await;
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
    let frozen = t
        .tournament
        .rules_frozen
        .expect("the draw froze the rule set");
    assert_eq!(
        (frozen.game, frozen.variant, frozen.target, frozen.options),
        (
            Game::Watten,
            Some(kartl::rules::watten::input::Variant::Tyrolean.into()),
            None,
            None
        )
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

both_backends!(the_demos_stored_deals_read_and_write_back_through_the_typed_record);

/// Every deal the demo stores reads into the typed record and writes back byte for byte, and
/// is the deal the demo built for that table (the demo is deterministic).
async fn the_demos_stored_deals_read_and_write_back_through_the_typed_record(backend: Backend) {
    use kartl::rules::match_record::Deal;
    let app = TestApp::spawn(&backend).await;
    let now = app.clock_now();
    let files = kartl::service::demo::files().unwrap();
    let slugs = app
        .state
        .db
        .run(move |conn| kartl::service::demo::fill(conn, now))
        .await
        .unwrap();
    assert_eq!(slugs.len(), files.len());
    let mut deals = 0;
    for ((file, _, _), slug) in files.iter().zip(slugs) {
        let detail = app
            .state
            .db
            .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
            .await
            .unwrap();
        assert_eq!(detail.rounds.len(), file.rounds.len());
        for (r, round) in detail.rounds.iter().enumerate() {
            for table in &round.tables {
                let t = usize::try_from(table.number - 1).unwrap();
                assert_eq!(table.seats, file.rounds[r].tables[t].seats);
                let built = file.table_record(r, t).unwrap().unwrap();
                let versions = app.versions(table.id).await;
                assert_eq!(versions.len(), built.deals.len(), "round {r} table {t}");
                let mut record = built.frame();
                for v in versions {
                    let typed = Deal::from_json(file.game, &v.record).unwrap();
                    assert_eq!(typed.to_json(), v.record);
                    let d = usize::try_from(v.deal_no).unwrap();
                    assert_eq!(Some(&typed), built.deal(d).as_ref(), "deal {d}");
                    assert!(record.push(typed));
                    deals += 1;
                }
                // The table's whole record, as stored, round-trips too.
                let text = record.to_json();
                assert_eq!(
                    kartl::rules::Record::from_json(&text).unwrap().to_json(),
                    text
                );
                assert_eq!(record, built);
            }
        }
    }
    assert!(deals > 300, "{deals} deals");
}
