//! Hostile forms: proptest-generated bodies for every POST route of the access
//! policy (missing, duplicate and unknown fields; huge values; bytes that are not UTF-8;
//! wrong types; XSS and SQL fragments), sent as a visitor, as table 1's scorer, as club A's
//! secretary and as the administrator: no answer of 500 or more, the app healthy afterwards,
//! no stored name holding a control character (NUL, escape, line break, ...), and stored
//! payloads shown escaped on every page that shows them.
//!
//! The requests are async, so the cases come from proptest's strategies through a
//! deterministic `TestRunner` (no shrinking: a failure prints the whole case).

use crate::access::policy::{Phase, ROUTES};
use crate::access::subjects::{Object, Principal, objects};
use crate::access::world;
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, csrf_in};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use reqwest::StatusCode;

both_backends!(hostile_forms_never_break_the_app_and_render_inert);

/// Cases per backend: enough to reach every route with every principal several times, small
/// enough for CI (a few seconds).
const CASES: usize = 400;

const XSS: &[&str] = &[
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "'><svg onload=alert(1)>",
    "javascript:alert(1)",
    "{{7*7}}${7*7}",
];
const SQL: &[&str] = &[
    "'; DROP TABLE users; --",
    "1 OR 1=1",
    "\" OR \"\"=\"",
    "1; SELECT pg_sleep(5)",
];

/// Every field name the forms know, and a few they do not.
const FIELDS: &[&str] = &[
    "csrf",
    "name",
    "password",
    "password2",
    "current",
    "code",
    "club",
    "date",
    "place",
    "game",
    "variant",
    "target",
    "format",
    "sessions",
    "deals",
    "scheme",
    "list",
    "member1",
    "member2",
    "member3",
    "start_no",
    "a",
    "b",
    "reason",
    "n",
    "tournament",
    "counting",
    "best",
    "confirmation",
    "round",
    "mode",
    "winner",
    "points",
    "deal",
    "based_on",
    "key",
    "deal_no",
    "version",
    "bet",
    "tricks",
    "nonsense",
    "__proto__",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(XSS).prop_map(str::to_string),
        prop::sample::select(SQL).prop_map(str::to_string),
        Just(String::new()),
        "[0-9-]{1,20}",
        "\\PC{0,40}",
        (1usize..80_000).prop_map(|n| "Ä".repeat(n / 2)),
        Just("watten".to_string()),
        Just("-2147483649".to_string()),
        Just("1e309".to_string()),
        Just("\u{0}\u{202e}\u{feff}".to_string()),
        // Control characters (C0 with NUL, DEL, C1) inside ordinary text: PostgreSQL cannot
        // store a NUL, XML and terminals choke on the rest.
        (
            "[a-zä ]{0,6}",
            "[\u{0}-\u{1f}\u{7f}-\u{9f}]{1,3}",
            "[a-z]{0,6}"
        )
            .prop_map(|(a, c, b)| format!("{a}{c}{b}")),
        Just("Anna\u{0}Maier".to_string()),
        Just("Team\u{1b}[31m".to_string()),
    ]
}

#[derive(Debug, Clone)]
struct Case {
    route: usize,
    who: usize,
    with_csrf: bool,
    fields: Vec<(String, String)>,
    /// Appends a field whose bytes are not UTF-8.
    broken_bytes: bool,
}

fn case(routes: usize) -> impl Strategy<Value = Case> {
    (
        0..routes,
        0..4usize,
        prop::bool::weighted(0.9),
        prop::collection::vec(
            (
                prop::sample::select(FIELDS).prop_map(str::to_string),
                value(),
            ),
            0..8,
        ),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(route, who, with_csrf, fields, broken_bytes)| Case {
            route,
            who,
            with_csrf,
            fields,
            broken_bytes,
        })
}

async fn csrf_of(browser: &Browser) -> String {
    let mut csrf = csrf_in(&browser.get("/").await.body);
    if csrf.is_none() {
        csrf = csrf_in(&browser.get("/login").await.body);
    }
    csrf.unwrap_or_default()
}

