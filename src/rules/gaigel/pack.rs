//! The Gaigel pack as card points (rules 002, "Players and Cards"; contract 1): A 11, 10 10,
//! K 4, O 3, U 2, 7 0, each card twice in four suits, so eight cards of each value, 48 cards
//! and 240 points. Which sums some number of cards can hold, and whether the sides' tricks and
//! the unplayed cards can split the pack between them at all (contract 7.2, the card-point
//! bounds, made exact).

use std::sync::OnceLock;

/// The card values, dearest first; eight cards hold each.
const VALUES: [u32; 6] = [11, 10, 4, 3, 2, 0];
const COPIES: u32 = 8;
/// Cards in the pack.
pub const PACK_CARDS: u32 = 48;
/// Card points in the pack.
pub const PACK_POINTS: u32 = 240;

/// One bit per point sum 0..=240.
type Row = [u64; 4];
type Rows = [[Row; 49]; 7];

/// `rows()[r][c]` has bit `p` set when some `c` cards of the values `VALUES[r..]` (eight of
/// each) hold exactly `p` points. `rows()[0]` is the whole pack. 11 KB, built once.
fn rows() -> &'static Rows {
    static ROWS: OnceLock<Box<Rows>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let mut t: Box<Rows> = Box::new([[[0; 4]; 49]; 7]);
        t[6][0][0] = 1;
        for r in (0..6).rev() {
            let v = VALUES[r] as usize;
            for c in 0..49 {
                let mut row: Row = [0; 4];
                for k in 0..=c.min(COPIES as usize) {
                    or_shifted(&mut row, &t[r + 1][c - k], k * v);
                }
                row[3] &= (1 << (PACK_POINTS as usize + 1 - 192)) - 1;
                t[r][c] = row;
            }
        }
        t
    })
}

/// `row |= from << by` over the four words (bits past 255 fall off).
fn or_shifted(row: &mut Row, from: &Row, by: usize) {
    let (words, bits) = (by / 64, by % 64);
    for i in (words..4).rev() {
        let mut w = from[i - words] << bits;
        if bits > 0 && i > words {
            w |= from[i - words - 1] >> (64 - bits);
        }
        row[i] |= w;
    }
}

#[inline]
fn bit(t: &Rows, r: usize, (cards, points): (u32, u32)) -> bool {
    cards <= PACK_CARDS
        && points <= PACK_POINTS
        && (t[r][cards as usize][(points / 64) as usize] >> (points % 64)) & 1 == 1
}

fn reach(r: usize, cards: u32, points: u32) -> bool {
    bit(rows(), r, (cards, points))
}

/// Whether some `cards` cards of the pack hold exactly `points`.
pub fn holdable(cards: u32, points: u32) -> bool {
    reach(0, cards, points)
}

/// The points of the `cards` cheapest cards of the pack.
pub fn cheapest(cards: u32) -> u32 {
    let mut left = cards.min(PACK_CARDS);
    let mut sum = 0;
    for v in VALUES.iter().rev() {
        let k = left.min(COPIES);
        sum += k * v;
        left -= k;
    }
    sum
}

/// The points of the `cards` dearest cards of the pack.
pub fn dearest(cards: u32) -> u32 {
    PACK_POINTS - cheapest(PACK_CARDS - cards.min(PACK_CARDS))
}

type Group = (u32, u32);

fn plus(a: Group, b: Group) -> Group {
    (a.0 + b.0, a.1 + b.1)
}

/// Whether the pack splits into groups of exactly these `(cards, points)`, one per side, with
/// the cards left over for the rest (the unplayed cards); at most three groups count.
///
/// Exact. An empty group takes nothing and drops out; when the groups take all 48 cards, the
/// last is exactly what the others leave and drops out too. One group left: whether its cards
/// exist. Two or three: a search over the values dearest first, giving each group some of the
/// eight cards of each value; a choice is kept only when every group and every union of groups
/// can still be made from the values after it (the rest then can too: each value still has
/// all eight cards, so the rest is the complement of the union). From the Unters on, that
/// condition is also enough: each group's Unters are its points / 2, the rest are Sevens.
pub fn splits(groups: &[(u32, u32)]) -> bool {
    let t = rows();
    let mut need = [(0u32, 0u32); 3];
    let mut m = 0;
    let (mut cards, mut points) = (0u32, 0u32);
    for &g in groups.iter().take(3) {
        cards = cards.saturating_add(g.0);
        points = points.saturating_add(g.1);
        if g != (0, 0) {
            need[m] = g;
            m += 1;
        }
    }
    if cards > PACK_CARDS || points > PACK_POINTS {
        return false;
    }
    if cards == PACK_CARDS {
        // No rest: the last group is the complement of the others.
        if points != PACK_POINTS {
            return false;
        }
        m -= 1;
    }
    let [a, b, c] = need;
    match m {
        0 => true,
        1 => bit(t, 0, a),
        2 => bit(t, 0, a) && bit(t, 0, b) && bit(t, 0, plus(a, b)) && search2(t, 0, a, b),
        _ => {
            let (ab, ac, bc) = (plus(a, b), plus(a, c), plus(b, c));
            [a, b, c, ab, ac, bc, plus(ab, c)]
                .into_iter()
                .all(|g| bit(t, 0, g))
                && search3(t, 0, a, b, c)
        }
    }
}

