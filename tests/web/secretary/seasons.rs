//! Seasons end to end: two Watten evenings of one club imported with confirmed deals, a season
//! over both (each evening's points, the total, equal rank for equal keys), best-1 counting
//! dropping the weaker evening, a refused evening of another game, and another club's
//! secretary who gets 404.

use super::secretary;
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use crate::tournaments::watten_file;
use kartl::clock::Clock;
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, import};
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(a_season_sums_two_evenings_and_best_one_drops_the_weaker);

/// Stores a file for the test club; returns its slug.
async fn evening(app: &TestApp, file: Value) -> String {
    let file = TournamentFile::parse(&file.to_string()).unwrap();
    let now = app.clock.now();
    let options = ImportOptions {
        club: "SK Testverein".into(),
        public: false,
        ..Default::default()
    };
    app.state
        .db
        .run(move |conn| import(conn, &Actor::command_line(), now, &file, &options))
        .await
        .unwrap()
}

/// The second evening: team 2 and team 3 win both their games.
fn second_evening() -> Value {
    let mut file = watten_file();
    file["name"] = json!("Wattabend Dezember");
    let swap = |v: &Value| -> Value {
        let mut v = v.clone();
        for d in v.as_array_mut().unwrap() {
            let w = if d["winner"] == "A" { "B" } else { "A" };
            d["winner"] = json!(w);
        }
        v
    };
    for (r, t) in [(0, 0), (0, 1), (1, 0)] {
        let deals = &file["rounds"][r]["tables"][t]["deals"];
        file["rounds"][r]["tables"][t]["deals"] = swap(deals);
    }
    file
}

/// Creates a season through the form; returns its slug.
async fn season(sepp: &Browser, name: &str, counting: &str, best: &str) -> String {
    let res = sepp
        .submit(
            "/seasons",
            "/seasons",
            &[("name", name), ("counting", counting), ("best", best)],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let to = res.location().unwrap();
    to.strip_prefix("/seasons/").unwrap().to_string()
}

async fn add(sepp: &Browser, season: &str, tournament: &str) -> crate::common::Reply {
    let page = format!("/seasons/{season}");
    sepp.submit(&page, &format!("{page}/add"), &[("tournament", tournament)])
        .await
}

/// A secretary of another club ("Zweiter Verein"), logged in.
pub async fn other_club_secretary(app: &TestApp, admin: &Browser) -> Browser {
    admin
        .submit("/admin", "/admin/clubs", &[("name", "Zweiter Verein")])
        .await;
    let page = admin.get("/admin").await;
    let other = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| o.contains("Zweiter Verein"))
        .and_then(|o| o.split('"').next())
        .unwrap()
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "Vroni"), ("club", &other)],
        )
        .await;
    let code = crate::common::reset_code_in(&res.body);
    let vroni = app.browser();
    vroni
        .redeem("Vroni", &code, "Vronis geheimes Passwort")
        .await;
    vroni.login("Vroni", "Vronis geheimes Passwort").await;
    vroni
}

/// The cells of the row whose name cell is `name`, after the name.
fn row_after(body: &str, name: &str) -> Vec<String> {
    let start = body.find(&format!("<td>{name}</td>")).unwrap();
    let row = &body[start..];
    let row = &row[..row.find("</tr>").unwrap()];
    row.split("<td class=\"num")
        .skip(1)
        .map(|c| c[c.find('>').unwrap() + 1..c.find("</td>").unwrap()].to_string())
        .collect()
}

async fn a_season_sums_two_evenings_and_best_one_drops_the_weaker(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    // Evening 1: team 1 wins twice, teams 2 and 4 once. Evening 2: teams 2 and 3 twice.
    let first = evening(&app, watten_file()).await;
    let second = evening(&app, second_evening()).await;

    let club = season(&sepp, "Vereinsmeisterschaft 2026", "all", "").await;
    let page = sepp.get(&format!("/seasons/{club}")).await;
    assert!(page.body.contains(&second), "offered: {}", page.body);
    for t in [&first, &second] {
        let res = add(&sepp, &club, t).await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    }
    let res = add(&sepp, &club, &first).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("schon in der Saison"), "{}", res.body);

    let page = sepp.get(&format!("/seasons/{club}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let body = &page.body;
    assert!(body.contains("Alle Abende zählen."));
    assert!(body.contains("Wattturnier Söll") && body.contains("Wattabend Dezember"));
    assert!(body.contains("Bummerl"), "the tie-break column: {body}");
    // Evening points, then the total, then the tie-break column.
    assert_eq!(&row_after(body, "Team 2")[..3], ["1", "2", "3"]);
    assert_eq!(&row_after(body, "Team 1")[..3], ["2", "0", "2"]);
    assert_eq!(&row_after(body, "Team 3")[..3], ["0", "2", "2"]);
    assert_eq!(&row_after(body, "Team 4")[..3], ["1", "0", "1"]);
    let at = |n: &str| body.find(&format!("<td>{n}</td>")).unwrap();
    assert!(at("Team 2") < at("Team 1") && at("Team 1") < at("Team 3"));
    assert!(at("Team 3") < at("Team 4"));
    // Teams 1 and 3 are equal on every key: equal rank.
    let rank = |n: &str| {
        let before = &body[..at(n)];
        let cell = &before[before.rfind("<td class=\"num\">").unwrap()..];
        cell.trim_start_matches("<td class=\"num\">")
            .trim_end_matches("</td>")
            .to_string()
    };
    assert_eq!(
        [
            rank("Team 2"),
            rank("Team 1"),
            rank("Team 3"),
            rank("Team 4")
        ],
        ["1", "2", "2", "4"]
    );

    // Best 1: team 2's weaker evening (1) is dropped; its total is 2.
    let best = season(&sepp, "Beste Abende", "best", "1").await;
    for t in [&first, &second] {
        add(&sepp, &best, t).await;
    }
    let page = sepp.get(&format!("/seasons/{best}")).await;
    assert!(page.body.contains("Nur der beste Abend"), "{}", page.body);
    assert_eq!(&row_after(&page.body, "Team 2")[..3], ["1", "2", "2"]);
    assert_eq!(&row_after(&page.body, "Team 4")[..3], ["1", "0", "1"]);

    // Removing an evening takes it out of the table.
    let res = sepp
        .submit(
            &format!("/seasons/{best}"),
            &format!("/seasons/{best}/remove"),
            &[("tournament", &second)],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let page = sepp.get(&format!("/seasons/{best}")).await;
    assert!(!page.body.contains("Wattabend Dezember</a>"));

    // Another club's secretary: 404 on the page and the forms, and no line in the list.
    admin
        .submit("/admin", "/admin/clubs", &[("name", "Zweiter Verein")])
        .await;
    let page = admin.get("/admin").await;
    let other = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|o| o.contains("Zweiter Verein"))
        .and_then(|o| o.split('"').next())
        .unwrap()
        .to_string();
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", "Vroni"), ("club", &other)],
        )
        .await;
    let code = crate::common::reset_code_in(&res.body);
    let vroni = app.browser();
    vroni
        .redeem("Vroni", &code, "Vronis geheimes Passwort")
        .await;
    vroni.login("Vroni", "Vronis geheimes Passwort").await;
    assert_eq!(
        vroni.get(&format!("/seasons/{club}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(!vroni.get("/seasons").await.body.contains(&club));
    let res = vroni
        .submit(
            "/seasons",
            &format!("/seasons/{club}/add"),
            &[("tournament", &second)],
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // The administrator sees every club's season.
    assert_eq!(
        admin.get(&format!("/seasons/{club}")).await.status,
        StatusCode::OK
    );
}