async fn hostile_forms_never_break_the_app_and_render_inert(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let world = world::build(&app).await;
    // Routes that end sessions would only log the fuzzing principals out, and taking back
    // round 1 would remove the pages checked below (they read no field).
    let posts: Vec<_> = ROUTES
        .iter()
        .filter(|r| {
            r.method == reqwest::Method::POST
                && r.phase < Phase::EndsOthersSessions
                && r.phase != Phase::RemovesRound
        })
        .collect();
    let who = [
        Principal::Anonymous,
        Principal::ScorerTable1,
        Principal::SecretaryClubA,
        Principal::Admin,
    ];
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let strategy = case(posts.len());
    let mut failures = Vec::new();
    for _ in 0..CASES {
        let c = strategy.new_tree(&mut runner).unwrap().current();
        let route = posts[c.route];
        let object = objects(route.path)[0];
        let object = if object == Object::UserA {
            Object::UserB
        } else {
            object
        };
        let path = world.fill(route.path, object);
        let browser = world.browser(who[c.who]);
        let mut body = url::form_urlencoded::Serializer::new(String::new());
        if c.with_csrf {
            body.append_pair("csrf", &csrf_of(browser).await);
        }
        for (k, v) in &c.fields {
            body.append_pair(k, v);
        }
        let mut body = body.finish().into_bytes();
        if c.broken_bytes {
            body.extend_from_slice(b"&name=%FF%FE%C3%28&%ZZ=1");
        }
        let res = browser
            .client
            .post(browser.url(&path))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
        let status = res.status();
        if status.is_server_error() {
            failures.push(format!(
                "{status} for POST {path} as {:?}: {c:?}",
                who[c.who]
            ));
        }
    }
    // Then every POST route, from the administrator and from club A's secretary, with every
    // field holding a NUL and an escape (PostgreSQL cannot store the one, XML not the other).
    for route in &posts {
        let path = world.fill(route.path, objects(route.path)[0]);
        for who in [Principal::Admin, Principal::SecretaryClubA] {
            let browser = world.browser(who);
            let mut body = url::form_urlencoded::Serializer::new(String::new());
            body.append_pair("csrf", &csrf_of(browser).await);
            for field in FIELDS.iter().filter(|f| **f != "csrf") {
                body.append_pair(field, "Anna\u{0}Maier\u{1b}");
            }
            let res = browser
                .client
                .post(browser.url(&path))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(body.finish())
                .send()
                .await
                .unwrap();
            if res.status().is_server_error() {
                failures.push(format!(
                    "{} for POST {path} with NULs as {who:?}",
                    res.status()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let health = app.browser().get("/healthz").await;
    assert_eq!(health.status, StatusCode::OK, "healthy after the fuzzing");
    assert_no_control_characters_stored(&app).await;

    // Payloads that are stored come back escaped: a tournament, a team and a season named
    // with each XSS payload, then every page of club A that lists them.
    let sepp = world.browser(Principal::SecretaryClubA);
    let t = format!("/t/{}", world.tournament_a);
    for (i, payload) in XSS.iter().enumerate() {
        let other = format!("Mitspieler {i}");
        let team = [
            ("name", *payload),
            ("member1", payload),
            ("member2", &other),
        ];
        let res = sepp
            .submit(&format!("{t}/entrants"), &format!("{t}/teams"), &team)
            .await;
        assert!(!res.status.is_server_error(), "{}", res.status);
        let new = [
            ("name", *payload),
            ("date", "2026-11-21"),
            ("game", "watten"),
        ];
        let res = sepp
            .submit("/tournaments/new", "/tournaments/new", &new)
            .await;
        assert!(res.status.is_redirection(), "{}: {}", res.status, res.body);
        let season = [("name", *payload), ("counting", "all")];
        let res = sepp.submit("/seasons", "/seasons", &season).await;
        assert!(res.status.is_redirection(), "{}: {}", res.status, res.body);
    }
    let pages = [
        t.clone(),
        format!("{t}/entrants"),
        format!("{t}/rounds/1"),
        format!("{t}/rounds/1/seating"),
        format!("{t}/rounds/1/cards"),
        "/seasons".to_string(),
        format!("/seasons/{}", world.season_a),
        "/tournaments".to_string(),
    ];
    let mut shown = 0;
    for page in &pages {
        let res = sepp.get(page).await;
        assert_eq!(res.status, StatusCode::OK, "{page}");
        for payload in XSS.iter().filter(|p| p.contains('<')) {
            assert!(!res.body.contains(payload), "{page} shows {payload} raw");
        }
        // askama writes `<` and `>` as numeric references.
        if res
            .body
            .contains("&#60;script&#62;alert(1)&#60;/script&#62;")
            || res.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;")
        {
            shown += 1;
        }
    }
    assert!(
        shown >= 2,
        "the escaped payload is on the tournament and season lists ({shown})"
    );
}

/// No name the fuzzing got stored holds a control character (a line break or tab neither:
/// every stored name is one line).
async fn assert_no_control_characters_stored(app: &TestApp) {
    use diesel::prelude::*;
    use kartl::db::schema::{clubs, players, seasons, teams, tournaments, users};
    let names = app
        .state
        .db
        .run(|conn| {
            let mut all: Vec<String> = players::table.select(players::name).load(conn)?;
            all.extend(teams::table.select(teams::name).load::<String>(conn)?);
            all.extend(
                tournaments::table
                    .select(tournaments::name)
                    .load::<String>(conn)?,
            );
            all.extend(clubs::table.select(clubs::name).load::<String>(conn)?);
            all.extend(users::table.select(users::name).load::<String>(conn)?);
            all.extend(seasons::table.select(seasons::name).load::<String>(conn)?);
            Ok(all)
        })
        .await
        .unwrap();
    assert!(names.len() > 10, "{names:?}");
    let bad: Vec<&String> = names
        .iter()
        .filter(|n| n.chars().any(char::is_control))
        .collect();
    assert!(bad.is_empty(), "stored with control characters: {bad:?}");
}
