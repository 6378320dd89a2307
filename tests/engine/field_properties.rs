//! Draws while the field changes (withdrawals, absences, late entries; `tournament::field`):
//! over random fields and marks, every round drawn through `next::next_round` from those
//! `Marks::present` names seats exactly them (never an absent, withdrawn or not yet entered
//! entrant, not even as a bye), and the random method still meets nobody twice whenever brute
//! force over every seating of those present shows it can be avoided.

use crate::tournament_properties::{brute_force_min, shape};
use kartl::tournament::draw::{Draw, History};
use kartl::tournament::field::{Mark, MarkKind, Marks};
use kartl::tournament::file::TournamentFile;
use kartl::tournament::next::{next_round, round_of};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A Watten file in rounds of `n` teams, or a Rutesheim file in sessions of `n` players.
fn file(n: usize, sessions: bool, method: &str) -> TournamentFile {
    let players: Vec<serde_json::Value> = (1..=2 * n)
        .map(|i| serde_json::json!({"id": format!("p{i}"), "name": format!("P {i}")}))
        .collect();
    let v = if sessions {
        serde_json::json!({"name": "t", "game": "gaigel", "variant": "three", "format": "sessions",
            "options": {"scoring": "rutesheim"}, "players": players[..n],
            "settings": {"sessions": 6, "deals": 9, "fill": "byes", "draw": method}})
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
    TournamentFile::parse(&v.to_string()).unwrap()
}

fn marks_of(all: &[String], raw: &[(usize, u8, u32)]) -> Marks {
    Marks(
        raw.iter()
            .map(|&(who, kind, round)| Mark {
                entrant: all[who % all.len()].clone(),
                kind: [MarkKind::Withdrawn, MarkKind::Absent, MarkKind::Late][kind as usize % 3],
                round,
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 40, ..ProptestConfig::default() }))]

    #[test]
    fn draws_seat_only_who_is_present_and_still_avoid_repeats(
        n in 4usize..10,
        sessions in any::<bool>(),
        method in 0usize..3,
        raw in proptest::collection::vec((0usize..10, 0u8..3, 1u32..5), 0..6),
        seed in any::<u64>(),
    ) {
        prop_assume!(!(sessions && method == 2));
        let method = ["random", "swiss", "wattkoenig"][method];
        let mut f = file(n, sessions, method);
        let all: Vec<String> = f.entrants().into_iter().map(|e| e.0).collect();
        let marks = marks_of(&all, &raw);
        for round in 1..=4u32 {
            let present = marks.present(&all, round);
            if present.len() < if sessions { 3 } else { 2 } {
                // Too few to draw: the round is skipped as the secretary would have to.
                continue;
            }
            let st = kartl::tournament::results::compute(&f, &[]);
            let d = next_round(&f, &present, &st.standings, seed ^ u64::from(round)).unwrap();
            let named: Vec<&String> = d.entrants().collect();
            let set: BTreeSet<&String> = named.iter().copied().collect();
            prop_assert_eq!(named.len(), set.len(), "someone twice: {:?}", d);
            prop_assert_eq!(&set, &present.iter().collect::<BTreeSet<_>>(), "round {}", round);
            for id in &all {
                if !marks.plays_in(id, round) {
                    prop_assert!(!set.contains(id), "{} seated in round {}", id, round);
                }
            }
            let previous: Vec<Draw> = (0..f.rounds.len()).filter_map(|r| f.draw(r)).collect();
            if method == "random" && !previous.is_empty() && present.len() <= 8 {
                let h = History::of(&previous);
                let (layouts, byes) = shape(present.len(), sessions);
                let min = brute_force_min(&present, &layouts, byes, &h);
                prop_assert_eq!(h.repeats(&d).0, min, "round {}: {:?}", round, d);
            }
            f.rounds.push(round_of(&d, seed));
            prop_assert!(f.problems().is_empty(), "{:?}", f.problems());
        }
    }
}
