//! The field through the whole tournament over HTTP (docs/reference/tournaments.md, "The field
//! during the tournament"): renaming, withdrawing, marking absent and entering late after the
//! first draw, the draws that follow, the marks beside the standings, the refusals in German,
//! and taking back a round before its first deal (and not after).

use super::{secretary, stored};
use crate::both_backends;
use crate::common::fixture::Spec;
use crate::common::{Browser, TestApp};
use kartl::db::models::{AuditEventRow, TournamentRow};
use kartl::service::tournaments::Status;
use kartl::tournament::field::MarkKind;
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(the_field_changes_after_the_first_draw_and_the_draws_follow_it);
both_backends!(changes_to_the_field_are_refused_in_plain_words_and_change_nothing);
both_backends!(a_round_is_taken_back_before_its_first_deal_and_not_after);

/// A Watten tournament of six teams of the test club, round 1 drawn (seed 3, three tables),
/// and its secretary Sepp.
async fn six_teams(backend: &crate::common::Backend) -> (TestApp, Browser, String) {
    let app = TestApp::spawn(backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let built = app
        .build(Spec {
            club: "SK Testverein".into(),
            players: (1..=12).map(|i| format!("Spieler {i}")).collect(),
            ..Spec::new(kartl::rules::Game::Watten)
        })
        .await;
    (app, sepp, built.slug)
}

/// The tournament's audit events as (action, detail).
async fn audit(app: &TestApp, slug: &str) -> Vec<(String, Value)> {
    let slug = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            let t = TournamentRow::by_slug(conn, &slug)?.expect("the tournament");
            Ok(AuditEventRow::of(conn, t.id())?)
        })
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.action, serde_json::from_str(&e.detail).unwrap()))
        .collect()
}

fn detail_of<'a>(events: &'a [(String, Value)], action: &str) -> &'a Value {
    &events
        .iter()
        .rev()
        .find(|(a, _)| a == action)
        .unwrap_or_else(|| panic!("no {action} in {events:?}"))
        .1
}

/// Everyone round `n` names (seats and byes).
fn drawn(d: &kartl::service::tournaments::TournamentDetail, n: usize) -> Vec<String> {
    let r = &d.rounds[n - 1];
    let mut ids: Vec<String> = r.tables.iter().flat_map(|t| t.seats.clone()).collect();
    ids.extend(r.byes.iter().cloned());
    ids.sort();
    ids
}

async fn post(
    b: &Browser,
    slug: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String) {
    let res = b
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/entrants/{action}"),
            fields,
        )
        .await;
    (res.status, res.body)
}

