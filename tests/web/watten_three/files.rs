//! A three-player tournament file: `kartl standings`, a refused file, the import, the API's
//! standings, the public pages and the exports.

use super::*;

#[test]
fn kartl_standings_ranks_by_games_won_then_bummerl() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w3.json", &three_player_file());
    let s = cli_standings(&path);
    let row = |id: &str| row_of(&s, id);
    // Anna: one game won, a bye (one game); Sepp: one game won, one Bummerl; Loisl: a bye,
    // one Bummerl, none dealt; Vroni: two Bummerl.
    assert_eq!(
        row("p1"),
        json!({"rank": 1, "id": "p1", "name": "Anna", "points": 2,
               "bummerl_received": 0, "bummerl_dealt": 2})
    );
    assert_eq!(
        row("p2"),
        json!({"rank": 2, "id": "p2", "name": "Sepp", "points": 1,
               "bummerl_received": 1, "bummerl_dealt": 2})
    );
    assert_eq!(row("p4")["rank"], 3);
    assert_eq!(row("p3")["points"], 0);
    assert_eq!(row("p3")["bummerl_received"], 2);
    assert_eq!(row("p3")["rank"], 4);
}

#[test]
fn a_three_player_file_with_a_rule_broken_or_two_sides_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // A table of two sides is no three-player table.
    let mut file = three_player_file();
    file["rounds"][0]["tables"][0]["seats"] = json!(["p1", "p2"]);
    let path = write(dir.path(), "two.json", &file);
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("rounds[0].tables[0].seats"));
    // The rounds format seats two sides.
    let mut file = three_player_file();
    file["format"] = json!("rounds");
    let path = write(dir.path(), "rounds.json", &file);
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    // A deal no legal sequence gives (1 point) breaks the record: exit 1.
    let mut file = three_player_file();
    file["rounds"][1]["tables"][0]["deals"][0] =
        json!({"alone": "P2", "winner": "P2", "points": 1});
    let path = write(dir.path(), "rule.json", &file);
    let out = kartl().args(["standings", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

both_backends!(
    an_imported_three_player_file_keeps_its_standings,
    its_public_pages_and_exports_show_the_players_and_their_bummerl,
);

async fn an_imported_three_player_file_keeps_its_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w3.json", &three_player_file());
    let expected = cli_standings(&path);
    let slug = import(&path, &app.db.url);
    let api = get_json(&app, &format!("/api/v1/tournaments/{slug}/standings")).await;
    assert_eq!(api, expected);
    // The export is a tournament file again: seats P1..P3, the option, the same standings.
    let export = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    assert_eq!(export["options"]["players"], 3, "{export}");
    assert_eq!(
        export["rounds"][0]["tables"][0]["seats"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let again = write(dir.path(), "again.json", &export);
    assert_eq!(cli_standings(&again), expected);
}

async fn its_public_pages_and_exports_show_the_players_and_their_bummerl(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "w3.json", &three_player_file());
    let slug = import(&path, &app.db.url);
    let anonymous = app.browser();
    // The public standings name the Bummerl columns in German.
    let page = anonymous.get(&format!("/p/{slug}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Bummerl erhalten"), "{}", page.body);
    assert!(page.body.contains("Bummerl ausgeteilt"));
    // The table's sheet: a column per player, the player alone marked, the winner.
    let sheet = anonymous.get(&format!("/p/{slug}/rounds/1/tables/1")).await;
    assert_eq!(sheet.status, StatusCode::OK);
    for want in [
        "Watten · 3",
        "Anna",
        "Sepp",
        "Vroni",
        ">14<",
        ">0*<",
        "Sieger",
    ] {
        assert!(sheet.body.contains(want), "{want} missing: {}", sheet.body);
    }
    // The organiser's CSV export has the tie-break columns and the rows in rank order.
    let admin = app.setup().await;
    let csv = admin.get(&format!("/t/{slug}/standings.csv")).await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.body);
    assert!(csv.body.contains("Bummerl erhalten"), "{}", csv.body);
    let anna = csv.body.find("Anna").unwrap();
    let vroni = csv.body.find("Vroni").unwrap();
    assert!(anna < vroni, "{}", csv.body);
    // Every other export and printable of the tournament answers.
    for export in [
        "report",
        "report.pdf",
        "rounds.csv",
        "results.xlsx",
        "tournament.json",
        "rounds/1/seating",
        "rounds/1/sheets.pdf",
    ] {
        let res = admin.get(&format!("/t/{slug}/{export}")).await;
        assert_eq!(res.status, StatusCode::OK, "{export}: {}", res.body);
    }
}
