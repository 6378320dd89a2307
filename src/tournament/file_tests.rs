//! Tests of the tournament file: the contract's example reads, and every broken reference is
//! an error naming its path.

use super::file::*;
use super::format::Format;
use crate::rules::Variant;
use crate::rules::{gaigel, watten};
use serde_json::json;

fn rutesheim() -> serde_json::Value {
    json!({
        "name": "Gaigelturnier SKV Rutesheim 2026",
        "game": "gaigel", "variant": "three", "options": {"scoring": "rutesheim"},
        "format": "sessions",
        "players": [
            {"id": "p1", "name": "Anna Maier"}, {"id": "p2", "name": "Bernd Roth"},
            {"id": "p3", "name": "Carla Vogt"}, {"id": "p4", "name": "Dieter Haas"}
        ],
        "teams": [],
        "rounds": [
            {"tables": [{"seats": ["p1", "p2", "p3"], "deals": []}], "byes": ["p4"]}
        ]
    })
}

fn watten() -> serde_json::Value {
    json!({
        "name": "Wattturnier", "game": "watten", "format": "rounds",
        "players": [
            {"id": "a", "name": "A"}, {"id": "b", "name": "B"},
            {"id": "c", "name": "C"}, {"id": "d", "name": "D"}
        ],
        "teams": [
            {"id": "t1", "name": "Team 1", "players": ["a", "b"]},
            {"id": "t2", "name": "Team 2", "players": ["c", "d"]}
        ],
        "rounds": [{"tables": [{"seats": ["t1", "t2"], "deals": [{"winner": "A", "points": 2}]}]}]
    })
}

fn parse(v: &serde_json::Value) -> Result<TournamentFile, String> {
    TournamentFile::parse(&v.to_string()).map_err(|e| e.to_string())
}

#[test]
fn the_contract_example_reads() {
    let f = parse(&rutesheim()).unwrap();
    assert_eq!(f.format, Format::Sessions);
    assert_eq!(f.variant(), Variant::Gaigel(gaigel::Variant::Three));
    assert_eq!(f.entrants().len(), 4);
    let record = f.match_record(0, 0).unwrap();
    assert_eq!(record["options"]["scoring"], "rutesheim");
    assert_eq!(record["variant"], "three");
}

#[test]
fn a_partnership_file_reads_and_names_its_teams() {
    let f = parse(&watten()).unwrap();
    assert_eq!(
        f.variant(),
        Variant::Watten(watten::input::Variant::Tyrolean)
    );
    assert_eq!(f.target(), Some(15));
    assert_eq!(f.entrants()[0], ("t1".to_string(), "Team 1".to_string()));
    assert_eq!(f.draw(0).unwrap().seats(0), ["t1", "t2"]);
}

#[test]
fn the_file_round_trips() {
    let f = parse(&watten()).unwrap();
    let again = TournamentFile::parse(&serde_json::to_string(&f).unwrap()).unwrap();
    assert_eq!(f, again);
}

#[test]
fn an_unknown_key_is_refused_with_its_path() {
    let mut v = rutesheim();
    v["rounds"][0]["tables"][0]["seat"] = json!([]);
    let e = parse(&v).unwrap_err();
    assert!(e.starts_with("rounds[0].tables[0]"), "{e}");
    assert!(e.contains("unknown field `seat`"), "{e}");
}

#[test]
fn an_unknown_player_at_a_table_is_named() {
    let mut v = rutesheim();
    v["rounds"][0]["tables"][0]["seats"][2] = json!("p9");
    assert_eq!(
        parse(&v).unwrap_err(),
        "rounds[0].tables[0].seats[2]: unknown player \"p9\""
    );
}

#[test]
fn a_player_twice_at_a_table_is_named() {
    let mut v = rutesheim();
    v["rounds"][0]["tables"][0]["seats"][2] = json!("p1");
    let e = parse(&v).unwrap_err();
    assert!(
        e.starts_with("rounds[0].tables[0].seats[2]: \"p1\" is already seated"),
        "{e}"
    );
}

#[test]
fn a_player_with_a_seat_and_a_bye_is_named() {
    let mut v = rutesheim();
    v["rounds"][0]["byes"][0] = json!("p2");
    let e = parse(&v).unwrap_err();
    assert!(e.starts_with("rounds[0].byes[0]"), "{e}");
}

#[test]
fn a_wrong_seat_count_is_named() {
    let mut v = rutesheim();
    v["rounds"][0]["tables"][0]["seats"] = json!(["p1", "p2", "p3", "p4"]);
    v["rounds"][0]["byes"] = json!([]);
    assert_eq!(
        parse(&v).unwrap_err(),
        "rounds[0].tables[0].seats: a table has 3 seats, not 4"
    );
    // Four-player tables are allowed when the settings choose them.
    v["settings"] = json!({"fill": "four_tables", "deals": 9});
    parse(&v).unwrap();
    let mut w = watten();
    w["rounds"][0]["tables"][0]["seats"] = json!(["t1"]);
    assert_eq!(
        parse(&w).unwrap_err(),
        "rounds[0].tables[0].seats: a table has 2 seats, not 1"
    );
}

