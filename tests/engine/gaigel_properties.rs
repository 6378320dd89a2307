//! Gaigel properties (contract 7): deals generated from real card distributions (a shuffled
//! 48-card pack cut into tricks that sides take) always validate; under SKV Rutesheim a deal's
//! game points always sum to 9; on the stroke tally the strokes on all lines never exceed the
//! pool, no line goes below 0, and the match ends exactly when a line is cleared; a deal reads
//! `double` in the marking phase exactly when a line takes 2 strokes (002: with 9 marked "the
//! next deal cannot be a double game"); a side with no trick wins only when every side but
//! the offender took none (003: "A player who has not taken any tricks ... also gets
//! Gigackel"); and a side on Sevens never loses double for want of a trick (003: "and has not
//! played auf Dissle").

use kartl::rules::Lang;
use kartl::rules::gaigel::outcome::{self, Deal71, End};
use kartl::rules::gaigel::strokes::{self, StrokeResult};
use kartl::rules::gaigel::tally::{Phase, Tally};
use kartl::rules::gaigel::validate::validate;
use kartl::rules::gaigel::{
    Deal, Rules, Scoring, Sevens, TallyReport, ThreeStrokes, Variant, run, rutesheim_deal,
};
use proptest::prelude::*;

/// The pack's card values: A 11, 10 10, K 4, O 3, U 2, 7 0, eight of each.
fn pack() -> Vec<u32> {
    [0, 2, 3, 4, 10, 11]
        .iter()
        .flat_map(|&v| std::iter::repeat_n(v, 8))
        .collect()
}

/// A deal as it could happen: the shuffled pack played trick by trick, each trick taken by a
/// side, stopped after `played` tricks; melds only for sides with a trick, from the two trump
/// and six plain pairs; "Aus" called by some side when the deal stopped early.
fn deal_from(
    variant: Variant,
    cards: &[u32],
    takers: &[usize],
    played: usize,
    melds: &[(usize, u32)],
    out: usize,
    cut: [usize; 3],
) -> Deal {
    let n = variant.sides();
    let per = variant.players() as usize;
    let mut deal = Deal::default();
    for (t, trick) in cards.chunks(per).take(played).enumerate() {
        let s = takers[t] % n;
        deal.tricks[s] += 1;
        deal.points[s] += trick.iter().sum::<u32>();
    }
    let (mut forties, mut twenties) = (0, 0);
    for &(s, m) in melds {
        let s = s % n;
        let fits = if m == 40 { forties < 2 } else { twenties < 6 };
        if deal.tricks[s] > 0 && fits {
            deal.melds[s].push(m);
            if m == 40 {
                forties += 1;
            } else {
                twenties += 1;
            }
        }
    }
    if played < variant.tricks() as usize {
        deal.out = Some(out % n);
    }
    if n == 3 {
        for (place, &s) in cut.iter().enumerate() {
            deal.cut[s] = Some(place);
        }
    }
    deal
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Four),
        Just(Variant::Six),
        Just(Variant::Two),
        Just(Variant::Three)
    ]
}

fn melds() -> impl Strategy<Value = Vec<(usize, u32)>> {
    prop::collection::vec((0usize..3, prop_oneof![Just(20u32), Just(40u32)]), 0..6)
}

