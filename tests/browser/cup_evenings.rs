//! Issue 28's whole way in Chromium, as its people go it through the pages: two clubs each
//! run a small Watten evening from their register (the secretary adds the players to the
//! register, then picks them for the teams by the type-ahead's names: no new record), one
//! evening with a prize list; both evenings join one cup (each secretary proposes, the
//! organiser accepts and links the player who played for both clubs); the cup page ranks the
//! players, that player's page shows both evenings, and the prize list prints in the evening's
//! PDF report. Club one works on a phone (412 px), club two at a desk (1280 px); the cup
//! page and the player's page are read at both. Every page loaded is checked by axe-core
//! (`goto` and a tap that loads a page do it) and none is wider than the window.
//!
//! Left to the fixture, as in `evening.rs`: the accounts' first passwords (HTTP, the reset
//! code's page), the tournament's creation form and the cup's rules form (HTTP posts to the
//! same handlers), and the deals (the score pad has its own tests).
//!
//! The guide's pictures `register.png`, `register-merge.png` and `cup.png` come from here
//! (`KARTL_SCREENSHOTS`, at 412 px only).

use crate::common::fixture::deal;
use crate::common::{ADMIN, ADMIN_PASSWORD, Browser, TestApp};
use crate::cup::{account, club};
use crate::driver::{PHONE_412, Session};
use crate::setup::app;
use kartl::service::Actor;
use reqwest::StatusCode;
use serde_json::json;

/// One club's evening: its name, date, the secretary, the two teams (name and players).
struct Evening {
    club: &'static str,
    secretary: &'static str,
    name: &'static str,
    date: &'static str,
    teams: [(&'static str, [&'static str; 2]); 2],
    width: u32,
}

const SOELL: Evening = Evening {
    club: "SK Söll",
    secretary: "Sepp",
    name: "Söller Watten",
    date: "2026-01-10",
    teams: [
        ("Hausberg", ["Anna Huber", "Bert Maier"]),
        ("Kaiserblick", ["Clara Egger", "Dieter Moser"]),
    ],
    width: 412,
};

const KRAMSACH: Evening = Evening {
    club: "WC Kramsach",
    secretary: "Kathi",
    name: "Kramsacher Watten",
    date: "2026-02-10",
    teams: [
        ("Seeblick", ["Anna Huber", "Franz Berger"]),
        ("Rofan", ["Gerda Ranft", "Hans Hauser"]),
    ],
    width: 1280,
};

/// The window of a width: the guides' phone (412×915, where pictures are taken) or a desk.
fn window(width: u32) -> (u32, u32) {
    if width == PHONE_412.0 {
        PHONE_412
    } else {
        (width, 800)
    }
}

fn password(name: &str) -> String {
    format!("{name}s geheimes Passwort")
}

async fn login(s: &Session, base: &str, name: &str, password: &str) {
    s.goto(&format!("{base}/login")).await;
    s.fill("input[name=name]", name).await;
    s.fill("input[name=password]", password).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
}

async fn logout(s: &Session) {
    s.tap("form[action='/logout'] button").await;
    s.wait_for("header a[href='/login']").await;
}

/// The page is no wider than the window (axe-core has checked it as it loaded).
async fn fits(s: &Session, width: u32, what: &str) {
    let wide = s
        .execute("return document.documentElement.scrollWidth;", json!([]))
        .await;
    assert!(
        wide.as_u64().unwrap_or(u64::MAX) <= u64::from(width),
        "{what}: {wide} px wide in a {width} px window"
    );
}

