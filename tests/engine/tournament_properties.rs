//! Properties of the tournament engine, checked on random fields and histories: draws seat
//! everyone exactly once, avoid repeat opponents whenever brute force shows it possible, and
//! repeat for the same seed; standings are sorted, give equal rank exactly to equal keys, and
//! do not depend on the order of their input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::rules::{Game, Pair, Side};
use kartl::tournament::draw::{self, Draw, History, Layout};
use kartl::tournament::format::{Fill, Scheme, session_plan};
use kartl::tournament::standings::{
    self, GameResult, Meeting, RoundResults, Row, SeatResult, SessionResults,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn ids(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("e{i:02}")).collect()
}

/// Tables of three (sessions) or of two sides (rounds) for n entrants, and the byes.
pub fn shape(n: usize, threes: bool) -> (Vec<Layout>, usize) {
    if threes {
        (vec![vec![1, 1, 1]; n / 3], n % 3)
    } else {
        (vec![vec![1, 1]; n / 2], n % 2)
    }
}

fn history(e: &[String], layouts: &[Layout], byes: usize, rounds: u64, seed: u64) -> History {
    let draws: Vec<Draw> = (0..rounds)
        .map(|r| draw::random(e, layouts, byes, seed ^ (r * 0x9e37)).unwrap())
        .collect();
    History::of(&draws)
}

fn each_once(d: &Draw, e: &[String], layouts: &[Layout], byes: usize) {
    let named: Vec<&String> = d.entrants().collect();
    let set: BTreeSet<&String> = named.iter().copied().collect();
    assert_eq!(named.len(), set.len(), "someone twice: {d:?}");
    assert_eq!(set, e.iter().collect::<BTreeSet<_>>());
    assert_eq!(d.byes.len(), byes);
    let shapes: Vec<Layout> = d
        .tables
        .iter()
        .map(|t| t.iter().map(Vec::len).collect())
        .collect();
    assert_eq!(shapes, layouts);
}

/// The fewest repeat meetings of any seating, by trying every order of the entrants.
pub fn brute_force_min(e: &[String], layouts: &[Layout], byes: usize, h: &History) -> u32 {
    fn go(
        rest: &mut Vec<String>,
        placed: &mut Vec<String>,
        layouts: &[Layout],
        h: &History,
        best: &mut u32,
    ) {
        if rest.is_empty() {
            let mut it = placed.iter().cloned();
            let tables = layouts
                .iter()
                .map(|l| l.iter().map(|&s| it.by_ref().take(s).collect()).collect())
                .collect();
            let d = Draw {
                tables,
                byes: it.collect(),
            };
            *best = (*best).min(h.repeats(&d).0);
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            placed.push(x.clone());
            go(rest, placed, layouts, h, best);
            placed.pop();
            rest.insert(i, x);
        }
    }
    let _ = byes;
    let mut best = u32::MAX;
    go(&mut e.to_vec(), &mut Vec::new(), layouts, h, &mut best);
    best
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 128, ..ProptestConfig::default() }))]

    #[test]
    fn draws_seat_everyone_once_and_repeat_for_the_same_seed(
        n in 2usize..40, threes in any::<bool>(), rounds in 0u64..4, seed in any::<u64>()
    ) {
        prop_assume!(!threes || n >= 3);
        let e = ids(n);
        let (layouts, byes) = shape(n, threes);
        let h = history(&e, &layouts, byes, rounds, seed);
        let first = draw::random(&e, &layouts, byes, seed).unwrap();
        each_once(&first, &e, &layouts, byes);
        prop_assert_eq!(&first, &draw::random(&e, &layouts, byes, seed).unwrap());
        let later = draw::avoiding_repeats(&e, &layouts, byes, &h, seed).unwrap();
        each_once(&later, &e, &layouts, byes);
        prop_assert_eq!(&later, &draw::avoiding_repeats(&e, &layouts, byes, &h, seed).unwrap());
        let ranked: Vec<(String, u32)> = e.iter().cloned().zip((1..).map(|r: u32| r / 2 + 1)).collect();
        let swiss = draw::swiss(&ranked, &layouts, byes, &h, seed).unwrap();
        each_once(&swiss, &e, &layouts, byes);
    }

    #[test]
    fn no_repeat_opponent_while_one_can_be_avoided(
        n in 2usize..9, threes in any::<bool>(), rounds in 1u64..4, seed in any::<u64>()
    ) {
        prop_assume!(!threes || n >= 3);
        let e = ids(n);
        let (layouts, byes) = shape(n, threes);
        let h = history(&e, &layouts, byes, rounds, seed);
        let min = brute_force_min(&e, &layouts, byes, &h);
        let d = draw::avoiding_repeats(&e, &layouts, byes, &h, seed).unwrap();
        prop_assert_eq!(h.repeats(&d).0, min);
        let ranked: Vec<(String, u32)> = e.iter().cloned().zip(1..).collect();
        let s = draw::swiss(&ranked, &layouts, byes, &h, seed).unwrap();
        prop_assert_eq!(h.repeats(&s).0, min);
    }

    #[test]
    fn the_session_plan_seats_every_player(n in 3usize..80, deals in 1u32..20, four in any::<bool>()) {
        let fill = if four { Fill::FourTables } else { Fill::Byes };
        if let Ok(p) = session_plan(n, deals, fill) {
            let seats: usize = p.tables.iter().map(|t| t.seats).sum();
            prop_assert_eq!(seats + p.byes, n);
            prop_assert!(p.byes <= 2);
        } else {
            prop_assert!(four && deals % 3 != 0);
        }
    }
}

