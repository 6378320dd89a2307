//! Score sheet tests: the SVG is parsed and checked for structure (classes and numbers),
//! not bytes. `sheets_are_written_for_looking_at` leaves each sheet in `target/sheets/`.

use super::samples::*;
use super::*;
use roxmltree::{Document, Node};

/// A shared example's record, from the repository's copy (`tests/conformance/shared/`, whose
/// README names the source), so these tests need nothing beside the checkout.
fn example(name: &str) -> String {
    let path = format!(
        "{}/tests/conformance/shared/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["record"].to_string()
}

fn sheet(record: &str, names: &[&str]) -> String {
    render(record, Lang::De, &SheetLabels::new(names.iter().copied()))
        .unwrap()
        .into_string()
}

fn with_class<'a>(doc: &'a Document, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn texts(doc: &Document, class: &str, side: &str) -> Vec<String> {
    with_class(doc, class)
        .into_iter()
        .filter(|n| n.attribute("data-side") == Some(side))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_watten_schneider_example_draws_scissors_over_the_losers_column() {
    let svg = sheet(&example("watten-schneider.json"), &["Sepp", "Loisl"]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "game").len(), 1);
    assert_eq!(texts(&doc, "points", "A"), ["3", "4", "3", "3", "3"]);
    assert!(texts(&doc, "points", "B").is_empty());
    let scissors = with_class(&doc, "scissors");
    assert_eq!(scissors.len(), 1);
    assert_eq!(scissors[0].attribute("data-side"), Some("B"));
    let blobs = scissors[0]
        .children()
        .filter(|n| n.attribute("class") == Some("bummerl"))
        .count();
    assert_eq!(blobs, 2);
    let line = with_class(&doc, "gestrichen");
    assert_eq!(line.len(), 1);
    assert_eq!(line[0].attribute("data-side"), Some("A"));
    assert_eq!(line[0].attribute("data-from-deal"), Some("4"));
    assert_eq!(texts(&doc, "tally", "B"), ["2"]);
    assert_eq!(texts(&doc, "tally", "A"), ["0"]);
    let target = with_class(&doc, "target");
    assert_eq!(target[0].text(), Some("Ziel 15"));
}

#[test]
fn several_watten_games_are_stacked_with_a_blob_each() {
    let record = r#"{"game": "watten", "variant": "bavarian", "deals": [
        {"winner": "A", "points": 2}, {"winner": "B", "points": 3}, {"winner": "A", "points": 3},
        {"winner": "A", "points": 2}, {"winner": "A", "points": 2}, {"winner": "A", "points": 2},
        {"winner": "B", "points": 2}]}"#;
    let svg = sheet(record, &[]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "game").len(), 2);
    let blobs = with_class(&doc, "bummerl");
    assert_eq!(blobs.len(), 1);
    assert_eq!(blobs[0].attribute("data-side"), Some("B"));
    assert!(!with_class(&doc, "gestrichen").is_empty());
}

#[test]
fn english_headings_keep_the_german_game_words() {
    let svg = render(
        &example("watten-schneider.json"),
        Lang::En,
        &SheetLabels::default(),
    )
    .unwrap()
    .into_string();
    assert!(svg.contains("Target 15"));
    assert!(svg.contains("Bummerl"));
}

#[test]
fn a_figure_game_with_a_gestrichen_side_has_the_vertical_line() {
    let record = r#"{"game": "giltspiel", "start": {"A": 8, "B": 2}, "deals": [
        {"events": [{"bet": "gleich", "by": "A"}, {"hold": "gleich", "by": "B"},
          {"tricks": "A"}, {"show": {"gleich": "B", "hanger": "A"}}]}]}"#;
    let svg = sheet(record, &["Nord/Süd", "Ost/West"]);
    let doc = Document::parse(&svg).unwrap();
    let line = with_class(&doc, "gestrichen");
    assert_eq!(line.len(), 1, "{svg}");
    assert_eq!(line[0].attribute("data-side"), Some("A"));
    let (y1, y2): (f64, f64) = (
        line[0].attribute("y1").unwrap().parse().unwrap(),
        line[0].attribute("y2").unwrap().parse().unwrap(),
    );
    assert!(y2 > y1);
    assert_eq!(with_class(&doc, "target")[0].text(), Some("Ziel 11"));
    assert_eq!(with_class(&doc, "start").len(), 2);
}

