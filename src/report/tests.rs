//! Every export read back: CSV with the `csv` crate, XLSX with calamine, PDF text with
//! lopdf; the JSON export parses as the same tournament file.

use super::csv::{BOM, Delimiter};
use super::*;
use crate::rules::Game;
use crate::tournament::evaluate::evaluate;
use calamine::{Data, Reader, Xlsx};
use serde_json::json;

/// A Rutesheim tournament: Jürgen wins both sessions; three names look like formulas.
fn file() -> TournamentFile {
    let deal = json!({"points": {"P1": 45, "P2": 104, "P3": 61},
        "tricks": {"P1": 3, "P2": 6, "P3": 4}, "out": "P2"});
    TournamentFile::parse(
        &json!({
            "name": "Gaigelturnier Größingen", "game": "gaigel", "variant": "three",
            "options": {"scoring": "rutesheim"}, "format": "sessions",
            "settings": {"sessions": 2, "deals": 1},
            "players": [
                {"id": "p1", "name": "Jürgen Weiß"}, {"id": "p2", "name": "=HYPERLINK(\"x\")"},
                {"id": "p3", "name": "+1"}, {"id": "p4", "name": "@SUM(A1)"}
            ],
            "rounds": [
                {"tables": [{"seats": ["p2", "p1", "p3"], "deals": [deal]}], "byes": ["p4"]},
                {"tables": [{"seats": ["p4", "p1", "p2"], "deals": [deal]}], "byes": ["p3"]}
            ]
        })
        .to_string(),
    )
    .unwrap()
}

fn data(lang: Lang) -> ReportData {
    let f = file();
    let eval = evaluate(&f, lang).unwrap();
    let meta = Meta {
        date: "21.11.2026".into(),
        place: "Rutesheim".into(),
        lang,
        finished: true,
        closed_rounds: 2,
        public_url: None,
    };
    ReportData::build(&f, &eval, &meta)
}

fn read_csv(bytes: &[u8], delimiter: u8) -> Vec<Vec<String>> {
    assert!(bytes.starts_with(BOM), "the BOM leads");
    let mut r = ::csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(&bytes[BOM.len()..]);
    r.records()
        .map(|rec| rec.unwrap().iter().map(str::to_string).collect())
        .collect()
}

#[test]
fn the_data_names_rules_winners_and_rounds() {
    let d = data(Lang::De);
    assert_eq!(d.title, "Gaigelturnier Größingen");
    assert!(d.rules.starts_with("Gaigel zu dritt"), "{}", d.rules);
    assert!(d.rules.contains("Rutesheimer Wertung"), "{}", d.rules);
    assert!(!d.rules.contains("scoring"), "{}", d.rules);
    assert!(d.rules.contains("2 Durchgänge zu 1 Spiel"), "{}", d.rules);
    assert!(!d.rules.contains("1 Spielen"), "{}", d.rules);
    assert_eq!(d.header, ["Platz", "Name", "Punkte", "Spielsiege", "Augen"]);
    assert_eq!(d.winners[0].name, "Jürgen Weiß");
    assert_eq!(d.winners[0].points, 10);
    assert_eq!(d.rounds.len(), 2);
    let seat = &d.rounds[0].tables[0].seats[1];
    assert_eq!((seat.name.as_str(), seat.points), ("Jürgen Weiß", Some(5)));
    assert_eq!(d.rounds[0].byes, ["@SUM(A1)"]);
    let en = data(Lang::En);
    assert_eq!(en.header[0], "Rank");
    assert!(en.rules.starts_with("Gaigel zu dritt"));
}