/// Taps the submit button of `form` (saying yes to a `data-confirm` question) and waits for
/// the answer's page, which is then checked by axe-core.
async fn submit(s: &Session, form: &str) {
    s.execute("window.confirm = function () { return true; };", json!([]))
        .await;
    s.execute("window.kartlBefore = true;", json!([])).await;
    s.tap(&format!("{form} button[type=submit]")).await;
    let started = std::time::Instant::now();
    while s
        .execute("return window.kartlBefore === true;", json!([]))
        .await
        == json!(true)
    {
        assert!(started.elapsed().as_secs() < 10, "{form}: no answer page");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    s.check_page().await;
}

/// The number of register records of the club named `club`.
async fn register_size(app: &TestApp, club: &'static str) -> usize {
    app.state
        .db
        .run(move |conn| {
            let club = kartl::db::models::Club::all(conn)?
                .into_iter()
                .find(|c| c.name == club)
                .expect("the club");
            Ok(kartl::db::models::register::RegisterRow::of_club(conn, club.id)?.len())
        })
        .await
        .unwrap()
}

/// Adds the evening's players to the club's register through its form.
async fn fill_register(s: &Session, app: &TestApp, e: &Evening) {
    s.goto(&format!("{}/register", app.base)).await;
    for name in e.teams.iter().flat_map(|(_, players)| players) {
        s.fill("#register-add input[name=name]", name).await;
        submit(s, "#register-add form").await;
        s.wait_for_text(name).await;
    }
    s.wait_for("#register-table").await;
    fits(s, e.width, "the register").await;
    s.guide_shot("register.png", "").await;
}

/// The side (`A` or `B`) the evening's first team sits on at round 1's only table.
async fn first_team_side(app: &TestApp, slug: &str) -> &'static str {
    let slug = slug.to_string();
    let d = app
        .state
        .db
        .run(move |conn| {
            kartl::service::tournaments::get(conn, Some(&Actor::command_line()), &slug)
        })
        .await
        .unwrap();
    let first = d.teams.first().expect("two teams").entrant_id.clone();
    if d.rounds[0].tables[0].seats[0] == first {
        "A"
    } else {
        "B"
    }
}

/// One evening of the club: register, field picked from it, one round drawn and played (the
/// first team wins 15 to 2), made public, with a prize list on the phone's club, finished.
async fn run_evening(s: &Session, app: &TestApp, e: &Evening, prizes: bool) -> String {
    let (w, h) = window(e.width);
    s.set_viewport(w, h).await;
    login(s, &app.base, e.secretary, &password(e.secretary)).await;
    fill_register(s, app, e).await;

    // The tournament's form, over HTTP in the secretary's name (its own tests drive it).
    let http = app.browser();
    let res = http.login(e.secretary, &password(e.secretary)).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let fields = [("name", e.name), ("date", e.date), ("game", "watten")];
    let res = http
        .submit("/tournaments/new", "/tournaments/new", &fields)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let slug = res
        .location()
        .unwrap()
        .trim_start_matches("/t/")
        .to_string();
    let overview = format!("{}/t/{slug}", app.base);

    // The field: each team's players typed as the register's type-ahead offers them.
    s.goto(&format!("{overview}/entrants")).await;
    let offered = s
        .execute(
            "return Array.from(document.querySelectorAll('#register-names option'))
                 .map(function (o) { return o.value; });",
            json!([]),
        )
        .await;
    for (team, players) in &e.teams {
        for p in players {
            assert!(
                offered.as_array().unwrap().contains(&json!(p)),
                "{p} offered: {offered}"
            );
        }
        s.fill("#field-add input[name=name]", team).await;
        s.fill("#field-add input[name=member1]", players[0]).await;
        s.fill("#field-add input[name=member2]", players[1]).await;
        submit(s, "#field-add form").await;
        s.wait_for_text(team).await;
    }
    fits(s, e.width, "the entrants").await;
    assert_eq!(
        register_size(app, e.club).await,
        4,
        "{}: every player picked from the register, none added",
        e.club
    );

    s.goto(&overview).await;
    submit(s, "#visibility form").await;
    submit(s, &format!("form[action='/t/{slug}/rounds']")).await;
    let winner = first_team_side(app, &slug).await;
    let loser = if winner == "A" { "B" } else { "A" };
    for (no, (side, points)) in [
        (winner, 3),
        (loser, 2),
        (winner, 4),
        (winner, 4),
        (winner, 4),
    ]
    .into_iter()
    .enumerate()
    {
        let record = json!({"winner": side, "points": points});
        app.record_at(
            Actor::command_line(),
            (&slug, 1, 1),
            deal(i32::try_from(no).unwrap(), record),
        )
        .await;
    }
    s.goto(&format!("{overview}/rounds/1")).await;
    submit(
        s,
        &format!("form[action='/t/{slug}/rounds/1/close']:not(#close-anyway)"),
    )
    .await;
    s.wait_for("#round-heading .status.closed").await;

    s.goto(&overview).await;
    if prizes {
        s.tap("#prizes details summary").await;
        s.fill("#prize-fee", "10,00").await;
        s.fill("#prize-money", "100 %").await;
        s.fill("#prize-goods", "Speckbrett").await;
        submit(s, "#prize-form").await;
        s.goto(&overview).await;
    }
    submit(s, "#finish-form").await;
    let state = s.wait_for("#finish-state").await;
    assert!(s.text(&state).await.contains("Endstand"));
    fits(s, e.width, "the finished overview").await;
    logout(s).await;
    slug
}

