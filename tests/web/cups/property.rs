//! A property over random cups stored in the database: for every cup, the public page's
//! standings (its JSON) equal `tournament::cup::cup_standings` over the accepted, finished
//! evenings' own final standings as the API gives them (`/api/v1/tournaments/{slug}/standings`),
//! their entrants made register players and the players persons through the cup's links, all
//! read here from the database. Random: the member clubs, the evenings (2 or 4 teams, one or
//! two rounds, random winners and dates, equal dates too), accepted or refused or left
//! proposed, links across clubs, and the rules (points table or field less place, best N,
//! minimum, tie-breaks in random order). The seed is printed with a failure.
//!
//! The recomputation is this file's own ([`oracle`]), not `tournament::cup::cup_standings`
//! again: points looked up per place, the best N picked by sorting each person's evenings, a
//! rank counted as one more than the ranked people strictly ahead (their sort is the page's).
//! Compared per person (rank, points, every evening with its place, points and whether it
//! counted), and the page's order checked on its own: ranked people first, by rank.

use super::{Rng, act, club, create_cup, evening, organiser, secretary, store};
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use diesel::prelude::*;
use kartl::db::schema::tournaments;
use kartl::db::schema::{cup_evenings, cup_links, cups, team_members, teams, tournament_players};
use kartl::tournament::cup::{CupRules, CupTiebreak, PlacePoints};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;

both_backends!(random_cups_rank_as_cup_standings_over_the_evenings_own_final_standings);

const CASES: u64 = 4;

fn random_rules(rng: &mut Rng) -> CupRules {
    let points = if rng.chance(30) {
        PlacePoints::FieldLessPlace
    } else {
        let mut p: Vec<u32> = (0..1 + rng.below(5))
            .map(|_| 1 + rng.below(30) as u32)
            .collect();
        p.sort_unstable_by(|a, b| b.cmp(a));
        PlacePoints::Table(p)
    };
    let mut tiebreaks = vec![
        CupTiebreak::BetterPlaces,
        CupTiebreak::MoreEvenings,
        CupTiebreak::StruckPoints,
    ];
    for i in (1..tiebreaks.len()).rev() {
        tiebreaks.swap(i, rng.below(i as u64 + 1) as usize);
    }
    tiebreaks.truncate(rng.below(4) as usize);
    CupRules {
        points,
        best_of: rng.chance(60).then(|| 1 + rng.below(3) as u32),
        min_evenings: 1 + rng.below(2) as u32,
        tiebreaks,
    }
}

fn rules_form(rules: &CupRules, name: &str) -> Vec<(String, String)> {
    let tb = |i: usize| match rules.tiebreaks.get(i) {
        Some(CupTiebreak::BetterPlaces) => "better_places",
        Some(CupTiebreak::MoreEvenings) => "more_evenings",
        Some(CupTiebreak::StruckPoints) => "struck_points",
        None => "none",
    };
    let (kind, points) = match &rules.points {
        PlacePoints::FieldLessPlace => ("field", String::new()),
        PlacePoints::Table(t) => (
            "table",
            t.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
        ),
    };
    vec![
        ("name".into(), name.into()),
        ("game".into(), "watten".into()),
        ("points_kind".into(), kind.into()),
        ("points".into(), points),
        (
            "best_of".into(),
            rules.best_of.map(|n| n.to_string()).unwrap_or_default(),
        ),
        ("min_evenings".into(), rules.min_evenings.to_string()),
        ("tiebreak1".into(), tb(0).into()),
        ("tiebreak2".into(), tb(1).into()),
        ("tiebreak3".into(), tb(2).into()),
    ]
}

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

/// A random evening of `club`: 2 or 4 teams from the name pool, one or two rounds.
fn random_evening(rng: &mut Rng, n: usize) -> Value {
    let teams = if rng.chance(50) { 2 } else { 4 };
    let mut pool: Vec<&str> = NAMES.to_vec();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let pairs: Vec<[&str; 2]> = (0..teams).map(|t| [pool[2 * t], pool[2 * t + 1]]).collect();
    let mut w = || if rng.chance(50) { "A" } else { "B" };
    let rounds = if teams == 2 {
        vec![vec![(0, 1, w())]]
    } else {
        vec![
            vec![(0, 1, w()), (2, 3, w())],
            vec![(0, 2, w()), (1, 3, w())],
        ]
    };
    evening(&format!("Abend {n}"), &pairs, &rounds)
}