fn cut() -> impl Strategy<Value = [usize; 3]> {
    Just(vec![0usize, 1, 2])
        .prop_shuffle()
        .prop_map(|v| [v[0], v[1], v[2]])
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::default()))]

    #[test]
    fn generated_legal_deals_always_validate(
        variant in variant(),
        cards in Just(pack()).prop_shuffle(),
        takers in prop::collection::vec(0usize..3, 24),
        played in 0usize..=24,
        melds in melds(),
        out in 0usize..3,
    ) {
        let played = played.min(variant.tricks() as usize);
        let deal = deal_from(variant, &cards, &takers, played, &melds, out, [0, 1, 2]);
        let rules = Rules { variant, ..Rules::default() };
        prop_assert_eq!(validate(&rules, &deal), Ok(()), "{:?}", deal);
    }

    #[test]
    fn rutesheim_game_points_always_sum_to_nine(
        cards in Just(pack()).prop_shuffle(),
        takers in prop::collection::vec(0usize..3, 16),
        played in 0usize..=16,
        melds in melds(),
        out in 0usize..3,
        cut in cut(),
        over in any::<bool>(),
    ) {
        let variant = Variant::Three;
        let mut deal = deal_from(variant, &cards, &takers, played, &melds, out, cut);
        let rules = Rules { variant, scoring: Scoring::Rutesheim, ..Rules::default() };
        // Sometimes the side that went out had played on past 101 and was caught instead.
        if over
            && let Some(s) = deal.out
            && deal.points[s] + deal.melds[s].iter().sum::<u32>() >= 101
        {
            deal.out = None;
            deal.overgaigel = Some(s);
        }
        let r = rutesheim_deal(&rules, &deal);
        prop_assert!(r.is_ok(), "{:?}: {:?}", deal, r);
        if let Ok(r) = r {
            prop_assert_eq!(r.game_points.iter().sum::<u32>(), 9);
            prop_assert!(r.game_points.contains(&r.game_points[r.winner]));
        }
    }

    #[test]
    fn strokes_stay_within_the_pool_and_the_match_ends_when_a_line_clears(
        three in any::<bool>(),
        both in any::<bool>(),
        pool in 1u32..16,
        games in prop::collection::vec((0usize..3, any::<bool>(), any::<bool>()), 1..80),
    ) {
        let sides = if three { 3 } else { 2 };
        let mut tally = Tally::new(sides, pool);
        for (w, double, loser_double) in games {
            let w = w % sides;
            let order = if sides == 3 { [w, (w + 1) % 3, (w + 2) % 3] } else { [w, 1 - w, 2] };
            // Distinct counts in finishing order, so no cut is ever needed here.
            let mut counts = [0; 3];
            for (k, &s) in order.iter().enumerate() {
                counts[s] = 100 - 10 * k as u32;
            }
            let d = Deal71 {
                sides,
                counts,
                end: End::PlayedOut,
                order,
                tied: [false; 2],
                groups: [1; 3],
                cut: [None; 3],
                bare: [false; 3],
            };
            let mut losers = vec![(order[sides - 1], if double { 2 } else { 1 })];
            if sides == 3 && both {
                losers.push((order[1], if loser_double { 2 } else { 1 }));
            }
            let r = StrokeResult { winner: Some(w), winners: vec![w], double, losers, losers_tied: false };
            let before = tally;
            match tally.apply(&d, &r) {
                Ok(next) => {
                    prop_assert!(before.winner.is_none());
                    let on_lines: u32 = next.lines.iter().sum();
                    prop_assert!(on_lines <= pool, "{:?}", next);
                    // Lines are u32: an erase below 0 would have panicked in a debug build.
                    for s in 0..sides {
                        prop_assert!(next.lines[s] <= pool);
                    }
                    let cleared = next.phase == Phase::Erase
                        && (0..sides).any(|s| next.lines[s] == 0);
                    prop_assert_eq!(next.winner.is_some(), cleared, "{:?}", next);
                    if let Some(winner) = next.winner {
                        prop_assert_eq!(next.lines[winner], 0);
                    }
                    if next.phase == Phase::Erase && before.phase == Phase::Mark {
                        prop_assert_eq!(on_lines, pool);
                    }
                    tally = next;
                }
                Err(e) => {
                    prop_assert!(before.winner.is_some(), "{:?}", e);
                    prop_assert_eq!(e.code.as_str(), "game_over");
                }
            }
        }
    }

    #[test]
    fn every_generated_deal_gets_a_stroke_result(
        variant in variant(),
        cards in Just(pack()).prop_shuffle(),
        takers in prop::collection::vec(0usize..3, 24),
        played in 0usize..=24,
        out in 0usize..3,
        cut in cut(),
        both in any::<bool>(),
    ) {
        let played = played.min(variant.tricks() as usize);
        let deal = deal_from(variant, &cards, &takers, played, &[], out, cut);
        let three_player_strokes = if both { ThreeStrokes::Both } else { ThreeStrokes::Loser };
        let rules = Rules { variant, three_player_strokes, ..Rules::default() };
        let d = outcome::read(&rules, &deal);
        let r = strokes::strokes(&rules, &d);
        prop_assert!(r.is_ok(), "{:?}: {:?}", deal, r);
        if let Ok(r) = r {
            for (s, n) in &r.losers {
                prop_assert!(!r.winners.contains(s));
                prop_assert!(*n == 1 || *n == 2);
            }
            // A bare side (no trick) wins only when every side but the offender is bare.
            if r.winners.iter().any(|&w| d.bare[w]) {
                let offender = d.end.offender();
                for s in (0..variant.sides()).filter(|&s| Some(s) != offender) {
                    prop_assert!(d.bare[s], "{:?}: {:?}", deal, r);
                }
            }
            // Every bare side that does not win marks 2.
            for (s, n) in &r.losers {
                if d.bare[*s] {
                    prop_assert_eq!(*n, 2, "{:?}: {:?}", deal, r);
                }
            }
        }
    }

    #[test]
    fn a_side_on_sevens_never_loses_double_for_want_of_a_trick(
        variant in variant(),
        cards in Just(pack()).prop_shuffle(),
        takers in prop::collection::vec(0usize..3, 24),
        played in 0usize..=24,
        out in 0usize..3,
        cut in cut(),
        both in any::<bool>(),
        siebener in any::<bool>(),
        on_sevens in 0usize..3,
    ) {
        let n = variant.sides();
        let on_sevens = on_sevens % n;
        // The side on Sevens takes no trick: its tricks go to the next side.
        let takers: Vec<usize> = takers
            .iter()
            .map(|&t| if t % n == on_sevens { (on_sevens + 1) % n } else { t % n })
            .collect();
        let played = played.min(variant.tricks() as usize);
        let mut deal = deal_from(variant, &cards, &takers, played, &[], out, cut);
        deal.dissle = Some(on_sevens);
        let sevens = if siebener { Sevens::AufSiebener } else { Sevens::AufDissle };
        let three_player_strokes = if both { ThreeStrokes::Both } else { ThreeStrokes::Loser };
        let rules = Rules { variant, sevens, three_player_strokes, ..Rules::default() };
        prop_assert_eq!(validate(&rules, &deal), Ok(()), "{:?}", deal);
        let d = outcome::read(&rules, &deal);
        prop_assert!(!d.bare[on_sevens]);
        if let Ok(r) = strokes::strokes(&rules, &d) {
            for &(s, n) in &r.losers {
                if s == on_sevens && d.end.offender() != Some(s) {
                    prop_assert_eq!(n, 1, "{:?}: {:?}", deal, r);
                }
            }
        }
        if variant == Variant::Three {
            let rules = Rules { scoring: Scoring::Rutesheim, three_player_strokes: ThreeStrokes::Loser, ..rules };
            if let Ok(r) = rutesheim_deal(&rules, &deal)
                && d.end.offender() != Some(on_sevens)
            {
                prop_assert!(r.game_points[on_sevens] > 0, "{:?}: {:?}", deal, r);
            }
        }
    }
}

