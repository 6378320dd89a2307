//! The public pages show confirmed deals only, and nothing private (scorer link secrets, IPs,
//! audit reasons, who entered what).

use super::*;

both_backends!(public_pages_show_confirmed_deals_only_and_nothing_private);

/// Every public page of the tournament, by path.
async fn bodies(browser: &Browser, slug: &str, entrant: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in routes(slug, entrant) {
        let res = browser.get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
        out.push((path, res.body));
    }
    out
}

async fn public_pages_show_confirmed_deals_only_and_nothing_private(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = create(&app, true).await;
    let seats = seats(&app, &slug).await;
    let visitor = app.browser();
    // Side A leads 11:2 after four confirmed deals; a game is to 15.
    let game = [("A", 3), ("B", 2), ("A", 4), ("A", 4)];
    for (no, (winner, points)) in game.into_iter().enumerate() {
        let record = json!({"winner": winner, "points": points});
        deal(
            &app,
            &slug,
            no as i32,
            record,
            DealStatus::Confirmed,
            DealSource::Secretary,
        )
        .await;
    }
    let before = bodies(&visitor, &slug, &seats[0]).await;
    let sheet = &before[4].1;
    assert_eq!(
        sheet.matches("<li>").count() - seats.len(),
        4,
        "four deals: {sheet}"
    );
    assert!(before[0].1.contains("<td class=\"num\">0</td>"));
    // A scorer's deal that would win the game, waiting for confirmation: no public page changes.
    let winning = json!({"winner": "A", "points": 4});
    deal(
        &app,
        &slug,
        4,
        winning,
        DealStatus::Pending,
        DealSource::Scorer,
    )
    .await;
    let pending = bodies(&visitor, &slug, &seats[0]).await;
    assert_eq!(before, pending);
    // Confirmed, it counts: the standings, the live table, the sheet and the team's page change.
    confirm(&app, &slug, 4).await;
    settle().await;
    let after = bodies(&visitor, &slug, &seats[0]).await;
    for i in [0, 1, 3, 4, 5] {
        assert_ne!(before[i].1, after[i].1, "{} did not change", after[i].0);
    }
    let sheet = &after[4].1;
    assert_eq!(
        sheet.matches("<li>").count() - seats.len(),
        5,
        "five deals: {sheet}"
    );
    let leader = format!("entrants/{}\">", seats[0]);
    let first_row = after[0].1.split("<tbody>").nth(1).unwrap_or_default();
    assert!(
        first_row
            .trim_start()
            .starts_with("<tr><td class=\"num\">1</td><td class=\"pub-name\"><a href=\"/p/"),
        "{first_row}"
    );
    assert!(
        first_row
            .split("</tr>")
            .next()
            .unwrap_or_default()
            .contains(&leader),
        "{first_row}"
    );
    // Scorer links issued for the round: their secrets appear nowhere public.
    let now = app.clock.now();
    let target = slug.clone();
    let cards = app
        .state
        .db
        .run(move |conn| scoring::links::issue_cards(conn, &secretary_actor(), now, &target, 1))
        .await
        .unwrap();
    let mut all = bodies(&visitor, &slug, &seats[0]).await;
    all.extend(bodies(&visitor, &slug, &seats[1]).await);
    for (path, body) in &all {
        for card in &cards.cards {
            assert!(!body.contains(&card.token), "{path} shows a scorer link");
        }
        assert!(!body.contains("/score/"), "{path} links a scorer page");
        for secret in [REASON, IP, KEY, SECRETARY, "Zenzi"] {
            assert!(!body.contains(secret), "{path} shows {secret}");
        }
    }
    // What it does show: the teams and the sheet, in English too.
    assert!(all[0].1.contains("Mannschaft 1") && all[0].1.contains("Söll"));
    assert!(all[4].1.contains("<svg"));
    let english = app.browser();
    english.get("/lang/en").await;
    let page = english.get(&format!("/p/{slug}")).await;
    assert!(
        page.body.contains("Standings") && page.body.contains("Deutsch"),
        "{}",
        page.body
    );
    // The projector view: the live table in large type, no bar, no footer, no forms.
    let projector = &all[2].1;
    assert!(projector.contains("data-autoscroll") && projector.contains("data-live"));
    for control in ["class=\"bar\"", "<footer", "<form", "<button"] {
        assert!(!projector.contains(control), "projector shows {control}");
    }
}
