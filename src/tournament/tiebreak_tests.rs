//! Tie-breaks as settings: for each tie-break a worked example whose order changes with the
//! setting (docs/reference/tournaments.md, "Tie-breaks"), the offered lists, and the checks
//! of `settings.tiebreaks` in a tournament file.

use super::format::{Format, Scheme};
use super::standings::*;
use super::tiebreak::{Kind, Order, check, default_order, lots, offered};
use crate::rules::{Game, Pair, Side};

fn names(ids: &[&str]) -> Vec<(String, String)> {
    ids.iter().map(|i| (i.to_string(), i.to_string())).collect()
}

/// A meeting of `a` (side A) and `b` in which `winner` won one game; `received` are the
/// Bummerl each side received, `deals` the deals each side won.
fn won(a: &str, b: &str, winner: Side, received: (u32, u32), deals: (u32, u32)) -> Meeting {
    Meeting {
        entrants: Pair::new(a.into(), b.into()),
        games: vec![GameResult {
            winner,
            score: Pair::new(0, 0),
            marks: 1,
        }],
        bummerl: Pair::new(received.0, received.1),
        deals_won: Pair::new(deals.0, deals.1),
        ..Meeting::default()
    }
}

fn round(meetings: Vec<Meeting>) -> RoundResults {
    RoundResults {
        meetings,
        byes: vec![],
    }
}

/// Ids in standings order with their ranks.
fn order_of(s: &Standings) -> Vec<(u32, String)> {
    s.standings.iter().map(|r| (r.rank, r.id.clone())).collect()
}

fn ranked(s: &Standings) -> Vec<String> {
    s.standings.iter().map(|r| r.id.clone()).collect()
}

/// Watten, four teams, two rounds. t3 wins both; t1 and t2 win one each. t2 beat t1 in
/// round 1, but t1's win dealt 3 Bummerl, so t1 has the better Bummerl difference (+2 to 0).
fn watten_evening() -> Vec<RoundResults> {
    vec![
        round(vec![
            won("t1", "t2", Side::B, (1, 0), (2, 3)),
            won("t3", "t4", Side::A, (0, 1), (3, 1)),
        ]),
        round(vec![
            won("t1", "t4", Side::A, (0, 3), (3, 0)),
            won("t2", "t3", Side::B, (1, 0), (1, 3)),
        ]),
    ]
}

fn watten(columns: Vec<Column>) -> Standings {
    let e = names(&["t1", "t2", "t3", "t4"]);
    let order = Order::new(columns);
    rounds_by(
        &e,
        &watten_evening(),
        Game::Watten,
        (Scheme::Games, 15),
        &order,
    )
}

#[test]
fn the_default_order_is_the_formats_old_order() {
    let e = names(&["t1", "t2", "t3", "t4"]);
    let old = rounds(&e, &watten_evening(), Game::Watten, Scheme::Games, 15);
    assert_eq!(watten(vec![Column::BummerlDifference]), old);
    assert_eq!(ranked(&old), ["t3", "t1", "t2", "t4"]);
}

#[test]
fn head_to_head_puts_the_winner_of_the_direct_meeting_first() {
    // t1 and t2 are tied on games won; t2 won their meeting in round 1.
    let s = watten(vec![Column::HeadToHead, Column::BummerlDifference]);
    assert_eq!(ranked(&s), ["t3", "t2", "t1", "t4"]);
    let t2 = &s.standings[1];
    assert_eq!(t2.tiebreaks[0], (Column::HeadToHead, 1));
    assert_eq!(s.standings[2].tiebreaks[0], (Column::HeadToHead, 0));
}

#[test]
fn head_to_head_decides_nothing_when_not_every_two_of_the_tied_met() {
    // All four tied on points in round 1 alone: t1 met only t2, so head-to-head is 0 for
    // all and the Bummerl difference decides (round 1: t3 +1, t2 +1, t1 -1, t4 -1).
    let s = watten(vec![Column::HeadToHead, Column::BummerlDifference]);
    let r1: Vec<(u32, &str)> = s.rounds[0]
        .iter()
        .map(|r| (r.rank, r.id.as_str()))
        .collect();
    assert_eq!(r1, [(1, "t2"), (1, "t3"), (3, "t1"), (3, "t4")]);
    assert!(s.rounds[0].iter().all(|r| r.tiebreaks[0].1 == 0));
}