#[test]
fn standings_csv_reads_back_with_bom_and_neutralised_names() {
    let d = data(Lang::De);
    let rows = read_csv(&csv::standings(&d, Delimiter::Comma).unwrap(), b',');
    assert_eq!(
        rows[0],
        ["Platz", "ID", "Name", "Punkte", "Spielsiege", "Augen"]
    );
    assert_eq!(rows[1][..4], ["1", "p1", "Jürgen Weiß", "10"]);
    let names: Vec<&str> = rows[1..].iter().map(|r| r[2].as_str()).collect();
    for n in ["'=HYPERLINK(\"x\")", "'+1", "'@SUM(A1)"] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    assert_eq!(rows.len(), 5);
}

#[test]
fn semicolon_mode_for_german_excel() {
    let d = data(Lang::De);
    let bytes = csv::standings(&d, Delimiter::Semicolon).unwrap();
    let text = String::from_utf8(bytes[BOM.len()..].to_vec()).unwrap();
    assert!(text.starts_with("Platz;ID;Name;Punkte;"), "{text}");
    let rows = read_csv(&bytes, b';');
    assert_eq!(rows[1][2], "Jürgen Weiß");
}

#[test]
fn negative_numbers_stay_numbers_and_text_is_neutralised() {
    let mut d = data(Lang::De);
    d.standings[0].tiebreaks[0] = -3;
    d.standings[0].name = "-Minus".into();
    d.standings[1].name = "\tTab".into();
    let rows = read_csv(&csv::standings(&d, Delimiter::Comma).unwrap(), b',');
    assert_eq!(rows[1][4], "-3");
    assert_eq!(rows[1][2], "'-Minus");
    assert_eq!(rows[2][2], "'\tTab");
    assert_eq!(csv::neutralise("Anna"), "Anna");
    assert_eq!(csv::neutralise("\rx"), "'\rx");
}

#[test]
fn rounds_csv_has_a_row_per_seat_and_bye() {
    let d = data(Lang::En);
    let rows = read_csv(&csv::rounds(&d, Delimiter::Comma).unwrap(), b',');
    assert_eq!(
        rows[0],
        [
            "Round",
            "Table",
            "ID",
            "Name",
            "Points",
            "Deals won",
            "Counts"
        ]
    );
    assert_eq!(rows.len(), 1 + 2 * 4);
    assert_eq!(rows[2][..5], ["1", "1", "p1", "Jürgen Weiß", "5"]);
    assert_eq!(rows[1][3], "'=HYPERLINK(\"x\")");
    assert_eq!(rows[4][..4], ["1", "Bye", "", "'@SUM(A1)"]);
}

#[test]
fn xlsx_reads_back_with_sheets_numbers_and_strings() {
    let d = data(Lang::De);
    let bytes = xlsx::workbook(&d).unwrap();
    let mut wb: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(wb.sheet_names(), ["Endstand", "Runde 1", "Runde 2"]);
    let t = wb.worksheet_range("Endstand").unwrap();
    assert_eq!(t.get((0, 0)), Some(&Data::String("Platz".into())));
    assert_eq!(t.get((0, 5)), Some(&Data::String("Augen".into())));
    assert_eq!(t.get((1, 0)), Some(&Data::Float(1.0)));
    assert_eq!(t.get((1, 2)), Some(&Data::String("Jürgen Weiß".into())));
    assert_eq!(t.get((1, 3)), Some(&Data::Float(10.0)));
    let names: Vec<&Data> = (1..5).filter_map(|r| t.get((r, 2))).collect();
    assert!(names.contains(&&Data::String("=HYPERLINK(\"x\")".into())));
    assert!(
        wb.worksheet_formula("Endstand")
            .unwrap()
            .used_cells()
            .all(|(_, _, f)| f.is_empty()),
        "no formulas"
    );
    let r1 = wb.worksheet_range("Runde 1").unwrap();
    assert_eq!(r1.get((2, 2)), Some(&Data::String("Jürgen Weiß".into())));
    assert_eq!(r1.get((2, 3)), Some(&Data::Float(5.0)));
    assert_eq!(r1.get((4, 0)), Some(&Data::String("Freilos".into())));
}