/// A whole match of deals generated from shuffled packs.
fn matches() -> impl Strategy<Value = (Variant, u32, bool, Vec<Deal>)> {
    let one = (
        Just(pack()).prop_shuffle(),
        prop::collection::vec(0usize..3, 24),
        0usize..=24,
        0usize..3,
        cut(),
    );
    (
        variant(),
        1u32..12,
        any::<bool>(),
        prop::collection::vec(one, 1..30),
    )
        .prop_map(|(variant, pool, both, deals)| {
            let deals = deals
                .into_iter()
                .map(|(cards, takers, played, out, cut)| {
                    let played = played.min(variant.tricks() as usize);
                    deal_from(variant, &cards, &takers, played, &[], out, cut)
                })
                .collect();
            (variant, pool, both, deals)
        })
}

proptest! {
    #![proptest_config(crate::beside(ProptestConfig::with_cases(64)))]

    #[test]
    fn real_matches_keep_the_stroke_invariants((variant, pool, both, deals) in matches()) {
        let three_player_strokes = if both && variant == Variant::Three {
            ThreeStrokes::Both
        } else {
            ThreeStrokes::Loser
        };
        let rules = Rules { variant, strokes: pool, three_player_strokes, ..Rules::default() };
        let report = run(&rules, &deals, Lang::En);
        let sides = variant.sides();
        let mut over_at = None;
        let (mut before, mut erasing) = ([0u32; 3], false);
        for (i, deal) in report.deals.iter().enumerate() {
            let strokes = deal.strokes.as_ref().map(|s| s.values).unwrap_or_default();
            prop_assert!(strokes.iter().sum::<u32>() <= pool);
            if !erasing {
                // Marking: a double game marks 2 on a line, and a capped one is no double.
                let two = (0..sides).any(|s| strokes[s] == before[s] + 2);
                prop_assert_eq!(deal.double, two, "deal {}: {:?} -> {:?}", i, before, strokes);
            }
            erasing = erasing || strokes.iter().sum::<u32>() == pool;
            before = strokes;
            if deal.game_over.is_some() {
                prop_assert!(strokes[..sides].contains(&0));
                over_at = Some(i);
            }
        }
        match over_at {
            // The match ends on the deal that clears a line; the next deal is game_over.
            Some(i) => {
                prop_assert_eq!(i + 1, report.deals.len());
                if deals.len() > i + 1 {
                    prop_assert_eq!(report.errors[0].code.as_str(), "game_over");
                }
            }
            None => prop_assert!(report.errors.is_empty(), "{:?}", report.errors),
        }
        if let TallyReport::Strokes(t) = &report.tally {
            prop_assert_eq!(t.winner.is_some(), over_at.is_some());
        }
    }
}
