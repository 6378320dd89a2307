//! Access: eight principals against every route and its owned or foreign object, compared
//! with the declared policy (`access/policy.rs`): 0 mismatches. A refused write
//! changes nothing (a snapshot of the tables before and after). Every answer on the way also
//! carries the security headers, and its cookies are HttpOnly and SameSite. The policy must
//! name every `.route(...)` of `src/web/`, which the first test reads from the source. The
//! lists of cups and of a register show each principal only their own ([`list_mismatches`]).

pub mod policy;
pub mod subjects;
pub mod world;

use crate::both_backends;
use crate::common::{Backend, Browser, Reply, TestApp, csrf_in};
use diesel::prelude::*;
use kartl::db::schema::*;
use policy::{Phase, ROUTES, Route, expected};
use reqwest::{Method, StatusCode};
use std::collections::BTreeSet;
use subjects::{Outcome, PRINCIPALS, objects};

both_backends!(every_principal_gets_what_the_policy_declares);

/// What the app answered, as the policy names it; anything else is a mismatch by itself.
fn classify(res: &Reply) -> Result<Outcome, String> {
    let status = res.status;
    if status.is_server_error() {
        return Err(format!("{status}"));
    }
    match status {
        StatusCode::SEE_OTHER if res.location().is_some_and(|l| l.starts_with("/login")) => {
            Ok(Outcome::Login)
        }
        StatusCode::FORBIDDEN if res.body.contains("nicht von dieser Seite kam") => {
            Err("403 for the CSRF token (the test's own fault)".into())
        }
        StatusCode::FORBIDDEN => Ok(Outcome::Forbidden),
        StatusCode::NOT_FOUND => Ok(Outcome::NotFound),
        StatusCode::GONE => Err("410".into()),
        _ => Ok(Outcome::Allow),
    }
}

/// The headers every answer must carry; the cookies it may set.
pub fn header_faults(res: &Reply, authenticated: bool) -> Vec<String> {
    let mut faults = Vec::new();
    let csp = res.header("content-security-policy").unwrap_or("");
    if !csp.contains("frame-ancestors 'none'") || !csp.contains("script-src 'self'") {
        faults.push(format!("CSP {csp:?}"));
    }
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "same-origin"),
    ] {
        if res.header(name) != Some(value) {
            faults.push(format!("{name}: {:?}", res.header(name)));
        }
    }
    for cookie in res.headers.get_all("set-cookie") {
        let cookie = cookie.to_str().unwrap_or("");
        if !cookie.contains("HttpOnly") || !cookie.contains("SameSite=") {
            faults.push(format!("cookie {cookie}"));
        }
    }
    let html = res
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/html"));
    let no_store = res
        .header("cache-control")
        .is_some_and(|c| c.contains("no-store"));
    let answered = res.status.is_success();
    if (html || (authenticated && answered)) && res.status != StatusCode::SEE_OTHER && !no_store {
        // Static files may be cached by anyone; a page never (it may show a user's data).
        let is_static = res
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/css") || t.contains("javascript"));
        // A public page for a visitor without a session holds no one's data: it may be kept
        // briefly by browsers and proxies, revalidated by its ETag, keyed by the cookie
        // (docs/reference/public.md).
        let shared_public = !authenticated
            && res
                .header("cache-control")
                .is_some_and(|c| c.starts_with("public, max-age="))
            && res.header("etag").is_some()
            && res.header("vary").is_some_and(|v| v.contains("Cookie"));
        if !is_static && !shared_public {
            faults.push(format!("cache-control {:?}", res.header("cache-control")));
        }
    }
    faults
}

/// Sends one request as `browser`; a POST carries the browser's own CSRF token and no other
/// field (every form field reads as empty when missing, so the access check is reached).
async fn send(browser: &Browser, method: &Method, path: &str) -> Reply {
    if *method == Method::GET {
        return browser.get(path).await;
    }
    // A logged-in page carries the token in its logout form; a visitor's login page in its own.
    let mut csrf = csrf_in(&browser.get("/").await.body);
    if csrf.is_none() {
        csrf = csrf_in(&browser.get("/login").await.body);
    }
    let csrf = csrf.expect("a CSRF token for the principal");
    browser.post(path, &[("csrf", csrf.as_str())]).await
}