#[test]
fn too_many_deals_in_a_session_are_named() {
    let mut v = rutesheim();
    v["settings"] = json!({"deals": 1});
    v["rounds"][0]["tables"][0]["deals"] = json!([{}, {}]);
    assert_eq!(
        parse(&v).unwrap_err(),
        "rounds[0].tables[0].deals: a table plays 1 deals, not 2"
    );
}

#[test]
fn team_problems_are_named() {
    let mut w = watten();
    w["teams"][1]["players"] = json!(["c", "a"]);
    assert_eq!(
        parse(&w).unwrap_err(),
        "teams[1].players[1]: \"a\" already plays in team \"t1\""
    );
    let mut w = watten();
    w["teams"][1]["players"] = json!(["c"]);
    assert_eq!(
        parse(&w).unwrap_err(),
        "teams[1].players: a team has 2 players, not 1"
    );
    let mut w = watten();
    w["teams"][1]["players"][0] = json!("zz");
    assert_eq!(
        parse(&w).unwrap_err(),
        "teams[1].players[0]: unknown player \"zz\""
    );
    let mut w = watten();
    w["rounds"][0]["tables"][0]["seats"][1] = json!("c");
    assert_eq!(
        parse(&w).unwrap_err(),
        "rounds[0].tables[0].seats[1]: unknown team \"c\""
    );
}

#[test]
fn a_variant_of_another_game_and_sessions_outside_gaigel_three_are_refused() {
    let mut w = watten();
    w["variant"] = json!("three");
    assert!(parse(&w).unwrap_err().starts_with("variant: "));
    let mut w = watten();
    w["format"] = json!("sessions");
    assert!(parse(&w).unwrap_err().starts_with("format: "));
    let mut w = watten();
    w["variant"] = json!("schafkopf");
    assert!(
        parse(&w)
            .unwrap_err()
            .starts_with("variant: unknown variant")
    );
}

#[test]
fn every_problem_is_listed() {
    let mut v = rutesheim();
    v["rounds"][0]["tables"][0]["seats"] = json!(["p1", "p1", "x"]);
    let f: TournamentFile = serde_json::from_value(v).unwrap();
    assert_eq!(f.problems().len(), 2);
}

#[test]
fn more_sessions_than_the_settings_say_are_refused() {
    let mut v = rutesheim();
    v["settings"] = json!({"sessions": 1});
    let round = v["rounds"][0].clone();
    v["rounds"] = json!([round.clone(), round]);
    assert_eq!(
        parse(&v).unwrap_err(),
        "rounds: the tournament has 1 sessions, not 2"
    );
}

#[test]
fn sessions_without_rutesheim_scoring_are_refused() {
    let mut v = rutesheim();
    v["options"] = json!({});
    assert!(parse(&v).unwrap_err().starts_with("options.scoring: "));
}

#[test]
fn the_wattkoenig_rotation_is_refused_for_sessions() {
    let mut v = rutesheim();
    v["settings"] = json!({"draw": "wattkoenig"});
    assert_eq!(
        parse(&v).unwrap_err(),
        "settings.draw: the Wattkönig rotation seats two sides"
    );
}

#[test]
fn three_player_perlaggen_is_refused_at_tournament_tables_and_the_1853_sets_are_variants() {
    let mut w = watten();
    w["game"] = json!("perlaggen");
    w["variant"] = json!("radetzky");
    w.as_object_mut().unwrap().remove("options");
    let f: TournamentFile = serde_json::from_value(w.clone()).unwrap();
    assert_eq!(f.variant().default_target(), Some(18));
    assert!(
        f.problems().iter().all(|p| p.path != "options.players"),
        "{:?}",
        f.problems()
    );
    w["options"] = json!({"players": 3});
    assert!(
        parse(&w).unwrap_err().starts_with("options.players: "),
        "three-player Perlaggen"
    );
}

#[test]
fn a_prize_scheme_travels_in_the_settings_and_one_over_the_whole_is_refused() {
    let mut v = watten();
    v["settings"] = json!({"prizes": {"entry_fee": 2000, "money": [{"share": 6000}]}});
    let file = parse(&v).unwrap();
    let scheme = file.settings().prizes.unwrap();
    assert_eq!((scheme.entry_fee, scheme.money.len()), (2_000, 1));
    // Written back, the file reads as the same file.
    assert_eq!(parse(&serde_json::to_value(&file).unwrap()).unwrap(), file);
    v["settings"] = json!({"prizes": {"money": [{"share": 6000}, {"share": 5000}]}});
    assert_eq!(
        parse(&v).unwrap_err(),
        "settings.prizes: the shares add up to 11000 basis points, more than 100 %"
    );
    v["settings"] = json!({"prizes": {"fee": 2000}});
    assert!(
        parse(&v).unwrap_err().contains("fee"),
        "an unknown key is refused"
    );
}
