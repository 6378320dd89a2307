//! Unit tests of the draws, among them the brute-force proof that the repeat-avoiding search
//! finds a repeat-free seating whenever one exists for small fields.

use super::draw::*;

fn ids(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("p{i}")).collect()
}

fn threes(tables: usize) -> Vec<Layout> {
    vec![vec![1, 1, 1]; tables]
}

fn twos(tables: usize) -> Vec<Layout> {
    vec![vec![1, 1]; tables]
}

/// Every seating of `entrants` on `layouts` + `byes`, by brute force over all orders.
fn all_seatings(entrants: &[String], layouts: &[Layout], byes: usize) -> Vec<Draw> {
    fn permute(v: &mut Vec<String>, k: usize, out: &mut Vec<Vec<String>>) {
        if k == v.len() {
            out.push(v.clone());
            return;
        }
        for i in k..v.len() {
            v.swap(k, i);
            permute(v, k + 1, out);
            v.swap(k, i);
        }
    }
    let mut orders = Vec::new();
    permute(&mut entrants.to_vec(), 0, &mut orders);
    let seats: usize = layouts.iter().flatten().sum();
    assert_eq!(seats + byes, entrants.len());
    orders
        .into_iter()
        .map(|o| {
            let mut it = o.into_iter();
            let tables = layouts
                .iter()
                .map(|l| l.iter().map(|&s| it.by_ref().take(s).collect()).collect())
                .collect();
            Draw {
                tables,
                byes: it.collect(),
            }
        })
        .collect()
}

fn random_history(
    entrants: &[String],
    layouts: &[Layout],
    byes: usize,
    rounds: u64,
    seed: u64,
) -> History {
    let draws: Vec<Draw> = (0..rounds)
        .map(|r| random(entrants, layouts, byes, seed.wrapping_add(r)).unwrap())
        .collect();
    History::of(&draws)
}

#[test]
fn the_first_round_seats_everyone_once_and_is_reproducible() {
    let e = ids(10);
    let d = random(&e, &threes(3), 1, 42).unwrap();
    let mut seen: Vec<_> = d.entrants().cloned().collect();
    seen.sort();
    let mut want = e.clone();
    want.sort();
    assert_eq!(seen, want);
    assert_eq!(d.byes.len(), 1);
    assert_eq!(d, random(&e, &threes(3), 1, 42).unwrap());
    assert_ne!(d, random(&e, &threes(3), 1, 43).unwrap());
}

#[test]
fn the_input_order_of_entrants_does_not_change_the_draw() {
    let e = ids(9);
    let mut r = e.clone();
    r.reverse();
    assert_eq!(
        random(&e, &threes(3), 0, 5).unwrap(),
        random(&r, &threes(3), 0, 5).unwrap()
    );
}

#[test]
fn places_that_do_not_add_up_are_refused() {
    let err = random(&ids(8), &threes(3), 0, 1).unwrap_err();
    assert_eq!(
        err,
        DrawError::WrongSize {
            entrants: 8,
            places: 9
        }
    );
    let mut e = ids(2);
    e.push("p1".into());
    assert_eq!(
        random(&e, &threes(1), 0, 1).unwrap_err(),
        DrawError::Duplicate("p1".into())
    );
}

#[test]
fn nine_players_over_four_sessions_never_meet_twice() {
    // 9 players at 3 tables: an affine plane gives 4 rounds without repeats.
    let e = ids(9);
    let mut draws = vec![random(&e, &threes(3), 0, 1).unwrap()];
    for r in 1..4 {
        let h = History::of(&draws);
        let d = avoiding_repeats(&e, &threes(3), 0, &h, r).unwrap();
        assert_eq!(h.repeats(&d), (0, 0), "round {r}: {d:?}");
        draws.push(d);
    }
}

#[test]
fn the_search_finds_a_repeat_free_draw_exactly_when_brute_force_does() {
    let cases: Vec<(usize, Vec<Layout>, usize)> = vec![
        (6, threes(2), 0),
        (7, threes(2), 1),
        (6, twos(3), 0),
        (7, twos(3), 1),
        (8, vec![vec![2, 2], vec![2, 2]], 0),
        (7, vec![vec![1, 1, 1, 1], vec![1, 1, 1]], 0),
    ];
    for (n, layouts, byes) in cases {
        let e = ids(n);
        let all = all_seatings(&e, &layouts, byes);
        for seed in 0..12u64 {
            let h = random_history(&e, &layouts, byes, 1 + seed % 3, seed * 7919);
            let min = all.iter().map(|d| h.repeats(d)).min().unwrap();
            let d = avoiding_repeats(&e, &layouts, byes, &h, seed).unwrap();
            assert_eq!(h.repeats(&d), min, "n={n} seed={seed}");
        }
    }
}