#[test]
fn buchholz_counts_the_opponents_points() {
    // t1 met t2 (1 point) and t4 (0): Buchholz 1; t2 met t1 (1) and t3 (2): Buchholz 3.
    let s = watten(vec![Column::Buchholz]);
    assert_eq!(ranked(&s), ["t3", "t2", "t1", "t4"]);
    let bh: Vec<i64> = s.standings.iter().map(|r| r.tiebreaks[0].1).collect();
    assert_eq!(bh, [1, 3, 1, 3]);
}

#[test]
fn most_deals_won_can_come_before_the_bummerl_difference() {
    // Deals won: t1 2 + 3 = 5, t2 3 + 1 = 4.
    let s = watten(vec![Column::DealsWon, Column::BummerlDifference]);
    assert_eq!(ranked(&s), ["t3", "t1", "t2", "t4"]);
    let s = watten(vec![Column::BummerlDifference]);
    assert_eq!(ranked(&s), ["t3", "t1", "t2", "t4"]);
    // Make t2's deals decide: t2 won 5 deals in round 2.
    let mut evening = watten_evening();
    evening[1].meetings[1].deals_won = Pair::new(5, 3);
    let e = names(&["t1", "t2", "t3", "t4"]);
    let order = Order::new(vec![Column::DealsWon, Column::BummerlDifference]);
    let s = rounds_by(&e, &evening, Game::Watten, (Scheme::Games, 15), &order);
    assert_eq!(ranked(&s), ["t3", "t2", "t1", "t4"]);
    let default = Order::new(vec![Column::BummerlDifference]);
    let s = rounds_by(&e, &evening, Game::Watten, (Scheme::Games, 15), &default);
    assert_eq!(ranked(&s), ["t3", "t1", "t2", "t4"]);
}

/// Six teams, two rounds (winner named first): a–b a, c–d c, e–f e; c–a c, b–e b, f–d f.
/// Points: c 2; a, b, e, f 1; d 0. Buchholz: a 3, b 2, e 2, f 1. b and e are tied on
/// Buchholz 2; fine Buchholz: b = Buchholz of a (3) + of e (2) = 5, e = of f (1) + of b (2) = 3.
fn six_teams() -> Vec<RoundResults> {
    vec![
        round(vec![
            won("a", "b", Side::A, (0, 1), (0, 0)),
            won("c", "d", Side::A, (0, 1), (0, 0)),
            won("f", "e", Side::B, (1, 0), (0, 0)),
        ]),
        round(vec![
            won("a", "c", Side::B, (1, 0), (0, 0)),
            won("e", "b", Side::B, (1, 0), (0, 0)),
            won("f", "d", Side::A, (0, 1), (0, 0)),
        ]),
    ]
}

#[test]
fn fine_buchholz_separates_what_buchholz_leaves_tied() {
    let e = names(&["a", "b", "c", "d", "e", "f"]);
    let run = |columns| {
        let order = Order::new(columns);
        rounds_by(&e, &six_teams(), Game::Watten, (Scheme::Games, 15), &order)
    };
    let bh = run(vec![Column::Buchholz]);
    let ranks: Vec<(u32, String)> = order_of(&bh);
    assert_eq!(ranks[2..4], [(3, "b".into()), (3, "e".into())]);
    let fine = run(vec![Column::Buchholz, Column::FineBuchholz]);
    let e_row = fine.standings.iter().find(|r| r.id == "e").unwrap();
    let b_row = fine.standings.iter().find(|r| r.id == "b").unwrap();
    assert_eq!((b_row.rank, e_row.rank), (3, 4));
    assert_eq!(b_row.tiebreaks[1], (Column::FineBuchholz, 5));
    assert_eq!(e_row.tiebreaks[1], (Column::FineBuchholz, 3));
}

