//! Lists as secretaries bring them: Excel's `;` with a BOM, commas, tabs from a paste,
//! headers in German, and lists with several mistakes at once.

use super::*;

fn none() -> Existing {
    Existing::default()
}

fn problems(r: Result<impl std::fmt::Debug, Vec<RowError>>) -> Vec<(u64, Problem)> {
    r.expect_err("the list is refused")
        .into_iter()
        .map(|e| (e.line, e.problem))
        .collect()
}

#[test]
fn a_plain_semicolon_list_with_a_bom_and_crlf_reads() {
    let text = "\u{feff}Anna Maier;SKV Rutesheim;1\r\nBert Huber;;2\r\nCilli Gruber\r\n";
    let rows = players(text, &none()).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].name, "Anna Maier");
    assert_eq!(rows[0].club, "SKV Rutesheim");
    assert_eq!(rows[0].start_no, Some(1));
    assert_eq!((rows[1].club.as_str(), rows[1].start_no), ("", Some(2)));
    assert_eq!((rows[2].line, rows[2].start_no), (3, None));
}

#[test]
fn a_german_header_is_recognised_and_may_reorder_the_columns() {
    let text = "Startnummer,Name,Verein\n7,Anna Maier,SKV\n\n8,\"Huber, Bert\",\n";
    let rows = players(text, &none()).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0].line, rows[0].start_no), (2, Some(7)));
    assert_eq!(rows[1].name, "Huber, Bert");
    assert_eq!(rows[1].line, 4);
}

#[test]
fn a_paste_from_a_spreadsheet_is_tab_separated_and_empty_cells_rows_are_skipped() {
    let text = "Anna\tSKV\t1\n\t\t\nBert\tSKV\t2\n;;\n";
    let rows = players(text, &none()).unwrap();
    // ";;" is a single cell in a tab list: read as a name, so it is not skipped.
    assert_eq!(rows.len(), 3);
    let rows = players("Anna;SKV;1\n;;\nBert;SKV;2\n", &none()).unwrap();
    assert_eq!(rows.len(), 2);
}

#[test]
fn every_bad_row_is_reported_with_its_line_and_nothing_is_returned() {
    let text = "name;club;start_no\n\
                Anna;SKV;1\n\
                ;SKV;2\n\
                Bert;SKV;eins\n\
                Cilli;SKV;1\n\
                Dora;SKV;4;extra\n\
                anna ;skv;5\n\
                Emil;;0\n";
    assert_eq!(
        problems(players(text, &none())),
        [
            (3, Problem::EmptyName),
            (4, Problem::StartNoNotANumber("eins".into())),
            (5, Problem::StartNoTwice { first: 2 }),
            (6, Problem::TooManyColumns { found: 4, most: 3 }),
            (7, Problem::NameTwice { first: 2 }),
            (8, Problem::StartNoNotANumber("0".into())),
        ]
    );
}

#[test]
fn clashes_with_registered_players_are_reported() {
    let mut existing = none();
    existing.start_numbers.insert(3);
    existing.names.insert(Existing::key("Anna Maier (SKV)"));
    let text = "Anna Maier;SKV\nAnna Maier;TSV\nBert;;3\n";
    assert_eq!(
        problems(players(text, &existing)),
        [(1, Problem::NameTaken), (3, Problem::StartNoTaken(3))]
    );
}

#[test]
fn an_empty_list_an_unclosed_quote_and_a_long_name_are_refused() {
    assert_eq!(problems(players("", &none())), [(0, Problem::Empty)]);
    assert_eq!(
        problems(players("Name;Verein\n", &none())),
        [(0, Problem::Empty)]
    );
    assert_eq!(
        problems(players("Anna\n\"Bert;SKV\n", &none())).len(),
        1,
        "the unclosed quote"
    );
    let long = "x".repeat(NAME_MAX + 1);
    assert_eq!(
        problems(players(&long, &none())),
        [(1, Problem::NameTooLong)]
    );
    assert_eq!(
        problems(players("Anna \u{fffd}ber", &none())),
        [(1, Problem::NotUtf8)]
    );
}

#[test]
fn teams_read_with_their_members_and_an_optional_start_number() {
    let text = "Die Spitzbuam;Anna;Bert;1\nGrasober;Cilli;Dora\n";
    let rows = teams(text, 2, &none()).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].members, ["Anna", "Bert"]);
    assert_eq!(rows[0].start_no, Some(1));
    assert_eq!(rows[1].start_no, None);
    let text = "Team,Spieler 1,Spieler 2\nA-Team,Anna,Bert\n";
    assert_eq!(teams(text, 2, &none()).unwrap()[0].name, "A-Team");
}

#[test]
fn bad_team_rows_are_all_reported() {
    let text = "Spitzbuam;Anna;Bert\n\
                Grasober;Cilli\n\
                ;Dora;Emil\n\
                Spitzbuam;Franz;Gerti\n\
                Kartler;Anna;Hans\n\
                Vier;A;B;x;y\n";
    assert_eq!(
        problems(teams(text, 2, &none())),
        [
            (
                2,
                Problem::Members {
                    found: 1,
                    needed: 2
                }
            ),
            (3, Problem::EmptyName),
            (4, Problem::NameTwice { first: 1 }),
            (5, Problem::NameTwice { first: 1 }),
            (6, Problem::TooManyColumns { found: 5, most: 4 }),
        ]
    );
}

#[test]
fn the_form_checks_one_entry_like_a_row_of_a_list() {
    let mut existing = none();
    existing.members.insert(Existing::key("Anna"));
    let p = one_player("Huber; \"Sepp\"", "SKV", "4", &none()).unwrap();
    assert_eq!((p.name.as_str(), p.start_no), ("Huber; \"Sepp\"", Some(4)));
    assert_eq!(shown_name(&p.name, &p.club), "Huber; \"Sepp\" (SKV)");
    assert_eq!(
        one_player(" ", "", "", &none()),
        Err(vec![Problem::EmptyName])
    );
    assert_eq!(
        one_player("Bert", "", "x", &none()),
        Err(vec![Problem::StartNoNotANumber("x".into())])
    );
    let t = one_team("Spitzbuam", &["Bert", "Cilli"], 2, &existing).unwrap();
    assert_eq!(t.members, ["Bert", "Cilli"]);
    assert_eq!(
        one_team("Spitzbuam", &["Anna", "Cilli"], 2, &existing),
        Err(vec![Problem::NameTaken])
    );
    assert_eq!(
        one_team("Spitzbuam", &["Bert", ""], 2, &existing),
        Err(vec![Problem::Members {
            found: 1,
            needed: 2
        }])
    );
}
