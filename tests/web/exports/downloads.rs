//! A secretary downloads every export of their club's tournament and reads each one back.
//! A pending deal waits at round 2, table 1: no file may count it.

use super::{
    OWN_CLUB, download, escaped, expected, ok_page, pdf_text, pending_deal, stored_tournament,
    tournament_file,
};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use crate::secretary::secretary;
use calamine::{Data, Reader, Xlsx};
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::Value;

both_backends!(
    every_export_reads_back_with_the_confirmed_standings,
    score_pads_are_pdfs_for_every_game
);

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A CSV as the `csv` crate reads it (which drops the BOM), after checking it leads once.
fn read_csv(bytes: &[u8], delimiter: u8) -> Vec<Vec<String>> {
    assert!(bytes.starts_with(BOM), "the BOM leads");
    assert!(!bytes[BOM.len()..].starts_with(BOM), "one BOM only");
    let mut r = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    r.records()
        .map(|rec| rec.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// A name as a spreadsheet-safe CSV cell: the four formula-looking names get a `'`.
fn csv_name(name: &str) -> String {
    match name {
        "+1" | "-1" | "@x" => format!("'{name}"),
        n if n.starts_with("=HYPERLINK") => format!("'{n}"),
        n => n.to_string(),
    }
}

async fn every_export_reads_back_with_the_confirmed_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = stored_tournament(&app, OWN_CLUB, false).await;
    pending_deal(&app, &slug).await;
    let want = expected();
    let rows = &want.standings.standings;
    assert_eq!(rows.len(), 7);

    // The overview links every export.
    let overview = sepp.get(&format!("/t/{slug}")).await;
    let body = ok_page(&overview);
    for path in [
        "report",
        "report.pdf",
        "standings.csv",
        "standings.csv?sep=semicolon",
        "rounds.csv",
        "results.xlsx",
        "tournament.json",
        "rounds/1/seating",
        "rounds/1/seating.pdf",
        "rounds/1/cards",
        "rounds/2/sheets.pdf",
    ] {
        assert!(
            body.contains(&format!("href=\"/t/{slug}/{path}\"")),
            "{path} not linked"
        );
    }
    assert!(body.contains("href=\"/pads/gaigel?variant=three\""));

    // CSV standings, comma: rank, id, name, points, tie-breaks of the confirmed deals.
    let got = download(&sepp, &format!("/t/{slug}/standings.csv")).await;
    got.assert_attachment("text/csv; charset=utf-8", &format!("{slug}-standings.csv"));
    let table = read_csv(&got.bytes, b',');
    assert_eq!(
        table[0][..5],
        ["Platz", "ID", "Name", "Punkte", "Spielsiege"]
    );
    let want_rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.rank.to_string(),
                r.id.clone(),
                csv_name(&r.name),
                r.points.to_string(),
            ];
            row.extend(r.tiebreaks.iter().map(|(_, v)| v.to_string()));
            row
        })
        .collect();
    assert_eq!(table[1..], want_rows[..]);
    let names: Vec<&str> = table[1..].iter().map(|r| r[2].as_str()).collect();
    for n in [
        "'=HYPERLINK(\"http://x.example\",\"klick\")",
        "'+1",
        "'-1",
        "'@x",
        "Jürgen Weiß",
        "Ännchen Öttl",
    ] {
        assert!(names.contains(&n), "{n} not in {names:?}");
    }

    // The semicolon variant holds the same cells.
    let got = download(&sepp, &format!("/t/{slug}/standings.csv?sep=semicolon")).await;
    // A file name of its own (both separators downloaded as one name).
    got.assert_attachment(
        "text/csv; charset=utf-8",
        &format!("{slug}-standings-semicolon.csv"),
    );
    assert!(String::from_utf8_lossy(&got.bytes).contains("Platz;ID;Name;Punkte"));
    assert_eq!(read_csv(&got.bytes, b';'), table);
    let bad = download(&sepp, &format!("/t/{slug}/standings.csv?sep=tab")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    // CSV rounds: per seat its result in that round alone; the pending deal is not counted.
    let got = download(&sepp, &format!("/t/{slug}/rounds.csv?sep=semicolon")).await;
    got.assert_attachment(
        "text/csv; charset=utf-8",
        &format!("{slug}-rounds-semicolon.csv"),
    );
    let per_seat = read_csv(&got.bytes, b';');
    assert_eq!(
        per_seat.len(),
        1 + 2 * (6 + 1),
        "a row per seat and bye, two rounds"
    );
    let file = tournament_file();
    for (r, round_rows) in want.standings.rounds.iter().enumerate() {
        for (t, table) in file.rounds[r].tables.iter().enumerate() {
            for id in &table.seats {
                let row = round_rows.iter().find(|x| &x.id == id).unwrap();
                let line = per_seat
                    .iter()
                    .find(|c| {
                        c[0] == (r + 1).to_string() && c[1] == (t + 1).to_string() && &c[2] == id
                    })
                    .unwrap_or_else(|| panic!("round {r} {id} missing"));
                assert_eq!(line[4], row.points.to_string(), "round {} {id}", r + 1);
            }
        }
    }
    assert!(
        per_seat
            .iter()
            .any(|c| c[0] == "2" && c[1] == "Freilos" && c[3] == "Ännchen Öttl")
    );

    // XLSX: the standings sheet and one per round; values as on the standings page.
    let got = download(&sepp, &format!("/t/{slug}/results.xlsx")).await;
    got.assert_attachment(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        &format!("{slug}-results.xlsx"),
    );
    let mut wb: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(got.bytes)).unwrap();
    // An imported tournament is finished: its standings are the final ones.
    assert_eq!(wb.sheet_names(), ["Endstand", "Runde 1", "Runde 2"]);
    let sheet = wb.worksheet_range("Endstand").unwrap();
    for (i, r) in rows.iter().enumerate() {
        let at = |c: usize| sheet.get((i + 1, c)).cloned();
        assert_eq!(at(0), Some(Data::Float(f64::from(r.rank))));
        assert_eq!(
            at(2),
            Some(Data::String(r.name.clone())),
            "names come back exactly"
        );
        assert_eq!(at(3), Some(Data::Float(r.points as f64)));
        let mut cells = format!(
            "<td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td>",
            r.rank,
            escaped(&r.name),
            r.points
        );
        for (k, (_, v)) in r.tiebreaks.iter().enumerate() {
            assert_eq!(at(4 + k), Some(Data::Float(*v as f64)));
            cells.push_str(&format!("<td class=\"num\">{v}</td>"));
        }
        assert!(body.contains(&cells), "{cells} not on the standings page");
    }
    assert!(wb.worksheet_range("Runde 2").unwrap().height() > 6);

    // The PDF report: title, rules line, winners, a name with umlauts.
    let got = download(&sepp, &format!("/t/{slug}/report.pdf")).await;
    got.assert_attachment("application/pdf", &format!("{slug}-report.pdf"));
    let text = pdf_text(&got.bytes);
    for part in [
        "Preisgaigeln Größingen",
        "21.11.2026",
        "Gaigel zu dritt",
        "Sieger",
        "Jürgen Weiß",
        "Ännchen Öttl",
    ] {
        assert!(text.contains(part), "{part} not in the PDF: {text}");
    }
    let winner = &rows[0];
    assert!(text.contains(&winner.name));

    // The printable report: the same standings, rules and rounds.
    let page = sepp.get(&format!("/t/{slug}/report")).await;
    let html = ok_page(&page);
    assert_eq!(page.header("cache-control"), Some("no-store"));
    assert!(html.contains("Gaigel zu dritt"), "{html}");
    assert!(html.contains("21.11.2026 · Rutesheim"));
    assert!(html.contains("Runde 2") && html.contains("Sieger"));
    for r in rows {
        let mut cells = format!(
            "<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td>",
            r.rank,
            escaped(&r.name),
            r.points
        );
        for (_, v) in &r.tiebreaks {
            cells.push_str(&format!("<td class=\"num\">{v}</td>"));
        }
        assert!(html.contains(&cells), "{cells} not in the printable report");
    }

    // JSON: the contract-8 file of the confirmed deals, equal to the API's export.
    let got = download(&sepp, &format!("/t/{slug}/tournament.json")).await;
    got.assert_attachment("application/json", &format!("{slug}.json"));
    let mine: Value = serde_json::from_slice(&got.bytes).unwrap();
    let api = download(&sepp, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    assert_eq!(api.status, StatusCode::OK);
    assert_eq!(mine, serde_json::from_slice::<Value>(&api.bytes).unwrap());
    let parsed = TournamentFile::parse(&String::from_utf8(got.bytes.clone()).unwrap()).unwrap();
    assert_eq!(
        parsed.rounds[1].tables[0].deals.len(),
        1,
        "the pending deal is not in the file"
    );
    assert_eq!(parsed.players, file.players);

    // Re-imported by the real binary, it gives the same standings.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("export.json");
    std::fs::write(&path, &got.bytes).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kartl"))
        .arg("import")
        .arg(&path)
        .args([
            "--database",
            &app.db.url,
            "--club",
            "Nachbarverein",
            "--public",
        ])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again = String::from_utf8(out.stdout).unwrap();
    let again = again.lines().last().unwrap().trim();
    assert_ne!(again, slug);
    let a = sepp
        .get(&format!("/api/v1/tournaments/{slug}/standings"))
        .await;
    let b = sepp
        .get(&format!("/api/v1/tournaments/{again}/standings"))
        .await;
    let (a, b): (Value, Value) = (
        serde_json::from_str(ok_page(&a)).unwrap(),
        serde_json::from_str(ok_page(&b)).unwrap(),
    );
    assert_eq!(a, b);
    assert_eq!(a, serde_json::to_value(&want.standings).unwrap());

    // Session sheets: per table the players of that session.
    let got = download(&sepp, &format!("/t/{slug}/rounds/2/sheets.pdf")).await;
    got.assert_attachment("application/pdf", &format!("{slug}-session-2-sheets.pdf"));
    let text = pdf_text(&got.bytes);
    assert!(text.contains("Laufzettel"), "{text}");
    assert!(text.contains("Tisch 1") && text.contains("Tisch 2"));
    assert!(
        text.contains("Jürgen Weiß") && !text.contains("Ännchen Öttl"),
        "Ännchen sits out"
    );
    assert_eq!(
        download(&sepp, &format!("/t/{slug}/rounds/3/sheets.pdf"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

async fn score_pads_are_pdfs_for_every_game(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // Before the administrator exists every page leads to /setup; after it, pads are public.
    let _admin = app.setup().await;
    let anyone = app.browser();
    for (path, name, words) in [
        ("/pads/watten", "watten-tyrolean-pad.pdf", "Watten"),
        (
            "/pads/gaigel?variant=three",
            "gaigel-three-pad.pdf",
            "Spieler 3",
        ),
        ("/pads/gaigel?variant=four", "gaigel-four-pad.pdf", "Wir"),
        (
            "/pads/perlaggen?variant=eichel",
            "perlaggen-eichel-pad.pdf",
            "Perlaggen",
        ),
        ("/pads/giltspiel", "giltspiel-standard-pad.pdf", "Giltspiel"),
    ] {
        let got = download(&anyone, path).await;
        got.assert_attachment("application/pdf", name);
        let text = pdf_text(&got.bytes);
        assert!(
            text.contains("Schreibblock") && text.contains(words),
            "{path}: {text}"
        );
    }
    assert_eq!(
        download(&anyone, "/pads/watten?variant=three").await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        download(&anyone, "/pads/schach").await.status,
        StatusCode::NOT_FOUND
    );
}