#[test]
fn the_giltspiel_example_writes_three_and_one() {
    let svg = sheet(&example("giltspiel-scoresheet.json"), &[]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(texts(&doc, "points", "A"), ["3"]);
    assert_eq!(texts(&doc, "points", "B"), ["1"]);
}

#[test]
fn names_with_markup_come_out_as_plain_text() {
    let evil = r#"<script>alert("x")</script> & 'Co'"#;
    let svg = sheet(
        &example("watten-schneider.json"),
        &[evil, "B\"><g onload=\"x"],
    );
    let doc = Document::parse(&svg).unwrap();
    assert!(doc.descendants().all(|n| n.tag_name().name() != "script"));
    assert!(doc.descendants().all(|n| n.attribute("onload").is_none()));
    let labels = with_class(&doc, "label");
    assert_eq!(labels[0].text(), Some(shorten(evil, NAME_CHARS).as_str()));
    assert_eq!(labels[1].text(), Some("B\"><g onload=\"x"));
}

#[test]
fn a_broken_record_draws_the_deals_before_the_break_and_the_note() {
    let record = r#"{"game": "watten", "deals": [{"winner": "A", "points": 3},
        {"events": [{"bet": "A"}, {"bet": "A"}]}]}"#;
    let svg = sheet(record, &[]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(texts(&doc, "points", "A"), ["3"]);
    let note = with_class(&doc, "note");
    assert_eq!(note.len(), 1);
    assert_eq!(note[0].attribute("data-code"), Some("bet_open"));
    let words: String = note[0].descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains("Runde 2"), "{words}");
}

#[test]
fn a_malformed_record_is_the_error() {
    let err = render(r#"{"game": "watten"}"#, Lang::De, &SheetLabels::default());
    assert!(err.is_err());
}

#[test]
fn the_gaigel_example_marks_an_i_and_a_v() {
    let svg = sheet(&example("gaigel-deals.json"), &["Team 1", "Team 2"]);
    let doc = Document::parse(&svg).unwrap();
    let strokes = with_class(&doc, "stroke");
    // A: a V (B's Gigackel) and a V (A went out short: untergaigeln); B: an I.
    let arms: Vec<&str> = strokes
        .iter()
        .filter_map(|n| n.attribute("data-arms"))
        .collect();
    assert_eq!(arms, ["2", "2", "1"]);
    assert!(with_class(&doc, "stroke erased").is_empty());
    assert_eq!(with_class(&doc, "pool").len(), 1);
    assert_eq!(with_class(&doc, "line").len(), 2);
}

#[test]
fn erased_strokes_get_a_crossing_mark() {
    let history = [[1, 0, 0], [3, 0, 0], [3, 1, 0], [2, 1, 0], [0, 1, 0]];
    let lines = gaigel::marks(&history, 2);
    assert_eq!(
        lines[0],
        [
            gaigel::Mark { arms: 1, erased: 1 },
            gaigel::Mark { arms: 2, erased: 2 }
        ]
    );
    assert_eq!(lines[1], [gaigel::Mark { arms: 1, erased: 0 }]);
}

#[test]
fn a_three_player_match_has_three_lines() {
    let svg = sheet(GAIGEL_THREE, &["Anna", "Berta", "Carl"]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "line").len(), 3);
    assert_eq!(with_class(&doc, "stroke").len(), 1);
}

#[test]
fn the_rutesheim_example_is_a_table_of_game_points() {
    let svg = sheet(&example("gaigel-rutesheim.json"), &[]);
    let doc = Document::parse(&svg).unwrap();
    let points: Vec<&str> = with_class(&doc, "points")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(points, ["1", "5", "3"]);
    let totals: Vec<&str> = with_class(&doc, "total")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(totals, ["1", "5", "3"]);
}

#[test]
fn a_reverse_schneider_draws_two_pairs_of_scissors() {
    let svg = sheet(REVERSE_SCHNEIDER, &[]);
    let doc = Document::parse(&svg).unwrap();
    let scissors = with_class(&doc, "scissors");
    assert_eq!(scissors.len(), 2);
    assert!(
        scissors
            .iter()
            .all(|n| n.attribute("data-side") == Some("B"))
    );
    assert_eq!(with_class(&doc, "bummerl").len(), 4);
    assert_eq!(with_class(&doc, "game").len(), 2);
    assert_eq!(texts(&doc, "tally", "B"), ["4"]);
    // B from deal 4 to the end of the game; A from deal 11 (14 points) on.
    let lines: Vec<(&str, &str)> = with_class(&doc, "gestrichen")
        .iter()
        .filter_map(|n| Some((n.attribute("data-side")?, n.attribute("data-from-deal")?)))
        .collect();
    assert_eq!(lines, [("A", "11"), ("B", "4")]);
}

