//! A cup in Chromium: two clubs' Watten evenings in one cup (proposed by the clubs' secretaries,
//! accepted by the organiser, Anna Huber linked across the clubs). The public cup page and the
//! projector at 412 px and 1280 px rank her first with both evenings, nothing is wider than the
//! screen, and axe-core finds no violation; the administrator's working page of the cup too.

use crate::common::{ADMIN, ADMIN_PASSWORD, Browser, TestApp, between, reset_code_in};
use crate::driver::Session;
use crate::setup::app;
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::{clubs, players};
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, import};
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A Watten evening of two teams at one table: the first team wins.
fn duel(name: &str, winners: [&str; 2], losers: [&str; 2]) -> Value {
    let deals: Vec<Value> = [("A", 3), ("B", 2), ("A", 4), ("A", 4), ("A", 4), ("B", 2)]
        .iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect();
    json!({"name": name, "game": "watten", "format": "rounds",
           "players": [{"id": "p1", "name": winners[0]}, {"id": "p2", "name": winners[1]},
                       {"id": "p3", "name": losers[0]}, {"id": "p4", "name": losers[1]}],
           "teams": [{"id": "t1", "name": "Team 1", "players": ["p1", "p2"]},
                     {"id": "t2", "name": "Team 2", "players": ["p3", "p4"]}],
           "rounds": [{"tables": [{"seats": ["t1", "t2"], "deals": deals}]}]})
}

async fn store(app: &TestApp, club: &str, date: &str, file: &Value) -> String {
    let file = TournamentFile::parse(&file.to_string()).unwrap();
    let options = ImportOptions {
        club: club.to_string(),
        public: true,
        date: chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok(),
        ..ImportOptions::default()
    };
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| import(conn, &Actor::command_line(), now, &file, &options))
        .await
        .unwrap()
}

/// Redeems the code on `page` for `name` and logs in over HTTP.
pub(crate) async fn account(app: &TestApp, page: &str, name: &str) -> Browser {
    let password = format!("{name}s geheimes Passwort");
    let res = app
        .browser()
        .redeem(name, &reset_code_in(page), &password)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let b = app.browser();
    assert_eq!(b.login(name, &password).await.status, StatusCode::SEE_OTHER);
    b
}

/// A club and its secretary (logged in over HTTP).
pub(crate) async fn club(
    app: &TestApp,
    admin: &Browser,
    name: &str,
    secretary: &str,
) -> (String, Browser) {
    let _ = admin
        .submit("/admin", "/admin/clubs", &[("name", name)])
        .await;
    let page = admin.get("/admin").await;
    let id = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| between(o, ">", "<").as_deref() == Some(name))
        .and_then(|o| o.split('"').next())
        .unwrap()
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", secretary), ("club", &id)],
        )
        .await;
    (id, account(app, &res.body, secretary).await)
}

async fn post(who: &Browser, cup: &str, action: &str, fields: &[(&str, &str)]) {
    let page = format!("/cups/{cup}");
    let res = who.submit(&page, &format!("{page}/{action}"), fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{action}: {}", res.body);
}

async fn player(app: &TestApp, club: &'static str, slug: String) -> String {
    use kartl::db::schema::{tournament_players, tournaments};
    app.state
        .db
        .run(move |conn| {
            Ok(players::table
                .inner_join(clubs::table)
                .inner_join(tournament_players::table.inner_join(tournaments::table))
                .filter(clubs::name.eq(club))
                .filter(players::name.eq("Anna Huber"))
                .filter(tournaments::slug.eq(slug))
                .select(players::id)
                .first::<i32>(conn)?)
        })
        .await
        .unwrap()
        .to_string()
}

/// The cup of two clubs, built over HTTP as its people would; its slug.
async fn cup(app: &TestApp, admin: &Browser) -> String {
    let res = admin
        .submit("/admin", "/admin/organisers", &[("name", "Olga")])
        .await;
    let org = account(app, &res.body, "Olga").await;
    let (soell, sepp) = club(app, admin, "SK Söll", "Sepp").await;
    let (kramsach, kathi) = club(app, admin, "WC Kramsach", "Kathi").await;
    let a = duel(
        "Söller Watten",
        ["Anna Huber", "Bert Maier"],
        ["Clara Egger", "Dieter Moser"],
    );
    let a = store(app, "SK Söll", "2026-01-10", &a).await;
    let b = duel(
        "Kramsacher Watten",
        ["Anna Huber", "Franz Berger"],
        ["Gerda Ranft", "Hans Hauser"],
    );
    let b = store(app, "WC Kramsach", "2026-02-10", &b).await;
    let fields = [
        ("name", "Watt-Cup Unterland 2026"),
        ("game", "watten"),
        ("points_kind", "table"),
        ("points", "25-20-16-13-11-10-9-8-7-6-5-4-3-2-1"),
        ("min_evenings", "1"),
        ("tiebreak1", "better_places"),
    ];
    let res = org.submit("/cups", "/cups", &fields).await;
    let slug = res
        .location()
        .unwrap()
        .trim_start_matches("/cups/")
        .to_string();
    for id in [&soell, &kramsach] {
        post(&org, &slug, "clubs", &[("club", id)]).await;
    }
    post(&sepp, &slug, "evenings", &[("tournament", &a)]).await;
    post(&kathi, &slug, "evenings", &[("tournament", &b)]).await;
    for t in [&a, &b] {
        post(
            &org,
            &slug,
            "decide",
            &[("tournament", t), ("decision", "accept")],
        )
        .await;
    }
    let anna_k = player(app, "WC Kramsach", b).await;
    let anna_s = player(app, "SK Söll", a).await;
    post(
        &org,
        &slug,
        "links",
        &[("player", &anna_k), ("person", &anna_s)],
    )
    .await;
    slug
}

/// The page is no wider than the screen and axe-core finds nothing.
async fn fits(s: &Session, width: u32, what: &str) {
    s.check_page().await;
    let wide = s
        .execute("return document.documentElement.scrollWidth;", json!([]))
        .await;
    assert!(
        wide.as_u64().unwrap_or(u64::MAX) <= u64::from(width),
        "{what}: {wide} px wide on a {width} px screen"
    );
}

#[tokio::test]
async fn the_cup_page_ranks_one_person_of_two_clubs_on_a_phone_and_a_desk() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let admin = app.browser();
    assert_eq!(
        admin.login(ADMIN, ADMIN_PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
    let slug = cup(&app, &admin).await;
    for (width, height) in [(412, 915), (1280, 800)] {
        s.set_viewport(width, height).await;
        s.goto(&format!("{}/cup/{slug}", app.base)).await;
        s.wait_for_text("Cupwertung").await;
        let first = s.find(".cup-standings tbody tr").await;
        let row = s.text(&first).await;
        assert!(row.contains("Anna Huber") && row.contains("50"), "{row}");
        fits(&s, width, "the cup page").await;
        s.goto(&format!("{}/cup/{slug}/projector", app.base)).await;
        s.wait_for_text("Anna Huber").await;
        fits(&s, width, "the projector").await;
    }
    // The administrator's working page of the cup, on a phone.
    s.set_viewport(412, 915).await;
    s.goto(&format!("{}/login", app.base)).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
    s.goto(&format!("{}/cups/{slug}", app.base)).await;
    s.wait_for_text("Mitgliedsvereine").await;
    fits(&s, 412, "the working page").await;
    s.quit().await;
}
