//! The player's page `/spieler/{id}`: both evenings of one `players` row with date, name and
//! club, place and points, and the Watten figures read from the referee's reports (games,
//! Bummerl, Schneider); linked from the club's page and the entrant pages.

use super::{CLUB, NAMES, two_evenings};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;

both_backends!(
    a_player_s_page_lists_both_evenings_with_place_points_and_watten_figures,
    the_club_page_and_the_entrant_pages_link_the_player_s_page
);

async fn a_player_s_page_lists_both_evenings_with_place_points_and_watten_figures(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let (first, second) = two_evenings(&app).await;
    let id = first.players[0];
    assert_eq!(second.players[0], id, "one players row in both evenings");
    let visitor = app.browser();
    let res = visitor.get(&format!("/spieler/{id}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let page = &res.body;
    assert!(
        page.contains(&format!("<h1 id=\"player-name\">{}</h1>", NAMES[0])),
        "{page}"
    );
    assert!(
        page.contains("<title>Annamirl Huberbauer · kartl</title>"),
        "{page}"
    );
    // Latest first: the Adventwatten (28.11.) before the Kathreinwatten (21.11.).
    let advent = page.find("Adventwatten").expect("second evening listed");
    let kathrein = page.find("Kathreinwatten").expect("first evening listed");
    assert!(advent < kathrein, "latest first");
    assert!(page.contains(&format!("28.11.2026 · {CLUB}")), "{page}");
    assert!(page.contains(&format!("21.11.2026 · {CLUB}")), "{page}");
    // Their team is t1 in both; it won its game 15:0 where it sat on side A, else lost it.
    // Two tables, each won by side A: the winners take places 1 and 2, the losers 3 and 4.
    for (evening, name) in [(&first, "Kathreinwatten"), (&second, "Adventwatten")] {
        let entry = page
            .split("class=\"player-entry\"")
            .find(|e| e.contains(name))
            .expect("the evening's entry");
        let won = evening.won("t1");
        let places = if won {
            ["Platz 1 ", "Platz 2 "]
        } else {
            ["Platz 3 ", "Platz 4 "]
        };
        assert!(
            places.iter().any(|p| entry.contains(p)),
            "{places:?}: {entry}"
        );
        let games = if won {
            "1 Spiel gewonnen, 0 verloren"
        } else {
            "0 Spiele gewonnen, 1 verloren"
        };
        assert!(entry.contains(games), "{games}: {entry}");
        assert!(
            entry.contains(&format!("Team: {} / {}", NAMES[0], NAMES[1])),
            "{entry}"
        );
    }
    let won = [&first, &second].iter().filter(|e| e.won("t1")).count();
    let lost = 2 - won;
    let games = |n: usize| {
        if n == 1 {
            "1 Spiel".to_string()
        } else {
            format!("{n} Spiele")
        }
    };
    // Altogether: each game a Schneider of 2 Bummerl.
    let totals = &page[page.find("id=\"player-totals\"").expect("totals")..];
    assert!(
        totals.contains(&format!("{} gewonnen, {lost} verloren", games(won))),
        "{totals}"
    );
    assert!(
        totals.contains(&format!(
            "Bummerl: {} gewonnen, {} verloren",
            2 * won,
            2 * lost
        )),
        "{totals}"
    );
    assert!(
        totals.contains(&format!("Schneider: {won} gewonnen, {lost} verloren")),
        "{totals}"
    );
    // A visitor gets no forms and no privacy actions.
    assert!(
        !page.contains("player-privacy")
            && !page.contains("<form method=\"post\" action=\"/spieler")
    );
    // An unknown id and a malformed one do not exist.
    assert_eq!(
        visitor.get("/spieler/999999").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        visitor.get("/spieler/anna").await.status,
        StatusCode::NOT_FOUND
    );
}

async fn the_club_page_and_the_entrant_pages_link_the_player_s_page(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let (first, _) = two_evenings(&app).await;
    let visitor = app.browser();
    let href = format!("href=\"/spieler/{}\"", first.players[0]);
    let club = visitor.get(&format!("/c/{}", first.club_id)).await;
    assert!(club.body.contains(&href), "{}", club.body);
    assert!(club.body.contains(NAMES[0]), "{}", club.body);
    let team = visitor.get(&format!("/p/{}/entrants/t1", first.slug)).await;
    assert!(team.body.contains(&href), "{}", team.body);
}