/// The register's merge at 412 px: a second record "Bert Mayer" (a typo) is merged into
/// "Bert Maier" from his record's page, and the register lists the merge.
async fn merge_a_typo(s: &Session, app: &TestApp) {
    s.set_viewport(412, 915).await;
    login(s, &app.base, SOELL.secretary, &password(SOELL.secretary)).await;
    s.goto(&format!("{}/register", app.base)).await;
    s.fill("#register-add input[name=name]", "Bert Mayer").await;
    submit(s, "#register-add form").await;
    s.wait_for_text("Bert Mayer").await;
    let bert = s
        .execute(
            "return Array.from(document.querySelectorAll('#register-table a'))
                 .find(function (a) { return a.textContent.trim() === 'Bert Maier'; })
                 .getAttribute('href');",
            json!([]),
        )
        .await;
    s.goto(&format!("{}{}", app.base, bert.as_str().unwrap()))
        .await;
    s.wait_for("#register-merge").await;
    s.select("#register-merge select[name=other]", &mayer_id(app).await)
        .await;
    fits(s, 412, "the merge").await;
    s.guide_shot(
        "register-merge.png",
        "document.getElementById('register-merge').scrollIntoView();",
    )
    .await;
    submit(s, "#register-merge form").await;
    s.goto(&format!("{}/register", app.base)).await;
    s.wait_for("#register-merges").await;
    let list = s.text(&s.find("#register-table").await).await;
    assert!(!list.contains("Bert Mayer"), "merged away: {list}");
    assert_eq!(register_size(app, SOELL.club).await, 4);
    logout(s).await;
}

async fn mayer_id(app: &TestApp) -> String {
    use diesel::prelude::*;
    use kartl::db::schema::players;
    app.state
        .db
        .run(|conn| {
            Ok(players::table
                .filter(players::name.eq("Bert Mayer"))
                .select(players::id)
                .first::<i32>(conn)?)
        })
        .await
        .unwrap()
        .to_string()
}