/// The most cards of value `v` a group can take: eight, its cards, its points.
fn most(v: u32, left: u32, g: Group) -> u32 {
    left.min(g.0).min(g.1.checked_div(v).unwrap_or(u32::MAX))
}

fn take(g: Group, k: u32, v: u32) -> Group {
    (g.0 - k, g.1 - k * v)
}

/// Two groups; `a`, `b` and `a + b` can be made from `VALUES[r..]`.
fn search2(t: &Rows, r: usize, a: Group, b: Group) -> bool {
    if r >= 4 {
        return true;
    }
    let v = VALUES[r];
    // Dearest first, each group takes as many as fit: legal deals are found on the first path.
    for ka in (0..=most(v, COPIES, a)).rev() {
        let a1 = take(a, ka, v);
        if !bit(t, r + 1, a1) {
            continue;
        }
        for kb in (0..=most(v, COPIES - ka, b)).rev() {
            let b1 = take(b, kb, v);
            if bit(t, r + 1, b1) && bit(t, r + 1, plus(a1, b1)) && search2(t, r + 1, a1, b1) {
                return true;
            }
        }
    }
    false
}

/// Three groups; each, each pair and all three can be made from `VALUES[r..]`.
fn search3(t: &Rows, r: usize, a: Group, b: Group, c: Group) -> bool {
    if r >= 4 {
        return true;
    }
    let v = VALUES[r];
    for ka in (0..=most(v, COPIES, a)).rev() {
        let a1 = take(a, ka, v);
        if !bit(t, r + 1, a1) {
            continue;
        }
        for kb in (0..=most(v, COPIES - ka, b)).rev() {
            let b1 = take(b, kb, v);
            let ab = plus(a1, b1);
            if !bit(t, r + 1, b1) || !bit(t, r + 1, ab) {
                continue;
            }
            for kc in (0..=most(v, COPIES - ka - kb, c)).rev() {
                let c1 = take(c, kc, v);
                if bit(t, r + 1, c1)
                    && bit(t, r + 1, plus(a1, c1))
                    && bit(t, r + 1, plus(b1, c1))
                    && bit(t, r + 1, plus(ab, c1))
                    && search3(t, r + 1, a1, b1, c1)
                {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The search as it was before the bit rows (kept as the oracle for `splits`).
    mod oracle {
        use super::super::{COPIES, PACK_CARDS, PACK_POINTS, VALUES};
        use std::sync::OnceLock;

        type Table = [[[bool; 241]; 49]; 7];

        /// `suffix()[r][c][p]`: some `c` cards of the values `VALUES[r..]` (eight of each) hold
        /// exactly `p` points. `suffix()[0]` is the whole pack.
        fn suffix() -> &'static Table {
            static TABLE: OnceLock<Box<Table>> = OnceLock::new();
            TABLE.get_or_init(|| {
                let mut t: Box<Table> = Box::new([[[false; 241]; 49]; 7]);
                t[6][0][0] = true;
                for r in (0..6).rev() {
                    let v = VALUES[r] as usize;
                    for c in 0..49 {
                        for p in 0..241 {
                            t[r][c][p] = (0..=COPIES as usize)
                                .take_while(|&k| k <= c && k * v <= p)
                                .any(|k| t[r + 1][c - k][p - k * v]);
                        }
                    }
                }
                t
            })
        }

        pub fn reach(r: usize, cards: u32, points: u32) -> bool {
            cards <= PACK_CARDS
                && points <= PACK_POINTS
                && suffix()[r][cards as usize][points as usize]
        }

        /// Whether the pack splits into groups of exactly these `(cards, points)`, one per side, with
        /// the cards left over for the rest (the unplayed cards). Searches the values dearest first,
        /// giving each group some of the eight cards of each value; a branch is cut as soon as a group,
        /// or several groups together, can no longer be made from the values still to come.
        pub fn splits(groups: &[(u32, u32)]) -> bool {
            let mut need = [(0u32, 0u32); 3];
            let m = groups.len().min(3);
            need[..m].copy_from_slice(&groups[..m]);
            let cards: u32 = need.iter().map(|g| g.0).sum();
            let points: u32 = need.iter().map(|g| g.1).sum();
            cards <= PACK_CARDS && points <= PACK_POINTS && search(0, &mut need, m)
        }

        /// Whether every group and every union of groups can still be made from `VALUES[r..]`.
        fn open(r: usize, need: &[(u32, u32); 3], m: usize) -> bool {
            for mask in 1u32..(1 << m) {
                let (mut c, mut p) = (0, 0);
                for (g, n) in need.iter().enumerate().take(m) {
                    if mask & (1 << g) != 0 {
                        c += n.0;
                        p += n.1;
                    }
                }
                if !reach(r, c, p) {
                    return false;
                }
            }
            true
        }

        fn search(r: usize, need: &mut [(u32, u32); 3], m: usize) -> bool {
            if !open(r, need, m) {
                return false;
            }
            if r == 6 {
                return true;
            }
            let v = VALUES[r];
            give(r, v, 0, COPIES, need, m)
        }

        /// Gives group `g` and the groups after it some of the `left` cards of value `v`, then goes
        /// on to the next value.
        fn give(
            r: usize,
            v: u32,
            g: usize,
            left: u32,
            need: &mut [(u32, u32); 3],
            m: usize,
        ) -> bool {
            if g == m {
                return search(r + 1, need, m);
            }
            let (c, p) = need[g];
            let most = left.min(c).min(p.checked_div(v).unwrap_or(u32::MAX));
            // Dearest-first groups take as many as fit first: legal deals are found on the first path.
            for k in (0..=most).rev() {
                // This group alone must still be makeable from the values after this one.
                if !reach(r + 1, c - k, p - k * v) {
                    continue;
                }
                need[g] = (c - k, p - k * v);
                if give(r, v, g + 1, left - k, need, m) {
                    need[g] = (c, p);
                    return true;
                }
            }
            need[g] = (c, p);
            false
        }
    }

    #[test]
    fn the_bit_rows_hold_what_the_old_table_held() {
        for r in 0..7 {
            for c in 0..=PACK_CARDS + 1 {
                for p in 0..=PACK_POINTS + 1 {
                    assert_eq!(reach(r, c, p), oracle::reach(r, c, p), "{r} {c} {p}");
                }
            }
        }
    }

    /// Groups from a real split: `shares[r][g]` of the eight cards of value `r` go to group
    /// `g` (the rest keeps what is left), then nudged by `(group, cards, points)` so that
    /// near misses (one card or a few points off) come up often.
    fn groups_from(shares: &[[u32; 3]; 6], m: usize, nudge: (usize, i32, i32)) -> Vec<Group> {
        let mut g = vec![(0u32, 0u32); m];
        for (r, share) in shares.iter().enumerate() {
            let mut left = COPIES;
            for (x, &k) in g.iter_mut().zip(share) {
                let k = k.min(left);
                left -= k;
                x.0 += k;
                x.1 += k * VALUES[r];
            }
        }
        let (x, dc, dp) = nudge;
        let x = &mut g[x % m];
        x.0 = x.0.saturating_add_signed(dc);
        x.1 = x.1.saturating_add_signed(dp);
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn splits_agrees_with_the_old_search_on_near_real_groups(
            shares in proptest::array::uniform6(proptest::array::uniform3(0u32..=8)),
            m in 1usize..=3,
            nudge in (0usize..3, -2i32..=2, -12i32..=12),
        ) {
            let g = groups_from(&shares, m, nudge);
            prop_assert_eq!(splits(&g), oracle::splits(&g), "{:?}", g);
        }

        #[test]
        fn splits_agrees_with_the_old_search_on_any_trick_counts(
            players in prop::sample::select(vec![2u32, 3, 4, 6]),
            m in 1usize..=3,
            tricks in proptest::array::uniform3(0u32..=24),
            points in proptest::array::uniform3(0u32..=240),
        ) {
            let g: Vec<Group> = (0..m)
                .map(|s| {
                    let cards = (tricks[s] * players).min(PACK_CARDS);
                    // Mostly inside the cheapest/dearest bounds, where the search has work.
                    let (lo, hi) = (cheapest(cards), dearest(cards));
                    (cards, lo + points[s] % (hi - lo + 1))
                })
                .collect();
            prop_assert_eq!(splits(&g), oracle::splits(&g), "{:?}", g);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20000))]

        /// Sums close to the cheapest or the dearest cards, where the sides fight over the
        /// same few Sevens and Unters or Aces and Tens: most cases that fit one by one and
        /// in every union yet do not split come from here.
        #[test]
        fn splits_agrees_with_the_old_search_near_the_bounds(
            m in 2usize..=3,
            cards in proptest::array::uniform3(0u32..=20),
            off in proptest::array::uniform3(0u32..=14),
            dear in proptest::array::uniform3(any::<bool>()),
        ) {
            let g: Vec<Group> = (0..m)
                .map(|s| {
                    let c = cards[s];
                    let p = if dear[s] {
                        dearest(c).saturating_sub(off[s])
                    } else {
                        (cheapest(c) + off[s]).min(dearest(c))
                    };
                    (c, p)
                })
                .collect();
            prop_assert_eq!(splits(&g), oracle::splits(&g), "{:?}", g);
        }
    }

    #[test]
    fn splits_agrees_with_the_old_search_on_every_small_six_player_pair() {
        // Six players, one or two tricks a side: every sum each side's cards can hold.
        for (ca, cb) in [(6, 6), (6, 12), (12, 6), (12, 12)] {
            for pa in 0..=dearest(ca) {
                for pb in 0..=dearest(cb) {
                    if holdable(ca, pa) && holdable(cb, pb) {
                        let g = [(ca, pa), (cb, pb)];
                        assert_eq!(splits(&g), oracle::splits(&g), "{g:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_tricky_cases_agree_with_the_old_search() {
        for g in [
            &[(6, 3), (6, 5)][..],
            &[(6, 3), (6, 4)],
            &[(6, 3), (6, 12)],
            &[(8, 88), (4, 44)],
            &[(24, 88), (16, 64)],
            &[(48, 240)],
            &[(0, 0), (0, 0), (0, 0)],
            &[(0, 5), (8, 20)],
            &[(24, 120), (24, 120)],
            &[(24, 120), (24, 119)],
            &[(16, 80), (16, 80), (16, 80)],
            &[(9, 0), (0, 0)],
            &[(8, 0), (1, 0)],
            &[(3, 9), (3, 9), (3, 9)],
            &[(3, 9), (3, 9), (3, 6)],
            // Found by the property tests against broken shortcuts (saved seeds too).
            &[(2, 3), (9, 3)],
            &[(5, 7), (1, 4), (8, 3)],
            &[(15, 148), (9, 5), (8, 14)],
        ] {
            assert_eq!(splits(g), oracle::splits(g), "{g:?}");
        }
    }

    #[test]
    fn the_bounds_come_from_the_pack() {
        assert_eq!((cheapest(4), dearest(4)), (0, 44));
        assert_eq!((cheapest(16), dearest(8)), (16, 88));
        assert_eq!((cheapest(48), dearest(48)), (240, 240));
    }

    #[test]
    fn some_sums_inside_the_bounds_no_cards_make() {
        assert!(!holdable(4, 1));
        assert!(!holdable(4, 39));
        assert!(holdable(4, 40));
        assert!(!holdable(2, 9));
        assert!(holdable(0, 0));
        assert!(!holdable(0, 2));
        assert!(holdable(8, 88));
    }

    #[test]
    fn the_sides_must_split_the_pack_between_them() {
        // Six players: 3 in six cards is an Ober and five Sevens, 5 an Unter, an Ober and
        // four Sevens: nine Sevens in all.
        assert!(holdable(6, 3) && holdable(6, 5));
        assert!(!splits(&[(6, 3), (6, 5)]));
        assert!(!splits(&[(6, 3), (6, 4)]));
        assert!(splits(&[(6, 3), (6, 12)]));
        // All eight Aces cannot lie in both sides' tricks.
        assert!(!splits(&[(8, 88), (4, 44)]));
        assert!(splits(&[(24, 88), (16, 64)]));
        assert!(splits(&[(48, 240)]));
        assert!(splits(&[(0, 0), (0, 0), (0, 0)]));
    }
}