async fn close_and_draw(b: &Browser, slug: &str, round: i32) {
    let page = format!("/t/{slug}/rounds/{round}");
    let res = b
        .submit(
            &page,
            &format!("/t/{slug}/rounds/{round}/close"),
            &[("anyway", "yes")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let res = b
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

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
    let res = sepp
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/teams"),
            &[
                ("name", "Nachzügler"),
                ("member1", "Cilli"),
                ("member2", "Dora"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
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

async fn changes_to_the_field_are_refused_in_plain_words_and_change_nothing(
    backend: crate::common::Backend,
) {
    let (app, sepp, slug) = six_teams(&backend).await;
    let before = stored(&app, &slug).await;
    // Round 1 is drawn: nobody can be marked absent in it any more.
    let (status, body) = post(
        &sepp,
        &slug,
        "absent",
        &[("entrant", "t1"), ("round", "1"), ("absent", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Runde 1 ist schon ausgelost"), "{body}");
    let (status, body) = post(&sepp, &slug, "withdraw", &[("entrant", "t9")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("Diese Anmeldung gibt es in diesem Turnier nicht"),
        "{body}"
    );
    // Another team's name (case aside) is taken.
    let other = before.teams[1].name.to_uppercase();
    let (status, body) = post(
        &sepp,
        &slug,
        "edit",
        &[
            ("entrant", "t1"),
            ("name", &other),
            ("member1", "A"),
            ("member2", "B"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body.contains("Diesen Namen hat schon eine andere Anmeldung"),
        "{body}"
    );
    let (status, body) = post(
        &sepp,
        &slug,
        "edit",
        &[
            ("entrant", "t1"),
            ("name", " "),
            ("member1", "A"),
            ("member2", "B"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(stored(&app, &slug).await, before);
    // Withdrawn once; twice is refused, and so is an absence after it.
    let (status, _) = post(&sepp, &slug, "withdraw", &[("entrant", "t1")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = post(&sepp, &slug, "withdraw", &[("entrant", "t1")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Schon zurückgezogen (ab Runde 2)"), "{body}");
    let (status, body) = post(
        &sepp,
        &slug,
        "absent",
        &[("entrant", "t1"), ("round", "3"), ("absent", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Zurückgezogen ab Runde 2"), "{body}");
    // An absence is taken back; taking it back twice is refused.
    let fields = [("entrant", "t2"), ("round", "2"), ("absent", "1")];
    assert_eq!(
        post(&sepp, &slug, "absent", &fields).await.0,
        StatusCode::OK
    );
    let back = [("entrant", "t2"), ("round", "2"), ("absent", "0")];
    let (status, body) = post(&sepp, &slug, "absent", &back).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("in Runde 2 doch dabei"), "{body}");
    let (status, body) = post(&sepp, &slug, "absent", &back).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("keine Abwesenheit gemeldet"), "{body}");
    let marks = stored(&app, &slug).await.marks.0;
    assert_eq!(marks.len(), 1, "{marks:?}");
    assert_eq!(marks[0].kind, MarkKind::Withdrawn);
}

async fn a_round_is_taken_back_before_its_first_deal_and_not_after(
    backend: crate::common::Backend,
) {
    let (app, sepp, slug) = six_teams(&backend).await;
    let round = format!("/t/{slug}/rounds/1");
    let page = sepp.get(&round).await;
    assert!(page.body.contains("id=\"undraw-form\""), "{}", page.body);
    let res = sepp
        .submit(&round, &format!("/t/{slug}/rounds/1/undraw"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let d = stored(&app, &slug).await;
    assert!(d.rounds.is_empty());
    assert_eq!(d.tournament.status, Status::Setup);
    assert_eq!(sepp.get(&round).await.status, StatusCode::NOT_FOUND);
    let events = audit(&app, &slug).await;
    let undrawn = detail_of(&events, "round_undrawn");
    assert_eq!(undrawn["round"], json!(1));
    assert_eq!(undrawn["tables"], json!(3));
    // Entrants are entered as before a draw (no late mark), and the round is drawn again.
    let res = sepp
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/teams"),
            &[
                ("name", "Nachzügler"),
                ("member1", "Cilli"),
                ("member2", "Dora"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let res = sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let d = stored(&app, &slug).await;
    assert!(d.marks.0.is_empty());
    assert_eq!(d.tournament.status, Status::Running);
    assert_eq!(drawn(&d, 1).len(), 7);

    // After a deal is stored the round stands, and the page says why.
    app.seed_deals(
        d.rounds[0].tables[0].id,
        vec![json!({"winner": "A", "points": 2})],
    )
    .await;
    assert!(!sepp.get(&round).await.body.contains("id=\"undraw-form\""));
    let res = sepp
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/rounds/1/undraw"),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(res.body.contains("Die Runde hat begonnen"), "{}", res.body);
    assert_eq!(stored(&app, &slug).await.rounds.len(), 1);
    // Only the last round can be taken back.
    let res = sepp
        .submit(
            &format!("/t/{slug}"),
            &format!("/t/{slug}/rounds/2/undraw"),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert!(
        res.body.contains("Nur die zuletzt ausgeloste Runde"),
        "{}",
        res.body
    );
}

both_backends!(players_are_renamed_with_their_club_and_enter_late_in_a_game_of_players);

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
            players: (1..=6).map(|i| format!("Spieler {i}")).collect(),
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
