//! Knockout finals from the overview: four Watten teams play two rounds; when both are
//! closed, the finals of the best 4 are drawn by seed (1 v 4, 2 v 3); after the semi-final
//! round is closed, the final and the match for third place; the bracket shows the winners.

use super::{confirmed_deal, create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use kartl::service::Actor;
use kartl::service::tournaments;
use reqwest::StatusCode;
use serde_json::json;

both_backends!(finals_of_the_best_four_follow_the_seeds);

/// Side A wins one game to 15 at every table of round `n`.
async fn a_wins_everywhere(app: &TestApp, slug: &str, n: i32) {
    let d = stored(app, slug).await;
    let round = &d.rounds[n as usize - 1];
    for t in &round.tables {
        for i in 0..5 {
            let deal = json!({"winner": "A", "points": 3});
            confirmed_deal(app, slug, n, t.number, i, deal).await;
        }
    }
}

async fn close(sepp: &Browser, slug: &str, n: i32) {
    let round = format!("/t/{slug}/rounds/{n}");
    let res = sepp.submit(&round, &format!("{round}/close"), &[]).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn finals_of_the_best_four_follow_the_seeds(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let slug = create(
        &sepp,
        &[
            ("name", "Wattturnier mit Finale"),
            ("date", "2026-11-21"),
            ("game", "watten"),
        ],
    )
    .await;
    let teams = "Spitzbuam;Anna;Bert\nGrasober;Cilli;Dora\nKartler;Emil;Franz\nWeli;Gerti;Hans\n";
    let res = sepp
        .submit(
            &format!("/t/{slug}/entrants"),
            &format!("/t/{slug}/import"),
            &[("list", teams)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    let overview = format!("/t/{slug}");
    for n in 1..=2 {
        let res = sepp
            .submit(&overview, &format!("/t/{slug}/rounds"), &[])
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
        a_wins_everywhere(&app, &slug, n).await;
        if n == 1 {
            // No finals form while a round is open.
            assert!(
                !sepp
                    .get(&overview)
                    .await
                    .body
                    .contains("Finalrunde auslosen")
            );
        }
        close(&sepp, &slug, n).await;
    }
    let page = sepp.get(&overview).await;
    assert!(
        page.body.contains("Finalrunde auslosen: beste"),
        "{}",
        page.body
    );

    let s = slug.clone();
    let seeds: Vec<String> = app
        .state
        .db
        .run(move |conn| {
            tournaments::standings(
                conn,
                Some(&Actor::command_line()),
                &s,
                kartl::rules::Lang::De,
            )
        })
        .await
        .unwrap()
        .standings
        .standings
        .iter()
        .map(|r| r.id.clone())
        .collect();
    let res = sepp
        .submit(&overview, &format!("/t/{slug}/finals"), &[("n", "4")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(res.location(), Some(format!("/t/{slug}/rounds/3").as_str()));
    let d = stored(&app, &slug).await;
    let semis: Vec<Vec<String>> = d.rounds[2].tables.iter().map(|t| t.seats.clone()).collect();
    assert!(d.rounds[2].knockout);
    assert_eq!(
        semis,
        [
            vec![seeds[0].clone(), seeds[3].clone()],
            vec![seeds[1].clone(), seeds[2].clone()]
        ]
    );
    let page = sepp.get(&overview).await;
    assert!(page.body.contains("Halbfinale"), "{}", page.body);
    assert!(!page.body.contains("Nächste Finalstufe"));

    // The better seeds win the semi-finals; then the final and the match for third place.
    a_wins_everywhere(&app, &slug, 3).await;
    close(&sepp, &slug, 3).await;
    let page = sepp.get(&overview).await;
    assert!(page.body.contains("keine weiteren Vorrunden"));
    assert!(
        page.body.contains("Nächste Finalstufe auslosen"),
        "{}",
        page.body
    );
    let res = sepp
        .submit(&overview, &format!("/t/{slug}/finals"), &[])
        .await;
    assert_eq!(res.location(), Some(format!("/t/{slug}/rounds/4").as_str()));
    let d = stored(&app, &slug).await;
    let mut last: Vec<Vec<String>> = d.rounds[3].tables.iter().map(|t| t.seats.clone()).collect();
    last.sort();
    let mut want = vec![
        vec![seeds[0].clone(), seeds[1].clone()],
        vec![seeds[3].clone(), seeds[2].clone()],
    ];
    want.sort();
    assert_eq!(last, want, "final 1 v 2, third place the semi-final losers");
    a_wins_everywhere(&app, &slug, 4).await;
    close(&sepp, &slug, 4).await;
    let page = sepp.get(&overview).await;
    let name_of = |id: &str| {
        d.teams
            .iter()
            .find(|t| t.entrant_id == id)
            .unwrap()
            .name
            .clone()
    };
    let final_row = format!(
        "<td>Finale</td><td>{} – {}</td><td>{}</td>",
        name_of(&seeds[0]),
        name_of(&seeds[1]),
        name_of(&seeds[0])
    );
    assert!(page.body.contains(&final_row), "{final_row}: {}", page.body);
    assert!(page.body.contains("Spiel um Platz 3"));
    assert!(!page.body.contains("Nächste Finalstufe auslosen"));
    // A refused draw says why, in the page's words.
    let res = sepp
        .submit(&overview, &format!("/t/{slug}/finals"), &[])
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.body
            .contains("Die Finalrunde kann nicht ausgelost werden")
    );
}
