//! `kartl import` and `kartl standings` through the real binary against the API's standings,
//! an export imported again, refused and malformed files, and private tournaments.

use super::*;

both_backends!(
    an_imported_file_has_the_api_standings_of_kartl_standings,
    an_export_imported_again_gives_identical_standings,
    a_table_breaking_a_rule_refuses_the_import_and_stores_nothing,
    a_malformed_file_is_exit_2_naming_the_path,
    private_tournaments_are_404_for_anonymous_callers,
    options_no_table_could_be_refereed_with_refuse_even_a_file_without_rounds,
);

async fn an_imported_file_has_the_api_standings_of_kartl_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    for (name, file) in [("r.json", rutesheim_file()), ("w.json", watten_file())] {
        let path = write(dir.path(), name, &file);
        let (code, out, err) = import(&path, &app.db.url, &["--public"]);
        assert_eq!(code, 0, "{err}");
        let slug = slug_of(&out);
        let (status, api) = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
        assert_eq!(status, StatusCode::OK, "{api}");
        assert_eq!(api, cli_standings(&path), "{name}");
        assert!(api["standings"].as_array().unwrap().len() >= 4);
    }
}

async fn an_export_imported_again_gives_identical_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "r.json", &rutesheim_file());
    let slug = slug_of(&import(&path, &app.db.url, &["--public"]).1);
    assert_slug(&slug, "gaigelturnier-skv-rutesheim");
    let (status, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        export["rounds"][0]["seed"],
        json!(7),
        "kartl's optional keys are kept"
    );
    let again = write(dir.path(), "export.json", &export);
    let (code, out, err) = import(&again, &app.db.url, &["--public"]);
    assert_eq!(code, 0, "{err}");
    let slug2 = slug_of(&out);
    assert_slug(&slug2, "gaigelturnier-skv-rutesheim");
    assert_ne!(slug2, slug, "the second import gets a slug of its own");
    let (_, first) = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    let (_, second) = get_json(&app, &format!("/api/v1/tournaments/{slug2}/standings")).await;
    assert_eq!(first, second);
    let (_, export2) = get_json(&app, &format!("/api/v1/tournaments/{slug2}/export.json")).await;
    assert_eq!(export, export2, "the round trip is exact");
    // From scratch: the referee over the exported file equals what the API shows.
    let file = TournamentFile::parse(&export.to_string()).unwrap();
    let scratch = serde_json::to_value(evaluate(&file, Lang::De).unwrap().standings).unwrap();
    assert_eq!(scratch, first);
    assert_eq!(cli_standings(&again), first);
}

async fn a_table_breaking_a_rule_refuses_the_import_and_stores_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let mut file = watten_file();
    // Round 2, table 1, deal 2: one point is no score in Watten.
    file["rounds"][1]["tables"][0]["deals"][1] = json!({"winner": "A", "points": 1});
    let path = write(dir.path(), "bad.json", &file);
    let (code, out, err) = import(&path, &app.db.url, &[]);
    assert_eq!(code, 1, "{out} {err}");
    assert!(out.trim().is_empty(), "{out}");
    assert!(err.contains("round 2, table 1, deal 2"), "{err}");
    assert!(err.contains("points_out_of_range"), "{err}");
    let all = app
        .state
        .db
        .run(|conn| tournaments::list(conn, Some(&Actor::command_line())))
        .await
        .unwrap();
    assert!(all.is_empty(), "nothing stored");
}

async fn a_malformed_file_is_exit_2_naming_the_path(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let mut file = watten_file();
    file["rounds"][0]["tables"][1]["seats"][1] = json!("t9");
    let path = write(dir.path(), "bad.json", &file);
    let (code, _, err) = import(&path, &app.db.url, &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("rounds[0].tables[1].seats[1]"), "{err}");
}

async fn private_tournaments_are_404_for_anonymous_callers(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w.json", &watten_file());
    // Private is the default; `--private` (what scripts passed when imports were public)
    // still reads and means the same.
    let mut slugs = Vec::new();
    let club = ["--club", "SK Testverein"];
    for extra in [&club[..], &["--private", club[0], club[1]][..]] {
        let (code, out, err) = import(&path, &app.db.url, extra);
        assert_eq!(code, 0, "{err}");
        slugs.push(slug_of(&out));
    }
    for slug in &slugs {
        for what in ["standings", "export.json"] {
            let (status, body) =
                get_json(&app, &format!("/api/v1/tournaments/{slug}/{what}")).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
            assert_eq!(body, json!({"error": "not found"}));
        }
    }
    let slug = &slugs[0];
    let (status, _) = get_json(&app, "/api/v1/tournaments/no-such-thing/standings").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The club's secretary and the administrator see it.
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Sekretärin").await;
    let secretary = app.browser();
    secretary.login("Sekretärin", &password).await;
    for who in [&admin, &secretary] {
        let res = who
            .get(&format!("/api/v1/tournaments/{slug}/standings"))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    }
}

/// Options the record's types do not read refuse every table of a file (the referee's
/// malformed): a file with no rounds yet is refused for them too, since its frozen rule set
/// could never be read; the same file with options that read is stored.
async fn options_no_table_could_be_refereed_with_refuse_even_a_file_without_rounds(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let import_with = |options: Value| {
        let mut file = watten_file();
        file["rounds"] = json!([]);
        file["options"] = options;
        let file = TournamentFile::parse(&file.to_string()).unwrap();
        let now = app.clock_now();
        app.state.db.run(move |conn| {
            kartl::service::import::import(
                conn,
                &Actor::command_line(),
                now,
                &file,
                &Default::default(),
            )
        })
    };
    let refused = import_with(json!({"farbe": true, "tomorrow": 1})).await;
    assert!(refused.is_err(), "{refused:?}");
    let all = app
        .state
        .db
        .run(|conn| tournaments::list(conn, Some(&Actor::command_line())))
        .await
        .unwrap();
    assert!(all.is_empty(), "nothing stored");
    let slug = import_with(json!({"farbe": false})).await.unwrap();
    let s = slug.clone();
    let t = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &s))
        .await
        .unwrap();
    let farbe = kartl::rules::match_record::Options {
        farbe: Some(false),
        ..Default::default()
    };
    assert_eq!(t.tournament.options, Some(farbe));
}