struct World {
    admin: Browser,
    org: Browser,
    clubs: Vec<(String, String, Browser)>,
}

async fn world(app: &TestApp) -> World {
    let admin = app.setup().await;
    let org = organiser(app, &admin, "Olga").await;
    let mut clubs = Vec::new();
    for (i, name) in ["SK Söll", "WC Kramsach", "Wattfreunde Angath"]
        .iter()
        .enumerate()
    {
        let id = club(&admin, name).await;
        let sec = secretary(app, &admin, &id, &format!("Sekretariat{i}")).await;
        clubs.push((name.to_string(), id, sec));
    }
    World { admin, org, clubs }
}

/// Builds one random cup through the forms; returns its slug and rules.
async fn random_cup(app: &TestApp, w: &World, rng: &mut Rng, case: u64) -> (String, CupRules) {
    let rules = random_rules(rng);
    let form = rules_form(&rules, &format!("Cup {case}"));
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let slug = create_cup(&w.org, &fields).await;
    let members: Vec<usize> = (0..3).filter(|_| rng.chance(80)).collect();
    let members = if members.len() < 2 {
        vec![0, 1]
    } else {
        members
    };
    for m in &members {
        let id = &w.clubs[*m].1;
        assert_eq!(
            act(&w.org, &slug, "clubs", &[("club", id)]).await,
            StatusCode::SEE_OTHER
        );
    }
    for n in 0..2 + rng.below(4) {
        let m = members[rng.below(members.len() as u64) as usize];
        let (club, _, sec) = &w.clubs[m];
        let date = format!("2026-0{}-1{}", 1 + rng.below(3), rng.below(2));
        let t = store(app, club, &date, &random_evening(rng, n as usize)).await;
        assert_eq!(
            act(sec, &slug, "evenings", &[("tournament", &t)]).await,
            StatusCode::SEE_OTHER
        );
        let decision = match rng.below(10) {
            0 => None,
            1 | 2 => Some("refuse"),
            _ => Some("accept"),
        };
        if let Some(d) = decision {
            let s = act(
                &w.org,
                &slug,
                "decide",
                &[("tournament", &t), ("decision", d)],
            )
            .await;
            assert_eq!(s, StatusCode::SEE_OTHER);
        }
    }
    random_links(app, w, rng, &slug).await;
    (slug, rules)
}

/// Links random pairs of the cup's players (refusals, e.g. of one club, are fine).
async fn random_links(app: &TestApp, w: &World, rng: &mut Rng, slug: &str) {
    let s = slug.to_string();
    let players: Vec<i32> = app
        .state
        .db
        .run(move |conn| {
            let cup: i32 = cups::table
                .filter(cups::slug.eq(s))
                .select(cups::id)
                .first(conn)?;
            let ts = cup_evenings::table
                .filter(cup_evenings::cup_id.eq(cup))
                .select(cup_evenings::tournament_id);
            Ok(tournament_players::table
                .filter(tournament_players::tournament_id.eq_any(ts))
                .select(tournament_players::player_id)
                .load(conn)?)
        })
        .await
        .unwrap();
    for _ in 0..rng.below(6) {
        let a = players[rng.below(players.len() as u64) as usize].to_string();
        let b = players[rng.below(players.len() as u64) as usize].to_string();
        let status = act(&w.org, slug, "links", &[("player", &a), ("person", &b)]).await;
        assert!(
            status == StatusCode::SEE_OTHER || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{status}"
        );
    }
}

/// The counted evenings (slug) in the cup's order, each entrant's register players, and the
/// links, read from the database.
type Stored = (
    Vec<String>,
    BTreeMap<(String, String), Vec<i32>>,
    BTreeMap<i32, i32>,
);

