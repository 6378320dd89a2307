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

fn reach(r: usize, cards: u32, points: u32) -> bool {
    cards <= PACK_CARDS && points <= PACK_POINTS && suffix()[r][cards as usize][points as usize]
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
fn give(r: usize, v: u32, g: usize, left: u32, need: &mut [(u32, u32); 3], m: usize) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

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