#[test]
fn swiss_pairs_neighbours_in_the_standings() {
    let ranked: Vec<(String, u32)> = ids(6).into_iter().zip([1, 2, 3, 4, 5, 6]).collect();
    let d = swiss(&ranked, &twos(3), 0, &History::default(), 0).unwrap();
    assert_eq!(d.seats(0), ["p1", "p2"]);
    assert_eq!(d.seats(1), ["p3", "p4"]);
    assert_eq!(d.seats(2), ["p5", "p6"]);
}

#[test]
fn swiss_skips_an_opponent_already_met() {
    let ranked: Vec<(String, u32)> = ids(4).into_iter().zip([1, 2, 3, 4]).collect();
    let before = Draw {
        tables: vec![
            vec![vec!["p1".into()], vec!["p2".into()]],
            vec![vec!["p3".into()], vec!["p4".into()]],
        ],
        byes: vec![],
    };
    let d = swiss(&ranked, &twos(2), 0, &History::of(&[before]), 0).unwrap();
    assert_eq!(d.seats(0), ["p1", "p3"]);
    assert_eq!(d.seats(1), ["p2", "p4"]);
}

#[test]
fn swiss_gives_the_bye_to_the_last_who_has_not_had_one() {
    let ranked: Vec<(String, u32)> = ids(5).into_iter().zip([1, 2, 3, 4, 5]).collect();
    let d = swiss(&ranked, &twos(2), 1, &History::default(), 0).unwrap();
    assert_eq!(d.byes, ["p5"]);
    let h = History::of(&[Draw {
        tables: vec![],
        byes: vec!["p5".into()],
    }]);
    let d = swiss(&ranked, &twos(2), 1, &h, 0).unwrap();
    assert_eq!(d.byes, ["p4"]);
}

#[test]
fn wattkoenig_odd_numbers_stay_and_even_numbers_move_one_table() {
    let start = wattkoenig_start(&ids(8));
    assert_eq!(start.seats(0), ["p1", "p2"]);
    let next = wattkoenig_rotation(&start).unwrap();
    assert_eq!(next.seats(0), ["p1", "p8"]);
    assert_eq!(next.seats(1), ["p3", "p2"]);
    assert_eq!(next.seats(3), ["p7", "p6"]);
    // Four rounds with four tables: nobody meets twice.
    let mut draws = vec![start];
    for _ in 1..4 {
        let d = wattkoenig_rotation(draws.last().unwrap()).unwrap();
        assert_eq!(History::of(&draws).repeats(&d), (0, 0));
        draws.push(d);
    }
    let threes_draw = random(&ids(3), &threes(1), 0, 1).unwrap();
    assert_eq!(
        wattkoenig_rotation(&threes_draw).unwrap_err(),
        DrawError::NotTwoSided
    );
}

#[test]
fn a_swap_exchanges_two_places_including_a_bye() {
    let d = random(&ids(4), &threes(1), 1, 3).unwrap();
    let bye = d.byes[0].clone();
    let seated = d.seats(0)[1].clone();
    let s = swap(&d, &bye, &seated).unwrap();
    assert_eq!(s.byes.as_slice(), std::slice::from_ref(&seated));
    assert_eq!(s.seats(0)[1], bye);
    assert_eq!(
        swap(&d, "p1", "zz").unwrap_err(),
        DrawError::Unknown("zz".into())
    );
}

#[test]
fn partners_drawn_anew_avoid_repeat_partners() {
    let e = ids(8);
    let layouts = vec![vec![2, 2]; 2];
    let mut draws = vec![random(&e, &layouts, 0, 9).unwrap()];
    let h = History::of(&draws);
    let d = avoiding_repeats(&e, &layouts, 0, &h, 10).unwrap();
    assert_eq!(h.repeats(&d).0, 0);
    draws.push(d);
}

#[test]
fn a_large_field_is_drawn_quickly_without_repeats() {
    let e = ids(60);
    let mut draws = vec![random(&e, &threes(20), 0, 1).unwrap()];
    for r in 1..3 {
        let h = History::of(&draws);
        let d = avoiding_repeats(&e, &threes(20), 0, &h, r).unwrap();
        assert_eq!(h.repeats(&d), (0, 0));
        draws.push(d);
    }
}

#[test]
fn wattkoenig_from_start_numbers_matches_the_rotation_and_moves_the_bye_round_the_stayers() {
    let e = ids(8);
    let mut d = wattkoenig_start(&e);
    for r in 0..4 {
        assert_eq!(wattkoenig_round(&e, r), d);
        d = wattkoenig_rotation(&d).unwrap();
    }
    let five = ids(5);
    let rounds: Vec<Draw> = (0..3).map(|r| wattkoenig_round(&five, r)).collect();
    assert_eq!(rounds[0].byes, ["p5"]);
    assert_eq!(rounds[1].byes, ["p1"]);
    assert_eq!(rounds[2].byes, ["p3"]);
    assert_eq!(rounds[1].seats(0), ["p3", "p2"]);
    for r in 1..3 {
        assert_eq!(History::of(&rounds[..r]).repeats(&rounds[r]), (0, 0));
    }
}