/// Ranks are consistent: sorted, rank = 1 + the number of rows strictly better, and equal
/// rank exactly when every key is equal.
fn consistent(rows: &[Row]) {
    let key = |r: &Row| -> Vec<i64> {
        std::iter::once(-r.points)
            .chain(
                r.tiebreaks
                    .iter()
                    .map(|(c, v)| if c.higher_is_better() { -v } else { *v }),
            )
            .collect()
    };
    for w in rows.windows(2) {
        assert!(key(&w[0]) <= key(&w[1]), "not sorted: {rows:?}");
        assert_eq!(w[0].rank == w[1].rank, key(&w[0]) == key(&w[1]), "{rows:?}");
    }
    for r in rows {
        let better = rows.iter().filter(|o| key(o) < key(r)).count() as u32;
        assert_eq!(r.rank, better + 1);
    }
}

fn session_input() -> impl Strategy<Value = Vec<Vec<(usize, u32, u32, u32)>>> {
    prop::collection::vec(
        prop::collection::vec((0usize..7, 0u32..12, 0u32..3, 0u32..4), 0..8),
        0..4,
    )
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 64, ..ProptestConfig::default() }))]

    #[test]
    fn session_standings_are_consistent_and_independent_of_input_order(
        rounds in session_input(), shuffle in any::<u64>()
    ) {
        let e = ids(7);
        let names: Vec<(String, String)> = e.iter().map(|i| (i.clone(), i.to_uppercase())).collect();
        let results: Vec<SessionResults> = rounds
            .iter()
            .map(|r| SessionResults {
                seats: r
                    .iter()
                    .map(|&(p, gp, w, c)| SeatResult { id: e[p].clone(), game_points: gp, deals_won: w, counts: c * 50 })
                    .collect(),
                byes: vec![],
                bye_points: 0,
            })
            .collect();
        let s = standings::sessions(&names, &results);
        consistent(&s.standings);
        s.rounds.iter().for_each(|r| consistent(r));
        let mut rng = kartl::tournament::rng::SplitMix64::new(shuffle);
        let mut names2 = names.clone();
        rng.shuffle(&mut names2);
        let mut results2 = results.clone();
        for r in &mut results2 {
            rng.shuffle(&mut r.seats);
        }
        prop_assert_eq!(&s.standings, &standings::sessions(&names2, &results2).standings);
        // Overall equals the standings of one round holding everything.
        let one = SessionResults { seats: results.iter().flat_map(|r| r.seats.clone()).collect(), byes: vec![], bye_points: 0 };
        prop_assert_eq!(&s.standings, &standings::sessions(&names, &[one]).standings);
    }

    #[test]
    fn round_standings_are_consistent_and_independent_of_input_order(
        tables in prop::collection::vec((0usize..6, 0usize..6, 0u32..3, 0u32..16, 0u32..16), 0..10),
        wattkoenig in any::<bool>(), game in 0usize..3, shuffle in any::<u64>()
    ) {
        let e = ids(6);
        let names: Vec<(String, String)> = e.iter().map(|i| (i.clone(), i.clone())).collect();
        let game = [Game::Watten, Game::Giltspiel, Game::Gaigel][game];
        let scheme = if wattkoenig { Scheme::Wattkoenig { bonus: 10 } } else { Scheme::Games };
        let meetings: Vec<Meeting> = tables
            .iter()
            .filter(|t| t.0 != t.1)
            .map(|&(a, b, w, x, y)| Meeting {
                entrants: Pair::new(e[a].clone(), e[b].clone()),
                games: (0..w).map(|g| GameResult { winner: if (g + x) % 2 == 0 { Side::A } else { Side::B }, score: Pair::new(x, y), marks: 1 + y % 2 }).collect(),
                open: Pair::new(y % 5, x % 5),
                bummerl: Pair::new(x % 3, y % 3),
                strokes_cleared: Pair::new(x % 10, y % 10),
                deals_won: Pair::new(x % 4, y % 4),
            })
            .collect();
        let r = RoundResults { meetings: meetings.clone(), byes: vec![] };
        let s = standings::rounds(&names, &[r], game, scheme, 15);
        consistent(&s.standings);
        let mut rng = kartl::tournament::rng::SplitMix64::new(shuffle);
        let mut m2 = meetings;
        rng.shuffle(&mut m2);
        let mut names2 = names.clone();
        rng.shuffle(&mut names2);
        let s2 = standings::rounds(&names2, &[RoundResults { meetings: m2, byes: vec![] }], game, scheme, 15);
        prop_assert_eq!(s.standings, s2.standings);
    }
}

