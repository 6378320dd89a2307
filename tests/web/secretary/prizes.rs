//! Prize lists end to end: the scheme typed on the overview, the pot while the tournament
//! runs, the list of the final standings after "Turnier abschließen" with tied places sharing
//! their money, on the pages, in the report PDF and in the exports (the forms and their
//! refusals: `prizes_form.rs`). The rules are `docs/reference/tournaments.md`, "Prize lists"
//! (`src/tournament/prizes.rs`).

use crate::both_backends;
use crate::common::fixture::{Played, Spec, numbered};
use crate::common::{Browser, TestApp, between};
use crate::exports::{download, pdf_text};
use crate::secretary::finish::game;
use calamine::{Data, Reader, Xlsx};
use kartl::rules::{Game, Lang};
use kartl::tournament::evaluate::evaluate;
use kartl::tournament::file::TournamentFile;
use kartl::tournament::prizes::{Amount, PrizeScheme};
use reqwest::StatusCode;
use serde_json::Value;

both_backends!(a_prize_list_with_ties_across_a_paid_place_is_shown_printed_and_exported);

const TEAMS: [&str; 6] = [
    "Die Schnellen",
    "Hofer Buam",
    "Kartlerinnen",
    "Stammtisch Ost",
    "Die Alten",
    "Wirtsleut",
];

/// Round 1 at three tables: table 1 plays two games, both won by side A, the others one game
/// each, won by A. So one winner has two games (rank 1), two winners one game (tied at 2), two
/// losers none with one Bummerl (tied at 4) and one loser two Bummerl (rank 6).
fn deals(_round: usize, table: usize) -> Vec<Value> {
    let mut record = game("A", "B");
    if table == 0 {
        record.extend(game("A", "B"));
    }
    record
}

/// Six named teams, round 1 played and closed, public.
async fn six_teams(app: &TestApp) -> String {
    app.build(Spec {
        players: numbered(12),
        team_names: TEAMS.iter().map(|t| t.to_string()).collect(),
        cards: false,
        played: Some(Played { rounds: 1, deals }),
        ..Spec::new(Game::Watten)
    })
    .await
    .slug
}

pub async fn set_prizes(
    admin: &Browser,
    slug: &str,
    fields: &[(&str, &str)],
) -> crate::common::Reply {
    admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/prizes"), fields)
        .await
}

/// The prize list of a page (without the form that changes it).
pub fn prize_section(body: &str) -> String {
    let section =
        between(body, "id=\"prize-list\"", "</section>").unwrap_or_else(|| panic!("{body}"));
    match section.find("<details") {
        Some(form) => section[..form].to_string(),
        None => section,
    }
}

/// The final standings by the referee, read from the tournament file the service exports:
/// (rank, id, name) best first.
async fn referee_standings(admin: &Browser, slug: &str) -> Vec<(u32, String, String)> {
    let got = download(admin, &format!("/t/{slug}/tournament.json")).await;
    let file = TournamentFile::parse(std::str::from_utf8(&got.bytes).unwrap()).unwrap();
    let eval = evaluate(&file, Lang::De).unwrap();
    eval.standings
        .standings
        .iter()
        .map(|r| (r.rank, r.id.clone(), r.name.clone()))
        .collect()
}

