//! A 10-team Watten evening on a 412 px phone, run by the secretary's taps to "Endstand":
//! round 1 drawn, one deal voided with a reason, round 1 closed past the close warning, one
//! team withdrawn, one late team entered, round 2 drawn and closed past the warning,
//! "Turnier abschließen"; then the public page says "Endstand" and its order agrees with the
//! PDF report (lopdf) and the XLSX (calamine). Most deals are seeded through the fixture to
//! keep it short.

use crate::common::fixture::deal;
use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, tournament};
use calamine::{Data, Reader, Xlsx};
use kartl::rules::Game;
use kartl::service::Actor;
use serde_json::json;

const TEAMS: [&str; 10] = [
    "Adler", "Biber", "Dachs", "Eule", "Fuchs", "Gams", "Hirsch", "Igel", "Luchs", "Marder",
];
const LATE: &str = "Otter";

/// Seeds three deals at each of tables 1 to `tables` of `round`; the winner side and points
/// vary by table, so the standings are not one big tie.
async fn seed_round(app: &crate::common::TestApp, slug: &str, round: i32, tables: i32) {
    for table in 1..=tables {
        for no in 0..3 {
            let winner = if (table + no + round) % 3 == 0 {
                "B"
            } else {
                "A"
            };
            let record = json!({"winner": winner, "points": 2 + (table + no) % 3});
            app.record_at(
                Actor::command_line(),
                (slug, round, table),
                deal(no, record),
            )
            .await;
        }
    }
}

/// The entrant ids seated in round `round`, all tables together.
async fn round_seats(app: &crate::common::TestApp, slug: &str, round: usize) -> Vec<String> {
    let slug = slug.to_string();
    let detail = app
        .state
        .db
        .run(move |conn| {
            kartl::service::tournaments::get(conn, Some(&Actor::command_line()), &slug)
        })
        .await
        .unwrap();
    detail.rounds[round - 1]
        .tables
        .iter()
        .flat_map(|t| t.seats.clone())
        .collect()
}