fn file(
    n: usize,
    sessions: bool,
    method: &str,
    fill: &str,
) -> kartl::tournament::file::TournamentFile {
    let players: Vec<serde_json::Value> = (1..=2 * n)
        .map(|i| serde_json::json!({"id": format!("p{i}"), "name": format!("P {i}")}))
        .collect();
    let v = if sessions {
        serde_json::json!({"name": "t", "game": "gaigel", "variant": "three", "format": "sessions",
            "options": {"scoring": "rutesheim"}, "players": players[..n],
            "settings": {"sessions": 6, "deals": 9, "fill": fill, "draw": method}})
    } else {
        let teams: Vec<serde_json::Value> = (1..=n)
            .map(|i| {
                serde_json::json!({"id": format!("t{i}"), "name": format!("T {i}"),
                "players": [format!("p{}", 2 * i - 1), format!("p{}", 2 * i)]})
            })
            .collect();
        serde_json::json!({"name": "t", "game": "watten", "format": "rounds",
            "players": players, "teams": teams, "settings": {"draw": method}})
    };
    kartl::tournament::file::TournamentFile::parse(&v.to_string()).unwrap()
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 48, ..ProptestConfig::default() }))]

    #[test]
    fn rounds_drawn_from_a_file_keep_the_file_valid(
        n in 3usize..20, sessions in any::<bool>(), method in 0usize..3, four in any::<bool>(), seed in any::<u64>()
    ) {
        prop_assume!(!(sessions && method == 2));
        let method = ["random", "swiss", "wattkoenig"][method];
        let fill = if four { "four_tables" } else { "byes" };
        let mut f = file(n, sessions, method, fill);
        let present: Vec<String> = f.entrants().into_iter().map(|e| e.0).collect();
        for r in 0..4u64 {
            let st = kartl::tournament::results::compute(&f, &[]);
            let d = kartl::tournament::next::next_round(&f, &present, &st.standings, seed ^ r);
            let Ok(d) = d else {
                // Only a session plan refuses a field (four-player tables need enough players).
                prop_assert!(sessions);
                break;
            };
            let named: Vec<&String> = d.entrants().collect();
            prop_assert_eq!(named.len(), present.len());
            f.rounds.push(kartl::tournament::next::round_of(&d, seed ^ r));
            prop_assert!(f.problems().is_empty(), "{:?}", f.problems());
        }
    }
}
