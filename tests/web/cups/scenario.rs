//! A Watt-Cup of three clubs end to end: the organiser makes the cup (25-20 points, best 2,
//! at least 2 evenings, better places then more evenings), the clubs' secretaries propose
//! their evenings, the organiser accepts three, refuses one and leaves an unfinished one
//! uncounted, and links Anna Huber, Franz and Gerda across clubs. The public page, its JSON,
//! CSV, XLSX, PDF and the cup file all tell the same standings; changing the tie-breaks to
//! none gives a shared rank.

use super::{act, club, create_cup, evening, organiser, player_id, secretary, store};
use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Backend, Browser, TestApp};
use kartl::clock::Clock;
use kartl::rules::Lang;
use kartl::tournament::cup_file::evaluate_cup_text;
use reqwest::StatusCode;
use serde_json::Value;

both_backends!(a_cup_of_three_clubs_counts_accepted_finished_evenings_best_two_of_three);

pub(super) const SOELL: &str = "SK Söll";
pub(super) const KRAMSACH: &str = "WC Kramsach";
pub(super) const ANGATH: &str = "Wattfreunde Angath";

/// One evening of two teams, one table: the first team wins.
fn duel(name: &str, winners: [&str; 2], losers: [&str; 2]) -> Value {
    evening(name, &[winners, losers], &[vec![(0, 1, "A")]])
}

pub(super) struct Cup {
    pub slug: String,
    soell: String,
    kramsach: String,
    angath: String,
    refused: String,
    /// A member club's secretary (Söll's).
    pub secretary: Browser,
}

