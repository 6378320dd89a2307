//! The public pages (issue 8) over HTTP: private tournaments are 404 on every route for
//! strangers, the organiser's toggle, only confirmed deals show, nothing private leaks (scorer
//! link secrets, IPs, audit reasons, who entered what), ETags and 304, and the chart's SVG.

use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, csrf_in};
use kartl::clock::Clock;
use kartl::db::DbConn;
use kartl::service::deals::{DealInput, DealSource, DealStatus};
use kartl::service::registration::{self, NewEntry, NewTeamEntry};
use kartl::service::{Actor, ActorKind, deals, draws, scoring, tournaments};
use kartl::tournament::format::Format;
use kartl::web::AppError;
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(
    a_private_tournament_is_not_found_on_every_public_route_until_its_organiser_publishes_it,
    public_pages_show_confirmed_deals_only_and_nothing_private,
    the_live_table_answers_304_until_a_deal_is_confirmed,
    the_chart_is_svg_with_one_labelled_line_per_team,
);

const CLUB: &str = "SK Testverein";
/// An audit reason, a scorer's IP and a submission key: none may reach a public page.
const REASON: &str = "Tippfehler 4711 korrigiert";
const IP: &str = "198.51.100.23";
const KEY: &str = "submission-key-0815";
/// The name the secretary acts under (the audit log's actor).
const SECRETARY: &str = "Zenzi Schriftführerin";

fn secretary_actor() -> Actor {
    Actor {
        user_id: None,
        name: SECRETARY.into(),
        kind: ActorKind::CommandLine,
    }
}

/// A Watten tournament of four teams in the test club with round 1 drawn (two tables);
/// returns its slug.
pub(crate) fn running(
    conn: &mut DbConn,
    now: chrono::NaiveDateTime,
    public: bool,
) -> Result<String, AppError> {
    let club = kartl::service::import::club_named(conn, CLUB, now)?;
    let new = tournaments::NewTournament {
        club_id: club,
        name: "Wattturnier am Sonntag".into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 22),
        place: Some("Söll".into()),
        game: kartl::rules::Game::Watten,
        variant: None,
        target: None,
        options: None,
        format: Format::Rounds,
        settings: None,
        public,
    };
    let actor = secretary_actor();
    let slug = tournaments::create(conn, &actor, now, &new)?;
    let teams: Vec<NewTeamEntry> = (0..4)
        .map(|t| NewTeamEntry {
            name: format!("Mannschaft {}", t + 1),
            members: (2 * t..2 * t + 2)
                .map(|i| NewEntry {
                    name: format!("Watterin {i}"),
                    start_no: None,
                })
                .collect(),
        })
        .collect();
    registration::add_teams(conn, &actor, now, &slug, &teams)?;
    draws::draw_round(conn, &actor, now, &slug, Some(11))?;
    Ok(slug)
}

/// Records a deal at table 1 of round 1.
pub(crate) async fn deal(
    app: &TestApp,
    slug: &str,
    no: i32,
    record: Value,
    status: DealStatus,
    source: DealSource,
) {
    let slug = slug.to_string();
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = secretary_actor();
            let table = draws::table_id(conn, &actor, &slug, 1, 1)?;
            let scorer = source == DealSource::Scorer;
            let input = DealInput {
                deal_no: no,
                record,
                status,
                source,
                reason: None,
                expected_version: None,
                submission_key: scorer.then(|| KEY.to_string()),
                ip: scorer.then(|| IP.to_string()),
            };
            deals::record_deal(conn, &actor, now, table, &input)
        })
        .await
        .unwrap();
}

/// Confirms deal `no` at table 1 of round 1 (with a reason, as a secretary's correction).
/// Anonymous visitors' pages may reuse the change stamp read less than `STAMP_TTL` ago (see
/// `web::public::cache`): a test that expects a change to show waits that out.
async fn settle() {
    let ttl = kartl::web::public::cache::STAMP_TTL;
    tokio::time::sleep(ttl + std::time::Duration::from_millis(100)).await;
}

async fn confirm(app: &TestApp, slug: &str, no: i32) {
    let slug = slug.to_string();
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = secretary_actor();
            let table = draws::table_id(conn, &actor, &slug, 1, 1)?;
            deals::set_status(
                conn,
                &actor,
                now,
                table,
                no,
                DealStatus::Confirmed,
                Some(REASON),
            )
        })
        .await
        .unwrap();
}

async fn create(app: &TestApp, public: bool) -> String {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| running(conn, now, public))
        .await
        .unwrap()
}

/// The seat ids of table 1 in round 1.
async fn seats(app: &TestApp, slug: &str) -> Vec<String> {
    let slug = slug.to_string();
    let d = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, Some(&Actor::command_line()), &slug))
        .await
        .unwrap();
    d.rounds[0].tables[0].seats.clone()
}