#[test]
fn games_won_can_break_a_wattkoenig_tie() {
    // Wattkönig to 15, bonus 10. p wins 15:14 (25) and loses 0:15 (0): 25 points, 14 + 25 =
    // 39 conceded, 1 game won. q loses 11:15 (11) and leaves a game open at 14:3 (14): 25
    // points, 25 + 3 = 28 conceded, no game won.
    let game = |winner, a: u32, b: u32| GameResult {
        winner,
        score: Pair::new(a, b),
        marks: 1,
    };
    let m1 = Meeting {
        entrants: Pair::new("p".into(), "r".into()),
        games: vec![game(Side::A, 15, 14), game(Side::B, 0, 15)],
        ..Meeting::default()
    };
    let m2 = Meeting {
        entrants: Pair::new("q".into(), "s".into()),
        games: vec![game(Side::B, 11, 15)],
        open: Pair::new(14, 3),
        ..Meeting::default()
    };
    let e = names(&["p", "q", "r", "s"]);
    let evening = [round(vec![m1, m2])];
    let run = |columns| {
        let order = Order::new(columns);
        let scoring = (Scheme::Wattkoenig { bonus: 10 }, 15);
        rounds_by(&e, &evening, Game::Watten, scoring, &order)
    };
    let default = run(vec![Column::PointsConceded]);
    assert_eq!(ranked(&default), ["r", "s", "q", "p"]);
    assert_eq!(default.standings[3].points, 25);
    let s = run(vec![Column::GamesWon, Column::PointsConceded]);
    assert_eq!(ranked(&s), ["r", "s", "p", "q"]);
}

#[test]
fn the_lot_orders_a_full_tie_by_the_stored_seed() {
    let e = names(&["a", "b", "c", "d"]);
    let nothing = vec![round(vec![])];
    let run = |seed| {
        let order = Order {
            columns: vec![Column::Lot],
            lot_seed: seed,
        };
        rounds_by(&e, &nothing, Game::Watten, (Scheme::Games, 15), &order)
    };
    // Without the lot all four share rank 1; with it every rank is its own.
    let tied = rounds_by(
        &e,
        &nothing,
        Game::Watten,
        (Scheme::Games, 15),
        &Order::new(vec![]),
    );
    assert!(tied.standings.iter().all(|r| r.rank == 1));
    let s = run(7);
    let ranks: Vec<u32> = s.standings.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4]);
    // The lot column is the rank itself, and the same seed always gives the same order.
    assert!(
        s.standings
            .iter()
            .all(|r| r.tiebreaks[0].1 == i64::from(r.rank))
    );
    assert_eq!(run(7), s);
    // Some other seed orders them differently.
    assert!((0..20).any(|seed| ranked(&run(seed)) != ranked(&s)));
}

#[test]
fn a_late_entrant_does_not_change_the_lot_order_of_the_others() {
    let before = lots(&["a", "b", "c"], 42);
    let after = lots(&["c", "late", "a", "b"], 42);
    let order = |m: &std::collections::BTreeMap<String, i64>| {
        let mut ids: Vec<(&i64, &String)> = m.iter().map(|(k, v)| (v, k)).collect();
        ids.sort();
        ids.into_iter()
            .map(|(_, k)| k.clone())
            .filter(|k| k != "late")
            .collect::<Vec<_>>()
    };
    assert_eq!(order(&before), order(&after));
}

#[test]
fn sessions_can_rank_counts_before_deals_won() {
    let seat = |id: &str, won, counts| SeatResult {
        id: id.into(),
        game_points: 30,
        deals_won: won,
        counts,
    };
    let r = SessionResults {
        seats: vec![seat("p1", 4, 300), seat("p2", 3, 400)],
        byes: vec![],
        bye_points: 30,
    };
    let e = names(&["p1", "p2"]);
    assert_eq!(
        ranked(&sessions(&e, std::slice::from_ref(&r))),
        ["p1", "p2"]
    );
    let order = Order::new(vec![Column::Counts, Column::DealsWon]);
    assert_eq!(ranked(&sessions_by(&e, &[r], &order)), ["p2", "p1"]);
}

fn kind(format: Format, game: Game, scheme: Scheme) -> Kind {
    Kind {
        format,
        game,
        scheme,
        three_player_watten: false,
    }
}