#[test]
fn sheet_names_are_sanitised() {
    assert_eq!(xlsx::sheet_name("a[b]:c*d?e/f\\g"), "a_b__c_d_e_f_g");
    assert_eq!(xlsx::sheet_name(&"x".repeat(40)).chars().count(), 31);
    assert_eq!(xlsx::sheet_name("'q'"), "q");
    assert_eq!(xlsx::sheet_name(""), "_");
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    // One space between words, whatever lopdf puts between text runs.
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_pdf_report_has_title_rules_names_and_standings() {
    let d = data(Lang::De);
    let bytes = pdf::report(&d).unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    let text = pdf_text(&bytes);
    for want in [
        "Gaigelturnier Größingen",
        "Datum: 21.11.2026",
        "Ort: Rutesheim",
        "Regeln: Gaigel zu dritt",
        "Sieger",
        "1. Jürgen Weiß (10 Punkte)",
        "Endstand",
        "Ergebnisse – Runde 2",
        "@SUM(A1) (Freilos)",
    ] {
        assert!(text.contains(want), "{want:?} in {text}");
    }
}

#[test]
fn the_seating_plan_lists_tables_and_byes() {
    let d = data(Lang::En);
    let text = pdf_text(&pdf::seating(&d, 2).unwrap().unwrap());
    for want in [
        "Seating plan – Round 2",
        "Table 1",
        "1. @SUM(A1)",
        "2. Jürgen Weiß",
    ] {
        assert!(text.contains(want), "{want:?} in {text}");
    }
    assert!(pdf::seating(&d, 3).is_none());
}

#[test]
fn the_json_export_is_the_tournament_file() {
    let f = file();
    let bytes = json(&f).unwrap();
    let back = TournamentFile::parse(std::str::from_utf8(&bytes).unwrap()).unwrap();
    assert_eq!(back, f);
}

#[test]
fn session_sheets_name_the_players_of_each_table() {
    let d = data(Lang::De);
    let text = pdf_text(&printables::session_sheets(&d, 1).unwrap().unwrap());
    for want in [
        "Gaigelturnier Größingen – Runde 1",
        "Tisch 1 · Datum: 21.11.2026",
        "Jürgen Weiß",
        "=HYPERLINK(\"x\")",
        "Summe",
    ] {
        assert!(text.contains(want), "{want:?} in {text}");
    }
    assert!(printables::session_sheets(&d, 9).is_none());
}

#[test]
fn score_pads_have_a_column_per_side() {
    use crate::rules::Variant;
    use crate::rules::gaigel::Variant as Gaigel;
    use crate::rules::watten::input::Variant as Watten;
    let watten = pdf_text(
        &printables::score_pad(Game::Watten, Variant::Watten(Watten::Tyrolean), Lang::De).unwrap(),
    );
    for want in [
        "Schreibblock – Watten Tirolerisch",
        "gespielt auf 15",
        "Wir",
        "Sie",
        "Summe",
    ] {
        assert!(watten.contains(want), "{want:?} in {watten}");
    }
    let gaigel = pdf_text(
        &printables::score_pad(Game::Gaigel, Variant::Gaigel(Gaigel::Three), Lang::En).unwrap(),
    );
    for want in [
        "Score pad – Gaigel zu dritt",
        "Player 1",
        "Player 3",
        "Total",
    ] {
        assert!(gaigel.contains(want), "{want:?} in {gaigel}");
    }
}

#[test]
fn a_watten_rounds_tournament_exports_teams_and_bummerl() {
    let f = TournamentFile::parse(
        &json!({
            "name": "Wattturnier Söll", "game": "watten", "format": "rounds",
            "players": [{"id": "a", "name": "Ägid"}, {"id": "b", "name": "B"},
                        {"id": "c", "name": "C"}, {"id": "d", "name": "D"}],
            "teams": [{"id": "t1", "name": "Die Größten", "players": ["a", "b"]},
                      {"id": "t2", "name": "-Rest", "players": ["c", "d"]}],
            "rounds": [{"tables": [{"seats": ["t1", "t2"], "deals": [{"winner": "A", "points": 2}]}]}]
        })
        .to_string(),
    )
    .unwrap();
    let eval = evaluate(&f, Lang::De).unwrap();
    let d = ReportData::build(&f, &eval, &Meta::default());
    assert!(
        d.rules.starts_with("Watten Tirolerisch · gespielt auf 15"),
        "{}",
        d.rules
    );
    assert_eq!(d.header[3], "Bummerl-Differenz");
    let rows = read_csv(&csv::rounds(&d, Delimiter::Semicolon).unwrap(), b';');
    assert_eq!(rows[0][5], "Bummerl-Differenz");
    assert_eq!(rows[1][3], "Die Größten");
    assert_eq!(rows[2][3], "'-Rest");
    let text = pdf_text(&pdf::report(&d).unwrap());
    assert!(text.contains("Die Größten"), "{text}");
    assert!(text.contains("Bummerl- Differenz"), "{text}");
}

#[test]
fn a_knockout_round_shows_seats_without_points() {
    let f = TournamentFile::parse(
        &json!({
            "name": "Watten", "game": "watten", "format": "rounds",
            "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"},
                        {"id": "c", "name": "C"}, {"id": "d", "name": "D"}],
            "teams": [{"id": "t1", "name": "T1", "players": ["a", "b"]},
                      {"id": "t2", "name": "T2", "players": ["c", "d"]}],
            "rounds": [{"tables": [{"seats": ["t1", "t2"]}]},
                       {"tables": [{"seats": ["t2", "t1"]}], "knockout": true}]
        })
        .to_string(),
    )
    .unwrap();
    let eval = evaluate(&f, Lang::De).unwrap();
    let d = ReportData::build(&f, &eval, &Meta::default());
    assert!(d.rounds[1].knockout);
    assert_eq!(d.rounds[1].tables[0].seats[0].points, None);
    assert_eq!(d.rounds[0].tables[0].seats[0].points, Some(0));
    let bytes = xlsx::workbook(&d).unwrap();
    let wb: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(
        wb.sheet_names(),
        ["Zwischenstand", "Runde 1", "Runde 2 (Finalrunde)"]
    );
    let rows = read_csv(&csv::rounds(&d, Delimiter::Comma).unwrap(), b',');
    assert_eq!(rows[3][..5], ["2", "1", "t2", "T2", ""]);
}

