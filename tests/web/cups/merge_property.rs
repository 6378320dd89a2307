//! A property over random clubs' evenings on a real database (issue 28, "Done when": merging
//! two players and undoing it restores every standings table byte for byte). Each case is a
//! fresh club whose register holds one person twice, "Anna Huber" and the typo "Ana Huber"
//! (never in one evening, or the merge would be refused), in random evenings of 2 or 4 teams
//! with random winners over one or two rounds. All evenings are in a public season of the
//! club and in a cup. The tables read as a visitor reads them, in their export's bytes: each
//! evening's standings CSV, the API's standings and tournament file, the season's public page,
//! and the cup's standings CSV and JSON. The secretary merges the typo into Anna (her team in
//! the typo's evenings is renamed, the cup counts her once), the administrator undoes it, and
//! every table must be what it was before, byte for byte. The seed is printed with a failure
//! (`KARTL_MERGE_SEED` replays one).

use super::Rng;
use super::{act, club, create_cup, evening, organiser, secretary, store};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, between};
use diesel::prelude::*;
use kartl::db::schema::{clubs, players};
use reqwest::StatusCode;

both_backends!(merging_two_players_and_undoing_it_restores_every_table_byte_for_byte);

const CASES: u64 = 3;

const NAMES: [&str; 8] = [
    "Anna Huber",
    "Bert Maier",
    "Clara Egger",
    "Dieter Moser",
    "Eva Ranft",
    "Franz Berger",
    "Gerda Hauser",
    "Hans Lechner",
];

/// A random evening: 2 or 4 teams from the pool, one or two rounds, random winners; Anna
/// plays as `anna` (her name or its typo) whenever she is drawn, and at least the first
/// evening of each spelling has her.
fn random_evening(rng: &mut Rng, n: u64, anna: &str) -> serde_json::Value {
    let teams = if rng.below(2) == 0 { 2 } else { 4 };
    let mut pool: Vec<&str> = NAMES.to_vec();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i as u64 + 1) as usize);
    }
    // Anna always plays: she is swapped into the first team.
    let at = pool.iter().position(|p| *p == "Anna Huber").unwrap();
    pool.swap(at, rng.below(2) as usize);
    pool = pool
        .into_iter()
        .map(|p| if p == "Anna Huber" { anna } else { p })
        .collect();
    let pairs: Vec<[&str; 2]> = (0..teams).map(|t| [pool[2 * t], pool[2 * t + 1]]).collect();
    let two_rounds = rng.below(2) == 0;
    let mut w = || if rng.below(2) == 0 { "A" } else { "B" };
    let rounds = if teams == 2 {
        vec![vec![(0, 1, w())]]
    } else if !two_rounds {
        vec![vec![(0, 1, w()), (2, 3, w())]]
    } else {
        vec![
            vec![(0, 1, w()), (2, 3, w())],
            vec![(0, 2, w()), (1, 3, w())],
        ]
    };
    let mut file = evening(&format!("Abend {n}"), &pairs, &rounds);
    // Each team named by its players (as an empty team name becomes), so a merge renames
    // Anna's team in the typo's evenings, and the undo must name it back.
    for (t, pair) in pairs.iter().enumerate() {
        file["teams"][t]["name"] = serde_json::json!(pair.join(" / "));
    }
    file
}

/// Every table of the case as a visitor downloads it, in a fixed order.
async fn tables(visitor: &Browser, evenings: &[String], season: &str, cup: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for slug in evenings {
        paths.push(format!("/t/{slug}/standings.csv"));
        paths.push(format!("/api/v1/tournaments/{slug}/standings"));
        paths.push(format!("/api/v1/tournaments/{slug}/export.json"));
    }
    paths.push(format!("/seasons/{season}/standings"));
    paths.push(format!("/cup/{cup}/standings.csv"));
    paths.push(format!("/cup/{cup}/standings.json"));
    let mut out = Vec::new();
    for path in paths {
        let res = visitor.get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.body);
        out.push(format!("{path}\n{}", res.body));
    }
    out
}

/// The register record named `name` of the club `club`.
async fn record_of(app: &TestApp, club: &str, name: &str) -> i32 {
    let (club, name) = (club.to_string(), name.to_string());
    app.state
        .db
        .run(move |conn| {
            Ok(players::table
                .inner_join(clubs::table)
                .filter(clubs::name.eq(club))
                .filter(players::name.eq(name))
                .filter(players::merged_into.is_null())
                .select(players::id)
                .first::<i32>(conn)?)
        })
        .await
        .unwrap()
}

