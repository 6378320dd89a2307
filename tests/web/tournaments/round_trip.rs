//! The round trip: a tournament of each game, run through the service with its date, place,
//! rule options, settings, a withdrawal and a late entry, kept private, exported as its file
//! (`/t/{slug}/tournament.json`) and imported again both ways (the browser's import and
//! `kartl import`), is the same tournament, compared field by field.

use super::*;
use crate::common::Browser;
use crate::common::fixture::{Played, Spec, numbered};
use kartl::rules::Game;
use kartl::service::entrants;
use kartl::service::field;
use kartl::service::tournaments::{RoundView, TournamentDetail};

both_backends!(a_tournament_of_each_game_exported_and_imported_again_is_the_same_tournament);

/// The spec of one game: five teams (one sits out), one round played, not public.
fn spec(game: Game) -> Spec {
    let (options, played): (Value, Played) = match game {
        Game::Watten => (
            json!({"immediate_four": true}),
            Played {
                rounds: 1,
                deals: |_, _| vec![json!({"winner": "A", "points": 3}); 2],
            },
        ),
        Game::Gaigel => (
            json!({"sevens": "auf_dissle"}),
            Played {
                rounds: 1,
                deals: |_, _| {
                    vec![
                        json!({"points": {"A": 88, "B": 64}, "tricks": {"A": 6, "B": 4},
                                "melds": {"A": [20]}, "out": "A"}),
                    ]
                },
            },
        ),
        Game::Perlaggen | Game::Giltspiel => (
            json!({}),
            Played {
                rounds: 1,
                deals: |_, _| {
                    vec![json!({"events": [{"bet": "spiel", "by": "A"},
                        {"hold": "spiel", "by": "B"}, {"tricks": "A"},
                        {"show": {"gleich": "stands", "hanger": "stands"}}]})]
                },
            },
        ),
    };
    let settings = json!({"draw": "swiss", "rounds": 3, "tiebreaks": ["buchholz", "lot"],
                          "lot_seed": 99});
    Spec {
        name: format!("Rundreise {game:?}"),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 20),
        place: Some("Gasthof Post, Söll".into()),
        options: options.as_object().cloned(),
        settings: Some(serde_json::from_value(settings).unwrap()),
        public: false,
        players: numbered(10),
        seed: Some(3),
        cards: false,
        played: Some(played),
        ..Spec::new(game)
    }
}

/// Builds the tournament of `game`, withdraws its first team and enters a team late.
async fn run(app: &TestApp, game: Game) -> String {
    let slug = app.build(spec(game)).await.slug;
    let now = app.clock_now();
    let s = slug.clone();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            field::withdraw(conn, &actor, now, &s, "t1")?;
            let a = entrants::add_player(conn, &actor, now, &s, "Spät Anna", None)?;
            let b = entrants::add_player(conn, &actor, now, &s, "Spät Bert", None)?;
            entrants::add_team(conn, &actor, now, &s, "Die Späten", &[a, b])?;
            Ok(())
        })
        .await
        .unwrap();
    slug
}

async fn detail(app: &TestApp, slug: &str) -> TournamentDetail {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
        .await
        .unwrap()
}

async fn exported(admin: &Browser, slug: &str) -> String {
    let res = admin.get(&format!("/t/{slug}/tournament.json")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    res.body
}

/// Every field the file carries, the original's against the copy's. The round's status and
/// the tournament's are the import's (documented): the browser's import goes on where a file
/// stopped, `kartl import` stores it finished.
fn assert_same(original: &TournamentDetail, copy: &TournamentDetail, how: &str) {
    let (a, b) = (&original.tournament, &copy.tournament);
    assert_eq!(a.name, b.name, "{how}: name");
    assert_eq!(a.date, b.date, "{how}: date");
    assert_eq!(a.place, b.place, "{how}: place");
    assert_eq!(a.game, b.game, "{how}: game");
    assert_eq!(a.variant, b.variant, "{how}: variant");
    assert_eq!(a.target, b.target, "{how}: target");
    assert_eq!(a.options, b.options, "{how}: rule options");
    assert_eq!(a.settings, b.settings, "{how}: settings");
    assert_eq!(a.format, b.format, "{how}: format");
    assert!(!b.public, "{how}: private stays private");
    assert_eq!(
        original.marks, copy.marks,
        "{how}: withdrawal and late entry"
    );
    let players = |d: &TournamentDetail| -> Vec<(String, String)> {
        d.players
            .iter()
            .map(|p| (p.entrant_id.clone(), p.name.clone()))
            .collect()
    };
    assert_eq!(players(original), players(copy), "{how}: players");
    let teams = |d: &TournamentDetail| -> Vec<(String, String, Vec<String>)> {
        d.teams
            .iter()
            .map(|t| (t.entrant_id.clone(), t.name.clone(), t.members.clone()))
            .collect()
    };
    assert_eq!(teams(original), teams(copy), "{how}: teams");
    assert_eq!(original.rounds.len(), copy.rounds.len(), "{how}: rounds");
    for (r, s) in original.rounds.iter().zip(&copy.rounds) {
        assert_eq!(
            (r.number, r.seed, r.knockout, &r.byes),
            (s.number, s.seed, s.knockout, &s.byes),
            "{how}: round {}",
            r.number
        );
        let tables = |r: &RoundView| -> Vec<(Vec<String>, Vec<kartl::rules::match_record::Deal>)> {
            r.tables
                .iter()
                .map(|t| (t.seats.clone(), t.deals.clone()))
                .collect()
        };
        assert_eq!(tables(r), tables(s), "{how}: round {}'s tables", r.number);
    }
}

async fn a_tournament_of_each_game_exported_and_imported_again_is_the_same_tournament(
    backend: Backend,
) {
    let dir = tempfile::tempdir().unwrap();
    for game in [Game::Watten, Game::Perlaggen, Game::Giltspiel, Game::Gaigel] {
        // A database each: the fixture's played deals carry the same submission keys.
        let app = TestApp::spawn(&backend).await;
        let admin = app.setup().await;
        let slug = run(&app, game).await;
        let original = detail(&app, &slug).await;
        let kinds: Vec<&str> = original.marks.0.iter().map(|m| m.kind.as_str()).collect();
        assert_eq!(kinds, ["withdrawn", "late"], "{game:?}: the marks to keep");
        assert!(
            original.rounds[0]
                .tables
                .iter()
                .all(|t| !t.deals.is_empty())
        );
        let file = exported(&admin, &slug).await;

        let res = admin
            .submit(
                "/tournaments/import",
                "/tournaments/import",
                &[
                    ("file", &file),
                    ("club", &original.tournament.club_id.to_string()),
                ],
            )
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{game:?}: {}", res.body);
        let web = res
            .location()
            .unwrap()
            .trim_start_matches("/t/")
            .to_string();
        assert_same(&original, &detail(&app, &web).await, "the browser's import");

        let path = write(
            dir.path(),
            "export.json",
            &serde_json::from_str(&file).unwrap(),
        );
        let (code, out, err) = import(&path, &app.db.url, &["--club", "Kartlclub"]);
        assert_eq!(code, 0, "{game:?}: {err}");
        let cli = slug_of(&out);
        assert_same(&original, &detail(&app, &cli).await, "kartl import");

        // And the copies' files are the original's, byte for byte.
        for copy in [&web, &cli] {
            assert_eq!(exported(&admin, copy).await, file, "{game:?}: {copy}");
        }
    }
}