/// The clubs, their evenings proposed and decided, the links made.
pub(super) async fn build(app: &TestApp, admin: &Browser, org: &Browser) -> Cup {
    let ids = [
        club(admin, SOELL).await,
        club(admin, KRAMSACH).await,
        club(admin, ANGATH).await,
    ];
    let sec_s = secretary(app, admin, &ids[0], "Sepp").await;
    let sec_k = secretary(app, admin, &ids[1], "Kathi").await;
    let sec_a = secretary(app, admin, &ids[2], "Alois").await;
    let soell = duel(
        "Söller Watten",
        ["Anna Huber", "Bert Maier"],
        ["Clara Egger", "Dieter Moser"],
    );
    let soell = store(app, SOELL, "2026-01-10", &soell).await;
    let kramsach = duel(
        "Kramsacher Watten",
        ["Anna Huber", "Franz Berger"],
        ["Gerda Ranft", "Hans Hauser"],
    );
    let kramsach = store(app, KRAMSACH, "2026-02-10", &kramsach).await;
    let angath = duel(
        "Angather Watten",
        ["Anna Huber", "Franz Berger"],
        ["Gerda Ranft", "Ida Lechner"],
    );
    let angath = store(app, ANGATH, "2026-03-10", &angath).await;
    let refused = duel(
        "Angather Revanche",
        ["Gerda Ranft", "Ida Lechner"],
        ["Anna Huber", "Franz Berger"],
    );
    let refused = store(app, ANGATH, "2026-04-10", &refused).await;
    // A running tournament of Kramsach (round 1 drawn, nothing played): accepted, not counted.
    let now = app.clock.now();
    let running = app
        .state
        .db
        .run(move |conn| {
            let spec = Spec {
                club: KRAMSACH.into(),
                name: "Kramsacher Frühjahr".into(),
                players: (0..8).map(|i| format!("Frühjahr {i}")).collect(),
                cards: false,
                ..Spec::new(kartl::rules::Game::Watten)
            };
            Ok(fixture::build(conn, now, &spec)?.slug)
        })
        .await
        .unwrap();

    let slug = create_cup(
        org,
        &[
            ("name", "Watt-Cup Unterland 2026"),
            ("game", "watten"),
            ("points_kind", "table"),
            ("points", "25-20"),
            ("best_of", "2"),
            ("min_evenings", "2"),
            ("tiebreak1", "better_places"),
            ("tiebreak2", "more_evenings"),
            ("tiebreak3", "none"),
        ],
    )
    .await;
    for id in &ids {
        assert_eq!(
            act(org, &slug, "clubs", &[("club", id)]).await,
            StatusCode::SEE_OTHER
        );
    }
    // Each secretary proposes the club's own evenings; another club's is refused, and the
    // organiser does not propose (that is the clubs' part).
    assert_eq!(
        act(&sec_s, &slug, "evenings", &[("tournament", &kramsach)]).await,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        act(org, &slug, "evenings", &[("tournament", &soell)]).await,
        StatusCode::FORBIDDEN
    );
    for (who, t) in [
        (&sec_s, &soell),
        (&sec_k, &kramsach),
        (&sec_k, &running),
        (&sec_a, &angath),
        (&sec_a, &refused),
    ] {
        assert_eq!(
            act(who, &slug, "evenings", &[("tournament", t)]).await,
            StatusCode::SEE_OTHER
        );
    }
    assert_eq!(
        act(&sec_a, &slug, "evenings", &[("tournament", &angath)]).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "proposed twice"
    );
    // Before the organiser decides, nothing counts.
    let json = standings_json(&app.browser(), &slug).await;
    assert_eq!(json["standings"].as_array().unwrap().len(), 0);
    // A secretary cannot decide.
    assert_eq!(
        act(
            &sec_s,
            &slug,
            "decide",
            &[("tournament", &soell), ("decision", "accept")]
        )
        .await,
        StatusCode::FORBIDDEN
    );
    for t in [&soell, &kramsach, &angath, &running] {
        let status = act(
            org,
            &slug,
            "decide",
            &[("tournament", t), ("decision", "accept")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
    }
    let status = act(
        org,
        &slug,
        "decide",
        &[("tournament", &refused), ("decision", "refuse")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    // Anna of Kramsach and of Angath is Anna of Söll; Franz and Gerda of Angath are Kramsach's.
    let links = [
        (KRAMSACH, &kramsach, "Anna Huber", SOELL, &soell),
        (ANGATH, &angath, "Anna Huber", SOELL, &soell),
        (ANGATH, &angath, "Franz Berger", KRAMSACH, &kramsach),
        (ANGATH, &angath, "Gerda Ranft", KRAMSACH, &kramsach),
    ];
    for (club_a, t_a, name, club_b, t_b) in links {
        let a = player_id(app, club_a, t_a, name).await.to_string();
        let b = player_id(app, club_b, t_b, name).await.to_string();
        assert_eq!(
            act(org, &slug, "links", &[("player", &a), ("person", &b)]).await,
            StatusCode::SEE_OTHER
        );
    }
    // Two players of one club are never one person.
    let bert = player_id(app, SOELL, &soell, "Bert Maier")
        .await
        .to_string();
    let clara = player_id(app, SOELL, &soell, "Clara Egger")
        .await
        .to_string();
    assert_eq!(
        act(
            org,
            &slug,
            "links",
            &[("player", &bert), ("person", &clara)]
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    Cup {
        slug,
        soell,
        kramsach,
        angath,
        refused,
        secretary: sec_s,
    }
}

async fn standings_json(browser: &Browser, slug: &str) -> Value {
    let res = browser.get(&format!("/cup/{slug}/standings.json")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    serde_json::from_str(&res.body).unwrap()
}

/// A standings line as the test reads it: rank, name, points, (evening, points, counted).
type Line = (Option<u64>, String, u64, Vec<(String, u64, bool)>);

/// A line as the cup file's answer and the page both give it: rank, id, name, points, and
/// which evenings counted.
type Compared = (Option<u32>, String, String, u32, Vec<bool>);

/// Every line of the JSON standings.
fn lines(json: &Value) -> Vec<Line> {
    json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let evenings = l["evenings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    (
                        e["evening"].as_str().unwrap().to_string(),
                        e["points"].as_u64().unwrap(),
                        e["counted"].as_bool().unwrap(),
                    )
                })
                .collect();
            (
                l["rank"].as_u64(),
                l["name"].as_str().unwrap().to_string(),
                l["points"].as_u64().unwrap(),
                evenings,
            )
        })
        .collect()
}

async fn a_cup_of_three_clubs_counts_accepted_finished_evenings_best_two_of_three(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let org = organiser(&app, &admin, "Olga").await;
    let cup = build(&app, &admin, &org).await;
    let visitor = app.browser();
    let json = standings_json(&visitor, &cup.slug).await;
    let evenings: Vec<&str> = json["evenings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["evening"].as_str().unwrap())
        .collect();
    // The refused evening and the unfinished one do not count; the order is by date.
    assert_eq!(evenings, vec![&cup.soell, &cup.kramsach, &cup.angath]);
    assert!(!evenings.contains(&cup.refused.as_str()));
    let got = lines(&json);
    let (s, k, a) = (cup.soell.clone(), cup.kramsach.clone(), cup.angath.clone());
    // Anna: three wins, the best two count and the latest equal one is struck. Franz: two
    // wins, the same 50 points; better places (three firsts against two) rank Anna first.
    assert_eq!(
        got[0],
        (
            Some(1),
            "Anna Huber".into(),
            50,
            vec![
                (s.clone(), 25, true),
                (k.clone(), 25, true),
                (a.clone(), 25, false)
            ]
        )
    );
    assert_eq!(
        got[1],
        (
            Some(2),
            "Franz Berger".into(),
            50,
            vec![(k.clone(), 25, true), (a.clone(), 25, true)]
        )
    );
    assert_eq!(
        got[2],
        (
            Some(3),
            "Gerda Ranft".into(),
            40,
            vec![(k.clone(), 20, true), (a.clone(), 20, true)]
        )
    );
    // One evening each: listed after the ranked, without a rank (at least two needed).
    let unranked: Vec<&str> = got[3..].iter().map(|l| l.1.as_str()).collect();
    assert_eq!(got.len(), 8, "{got:?}");
    assert!(got[3..].iter().all(|l| l.0.is_none()));
    assert_eq!(
        unranked[0], "Bert Maier",
        "25 points first among the unranked"
    );

    downloads_agree(&app, &visitor, &cup.slug, &json).await;
    public_page_is_cached_and_named(&visitor, &cup.slug).await;

    // Without tie-breaks Anna and Franz share first place; the third stays third.
    let status = act(
        &org,
        &cup.slug,
        "rules",
        &[
            ("name", "Watt-Cup Unterland 2026"),
            ("points_kind", "table"),
            ("points", "25-20"),
            ("best_of", "2"),
            ("min_evenings", "2"),
            ("tiebreak1", "none"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let ranks: Vec<Option<u64>> = lines(&standings_json(&visitor, &cup.slug).await)
        .iter()
        .take(3)
        .map(|l| l.0)
        .collect();
    assert_eq!(ranks, vec![Some(1), Some(1), Some(3)]);
}

/// The CSV brackets Anna's struck evening, the XLSX and PDF are written, and the cup file
/// gives `kartl standings` the page's standings.
async fn downloads_agree(app: &TestApp, visitor: &Browser, slug: &str, json: &Value) {
    let csv = visitor
        .get(&format!("/cup/{slug}/standings.csv?sep=semicolon"))
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(
        csv.body.contains("Anna Huber;50;25;25;(25)"),
        "{}",
        csv.body
    );
    assert!(csv.body.contains("Streichergebnis"), "{}", csv.body);
    for (path, magic) in [
        ("standings.xlsx", &b"PK"[..]),
        ("standings.pdf", &b"%PDF-"[..]),
    ] {
        let res = visitor
            .client
            .get(visitor.url(&format!("/cup/{slug}/{path}")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(res.bytes().await.unwrap().starts_with(magic), "{path}");
    }
    let file = visitor.get(&format!("/cup/{slug}/cup.json")).await;
    assert_eq!(file.status, StatusCode::OK);
    // The bytes as the cup file has always been written: pretty, every object's keys sorted.
    let written: serde_json::Value = serde_json::from_str(&file.body).unwrap();
    assert_eq!(
        serde_json::to_string_pretty(&written).unwrap(),
        file.body,
        "the cup file's bytes"
    );
    let answer = evaluate_cup_text(&file.body, Lang::De).unwrap();
    let from_file: Vec<Compared> = answer
        .standings
        .iter()
        .map(|l| {
            let counted = l.evenings.iter().map(|e| e.counted).collect();
            (l.rank, l.id.clone(), l.name.clone(), l.points, counted)
        })
        .collect();
    let from_page: Vec<Compared> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let counted = l["evenings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["counted"].as_bool().unwrap())
                .collect();
            (
                l["rank"].as_u64().map(|r| r as u32),
                l["id"].as_str().unwrap().to_string(),
                l["name"].as_str().unwrap().to_string(),
                l["points"].as_u64().unwrap() as u32,
                counted,
            )
        })
        .collect();
    assert_eq!(from_file, from_page);
    let _ = app;
}

/// The page names the players and the evenings; its ETag answers 304 until something changes.
async fn public_page_is_cached_and_named(visitor: &Browser, slug: &str) {
    let page = visitor.get(&format!("/cup/{slug}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Anna Huber") && page.body.contains("Söller Watten"));
    assert!(page.body.contains("<s class=\"cup-struck\">(25)</s>"));
    let etag = page.header("etag").unwrap().to_string();
    let again = visitor
        .client
        .get(visitor.url(&format!("/cup/{slug}/live")))
        .header("If-None-Match", etag.clone())
        .send()
        .await
        .unwrap();
    // The live table has its own page key but the same stamp: the same ETag answers 304.
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let projector = visitor.get(&format!("/cup/{slug}/projector")).await;
    assert_eq!(projector.status, StatusCode::OK);
    assert!(projector.body.contains("Anna Huber"));
}