async fn stored(app: &TestApp, slug: &str) -> Stored {
    let s = slug.to_string();
    app.state
        .db
        .run(move |conn| {
            let cup: i32 = cups::table
                .filter(cups::slug.eq(s))
                .select(cups::id)
                .first(conn)?;
            let mut evenings: Vec<(Option<String>, i32, String, i32)> = cup_evenings::table
                .inner_join(tournaments::table)
                .filter(cup_evenings::cup_id.eq(cup))
                .filter(cup_evenings::status.eq("accepted"))
                .filter(tournaments::status.eq("finished"))
                .select((
                    tournaments::date,
                    cup_evenings::id,
                    tournaments::slug,
                    tournaments::id,
                ))
                .load(conn)?;
            evenings.sort_by(|a, b| (a.0.is_none(), &a.0, a.1).cmp(&(b.0.is_none(), &b.0, b.1)));
            let mut entrants = BTreeMap::new();
            for (_, _, slug, id) in &evenings {
                let singles: Vec<(String, i32)> = tournament_players::table
                    .filter(tournament_players::tournament_id.eq(id))
                    .select((
                        tournament_players::entrant_id,
                        tournament_players::player_id,
                    ))
                    .load(conn)?;
                for (e, p) in singles {
                    entrants.insert((slug.clone(), e), vec![p]);
                }
                let members: Vec<(String, i32)> = teams::table
                    .inner_join(team_members::table)
                    .filter(teams::tournament_id.eq(id))
                    .order(team_members::position.asc())
                    .select((teams::entrant_id, team_members::player_id))
                    .load(conn)?;
                for (e, p) in members {
                    entrants
                        .entry((slug.clone(), e))
                        .or_insert_with(Vec::new)
                        .push(p);
                }
            }
            let links: Vec<(i32, i32)> = cup_links::table
                .filter(cup_links::cup_id.eq(cup))
                .select((cup_links::player_id, cup_links::person_id))
                .load(conn)?;
            let slugs = evenings.into_iter().map(|e| e.2).collect();
            Ok((slugs, entrants, links.into_iter().collect()))
        })
        .await
        .unwrap()
}

/// One counted evening as read back: its slug, its field (entrants ranked) and each person's
/// place.
type Places = (String, u32, Vec<(String, u32)>);

/// The evenings' own final standings as the API gives them, their entrants made persons.
async fn evenings_of(app: &TestApp, visitor: &Browser, slug: &str) -> Vec<Places> {
    let (slugs, entrants, links) = stored(app, slug).await;
    let person = |p: i32| links.get(&p).copied().unwrap_or(p).to_string();
    let mut evenings = Vec::new();
    for t in &slugs {
        let res = visitor
            .get(&format!("/api/v1/tournaments/{t}/standings"))
            .await;
        assert_eq!(res.status, StatusCode::OK);
        let rows: Value = serde_json::from_str(&res.body).unwrap();
        let rows = rows["standings"].as_array().unwrap();
        let mut places = Vec::new();
        for row in rows {
            let id = row["id"].as_str().unwrap().to_string();
            for p in &entrants[&(t.clone(), id)] {
                places.push((person(*p), row["rank"].as_u64().unwrap() as u32));
            }
        }
        evenings.push((t.clone(), rows.len() as u32, places));
    }
    evenings
}

/// The points a place earns under the rules (the issue: a table by place, or field less
/// place plus one; a place past the table earns nothing).
fn points_for(rules: &CupRules, place: u32, field: u32) -> i64 {
    match &rules.points {
        PlacePoints::Table(t) => t.get(place as usize - 1).map_or(0, |p| i64::from(*p)),
        PlacePoints::FieldLessPlace => i64::from(field) - i64::from(place) + 1,
    }
}