/// What a refused write must leave alone: the rows (and the columns that change) of every
/// table but the sessions and the login throttle.
async fn snapshot(app: &TestApp) -> Vec<String> {
    app.state
        .db
        .run(|conn| {
            let mut s = Vec::new();
            s.push(format!(
                "{:?}",
                clubs::table
                    .select((clubs::id, clubs::name))
                    .load::<(i32, String)>(conn)?
            ));
            s.push(format!(
                "{:?}",
                users::table
                    .select((
                        users::id,
                        users::name,
                        users::password_hash,
                        users::role,
                        users::club_id
                    ))
                    .order(users::id)
                    .load::<(i32, String, String, String, Option<i32>)>(conn)?
            ));
            s.push(format!(
                "{:?}",
                reset_codes::table
                    .select((reset_codes::id, reset_codes::used_at))
                    .order(reset_codes::id)
                    .load::<(i32, Option<chrono::NaiveDateTime>)>(conn)?
            ));
            s.push(format!(
                "{:?}",
                tournaments::table
                    .select((
                        tournaments::id,
                        tournaments::name,
                        tournaments::public,
                        tournaments::status,
                        tournaments::settings,
                        tournaments::options
                    ))
                    .order(tournaments::id)
                    .load::<(i32, String, bool, String, String, String)>(conn)?
            ));
            s.push(format!(
                "{:?}",
                rounds::table
                    .select((
                        rounds::id,
                        rounds::status,
                        rounds::closed_at,
                        rounds::reopened_reason
                    ))
                    .order(rounds::id)
                    .load::<(i32, String, Option<chrono::NaiveDateTime>, Option<String>)>(conn)?
            ));
            s.push(format!(
                "{:?}",
                round_tables::table
                    .select((
                        round_tables::id,
                        round_tables::seats,
                        round_tables::scorer_token_hash
                    ))
                    .order(round_tables::id)
                    .load::<(i32, String, Option<String>)>(conn)?
            ));
            s.push(format!(
                "{:?}",
                seasons::table
                    .select((seasons::id, seasons::name, seasons::counting))
                    .order(seasons::id)
                    .load::<(i32, String, String)>(conn)?
            ));
            s.push(format!(
                "players {} entries {} teams {} members {} deals {} audit {} evenings {}",
                players::table.count().get_result::<i64>(conn)?,
                tournament_players::table.count().get_result::<i64>(conn)?,
                teams::table.count().get_result::<i64>(conn)?,
                team_members::table.count().get_result::<i64>(conn)?,
                deal_versions::table.count().get_result::<i64>(conn)?,
                audit_events::table.count().get_result::<i64>(conn)?,
                season_tournaments::table.count().get_result::<i64>(conn)?,
            ));
            s.push(format!(
                "{:?} clubs {} evenings {:?} links {}",
                cups::table
                    .select((cups::id, cups::name, cups::points, cups::revision))
                    .order(cups::id)
                    .load::<(i32, String, String, i32)>(conn)?,
                cup_clubs::table.count().get_result::<i64>(conn)?,
                cup_evenings::table
                    .select((cup_evenings::id, cup_evenings::status))
                    .order(cup_evenings::id)
                    .load::<(i32, String)>(conn)?,
                cup_links::table.count().get_result::<i64>(conn)?,
            ));
            Ok(s)
        })
        .await
        .unwrap()
}

struct Check<'a> {
    route: &'a Route,
    index: usize,
    object: subjects::Object,
    who: subjects::Principal,
    expect: Outcome,
}