fn routes(slug: &str, entrant: &str) -> Vec<String> {
    vec![
        format!("/p/{slug}"),
        format!("/p/{slug}/live"),
        format!("/p/{slug}/projector"),
        format!("/p/{slug}/rounds/1"),
        format!("/p/{slug}/rounds/1/tables/1"),
        format!("/p/{slug}/entrants/{entrant}"),
        format!("/p/{slug}/chart"),
        format!("/p/{slug}/chart.svg"),
    ]
}

async fn a_private_tournament_is_not_found_on_every_public_route_until_its_organiser_publishes_it(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let password = app.secretary(&admin, "Sepp").await;
    let sepp = app.browser();
    sepp.login("Sepp", &password).await;
    let slug = create(&app, false).await;
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    let stranger = app.browser();
    for path in routes(&slug, "t1") {
        let res = stranger.get(&path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        // The same answer as for a slug that does not exist.
        let none = stranger.get(&path.replace(&slug, "gibt-es-nicht")).await;
        assert_eq!(none.status, StatusCode::NOT_FOUND, "{path}");
        // Its organiser sees it (not stored by any cache: the page is theirs alone).
        let own = sepp.get(&path).await;
        assert_eq!(own.status, StatusCode::OK, "{path}: {}", own.body);
        assert_eq!(own.header("cache-control"), Some("no-store"), "{path}");
    }
    // The toggle on the overview page publishes it.
    let overview = format!("/t/{slug}");
    let page = sepp.get(&overview).await;
    assert!(
        page.body.contains(&format!("action=\"/t/{slug}/public\"")),
        "{}",
        page.body
    );
    let res = sepp
        .submit(&overview, &format!("/t/{slug}/public"), &[("public", "on")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    for path in routes(&slug, "t1") {
        let res = stranger.get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
        // The security headers stay on a cacheable page.
        assert!(res.header("content-security-policy").is_some(), "{path}");
        assert_eq!(
            res.header("cache-control"),
            Some("public, max-age=5"),
            "{path}"
        );
    }
    // Things that are not there are 404, not an error.
    for path in [
        format!("/p/{slug}/rounds/2"),
        format!("/p/{slug}/rounds/1/tables/9"),
        format!("/p/{slug}/rounds/x"),
        format!("/p/{slug}/entrants/t99"),
        format!("/p/{slug}/entrants/p1"),
    ] {
        assert_eq!(
            stranger.get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    // A strange value and a missing token change nothing.
    let res = sepp
        .submit(
            &overview,
            &format!("/t/{slug}/public"),
            &[("public", "vielleicht")],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = sepp
        .post(&format!("/t/{slug}/public"), &[("public", "off")])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        stranger.get(&format!("/p/{slug}")).await.status,
        StatusCode::OK
    );
    // A stranger cannot switch it (no session of the club: to the login page or refused).
    let page = stranger.get("/login").await;
    let token = csrf_in(&page.body).unwrap();
    let res = stranger
        .post(
            &format!("/t/{slug}/public"),
            &[("csrf", &token), ("public", "off")],
        )
        .await;
    assert_ne!(res.status, StatusCode::OK);
    assert_eq!(
        stranger.get(&format!("/p/{slug}")).await.status,
        StatusCode::OK
    );
    // And off again: 404 for everyone who does not manage it.
    let res = sepp
        .submit(
            &overview,
            &format!("/t/{slug}/public"),
            &[("public", "off")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    settle().await;
    for path in routes(&slug, "t1") {
        assert_eq!(
            stranger.get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}

/// Every public page of the tournament, by path.
async fn bodies(browser: &Browser, slug: &str, entrant: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in routes(slug, entrant) {
        let res = browser.get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
        out.push((path, res.body));
    }
    out
}

async fn public_pages_show_confirmed_deals_only_and_nothing_private(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    let seats = seats(&app, &slug).await;
    let visitor = app.browser();
    // Side A leads 11:2 after four confirmed deals; a game is to 15.
    let game = [("A", 3), ("B", 2), ("A", 4), ("A", 4)];
    for (no, (winner, points)) in game.into_iter().enumerate() {
        let record = json!({"winner": winner, "points": points});
        deal(
            &app,
            &slug,
            no as i32,
            record,
            DealStatus::Confirmed,
            DealSource::Secretary,
        )
        .await;
    }
    let before = bodies(&visitor, &slug, &seats[0]).await;
    let sheet = &before[4].1;
    assert_eq!(
        sheet.matches("<li>").count() - seats.len(),
        4,
        "four deals: {sheet}"
    );
    assert!(before[0].1.contains("<td class=\"num\">0</td>"));
    // A scorer's deal that would win the game, waiting for confirmation: no public page changes.
    let winning = json!({"winner": "A", "points": 4});
    deal(
        &app,
        &slug,
        4,
        winning,
        DealStatus::Pending,
        DealSource::Scorer,
    )
    .await;
    let pending = bodies(&visitor, &slug, &seats[0]).await;
    assert_eq!(before, pending);
    // Confirmed, it counts: the standings, the live table, the sheet and the team's page change.
    confirm(&app, &slug, 4).await;
    settle().await;
    let after = bodies(&visitor, &slug, &seats[0]).await;
    for i in [0, 1, 3, 4, 5] {
        assert_ne!(before[i].1, after[i].1, "{} did not change", after[i].0);
    }
    let sheet = &after[4].1;
    assert_eq!(
        sheet.matches("<li>").count() - seats.len(),
        5,
        "five deals: {sheet}"
    );
    let leader = format!("entrants/{}\">", seats[0]);
    let first_row = after[0].1.split("<tbody>").nth(1).unwrap_or_default();
    assert!(
        first_row
            .trim_start()
            .starts_with("<tr><td class=\"num\">1</td><td><a href=\"/p/"),
        "{first_row}"
    );
    assert!(
        first_row
            .split("</tr>")
            .next()
            .unwrap_or_default()
            .contains(&leader),
        "{first_row}"
    );
    // Scorer links issued for the round: their secrets appear nowhere public.
    let now = app.clock.now();
    let target = slug.clone();
    let cards = app
        .state
        .db
        .run(move |conn| scoring::links::issue_cards(conn, &secretary_actor(), now, &target, 1))
        .await
        .unwrap();
    let mut all = bodies(&visitor, &slug, &seats[0]).await;
    all.extend(bodies(&visitor, &slug, &seats[1]).await);
    for (path, body) in &all {
        for card in &cards.cards {
            assert!(!body.contains(&card.token), "{path} shows a scorer link");
        }
        assert!(!body.contains("/score/"), "{path} links a scorer page");
        for secret in [REASON, IP, KEY, SECRETARY, "Zenzi"] {
            assert!(!body.contains(secret), "{path} shows {secret}");
        }
    }
    // What it does show: the teams and the sheet, in English too.
    assert!(all[0].1.contains("Mannschaft 1") && all[0].1.contains("Söll"));
    assert!(all[4].1.contains("<svg"));
    let english = app.browser();
    english.get("/lang/en").await;
    let page = english.get(&format!("/p/{slug}")).await;
    assert!(
        page.body.contains("Standings") && page.body.contains("Deutsch"),
        "{}",
        page.body
    );
    // The projector view: the live table in large type, no bar, no footer, no forms.
    let projector = &all[2].1;
    assert!(projector.contains("data-autoscroll") && projector.contains("data-live"));
    for control in ["class=\"bar\"", "<footer", "<form", "<button"] {
        assert!(!projector.contains(control), "projector shows {control}");
    }
}

async fn the_live_table_answers_304_until_a_deal_is_confirmed(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    let visitor = app.browser();
    let live = format!("/p/{slug}/live");
    let conditional = |etag: String| {
        let visitor = &visitor;
        let live = live.clone();
        async move {
            Browser::reply(
                visitor
                    .client
                    .get(visitor.url(&live))
                    .header("If-None-Match", etag)
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        }
    };
    let first = visitor.get(&live).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header("etag").unwrap().to_string();
    let again = conditional(etag.clone()).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    assert!(again.header("content-security-policy").is_some());
    // The whole page has its ETag too.
    let page = visitor.get(&format!("/p/{slug}")).await;
    let page_tag = page.header("etag").unwrap().to_string();
    let res = Browser::reply(
        visitor
            .client
            .get(visitor.url(&format!("/p/{slug}")))
            .header("If-None-Match", format!("\"other\", W/{page_tag}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_MODIFIED);
    // A deal confirmed straight in the database (as another process would): 200, new ETag.
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    settle().await;
    let changed = conditional(etag.clone()).await;
    assert_eq!(changed.status, StatusCode::OK);
    let new_tag = changed.header("etag").unwrap().to_string();
    assert_ne!(new_tag, etag);
    assert_ne!(changed.body, first.body);
    assert!(changed.body.contains("Mannschaft"));
    assert_eq!(conditional(new_tag).await.status, StatusCode::NOT_MODIFIED);
}

async fn the_chart_is_svg_with_one_labelled_line_per_team(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    let res = app.browser().get(&format!("/p/{slug}/chart.svg")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.header("content-type")
            .unwrap()
            .starts_with("image/svg+xml")
    );
    let doc = roxmltree::Document::parse(&res.body).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    let text_of = |tag: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name(tag))
            .and_then(|n| n.text())
            .unwrap_or_default()
            .to_string()
    };
    assert!(text_of("title").contains("Wattturnier am Sonntag"));
    assert!(!text_of("desc").is_empty());
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("axis-label"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(labels, ["Runde", "Punkte"]);
    let mut lines: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("series"))
        .filter_map(|n| n.attribute("data-entrant"))
        .collect();
    lines.sort();
    assert_eq!(lines, ["t1", "t2", "t3", "t4"]);
    // A team's page draws its own line only.
    let page = app.browser().get(&format!("/p/{slug}/entrants/t2")).await;
    assert_eq!(
        page.body.matches("class=\"series\"").count(),
        1,
        "{}",
        page.body
    );
    assert!(page.body.contains("data-entrant=\"t2\""));
}
