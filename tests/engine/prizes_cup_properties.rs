//! Properties of prize lists and cup standings on random fields: a prize list pays out exactly
//! the pot less its rest, tied entrants' money differs by at most a cent, and nobody ranked
//! lower wins more money than a better place when the scheme pays less down the list; a cup
//! counts exactly the best N evenings, its points are the counted evenings' sum, ranks follow
//! the points, and the standings do not depend on the order the players appear in.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use kartl::tournament::cup::{
    CupRules, CupTiebreak, Evening, PlacePoints, cup_standings, place_points,
};
use kartl::tournament::prizes::{Amount, Placed, PrizeScheme, prize_list};
use proptest::prelude::*;

/// Ranks as standings give them: sorted, equal ranks tied, the next rank counting everyone
/// above (1, 1, 3).
fn ranks(ties: Vec<bool>) -> Vec<Placed> {
    let mut out: Vec<Placed> = Vec::new();
    for (i, tied) in ties.into_iter().enumerate() {
        let rank = match out.last() {
            Some(last) if tied => last.rank,
            _ => i as u32 + 1,
        };
        out.push(Placed {
            id: format!("e{i}"),
            rank,
        });
    }
    out
}

fn scheme() -> impl Strategy<Value = PrizeScheme> {
    (
        0u64..5_000,
        prop::option::of(0u32..3_000),
        prop::option::of(1u32..=100),
        // At most six shares of at most 16.66 %: never over the whole pot.
        prop::collection::vec(0u32..1_667, 0..6),
    )
        .prop_map(|(entry_fee, deduction, paid_percent, mut shares)| {
            // Shares down the list, as every real scheme pays them.
            shares.sort_unstable_by(|a, b| b.cmp(a));
            PrizeScheme {
                entry_fee,
                deduction: deduction.map(Amount::Share),
                paid_percent,
                money: shares.into_iter().map(Amount::Share).collect(),
                goods: Vec::new(),
            }
        })
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig { cases: 256, ..ProptestConfig::default() }))]

    #[test]
    fn a_prize_list_pays_the_pot_less_its_rest_and_ties_share_to_the_cent(
        scheme in scheme(),
        ties in prop::collection::vec(any::<bool>(), 0..40),
    ) {
        let placed = ranks(ties);
        let list = prize_list(&scheme, &placed).unwrap();
        let paid: u64 = list.prizes.iter().map(|p| p.cents).sum();
        prop_assert_eq!(paid + list.rest, list.pot);
        prop_assert_eq!(list.pot + list.deduction, list.fees);
        prop_assert!(list.paid_places <= placed.len());
        let money = |id: &str| list.prizes.iter().find(|p| p.id == id).map_or(0, |p| p.cents);
        for pair in placed.windows(2) {
            let (a, b) = (money(&pair[0].id), money(&pair[1].id));
            if pair[0].rank == pair[1].rank {
                prop_assert!(a.abs_diff(b) <= 1, "tied {:?}: {} and {}", pair, a, b);
            } else {
                prop_assert!(a >= b, "a better place wins less: {:?}: {} < {}", pair, a, b);
            }
        }
    }

    #[test]
    fn a_cup_counts_the_best_evenings_and_ranks_by_points(
        results in prop::collection::vec(prop::collection::vec(0usize..8, 1..8), 1..10),
        best_of in prop::option::of(1u32..5),
        min_evenings in 0u32..4,
    ) {
        let rules = CupRules {
            points: PlacePoints::Table(vec![25, 20, 16, 13, 11, 10, 9, 8]),
            best_of,
            min_evenings,
            tiebreaks: vec![CupTiebreak::BetterPlaces, CupTiebreak::MoreEvenings],
        };
        // Each evening: a random set of players in random order, ranked as they come.
        let evenings: Vec<Evening> = results
            .iter()
            .enumerate()
            .map(|(e, players)| {
                let mut seen = Vec::new();
                for p in players {
                    if !seen.contains(p) {
                        seen.push(*p);
                    }
                }
                Evening {
                    id: format!("abend{e}"),
                    field: seen.len() as u32,
                    places: seen
                        .iter()
                        .enumerate()
                        .map(|(i, p)| (format!("p{p}"), i as u32 + 1))
                        .collect(),
                }
            })
            .collect();
        let rows = cup_standings(&rules, &evenings);
        for row in &rows {
            let counted: Vec<_> = row.evenings.iter().filter(|e| e.counted).collect();
            let want = best_of.map_or(row.evenings.len(), |n| row.evenings.len().min(n as usize));
            prop_assert_eq!(counted.len(), want);
            prop_assert_eq!(row.points, counted.iter().map(|e| e.points).sum::<u32>());
            let least_counted = counted.iter().map(|e| e.points).min().unwrap_or(0);
            for struck in row.evenings.iter().filter(|e| !e.counted) {
                prop_assert!(struck.points <= least_counted);
            }
            for line in &row.evenings {
                // A table of points does not depend on the field's size.
                prop_assert_eq!(line.points, place_points(&rules.points, line.place, 0));
            }
            prop_assert_eq!(row.rank.is_some(), row.evenings.len() >= min_evenings as usize);
        }
        let ranked: Vec<_> = rows.iter().filter(|r| r.rank.is_some()).collect();
        prop_assert!(rows[..ranked.len()].iter().all(|r| r.rank.is_some()));
        for pair in ranked.windows(2) {
            prop_assert!(pair[0].points >= pair[1].points);
            prop_assert!(pair[0].rank <= pair[1].rank);
        }
        // The players' order within each evening's input does not matter beyond their places.
        let mut reversed = evenings.clone();
        for evening in &mut reversed {
            evening.places.reverse();
        }
        prop_assert_eq!(cup_standings(&rules, &reversed), rows);
    }
}
