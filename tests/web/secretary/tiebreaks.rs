//! Tie-breaks as a setting (docs/reference/tournaments.md, "Tie-breaks"): a worked example of
//! four Watten teams whose standings change with the chosen order. Round 1: side A wins
//! table 1 15:12 (5 deals to 4) and table 2 15:9 (5 deals to 3). By the default order
//! (Bummerl difference) the winners share rank 1 and the losers rank 3; by "deals won, then
//! lot" table 1's loser (4 deals) ranks 3 before table 2's (3), and the lot separates the
//! winners for good. The
//! order shows in words on the secretary's page and the public page, as columns in the CSV;
//! export -> the file's standings agree; a list the format does not offer is refused with a 400.

use super::{secretary, stored};
use crate::both_backends;
use crate::common::fixture::{self, Spec};
use crate::common::{Backend, TestApp};
use crate::exports::OWN_CLUB;
use kartl::clock::Clock;
use kartl::rules::{Game, Lang};
use kartl::service::{Actor, tournaments};
use kartl::tournament::file::TournamentFile;
use kartl::tournament::standings::Column;
use reqwest::StatusCode;
use serde_json::{Value, json};

both_backends!(the_order_of_the_standings_is_a_setting);

/// `a` deals won by B, then five by A (3 points each): A wins 15 : 3a.
fn deals(b_first: usize) -> Vec<Value> {
    let d = |w: &str| json!({"winner": w, "points": 3});
    (0..b_first)
        .map(|_| d("B"))
        .chain((0..5).map(|_| d("A")))
        .collect()
}

/// The fixture's Watten evening for the test club (four teams, round 1 drawn with seed 3),
/// with table 1 won 15:12 by side A and table 2 won 15:9 by side A. Returns the slug and the
/// seats of round 1.
async fn evening(app: &TestApp) -> (String, Vec<Vec<String>>) {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let spec = Spec {
                club: OWN_CLUB.into(),
                ..Spec::new(Game::Watten)
            };
            let built = fixture::build(conn, now, &spec)?;
            fixture::seed(conn, now, built.tables[0], deals(4))?;
            fixture::seed(conn, now, built.tables[1], deals(3))?;
            Ok((built.slug, built.seats))
        })
        .await
        .unwrap()
}

async fn standings(app: &TestApp, slug: &str) -> Vec<(u32, String)> {
    let file = stored(app, slug).await.file();
    let eval = tournaments::evaluate_file(&file, Lang::De).unwrap();
    (eval.standings.standings.iter())
        .map(|r| (r.rank, r.id.clone()))
        .collect()
}

async fn the_order_of_the_standings_is_a_setting(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let (slug, seats) = evening(&app).await;
    let overview = format!("/t/{slug}");
    let page = sepp.get(&overview).await;
    assert!(
        page.body
            .contains("Bei Gleichstand: Punkte, dann Bummerl-Differenz"),
        "{}",
        page.body
    );
    let ranks = |s: &[(u32, String)]| s.iter().map(|(r, _)| *r).collect::<Vec<_>>();
    assert_eq!(ranks(&standings(&app, &slug).await), [1, 1, 3, 3]);

    // Deals won, then the lot.
    let action = format!("/t/{slug}/tiebreaks");
    let res = sepp
        .submit(&overview, &action, &[("tb1", "deals_won"), ("tb2", "lot")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let after = standings(&app, &slug).await;
    assert_eq!(ranks(&after), [1, 2, 3, 4]);
    // The loser with 4 deals (table 1) before the loser with 3 (table 2).
    assert_eq!((&after[2].1, &after[3].1), (&seats[0][1], &seats[1][1]));
    // The lot is stored: the order is the same on every reload.
    let settings = stored(&app, &slug).await.tournament.settings.unwrap();
    assert_eq!(
        settings.tiebreaks,
        Some(vec![Column::DealsWon, Column::Lot])
    );
    let seed = settings.lot_seed.expect("a stored lot seed");
    assert_eq!(standings(&app, &slug).await, after);

    let words = "Bei Gleichstand: Punkte, dann Spielsiege, dann Los";
    let page = sepp.get(&overview).await;
    assert!(page.body.contains(words), "{}", page.body);
    assert!(page.body.contains("<th class=\"num\">Los</th>"));
    let public = app.browser().get(&format!("/p/{slug}")).await;
    assert!(public.body.contains(words), "{}", public.body);
    let csv = sepp.get(&format!("/t/{slug}/standings.csv")).await;
    assert!(
        csv.body.contains("Platz,ID,Name,Punkte,Spielsiege,Los"),
        "{}",
        csv.body
    );

    // The JSON export carries the order and its seed; its standings are the page's.
    let export = sepp
        .get(&format!("/api/v1/tournaments/{slug}/export.json"))
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.body);
    let back = TournamentFile::parse(&export.body).unwrap();
    assert_eq!(back.settings().lot_seed, Some(seed));
    let eval = kartl::tournament::evaluate::evaluate(&back, Lang::De).unwrap();
    let ids: Vec<(u32, String)> = (eval.standings.standings.iter())
        .map(|r| (r.rank, r.id.clone()))
        .collect();
    assert_eq!(ids, after);

    // Choosing the lot again keeps its seed; the change is audited.
    let res = sepp.submit(&overview, &action, &[("tb1", "lot")]).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let settings = stored(&app, &slug).await.tournament.settings.unwrap();
    assert_eq!(settings.lot_seed, Some(seed));
    let s = slug.clone();
    let log = app
        .state
        .db
        .run(move |conn| tournaments::audit_log(conn, &Actor::command_line(), &s))
        .await
        .unwrap();
    let set: Vec<&str> = (log.iter())
        .filter(|e| e.action == "tiebreaks_set")
        .map(|e| e.detail.as_str())
        .collect();
    assert_eq!(set.len(), 2, "{set:?}");
    assert!(
        set[0].contains("\"before\":[\"bummerl_difference\"]"),
        "{}",
        set[0]
    );

    // What the format does not offer, or twice: 400, in words, nothing stored.
    for fields in [
        [("tb1", "counts"), ("tb2", "")],
        [("tb1", "lot"), ("tb2", "lot")],
        [("tb1", "coin"), ("tb2", "")],
    ] {
        let res = sepp.submit(&overview, &action, &fields).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
        assert!(res.body.contains("Die Reihung wurde nicht gespeichert"));
    }
    let settings = stored(&app, &slug).await.tournament.settings.unwrap();
    assert_eq!(settings.tiebreaks, Some(vec![Column::Lot]));
}