/// The organiser's cup of the two clubs (its rules form over HTTP); its slug.
async fn cup_of(app: &TestApp, admin: &Browser, clubs: &[String]) -> (String, Browser) {
    let res = admin
        .submit("/admin", "/admin/organisers", &[("name", "Olga")])
        .await;
    let olga = account(app, &res.body, "Olga").await;
    let fields = [
        ("name", "Watt-Cup Unterland 2026"),
        ("game", "watten"),
        ("points_kind", "table"),
        ("points", "25-20-16-13-11-10-9-8-7-6-5-4-3-2-1"),
        ("min_evenings", "1"),
        ("tiebreak1", "better_places"),
    ];
    let res = olga.submit("/cups", "/cups", &fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let slug = res
        .location()
        .unwrap()
        .trim_start_matches("/cups/")
        .to_string();
    for id in clubs {
        let page = format!("/cups/{slug}");
        let res = olga
            .submit(&page, &format!("{page}/clubs"), &[("club", id)])
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    }
    (slug, olga)
}

/// The secretary proposes the club's evening on the cup's page.
async fn propose(s: &Session, app: &TestApp, e: &Evening, cup: &str, evening: &str) {
    let (w, h) = window(e.width);
    s.set_viewport(w, h).await;
    login(s, &app.base, e.secretary, &password(e.secretary)).await;
    s.goto(&format!("{}/cups/{cup}", app.base)).await;
    s.select("select[name=tournament]", evening).await;
    submit(s, &format!("form[action='/cups/{cup}/evenings']")).await;
    s.wait_for(&format!("#evening-{evening}")).await;
    fits(s, e.width, "the cup's page for a club").await;
    logout(s).await;
}

/// The organiser accepts both evenings and links the player the page suggests (Anna Huber
/// of both clubs), on a phone.
async fn accept_and_link(s: &Session, app: &TestApp, cup: &str) {
    s.set_viewport(412, 915).await;
    login(s, &app.base, "Olga", &password("Olga")).await;
    s.goto(&format!("{}/cups/{cup}", app.base)).await;
    let accept = format!("form[action='/cups/{cup}/decide']:has(input[value=accept])");
    for _ in 0..2 {
        submit(s, &accept).await;
    }
    assert!(s.try_find(&accept).await.is_none(), "both accepted");
    let suggestion = s.text(&s.find("form.cup-suggestion").await).await;
    assert!(suggestion.contains("Anna Huber"), "{suggestion}");
    submit(s, "form.cup-suggestion").await;
    assert!(s.try_find("form.cup-suggestion").await.is_none());
    fits(s, 412, "the organiser's cup page").await;
    logout(s).await;
}

/// Anna Huber's record in the club named `club`.
async fn anna_of(app: &TestApp, club: &'static str) -> i32 {
    use diesel::prelude::*;
    use kartl::db::schema::{clubs, players};
    app.state
        .db
        .run(move |conn| {
            Ok(players::table
                .inner_join(clubs::table)
                .filter(clubs::name.eq(club))
                .filter(players::name.eq("Anna Huber"))
                .select(players::id)
                .first::<i32>(conn)?)
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn two_clubs_run_evenings_from_their_registers_into_one_cup_with_a_printed_prize_list() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let admin = app.browser();
    assert_eq!(
        admin.login(ADMIN, ADMIN_PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
    let (soell, _) = club(&app, &admin, SOELL.club, SOELL.secretary).await;
    let (kramsach, _) = club(&app, &admin, KRAMSACH.club, KRAMSACH.secretary).await;

    let first = run_evening(&s, &app, &SOELL, true).await;
    let second = run_evening(&s, &app, &KRAMSACH, false).await;
    merge_a_typo(&s, &app).await;

    let (cup, _olga) = cup_of(&app, &admin, &[soell, kramsach]).await;
    propose(&s, &app, &SOELL, &cup, &first).await;
    propose(&s, &app, &KRAMSACH, &cup, &second).await;
    accept_and_link(&s, &app, &cup).await;

    let anna = anna_of(&app, SOELL.club).await;
    for width in [412, 1280] {
        let (w, h) = window(width);
        s.set_viewport(w, h).await;
        // The cup ranks the players: Anna won both evenings (25 + 25), her partners and the
        // losers one evening each (25, 20).
        s.goto(&format!("{}/cup/{cup}", app.base)).await;
        s.wait_for_text("Cupwertung").await;
        let rows = s
            .execute(
                "return Array.from(document.querySelectorAll('.cup-standings tbody tr'))
                     .map(function (r) { return r.textContent.replace(/\\s+/g, ' ').trim(); });",
                json!([]),
            )
            .await;
        let rows: Vec<String> = serde_json::from_value(rows).unwrap();
        assert_eq!(rows.len(), 7, "seven people, Anna once: {rows:?}");
        assert!(
            rows[0].contains("Anna Huber") && rows[0].contains("50"),
            "{rows:?}"
        );
        for name in ["Bert Maier", "Franz Berger"] {
            let row = rows.iter().find(|r| r.contains(name)).unwrap();
            assert!(row.contains("25"), "{name}: {row}");
        }
        fits(&s, width, "the cup page").await;
        s.guide_shot("cup.png", "").await;

        // Anna's page (her record of the first club) shows both clubs' evenings.
        s.goto(&format!("{}/spieler/{anna}", app.base)).await;
        let text = s.body_text().await;
        for evening in [SOELL.name, KRAMSACH.name] {
            assert!(text.contains(evening), "{evening} on Anna's page: {text}");
        }
        fits(&s, width, "Anna's page").await;
    }

    // The first evening's prize list in its PDF report: one team paid, 2 × 2 × 10 € entry.
    let res = admin
        .client
        .get(admin.url(&format!("/t/{first}/report.pdf")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let bytes = res.bytes().await.unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let pdf = doc.extract_text(&pages).unwrap();
    let pdf = pdf.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(pdf.contains("Preisliste"), "{pdf}");
    assert!(
        pdf.contains("Hausberg") && pdf.contains("Speckbrett"),
        "{pdf}"
    );
    assert!(pdf.contains("Rest im Topf: 0,00 €"), "{pdf}");
    s.quit().await;
}