/// A public season of all `evenings`, through the club secretary's forms; its slug.
async fn season_of(sepp: &Browser, evenings: &[String]) -> String {
    let res = sepp
        .submit(
            "/seasons",
            "/seasons",
            &[("name", "Vereinsmeisterschaft"), ("counting", "all")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let season = res
        .location()
        .unwrap()
        .trim_start_matches("/seasons/")
        .to_string();
    let page = format!("/seasons/{season}");
    for t in evenings {
        let res = sepp
            .submit(&page, &format!("{page}/add"), &[("tournament", t)])
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    }
    let res = sepp
        .submit(&page, &format!("{page}/public"), &[("public", "1")])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    season
}

/// A cup of the club with all `evenings`, proposed by the secretary and accepted; its slug.
async fn cup_of(
    olga: &Browser,
    sepp: &Browser,
    club_id: &str,
    evenings: &[String],
    case: u64,
) -> String {
    let name = format!("Cup {case}");
    let fields = [
        ("name", name.as_str()),
        ("game", "watten"),
        ("points_kind", "table"),
        ("points", "10-7-5-3"),
        ("min_evenings", "1"),
        ("tiebreak1", "better_places"),
    ];
    let cup = create_cup(olga, &fields).await;
    assert_eq!(
        act(olga, &cup, "clubs", &[("club", club_id)]).await,
        StatusCode::SEE_OTHER
    );
    for t in evenings {
        let proposed = act(sepp, &cup, "evenings", &[("tournament", t)]).await;
        assert_eq!(proposed, StatusCode::SEE_OTHER);
        let accepted = act(
            olga,
            &cup,
            "decide",
            &[("tournament", t), ("decision", "accept")],
        )
        .await;
        assert_eq!(accepted, StatusCode::SEE_OTHER);
    }
    cup
}

async fn merging_two_players_and_undoing_it_restores_every_table_byte_for_byte(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let olga = organiser(&app, &admin, "Olga").await;
    let visitor = app.browser();
    let seed = std::env::var("KARTL_MERGE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x0dd_ba11_u64);
    for case in 0..CASES {
        let mut rng = Rng::for_case(seed, case);
        let club_name = format!("Verein {case}");
        let club_id = club(&admin, &club_name).await;
        let sepp = secretary(&app, &admin, &club_id, &format!("Sekretariat{case}")).await;
        let mut evenings = Vec::new();
        for n in 0..2 + rng.below(3) {
            // The first evening has Anna, the second her typo, the rest either.
            let anna = match n {
                0 => "Anna Huber",
                1 => "Ana Huber",
                _ if rng.below(2) == 0 => "Anna Huber",
                _ => "Ana Huber",
            };
            let date = format!("2026-0{}-1{}", 1 + rng.below(3), rng.below(10));
            let file = random_evening(&mut rng, n, anna);
            evenings.push(store(&app, &club_name, &date, &file).await);
        }
        let season = season_of(&sepp, &evenings).await;
        let cup = cup_of(&olga, &sepp, &club_id, &evenings, case).await;
        let before = tables(&visitor, &evenings, &season, &cup).await;

        let anna = record_of(&app, &club_name, "Anna Huber").await;
        let ana = record_of(&app, &club_name, "Ana Huber").await;
        let res = sepp
            .submit(
                &format!("/register/{anna}"),
                &format!("/register/{anna}/merge"),
                &[("other", &ana.to_string())],
            )
            .await;
        assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
        let merged = tables(&visitor, &evenings, &season, &cup).await;
        // Not vacuous: the merge renamed Anna's team in the typo's first evening (its
        // standings CSV) and made her one person in the cup (its JSON, the last table).
        assert_ne!(merged[3], before[3], "seed {seed}, case {case}");
        assert_ne!(merged.last(), before.last(), "seed {seed}, case {case}");
        undo_last_merge(&app, &admin, anna).await;
        let after = tables(&visitor, &evenings, &season, &cup).await;
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(a, b, "seed {seed}, case {case}");
        }
    }
}

/// The administrator undoes the club's last merge from the register's page.
async fn undo_last_merge(app: &TestApp, admin: &Browser, anna: i32) {
    let club_id = app
        .state
        .db
        .run(move |conn| {
            Ok(players::table
                .find(anna)
                .select(players::club_id)
                .first::<i32>(conn)?)
        })
        .await
        .unwrap();
    let page = format!("/register?club={club_id}");
    let list = admin.get(&page).await;
    let merge = between(&list.body, "id=\"merge-", "\"").expect("the merge on the page");
    let res = admin
        .submit(&page, "/register/undo", &[("merge", &merge)])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}