#[test]
fn the_prize_list_is_exported_with_its_text_neutralised_and_printed() {
    use crate::tournament::prizes::{Amount, PrizeScheme};
    assert!(csv::prizes(&data(Lang::De), Delimiter::Comma).is_none());
    let mut f = file();
    f.settings.get_or_insert_with(Default::default).prizes = Some(PrizeScheme {
        entry_fee: 1_000,
        money: vec![Amount::Share(6_000), Amount::Share(4_000)],
        goods: vec!["=1+1".into()],
        ..PrizeScheme::default()
    });
    let eval = evaluate(&f, Lang::De).unwrap();
    let meta = Meta {
        lang: Lang::De,
        finished: true,
        ..Meta::default()
    };
    let d = ReportData::build(&f, &eval, &meta);
    let rows = read_csv(&csv::prizes(&d, Delimiter::Comma).unwrap().unwrap(), b',');
    assert_eq!(
        rows[0],
        ["Platz", "ID", "Name", "Preis", "Sachpreis", "geteilt"]
    );
    assert_eq!(rows[1], ["1", "p1", "Jürgen Weiß", "24.00", "'=1+1", ""]);
    assert!(rows.contains(&vec!["Topf".to_string(), "40.00".to_string()]));
    let text = pdf_text(&pdf::report(&d).unwrap());
    assert!(text.contains("Preisliste"), "{text}");
    assert!(text.contains("Jürgen Weiß 24,00 € =1+1"), "{text}");
}