async fn a_prize_list_with_ties_across_a_paid_place_is_shown_printed_and_exported(
    backend: crate::common::Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let slug = six_teams(&app).await;
    // 6 × 20 € less 12 € is a pot of 108 €; half the field (3 places) paid 50/30/20 %.
    let saved = set_prizes(
        &admin,
        &slug,
        &[
            ("prize_fee", "20,00"),
            ("prize_deduction", "12.00"),
            ("prize_paid", "50"),
            ("prize_money", "50 %\n30 %\n20 %"),
            ("prize_goods", "Speckbrett\nSchnaps\nKartenspiel"),
        ],
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);

    // While it runs: the pot, and each paid place's prize in this field, no names yet.
    let anonymous = app.browser();
    for (who, path) in [
        (&admin, format!("/t/{slug}")),
        (&anonymous, format!("/p/{slug}")),
    ] {
        let page = who.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let list = prize_section(&page.body);
        assert!(
            list.contains("Startgelder: 6 Anmeldungen × 20,00 € = 120,00 €")
                && list.contains("Abzug: 12,00 €")
                && list.contains("Topf: 108,00 €"),
            "{path}: {list}"
        );
        assert!(list.contains("54,00 €") && list.contains("32,40 €") && list.contains("21,60 €"));
        assert!(
            !list.contains("Die Schnellen") && !list.contains("geteilt"),
            "{list}"
        );
    }

    // The export says so too: not final, one line per paid place, no names.
    let running = download(&admin, &format!("/t/{slug}/prizes.json")).await;
    let running: Value = serde_json::from_slice(&running.bytes).unwrap();
    assert_eq!(running["final"], false);
    let places: Vec<(u64, u64, &str)> = running["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            assert_eq!(l["name"], "", "no names before the end");
            (
                l["rank"].as_u64().unwrap(),
                l["cents"].as_u64().unwrap(),
                l["goods"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            (1, 5_400, "Speckbrett"),
            (2, 3_240, "Schnaps"),
            (3, 2_160, "Kartenspiel")
        ]
    );

    let finished = admin
        .submit(&format!("/t/{slug}"), &format!("/t/{slug}/finish"), &[])
        .await;
    assert_eq!(finished.status, StatusCode::SEE_OTHER, "{}", finished.body);

    let standings = referee_standings(&admin, &slug).await;
    let ranks: Vec<u32> = standings.iter().map(|s| s.0).collect();
    assert_eq!(
        ranks,
        [1, 2, 2, 4, 4, 6],
        "the tie sits across place 3, the last paid"
    );
    let (first, second, third) = (&standings[0], &standings[1], &standings[2]);

    // The list of the final standings: place 1 54 €, ranks 2 and 2 share places 2 and 3
    // (32.40 + 21.60 = 54 €) equally; goods by place in the standings' order.
    let json = download(&admin, &format!("/t/{slug}/prizes.json")).await;
    assert_eq!(json.status, StatusCode::OK);
    let json: Value = serde_json::from_slice(&json.bytes).unwrap();
    assert_eq!(json["final"], true);
    assert_eq!(
        (json["fees"].as_u64(), json["pot"].as_u64()),
        (Some(12_000), Some(10_800))
    );
    assert_eq!(json["rest"], 0);
    let lines: Vec<(u64, &str, u64, &str, bool)> = json["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["rank"].as_u64().unwrap(),
                l["id"].as_str().unwrap(),
                l["cents"].as_u64().unwrap(),
                l["goods"].as_str().unwrap(),
                l["shared"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (1, first.1.as_str(), 5_400, "Speckbrett", false),
            (2, second.1.as_str(), 2_700, "Schnaps", true),
            (2, third.1.as_str(), 2_700, "Kartenspiel", true),
        ]
    );

    // Anonymous visitors may see a stamp read up to `STAMP_TTL` ago (`web::public::cache`).
    tokio::time::sleep(
        kartl::web::public::cache::STAMP_TTL + std::time::Duration::from_millis(100),
    )
    .await;
    for (who, path) in [
        (&admin, format!("/t/{slug}")),
        (&anonymous, format!("/p/{slug}")),
    ] {
        let list = prize_section(&who.get(&path).await.body);
        for name in [&first.2, &second.2, &third.2] {
            assert!(list.contains(name.as_str()), "{path}: {name} in {list}");
        }
        assert_eq!(list.matches("27,00 €").count(), 2, "{path}: {list}");
        assert_eq!(list.matches("(geteilt)").count(), 2, "{path}: {list}");
        assert!(list.contains("Rest im Topf: 0,00 €"), "{list}");
    }
    // Finished: the scheme stays as it is.
    let late = set_prizes(&admin, &slug, &[("prize_fee", "30")]).await;
    assert_eq!(late.status, StatusCode::BAD_REQUEST);
    assert!(
        late.body.contains("Das Turnier ist abgeschlossen"),
        "{}",
        late.body
    );

    let pdf = pdf_text(
        &download(&admin, &format!("/t/{slug}/report.pdf"))
            .await
            .bytes,
    );
    assert!(pdf.contains("Preisliste"), "{pdf}");
    assert!(
        pdf.contains("Topf 108,00 €") && pdf.contains("Rest im Topf: 0,00 €"),
        "{pdf}"
    );
    assert!(
        pdf.contains(&format!("{} 54,00 € Speckbrett", first.2)),
        "{pdf}"
    );
    assert!(
        pdf.contains(&format!("{} (geteilt) 27,00 € Schnaps", second.2)),
        "{pdf}"
    );

    exports_carry_the_list(&admin, &slug, [first, second, third]).await;
}

/// The CSV (both separators), the XLSX sheet and the tournament file.
async fn exports_carry_the_list(admin: &Browser, slug: &str, winners: [&(u32, String, String); 3]) {
    let csv = download(admin, &format!("/t/{slug}/prizes.csv?sep=semicolon")).await;
    let text = String::from_utf8(csv.bytes).unwrap();
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Platz;ID;Name;Preis;Sachpreis;geteilt"));
    assert_eq!(
        lines.next().unwrap(),
        format!("1;{};{};54,00;Speckbrett;", winners[0].1, winners[0].2)
    );
    assert_eq!(
        lines.next().unwrap(),
        format!("2;{};{};27,00;Schnaps;geteilt", winners[1].1, winners[1].2)
    );
    assert!(text.contains("\nTopf;108,00\n"), "{text}");
    let comma = download(admin, &format!("/t/{slug}/prizes.csv")).await;
    let comma = String::from_utf8(comma.bytes).unwrap();
    assert!(comma.contains(",27.00,Kartenspiel,geteilt"), "{comma}");

    let xlsx = download(admin, &format!("/t/{slug}/results.xlsx")).await;
    let mut wb: Xlsx<_> = Xlsx::new(std::io::Cursor::new(xlsx.bytes)).unwrap();
    assert_eq!(wb.sheet_names()[1], "Preisliste");
    let sheet = wb.worksheet_range("Preisliste").unwrap();
    assert_eq!(
        sheet.get_value((1, 2)),
        Some(&Data::String(winners[0].2.clone()))
    );
    assert_eq!(sheet.get_value((1, 3)), Some(&Data::Float(54.0)));
    assert_eq!(sheet.get_value((2, 3)), Some(&Data::Float(27.0)));

    // The tournament file carries the scheme, so an import computes the same list.
    let file = download(admin, &format!("/t/{slug}/tournament.json")).await;
    let file: Value = serde_json::from_slice(&file.bytes).unwrap();
    let scheme: PrizeScheme = serde_json::from_value(file["settings"]["prizes"].clone()).unwrap();
    assert_eq!(scheme.entry_fee, 2_000);
    assert_eq!(scheme.deduction, Some(Amount::Cents(1_200)));
    assert_eq!(scheme.paid_percent, Some(50));
}