/// The cup standings recomputed from the evenings (see the module summary), per person:
/// `{rank, points, evenings}` as the page's JSON has them.
fn oracle(rules: &CupRules, evenings: &[Places]) -> BTreeMap<String, Value> {
    // Per person, the evenings in the cup's order: (slug, place, points).
    let mut people: BTreeMap<String, Vec<(String, u32, i64)>> = BTreeMap::new();
    for (slug, field, places) in evenings {
        for (who, place) in places {
            let line = (slug.clone(), *place, points_for(rules, *place, *field));
            people.entry(who.clone()).or_default().push(line);
        }
    }
    // Which evenings count: the best N by points; of equal points the earlier one.
    let counted: BTreeMap<&String, Vec<bool>> = people
        .iter()
        .map(|(who, lines)| {
            let mut best: Vec<usize> = (0..lines.len()).collect();
            best.sort_by_key(|i| (std::cmp::Reverse(lines[*i].2), *i));
            let n = rules.best_of.map_or(lines.len(), |n| n as usize);
            let flags = (0..lines.len()).map(|i| best[..n.min(lines.len())].contains(&i));
            (who, flags.collect())
        })
        .collect();
    let sum = |who: &String, counts: bool| -> i64 {
        people[who]
            .iter()
            .zip(&counted[who])
            .filter(|(_, c)| **c == counts)
            .map(|(l, _)| l.2)
            .sum()
    };
    // Smaller is better: minus the points, then each tie-break in the rules' order.
    let key = |who: &String| -> Vec<Vec<i64>> {
        let lines = &people[who];
        let mut key = vec![vec![-sum(who, true)]];
        for t in &rules.tiebreaks {
            key.push(match t {
                CupTiebreak::BetterPlaces => {
                    let mut places: Vec<i64> = lines.iter().map(|l| i64::from(l.1)).collect();
                    places.sort_unstable();
                    // Equal so far, the one with more places is ahead.
                    places.push(i64::MAX);
                    places
                }
                CupTiebreak::MoreEvenings => vec![-(lines.len() as i64)],
                CupTiebreak::StruckPoints => vec![-sum(who, false)],
            });
        }
        key
    };
    let ranked = |who: &String| people[who].len() >= rules.min_evenings as usize;
    people
        .keys()
        .map(|who| {
            let rank = ranked(who).then(|| {
                1 + people
                    .keys()
                    .filter(|o| ranked(o) && key(o) < key(who))
                    .count()
            });
            let lines: Vec<Value> = people[who]
                .iter()
                .zip(&counted[who])
                .map(|(l, c)| json!({"evening": l.0, "place": l.1, "points": l.2, "counted": c}))
                .collect();
            let row = json!({"rank": rank, "points": sum(who, true), "evenings": lines});
            (who.clone(), row)
        })
        .collect()
}

/// The page's order: ranked people first, by rank.
fn in_rank_order(page: &[Value]) -> bool {
    let ranks: Vec<Option<u64>> = page.iter().map(|l| l["rank"].as_u64()).collect();
    ranks.windows(2).all(|w| match (w[0], w[1]) {
        (Some(a), Some(b)) => a <= b,
        (None, Some(_)) => false,
        _ => true,
    })
}

async fn random_cups_rank_as_cup_standings_over_the_evenings_own_final_standings(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let w = world(&app).await;
    let visitor = app.browser();
    let seed = std::env::var("KARTL_CUP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_cafe_u64);
    for case in 0..CASES {
        let mut rng = Rng::for_case(seed, case);
        let (slug, rules) = random_cup(&app, &w, &mut rng, case).await;
        let res = visitor.get(&format!("/cup/{slug}/standings.json")).await;
        assert_eq!(res.status, StatusCode::OK);
        let page: Value = serde_json::from_str(&res.body).unwrap();
        let page = page["standings"].as_array().unwrap();
        assert!(in_rank_order(page), "seed {seed}, case {case}: {page:?}");
        let shown: BTreeMap<String, Value> = page
            .iter()
            .map(|l| {
                let id = l["id"].as_str().unwrap().to_string();
                let row = json!({"rank": l["rank"], "points": l["points"],
                                 "evenings": l["evenings"]});
                (id, row)
            })
            .collect();
        let evenings = evenings_of(&app, &visitor, &slug).await;
        let expected = oracle(&rules, &evenings);
        assert_eq!(shown, expected, "seed {seed}, case {case}, rules {rules:?}");
    }
    let _ = &w.admin;
}
