//! Importing a tournament file in the browser: every problem listed with where it is and
//! nothing stored; a whole file stored finished; a half-played one stored running, its last
//! round open, its tables scored on and the next round drawn after it. Audited.
use super::{count, is, stored};
use crate::both_backends;
use crate::common::{Backend, between};
use crate::score::almost_a_game;
use crate::tables::{Desk, audit_events, desk, desk_check_quick, desk_save};
use kartl::service::scoring::Confirmation;
use kartl::service::tournaments::Status;
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(
    a_half_played_file_continues_where_it_stopped,
    a_whole_file_is_stored_finished,
    every_problem_of_a_file_is_named_with_its_place_and_nothing_is_stored,
    an_import_starts_private_as_a_new_tournament_does,
);

/// The import form offered "public" ticked while a new tournament starts private;
/// an upload without the box ticked stores a private tournament.
async fn an_import_starts_private_as_a_new_tournament_does(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let form = d.sepp.get("/tournaments/import").await;
    assert_eq!(form.status, StatusCode::OK);
    let checkbox = between(&form.body, "<input type=\"checkbox\" name=\"public\"", ">").unwrap();
    assert!(!checkbox.contains("checked"), "{checkbox}");
    let mut file = exported(&d).await;
    file["name"] = json!("Wattkönig privat");
    let res = d
        .sepp
        .submit(
            "/tournaments/import",
            "/tournaments/import",
            &[("file", &file.to_string()), ("club", "")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let t = stored(&d.app, &slug_of(res.location())).await;
    assert!(!t.tournament.public);
}

/// Sepp's tournament as its file (`/t/{slug}/tournament.json`).
async fn exported(d: &Desk) -> Value {
    let res = d.sepp.get(&format!("/t/{}/tournament.json", d.slug)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    serde_json::from_str(&res.body).unwrap()
}

/// Sepp uploads `file`; the answer.
async fn upload(d: &Desk, file: &str) -> crate::common::Reply {
    d.sepp
        .submit(
            "/tournaments/import",
            "/tournaments/import",
            &[("file", file), ("club", ""), ("public", "on")],
        )
        .await
}

fn slug_of(location: Option<&str>) -> String {
    location
        .and_then(|l| l.strip_prefix("/t/"))
        .expect("to the new tournament")
        .to_string()
}

async fn a_half_played_file_continues_where_it_stopped(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    // Table 1 stands at 11:2 after four deals; table 2 has none.
    almost_a_game(&d.app, d.tables[0].0).await;
    let mut file = exported(&d).await;
    file["name"] = json!("Wattkönig aus der Datei");
    let res = upload(&d, &file.to_string()).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let slug = slug_of(res.location());
    let t = stored(&d.app, &slug).await;
    assert!(is(Status::Running, &t), "{:?}", t.tournament.status);
    assert_eq!(t.rounds.len(), 1);
    assert!(!t.rounds[0].closed, "the round goes on");
    assert_eq!(t.rounds[0].tables[0].deals.len(), 4);
    assert!(t.tournament.public);
    let events = audit_events(&d.app, &slug).await;
    let imported = events
        .iter()
        .find(|e| e.action == "tournament_imported")
        .expect("audited");
    assert!(
        imported.detail.contains("\"open_round\":1"),
        "{}",
        imported.detail
    );

    // The open table is scored on: the fifth deal ends the game 15:2.
    let c = desk_check_quick(&d.sepp, &slug, 1, "A", "4").await;
    let res = desk_save(&d.sepp, &slug, 1, &c).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let t = stored(&d.app, &slug).await;
    assert_eq!(t.rounds[0].tables[0].deals.len(), 5);
    // Table 2 plays its game too; then the round is closed and the next one drawn.
    almost_a_game(&d.app, t.rounds[0].tables[1].id).await;
    let c = desk_check_quick(&d.sepp, &slug, 2, "A", "4").await;
    assert_eq!(
        desk_save(&d.sepp, &slug, 2, &c).await.status,
        StatusCode::SEE_OTHER
    );
    let round = format!("/t/{slug}/rounds/1");
    let res = d.sepp.submit(&round, &format!("{round}/close"), &[]).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let res = d
        .sepp
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/rounds"), &[])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(stored(&d.app, &slug).await.rounds.len(), 2);
}

async fn a_whole_file_is_stored_finished(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let mut file = exported(&d).await;
    let game: Vec<Value> = [("A", 3), ("B", 2), ("A", 4), ("A", 4), ("A", 4)]
        .into_iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect();
    for t in file["rounds"][0]["tables"].as_array_mut().unwrap() {
        t["deals"] = json!(game);
    }
    let res = upload(&d, &file.to_string()).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let t = stored(&d.app, &slug_of(res.location())).await;
    assert!(is(Status::Finished, &t), "{:?}", t.tournament.status);
    assert!(t.rounds[0].closed);
}

async fn every_problem_of_a_file_is_named_with_its_place_and_nothing_is_stored(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let before = count(&d.app).await;
    let file = exported(&d).await;

    // Two tables seat an entrant the file does not have.
    let mut unknown = file.clone();
    unknown["rounds"][0]["tables"][0]["seats"][0] = json!("t9");
    unknown["rounds"][0]["tables"][1]["seats"][1] = json!("t8");
    let res = upload(&d, &unknown.to_string()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let box_ = between(&res.body, "id=\"import-problems\">", "</div>").unwrap();
    assert!(box_.contains("2 Fehler"), "{box_}");
    assert!(box_.contains("Runde 1, Tisch 1"), "{box_}");
    assert!(box_.contains("Runde 1, Tisch 2"), "{box_}");
    assert!(res.body.contains("t9"), "the text stays in the box");
    // In German, place and problem: no path code, no English.
    assert!(
        box_.contains(
            "Runde 1, Tisch 1, Platz 1: Eine Mannschaft „t9“ gibt es in der Datei nicht."
        ),
        "{box_}"
    );
    assert!(
        !box_.contains("unknown") && !box_.contains("seats"),
        "{box_}"
    );

    // A deal that breaks a rule: named by round, table and deal, in German.
    let mut broken = file.clone();
    broken["rounds"][0]["tables"][1]["deals"] =
        json!([{"winner": "A", "points": 2}, {"winner": "B", "points": 99}]);
    let res = upload(&d, &broken.to_string()).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    assert!(
        res.body.contains("Runde 1, Tisch 2, Spiel 2: "),
        "{}",
        res.body
    );
    // In the referee's words only: no error code after them ("… (deal_over)").
    let box_ = between(&res.body, "id=\"import-problems\">", "</div>").unwrap();
    assert!(!box_.contains('_'), "{box_}");

    // Not JSON at all.
    let res = upload(&d, "{\"name\": ").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    // The reader stops where it cannot go on, and says where, in German (the reader's own
    // "EOF while parsing …" is English).
    let box_ = between(&res.body, "id=\"import-problems\">", "</div>").unwrap();
    assert!(box_.contains("Zeile 1, Spalte 9"), "{box_}");
    assert!(!box_.contains("EOF") && !box_.contains("parsing"), "{box_}");

    assert_eq!(count(&d.app).await, before, "nothing stored");
}