/// Taps the submit button of `form`, saying yes to its `data-confirm` question.
async fn confirm_tap(s: &Session, form: &str) {
    s.execute("window.confirm = function () { return true; };", json!([]))
        .await;
    s.execute("window.kartlBefore = true;", json!([])).await;
    s.tap(&format!("{form} button[type=submit]")).await;
    // Wait for the answer's page (the marker is gone with the old page).
    let started = std::time::Instant::now();
    while s
        .execute("return window.kartlBefore === true;", json!([]))
        .await
        == json!(true)
    {
        assert!(started.elapsed().as_secs() < 10, "{form}: no answer page");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// The public standings' names, top to bottom.
async fn public_order(s: &Session) -> Vec<String> {
    let names = s
        .execute(
            "return Array.from(document.querySelectorAll('.pub-standings tbody tr td:nth-child(2) a'))
                 .map(function (a) { return a.textContent.trim(); });",
            json!([]),
        )
        .await;
    serde_json::from_value(names).unwrap()
}

/// The order in which `names` first appear in `text` after `from`.
fn order_in(text: &str, from: &str, names: &[String]) -> Vec<String> {
    let start = text
        .find(from)
        .unwrap_or_else(|| panic!("{from:?} in {text}"));
    let rest = &text[start..];
    let mut at: Vec<(usize, String)> = names
        .iter()
        .map(|n| {
            (
                rest.find(n.as_str())
                    .unwrap_or_else(|| panic!("{n} in {rest}")),
                n.clone(),
            )
        })
        .collect();
    at.sort();
    at.into_iter().map(|(_, n)| n).collect()
}

/// Closes round `n` from its page: the warning names the unfinished table 5, then "close
/// anyway" closes it.
async fn close_past_warning(s: &Session, base: &str, slug: &str, n: u32) {
    s.goto(&format!("{base}/t/{slug}/rounds/{n}")).await;
    let form = format!("form[action='/t/{slug}/rounds/{n}/close']:not(#close-anyway)");
    confirm_tap(s, &form).await;
    let warning = s.wait_for("#close-warning").await;
    assert!(s.text(&warning).await.contains('5'), "table 5 is not done");
    confirm_tap(s, "#close-anyway").await;
    s.wait_for("#round-heading .status.closed").await;
}

/// The PDF report's text and the XLSX "Endstand" sheet's first `rows` names.
async fn exported_orders(
    admin: &crate::common::Browser,
    slug: &str,
    rows: usize,
) -> (String, Vec<String>) {
    let get = |what: &str| admin.client.get(admin.url(&format!("/t/{slug}/{what}")));
    let bytes = get("report.pdf")
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    let bytes = get("results.xlsx")
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let mut wb: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let sheet = wb.worksheet_range("Endstand").unwrap();
    let names = (1..=rows)
        .map(|r| match sheet.get((r, 2)) {
            Some(Data::String(n)) => n.clone(),
            other => panic!("row {r}: {other:?}"),
        })
        .collect();
    (text, names)
}

/// On the field page: withdraws the first team listed, enters the late team; answers the
/// withdrawn team's form id (`withdraw-{id}`).
async fn withdraw_one_enter_late(s: &Session, entrants: &str) -> String {
    s.goto(entrants).await;
    s.wait_for("#field-add").await;
    s.execute(
        "document.querySelectorAll('details').forEach(function (d) { d.open = true; });",
        json!([]),
    )
    .await;
    let withdraw = s.find("form[id^='withdraw-']").await;
    let withdrawn_id = s.attribute(&withdraw, "id").await.unwrap();
    confirm_tap(s, &format!("#{withdrawn_id}")).await;
    s.wait_for("#field-add").await;
    s.fill("#field-add input[name=name]", LATE).await;
    s.fill("#field-add input[name=member1]", "Spieler 21").await;
    s.fill("#field-add input[name=member2]", "Spieler 22").await;
    s.tap("#field-add button[type=submit]").await;
    s.wait_for_text(LATE).await;
    withdrawn_id
}

#[tokio::test]
async fn a_ten_team_watten_evening_ends_with_the_same_endstand_on_page_pdf_and_xlsx() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let admin = app.browser();
    admin.login(ADMIN, ADMIN_PASSWORD).await;
    let t = tournament(
        &app,
        Spec {
            players: (1..=20).map(|i| format!("Spieler {i}")).collect(),
            team_names: TEAMS.iter().map(|n| n.to_string()).collect(),
            cards: false,
            ..Spec::new(Game::Watten)
        },
    )
    .await;
    let slug = t.slug.clone();
    // Round 1: five tables; table 5 gets no deals, so closing warns.
    seed_round(&app, &slug, 1, 4).await;

    s.goto(&format!("{}/login", app.base)).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;

    // The voided deal: table 1's third deal never happened.
    let url = |path: &str| format!("{}/t/{slug}{path}", app.base);
    s.goto(&url("/rounds/1/tables/1/deals/3")).await;
    s.wait_for("#void-form").await;
    s.fill(
        "#void-reason",
        "Doppelt eingetragen, das Spiel gab es nicht",
    )
    .await;
    confirm_tap(&s, "#void-form").await;
    s.goto(&url("/audit")).await;
    s.wait_for_text("Doppelt eingetragen, das Spiel gab es nicht")
        .await;

    // Round 1 closed: the warning names the unfinished table, then "close anyway".
    close_past_warning(&s, &app.base, &slug, 1).await;

    // One team withdrawn, one late team entered.
    let withdrawn_id = withdraw_one_enter_late(&s, &url("/entrants")).await;

    // Round 2: still ten teams at five tables; again table 5 left open.
    s.goto(&url("")).await;
    confirm_tap(&s, &format!("form[action='/t/{slug}/rounds']")).await;
    s.goto(&url("/rounds/2")).await;
    s.wait_for("#round-heading").await;
    let round2 = s.body_text().await;
    assert!(
        round2.contains(LATE),
        "the late team plays round 2: {round2}"
    );
    // The draw seats every present team once and never the withdrawn one.
    let withdrawn = withdrawn_id.trim_start_matches("withdraw-").to_string();
    let seats = round_seats(&app, &slug, 2).await;
    assert_eq!(seats.len(), 10, "ten teams seated: {seats:?}");
    assert!(
        !seats.contains(&withdrawn),
        "{withdrawn} is seated: {seats:?}"
    );
    seed_round(&app, &slug, 2, 4).await;
    close_past_warning(&s, &app.base, &slug, 2).await;

    // "Turnier abschließen".
    s.goto(&url("")).await;
    confirm_tap(&s, "#finish-form").await;
    let state = s.wait_for("#finish-state").await;
    assert!(s.text(&state).await.contains("Endstand"));

    // The public page, the PDF report and the XLSX agree.
    s.goto(&format!("{}/p/{slug}", app.base)).await;
    s.wait_for(".pub-standings").await;
    assert!(s.body_text().await.contains("Endstand"));
    let page = public_order(&s).await;
    assert_eq!(
        page.len(),
        11,
        "ten teams, the withdrawn one, the late one: {page:?}"
    );
    assert!(page.iter().any(|n| n == LATE));

    let (pdf, xlsx) = exported_orders(&admin, &slug, page.len()).await;
    assert_eq!(order_in(&pdf, "Endstand", &page), page, "PDF: {pdf}");
    assert_eq!(xlsx, page, "XLSX");
    s.quit().await;
}