#[test]
fn each_format_offers_its_own_tie_breaks() {
    let rutesheim = kind(Format::Sessions, Game::Gaigel, Scheme::Games);
    assert_eq!(
        offered(rutesheim),
        [Column::DealsWon, Column::Counts, Column::Lot]
    );
    let watten = kind(Format::Rounds, Game::Watten, Scheme::Games);
    assert_eq!(default_order(watten), [Column::BummerlDifference]);
    assert!(offered(watten).contains(&Column::Buchholz));
    assert!(!offered(watten).contains(&Column::PointsConceded));
    let wk = kind(
        Format::Rounds,
        Game::Watten,
        Scheme::Wattkoenig { bonus: 10 },
    );
    assert_eq!(offered(wk)[..2], [Column::PointsConceded, Column::GamesWon]);
    assert_eq!(
        check(rutesheim, &[Column::Counts, Column::HeadToHead]),
        Err((
            1,
            "\"head_to_head\" is not offered for this game and format".into()
        ))
    );
    assert_eq!(
        check(watten, &[Column::Lot, Column::Lot]),
        Err((1, "\"lot\" is listed twice".into()))
    );
}

const FILE: &str = r#"{"name": "T", "game": "watten", "format": "rounds",
  "teams": [{"id": "t1", "name": "A", "players": ["p1", "p2"]},
            {"id": "t2", "name": "B", "players": ["p3", "p4"]}],
  "players": [{"id": "p1", "name": "1"}, {"id": "p2", "name": "2"},
              {"id": "p3", "name": "3"}, {"id": "p4", "name": "4"}],
  "settings": SETTINGS}"#;

#[test]
fn the_file_carries_the_order_and_refuses_what_the_format_does_not_offer() {
    use super::file::TournamentFile;
    let parse = |s: &str| TournamentFile::parse(&FILE.replace("SETTINGS", s));
    let f = parse(r#"{"tiebreaks": ["head_to_head", "lot"], "lot_seed": 9}"#).unwrap();
    assert_eq!(f.order().columns, [Column::HeadToHead, Column::Lot]);
    assert_eq!(f.order().lot_seed, 9);
    let back = TournamentFile::parse(&serde_json::to_string(&f).unwrap()).unwrap();
    assert_eq!(back.order(), f.order());
    assert_eq!(
        parse("{}").unwrap().order().columns,
        [Column::BummerlDifference]
    );
    let e = parse(r#"{"tiebreaks": ["counts"]}"#).unwrap_err();
    assert_eq!(e.path, "settings.tiebreaks[0]");
    // Without a stored seed the lot draws with seed 0: still the same order every time.
    let f = parse(r#"{"tiebreaks": ["lot"]}"#).unwrap();
    assert_eq!(f.order().lot_seed, 0);
    assert!(parse(r#"{"tiebreaks": ["coin"]}"#).is_err());
}

proptest::proptest! {
    #[test]
    fn ranking_is_independent_of_input_order_and_the_lot_is_stable(
        tables in proptest::collection::vec((0usize..6, 0usize..6, proptest::bool::ANY, 0u32..4), 0..12),
        seed in proptest::num::u64::ANY, shuffle in proptest::num::u64::ANY,
    ) {
        let ids = ["a", "b", "c", "d", "e", "f"];
        let e = names(&ids);
        let meetings: Vec<Meeting> = tables
            .iter()
            .filter(|t| t.0 != t.1)
            .map(|&(a, b, w, x)| {
                let side = if w { Side::A } else { Side::B };
                won(ids[a], ids[b], side, (x % 2, x / 2), (x, 3 - x))
            })
            .collect();
        let order = Order {
            columns: vec![Column::HeadToHead, Column::Buchholz, Column::FineBuchholz, Column::DealsWon, Column::Lot],
            lot_seed: seed,
        };
        let run = |e: &[(String, String)], m: Vec<Meeting>| {
            rounds_by(e, &[round(m)], Game::Watten, (Scheme::Games, 15), &order)
        };
        let s = run(&e, meetings.clone());
        // The lot leaves no two entrants on one rank.
        let ranks: Vec<u32> = s.standings.iter().map(|r| r.rank).collect();
        proptest::prop_assert_eq!(ranks, vec![1, 2, 3, 4, 5, 6]);
        let mut rng = super::rng::SplitMix64::new(shuffle);
        let (mut m2, mut e2) = (meetings, e.clone());
        rng.shuffle(&mut m2);
        rng.shuffle(&mut e2);
        proptest::prop_assert_eq!(&s, &run(&e2, m2.clone()));
        proptest::prop_assert_eq!(&s, &run(&e2, m2));
    }
}