#[test]
fn penalties_are_negative_and_each_game_is_closed() {
    let svg = sheet(FIGURES_TWO_GAMES, &[]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(texts(&doc, "points", "A"), ["2", "\u{2212}1"]);
    assert_eq!(texts(&doc, "points", "B"), ["2", "4", "4", "1", "3"]);
    assert_eq!(with_class(&doc, "game").len(), 2);
    assert_eq!(with_class(&doc, "game-end").len(), 2, "one double rule");
    let won = with_class(&doc, "game-won");
    assert_eq!(won.len(), 1);
    assert_eq!(won[0].attribute("data-side"), Some("B"));
    assert_eq!(texts(&doc, "tally", "B"), ["1"]);
}

#[test]
fn erased_strokes_are_drawn_and_the_winner_is_named() {
    let svg = sheet(GAIGEL_ERASE, &["Nord", "Süd"]);
    let doc = Document::parse(&svg).unwrap();
    let erased = with_class(&doc, "stroke erased");
    // A's V with both arms crossed, and B's second I; B's first I still stands.
    let arms: Vec<&str> = erased
        .iter()
        .filter_map(|n| n.attribute("data-arms"))
        .collect();
    assert_eq!(arms, ["2", "1"]);
    assert_eq!(with_class(&doc, "stroke").len(), 1);
    assert_eq!(with_class(&doc, "erase").len(), 3);
    let phase = with_class(&doc, "phase")[0].text().unwrap_or("");
    assert!(
        phase.contains("Abstreichen") && phase.contains("Sieger: Nord"),
        "{phase}"
    );
}

#[test]
fn a_deal_after_the_match_is_won_is_noted_under_the_lines() {
    let over = r#"{"points": {"A": 88, "B": 64}, "tricks": {"A": 6, "B": 4}, "out": "A"}]}"#;
    let record = format!("{},{over}", GAIGEL_ERASE.trim_end().trim_end_matches("]}"));
    let svg = sheet(&record, &[]);
    let doc = Document::parse(&svg).unwrap();
    let note = with_class(&doc, "note");
    assert_eq!(note[0].attribute("data-code"), Some("game_over"));
    assert_eq!(with_class(&doc, "stroke erased").len(), 2);
}

#[test]
fn a_long_record_grows_the_sheet_in_height() {
    let height = |deals: usize| {
        let d = vec![r#"{"winner": "A", "points": 2}, {"winner": "B", "points": 2}"#; deals];
        let svg = sheet(
            &format!(r#"{{"game": "watten", "deals": [{}]}}"#, d.join(",")),
            &[],
        );
        let doc = Document::parse(&svg).unwrap();
        let view = doc.root_element().attribute("viewBox").unwrap().to_string();
        assert_eq!(doc.root_element().attribute("width"), Some("100%"));
        view.split(' ').nth(3).unwrap().parse::<f64>().unwrap()
    };
    let (short, long) = (height(1), height(20));
    assert!(long > short + 30.0 * 20.0, "{short} {long}");
}

#[test]
fn sheets_are_written_for_looking_at() {
    let dir = format!("{}/target/sheets", env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(&dir).unwrap();
    for name in [
        "watten-schneider.json",
        "giltspiel-scoresheet.json",
        "perlaggen-example6.json",
        "gaigel-deals.json",
        "gaigel-rutesheim.json",
    ] {
        let svg = sheet(&example(name), &["Sepp & Vroni", "Loisl"]);
        Document::parse(&svg).unwrap();
        std::fs::write(format!("{dir}/{name}.svg"), svg).unwrap();
    }
    let broken = r#"{"game": "watten", "start": {"A": 5, "B": 7}, "deals": [
        {"winner": "A", "points": 3}, {"events": [{"bet": "A"}, {"bet": "A"}]}]}"#;
    for (name, record) in [
        ("reverse-schneider", REVERSE_SCHNEIDER),
        ("figures-two-games", FIGURES_TWO_GAMES),
        ("gaigel-erase", GAIGEL_ERASE),
        ("gaigel-three", GAIGEL_THREE),
        ("watten-broken", broken),
    ] {
        let svg = sheet(record, &["Anna", "Berta", "Carl"]);
        Document::parse(&svg).unwrap();
        std::fs::write(format!("{dir}/{name}.svg"), svg).unwrap();
    }
}