async fn every_principal_gets_what_the_policy_declares(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let world = world::build(&app).await;
    let lists = list_mismatches(&world).await;
    assert!(lists.is_empty(), "lists:\n{}", lists.join("\n"));
    let mut checks = Vec::new();
    for (index, route) in ROUTES.iter().enumerate() {
        for object in objects(route.path) {
            for who in PRINCIPALS {
                let expect = expected(route.rule, who, object);
                checks.push(Check {
                    route,
                    index,
                    object,
                    who,
                    expect,
                });
            }
        }
    }
    // The refusals first (they must change nothing, so the order does not matter), then what
    // is allowed, the requests that replace links or end sessions last.
    checks.sort_by_key(|c| {
        let phase = if c.expect == Outcome::Allow {
            c.route.phase
        } else {
            Phase::Any
        };
        (c.expect == Outcome::Allow, phase, c.index)
    });
    let mut mismatches = Vec::new();
    let mut faults = Vec::new();
    let mut table = Vec::new();
    for c in &checks {
        let path = world.fill(c.route.path, c.object);
        let write = c.route.method != Method::GET;
        let refused = c.expect != Outcome::Allow;
        let before = if write && refused {
            Some(snapshot(&app).await)
        } else {
            None
        };
        let res = send(world.browser(c.who), &c.route.method, &path).await;
        let got = classify(&res);
        let line = format!(
            "{} {} [{:?}] as {:?}: declared {:?}, got {} ({})",
            c.route.method,
            c.route.path,
            c.object,
            c.who,
            c.expect,
            got.as_ref()
                .map_or_else(|e| e.clone(), |o| format!("{o:?}")),
            res.status.as_u16()
        );
        if got != Ok(c.expect) {
            mismatches.push(line.clone());
        }
        if let Some(before) = before {
            let after = snapshot(&app).await;
            if before != after {
                mismatches.push(format!("{line}: the refused write changed the database"));
            }
        }
        for fault in header_faults(&res, c.who.logged_in()) {
            faults.push(format!("{} {path} as {:?}: {fault}", c.route.method, c.who));
        }
        table.push(line);
    }
    println!("{}", table.join("\n"));
    println!("{} checks, {} mismatches", checks.len(), mismatches.len());
    assert!(
        mismatches.is_empty(),
        "{} mismatches with the declared policy:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(faults.is_empty(), "header faults:\n{}", faults.join("\n"));
}

/// What the lists show each logged-in principal (issue 28), before any write of the main
/// check: `/cups` links exactly the cups the policy lets them open (an organiser their own
/// cups, a secretary their club's), and a register page lists a club's players only to the
/// club's secretary and the administrator (who picks the club with `?club=`).
async fn list_mismatches(world: &world::World) -> Vec<String> {
    use subjects::{Object, Principal};
    let mut out = Vec::new();
    for who in PRINCIPALS.into_iter().filter(|p| p.logged_in()) {
        let browser = world.browser(who);
        let cups = browser.get("/cups").await.body;
        for (object, slug) in [(Object::CupA, &world.cup_a), (Object::CupB, &world.cup_b)] {
            let may = expected(policy::Rule::CupView, who, object) == Outcome::Allow;
            if cups.contains(&format!("href=\"/cups/{slug}\"")) != may {
                out.push(format!(
                    "/cups as {who:?}: {object:?} listed should be {may}"
                ));
            }
        }
        let path = match who {
            Principal::Admin => format!("/register?club={}", world.club_a),
            _ => "/register".to_string(),
        };
        let register = browser.get(&path).await.body;
        for (player, theirs) in [
            (
                world.player_a,
                matches!(who, Principal::SecretaryClubA | Principal::Admin),
            ),
            (world.player_b, who == Principal::SecretaryClubB),
        ] {
            if register.contains(&format!("href=\"/register/{player}\"")) != theirs {
                out.push(format!(
                    "{path} as {who:?}: player {player} listed should be {theirs}"
                ));
            }
        }
    }
    out
}

/// Every `.route("PATH", web::METHOD()...)` of the source files under `src/web/`, the path
/// prefixed with the file's `web::scope("...")` when it has one.
pub(crate) fn routes_in_source() -> BTreeSet<(String, String)> {
    fn walk(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    fn quoted_after(text: &str, marker: &str) -> Option<String> {
        let rest = text.split_once(marker)?.1.trim_start();
        let rest = rest.strip_prefix('"')?;
        Some(rest.split('"').next()?.to_string())
    }
    let mut files = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web"),
        &mut files,
    );
    /// `const NAME: &str = "VALUE";` of a file, for paths written with a constant.
    fn constants(text: &str) -> Vec<(String, String)> {
        text.split("const ")
            .skip(1)
            .filter_map(|c| {
                let (name, rest) = c.split_once(": &str =")?;
                Some((name.trim().to_string(), quoted_after(rest, "")?))
            })
            .collect()
    }
    /// The path of a `.route(` call: a literal, a constant or `&format!` of constants.
    fn route_path(call: &str, consts: &[(String, String)]) -> Option<String> {
        let call = call.trim_start();
        if call.starts_with('"') {
            return quoted_after(call, "");
        }
        if let Some(rest) = call.strip_prefix("&format!(") {
            let mut path = quoted_after(rest, "")?;
            for (name, value) in consts {
                path = path.replace(&format!("{{{name}}}"), value);
            }
            return Some(path.replace("{{", "{").replace("}}", "}"));
        }
        let name: String = call
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        consts
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
    }
    let mut found = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let scope = quoted_after(&text, "web::scope(").unwrap_or_default();
        let consts = constants(&text);
        for call in text.split(".route(").skip(1) {
            // A path the parser cannot read would slip past the policy: fail instead.
            let path = route_path(call, &consts).unwrap_or_else(|| {
                panic!(
                    "{}: cannot read the path of .route({}",
                    file.display(),
                    call.chars().take(60).collect::<String>()
                )
            });
            let method = call
                .split_once("web::")
                .and_then(|(_, m)| m.split('(').next())
                .unwrap_or("?")
                .to_uppercase();
            found.insert((method, format!("{scope}{path}")));
        }
    }
    found
}

#[test]
fn the_policy_names_every_route_of_the_app() {
    let in_source = routes_in_source();
    let declared: BTreeSet<(String, String)> = ROUTES
        .iter()
        .map(|r| (r.method.to_string(), r.path.to_string()))
        .collect();
    assert!(in_source.len() > 40, "the source parser finds the routes");
    let missing: Vec<_> = in_source.difference(&declared).collect();
    let stale: Vec<_> = declared.difference(&in_source).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "routes without a policy line (add them to tests/web/access/policy.rs): {missing:?}\n\
         policy lines without a route: {stale:?}"
    );
    assert_eq!(declared.len(), ROUTES.len(), "no route declared twice");
}
